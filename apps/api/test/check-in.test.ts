import { PHONE_MESSAGES, publicTicket, QUEUE_MESSAGES, ticketReply } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, setCheckInLimit, uniquePhone, type TestShop } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// The number checked in below, in any spelling; a generic digit pattern would also match
// the random hex of the shop's username or the token.
const PHONE_DIGITS = /718\D{0,2}555\D?0142/;

describe('POST /api/check-in/', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await makeShop(t.app, t.db);
  });

  it('queues a ticket and answers its token, place and a wait range, without a phone number', async () => {
    const res = await checkIn(t.app, shop.username, { name: 'Maria  de la Cruz', phone_number: '+1 (718) 555-0142' });
    expect(res.statusCode).toBe(200);
    const body = ticketReply.parse(res.json());
    expect(Object.keys(body.response).sort()).toEqual(Object.keys(publicTicket.shape).sort());
    expect(body.response).toMatchObject({
      shop_username: shop.username,
      status: 'waiting',
      party_name: 'Maria C.',
      preferred_barber: null,
      barber: null,
      services: [],
    });
    expect(body.response.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(body.response.place).toBeGreaterThanOrEqual(1);
    expect(body.response.ahead).toBe((body.response.place ?? 0) - 1);
    expect(body.response.eta_range).not.toBeNull();
    expect(res.body).not.toMatch(PHONE_DIGITS);
    expect(res.body).not.toContain('0142');
  });

  it('refuses a phone number already in line, however it is written, telling nothing of that ticket', async () => {
    const first = await checkIn(t.app, shop.username, { name: 'Sam Patel', phone_number: '+1 718 555 0177' });
    const mine = first.json().response;
    const again = await checkIn(t.app, shop.username, { name: 'Sam P', phone_number: '+1-718-555-0177' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 0, response: PHONE_MESSAGES.alreadyInLine });
    expect(again.body).not.toContain(mine.token);
    expect(again.body).not.toContain('Sam');
    const count = await one<{ n: number }>(t.db, `SELECT count(*)::int AS n FROM walkin_tickets WHERE phone = '+17185550177'`);
    expect(count?.n).toBe(1);
  });

  it('lets the same phone number in again once its ticket is over', async () => {
    const phone = uniquePhone();
    const first = await checkIn(t.app, shop.username, { phone_number: phone });
    await t.app.inject({ method: 'POST', url: `/api/check-in/${first.json().response.token}/cancel/` });
    const again = await checkIn(t.app, shop.username, { phone_number: phone });
    expect(again.statusCode).toBe(200);
    expect(again.json().response.status).toBe('waiting');
    expect(again.json().response.token).not.toBe(first.json().response.token);
  });

  it('links the ticket to the shop customer with that phone number (made on the first visit)', async () => {
    const phone = uniquePhone();
    const res = await checkIn(t.app, shop.username, { name: 'Chris Young', phone_number: phone });
    const row = await one<{ customer_id: number; name: string }>(
      t.db,
      'SELECT t.customer_id, c.name FROM walkin_tickets t JOIN customers c ON c.id = t.customer_id WHERE t.token = $1',
      [res.json().response.token],
    );
    expect(row?.name).toBe('Chris Young');
  });

  it('refuses bad input with a message for a person', async () => {
    const cases: [object, string][] = [
      [{ name: '' }, 'Please enter a name'],
      [{ phone_number: 'abc' }, 'Please enter a valid phone number.'],
      [{ barber_id: 'someone' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await checkIn(t.app, shop.username, body as never);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(0);
      if (message) expect(res.json().response).toBe(message);
    }
  });

  it('answers 404 with a message for an unknown shop', async () => {
    const res = await checkIn(t.app, 'no-such-shop-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.shopNotFound });
  });

  it("refuses another shop's barber and services, and a barber who is off", async () => {
    const other = await makeShop(t.app, t.db);
    const otherBarber = await other.addMember('employee');
    const otherService = await t.app.inject({
      method: 'POST',
      url: '/api/services/',
      headers: bearer(other.admin),
      payload: { name: 'Cut', estimated_minutes: 30, price: 20 },
    });
    let res = await checkIn(t.app, shop.username, { barber_id: otherBarber.barberId });
    expect(res.statusCode).toBe(400);
    expect(res.json().response).toBe(QUEUE_MESSAGES.barberNotInShop);
    res = await checkIn(t.app, shop.username, { service_ids: [otherService.json().response.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().response).toBe(QUEUE_MESSAGES.servicesNotInShop);

    const off = await shop.addMember('employee');
    await t.app.inject({ method: 'POST', url: `/api/barbers/${off.barberId}/status/`, headers: bearer(off), payload: { status: 'off' } });
    res = await checkIn(t.app, shop.username, { barber_id: off.barberId });
    expect(res.statusCode).toBe(409);
    expect(res.json().response).toBe(QUEUE_MESSAGES.barberNotTaking);
  });

  it('takes "any" and a chosen barber with services', async () => {
    const barber = await shop.addMember('employee', 'Jay Kim');
    const service = await t.app.inject({
      method: 'POST',
      url: '/api/services/',
      headers: bearer(shop.admin),
      payload: { name: 'Skin fade', estimated_minutes: 45, price: 40 },
    });
    const any = await checkIn(t.app, shop.username, { barber_id: 'any' });
    expect(any.json().response.preferred_barber).toBeNull();
    const chosen = await checkIn(t.app, shop.username, { barber_id: barber.barberId, service_ids: [service.json().response.id] });
    expect(chosen.json().response.preferred_barber).toEqual({ id: barber.barberId, name: 'Jay Kim' });
    expect(chosen.json().response.services).toEqual([{ id: service.json().response.id, name: 'Skin fade' }]);
  });
});

describe('the monthly check-ins of the plan', () => {
  it('refuses past the limit with a clear message, keeping every queued ticket', async () => {
    const shop = await makeShop(t.app, t.db);
    await setCheckInLimit(t.db, shop.shopId, 2);
    const a = await checkIn(t.app, shop.username);
    const b = await checkIn(t.app, shop.username);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const refused = await checkIn(t.app, shop.username);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.checkInLimitReached });
    for (const res of [a, b]) {
      const status = await t.app.inject({ method: 'GET', url: `/api/check-in/${res.json().response.token}/` });
      expect(status.json().response.status).toBe('waiting');
    }
    const shopRes = await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${shop.username}` });
    expect(shopRes.json().response.accepting_check_ins).toBe(false);
    // The desk is held to the same plan limit, and nothing was added by the refusals.
    const desk = await t.app.inject({ method: 'POST', url: '/api/walkins/', headers: bearer(shop.admin), payload: { name: 'Desk Guest' } });
    expect(desk.statusCode).toBe(409);
    const count = await one<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM walkin_tickets WHERE shop_id = $1', [shop.shopId]);
    expect(count?.n).toBe(2);
  });

  it('tells a customer already in line so when the limit is reached, not that the shop is full', async () => {
    const shop = await makeShop(t.app, t.db);
    await setCheckInLimit(t.db, shop.shopId, 1);
    const phone = uniquePhone();
    const first = await checkIn(t.app, shop.username, { phone_number: phone });
    const again = await checkIn(t.app, shop.username, { phone_number: phone });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 0, response: PHONE_MESSAGES.alreadyInLine });
    expect(again.body).not.toContain(first.json().response.token);
  });

  it('counts the month in the shop time zone and takes -1 as unlimited', async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'Pacific/Pago_Pago' });
    await setCheckInLimit(t.db, shop.shopId, 1);
    // One minute before the local month began: last month for the shop (though maybe this month in UTC).
    await t.db.query(
      `INSERT INTO walkin_tickets (shop_id, token, party_name, status, source, checked_in_at)
       SELECT id, 'old-' || id, 'Old Visit', 'done', 'online',
              (date_trunc('month', now() AT TIME ZONE timezone) AT TIME ZONE timezone) - interval '1 minute'
         FROM shops WHERE id = $1`,
      [shop.shopId],
    );
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(409);
    await setCheckInLimit(t.db, shop.shopId, -1);
    for (let i = 0; i < 3; i++) expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
  });
});

describe('GET /api/check-in/{token}/ and cancel', () => {
  it('shows the live place, then leaves the queue; a second cancel is a 409', async () => {
    const shop = await makeShop(t.app, t.db);
    const first = (await checkIn(t.app, shop.username)).json().response;
    const second = (await checkIn(t.app, shop.username)).json().response;
    expect(second.place).toBe(2);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/check-in/${first.token}/cancel/` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().response).toMatchObject({ status: 'cancelled', place: null, ahead: null, eta_range: null });
    const status = await t.app.inject({ method: 'GET', url: `/api/check-in/${second.token}/` });
    expect(ticketReply.parse(status.json()).response).toMatchObject({ place: 1, ahead: 0, status: 'waiting' });
    const again = await t.app.inject({ method: 'POST', url: `/api/check-in/${first.token}/cancel/` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 0, response: 'This ticket is cancelled, so it cannot be cancelled.' });
    const row = await one<{ cancelled_by: string }>(t.db, 'SELECT cancelled_by FROM walkin_tickets WHERE token = $1', [first.token]);
    expect(row?.cancelled_by).toBe('customer');
  });

  it('answers 404 for an unknown token', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/check-in/nope/' }),
      await t.app.inject({ method: 'POST', url: '/api/check-in/nope/cancel/' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.ticketNotFound });
    }
  });
});

describe('rate limit on public writes', () => {
  it('answers 429 past the per-address limit', async () => {
    const limited = await startTestApp({ rateLimits: { publicWrite: { max: 3, timeWindow: 60_000 } } });
    try {
      const shop = await makeShop(limited.app, limited.db);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await checkIn(limited.app, shop.username)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await checkIn(limited.app, shop.username);
      expect(res.json()).toEqual({ status: 0, response: 'Too many attempts. Please wait a moment and try again.' });
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/check-in/',
        remoteAddress: '10.1.2.3',
        payload: { shop_username: shop.username, name: 'Omar Farah', phone_number: uniquePhone() },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
