import { publicBarber, publicQueueReply, publicService, QUEUE_MESSAGES, shopReply } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, unique } from './support/factories.js';

// Each test makes its own shops with the factories; none reads what another wrote. An unknown
// shop is a username nobody has ever had, made fresh for each test.
let t: TestApp;
const nobody = () => unique('nobody-here-');
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/shop/?shop_username=', () => {
  it('answers the shop and the check-ins of today in the shop time zone', async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'Pacific/Kiritimati' });
    await t.db.query(`UPDATE shops SET address = '1 Main St', phone_number = '+1 555 0100', bluetick = true WHERE id = $1`, [shop.shopId]);
    // Just before and just after the shop's local midnight.
    for (const [token, offset] of [
      ['before', "- interval '1 minute'"],
      ['after', "+ interval '1 second'"],
    ]) {
      await t.db.query(
        `INSERT INTO walkin_tickets (shop_id, token, party_name, status, source, checked_in_at)
         SELECT id, $2 || id, 'Earlier Guest', 'done', 'online',
                (date_trunc('day', now() AT TIME ZONE timezone) AT TIME ZONE timezone) ${offset}
           FROM shops WHERE id = $1`,
        [shop.shopId, token],
      );
    }
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${shop.username.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    const body = shopReply.parse(res.json());
    expect(body).toEqual({
      status: 1,
      response: {
        name: `Shop ${shop.username}`,
        username: shop.username,
        shop_logo: null,
        bluetick: true,
        address: '1 Main St',
        phone_number: '+1 555 0100',
        timezone: 'Pacific/Kiritimati',
        accepting_check_ins: true,
        // No opening hours set: open around the clock (apps/api/test/opening-hours.test.ts has the rest).
        check_in: { open: true, reason: null, message: null, next_opening: null },
        open_now: true,
        today_hours: null,
        closes_at: null,
        hours_status: null,
        changes_at: null,
      },
      today_checkins: 2,
      // The owner is the one barber, with the customer who just checked in (30 minutes) ahead.
      any_barber_eta_range: { min_minutes: 20, max_minutes: 40 },
    });
  });

  it('answers the wait for "any barber": the barber free first, null when nobody takes walk-ins', async () => {
    const shop = await makeShop(t.app, t.db);
    const jay = await shop.addMember('employee', 'Jay Kim');
    const anyWait = async () => shopReply.parse((await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${shop.username}` })).json()).any_barber_eta_range;
    // Two barbers free: no wait.
    expect(await anyWait()).toEqual({ min_minutes: 0, max_minutes: 0 });
    // Two customers (30 minutes each, no service chosen) take both chairs; the next one waits for the first free.
    for (const phone of ['+1 718 555 0101', '+1 718 555 0102']) {
      expect((await checkIn(t.app, shop.username, { phone_number: phone })).statusCode).toBe(200);
    }
    expect(await anyWait()).toEqual({ min_minutes: 20, max_minutes: 40 });
    // A customer who asked for Jay keeps Jay busy longer; the owner is still free first.
    expect((await checkIn(t.app, shop.username, { barber_id: jay.barberId, phone_number: '+1 718 555 0103' })).statusCode).toBe(200);
    expect(await anyWait()).toEqual({ min_minutes: 20, max_minutes: 40 });
    // Nobody takes walk-ins: no estimate.
    const barbers = publicBarber.array().parse((await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` })).json());
    for (const barber of barbers) {
      const off = await t.app.inject({ method: 'POST', url: `/api/barbers/${barber.id}/status/`, headers: bearer(shop.admin), payload: { status: 'off' } });
      expect(off.statusCode).toBe(200);
    }
    expect(await anyWait()).toBeNull();
  });

  it('answers 404 with a message for an unknown shop, 400 without a username', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${nobody()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.shopNotFound });
    const missing = await t.app.inject({ method: 'GET', url: '/api/shop/' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: 0, response: 'Choose a shop.' });
  });
});

describe('GET /api/barbers/?shop_username=', () => {
  it('lists the rotation barbers (contract fields plus queue facts), off ones marked without a wait', async () => {
    const shop = await makeShop(t.app, t.db);
    const jay = await shop.addMember('employee', 'Jay Kim');
    const andre = await shop.addMember('employee', 'Andre Silva');
    const gone = await shop.addMember('employee', 'Gone Barber');
    await t.db.query(`UPDATE barbers SET archived_at = now(), in_rotation = false, position = NULL WHERE id = $1`, [gone.barberId]);
    await t.db.query(`UPDATE barbers SET booking_url = 'https://book.example/jay', phone_number = '+1 555 0111' WHERE id = $1`, [jay.barberId]);
    const off = await t.app.inject({ method: 'POST', url: `/api/barbers/${andre.barberId}/status/`, headers: bearer(andre), payload: { status: 'off' } });
    expect(off.statusCode).toBe(200);
    expect((await checkIn(t.app, shop.username, { barber_id: jay.barberId, phone_number: '+1 718 555 0199' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` });
    expect(res.statusCode).toBe(200);
    const list = publicBarber.array().parse(res.json());
    expect(Object.keys(res.json()[0]).sort()).toEqual(Object.keys(publicBarber.shape).sort());
    expect(list.map((b) => b.name)).toEqual([`Owner ${shop.username}`, 'Jay Kim', 'Andre Silva']);
    expect(list.map((b) => b.position)).toEqual([0, 1, 2]);
    const jayRow = list.find((b) => b.id === jay.barberId);
    expect(jayRow).toMatchObject({
      booking_url: 'https://book.example/jay',
      phone_number: '+1 555 0111',
      status: 'available',
      waiting_count: 1,
    });
    // One customer (30 minutes, no service chosen) ahead for Jay: 20–40 min.
    expect(jayRow?.eta_range).toEqual({ min_minutes: 20, max_minutes: 40 });
    expect(list.find((b) => b.id === andre.barberId)).toMatchObject({ status: 'off', eta_range: null, waiting_count: 0 });
    // The customer's phone number never appears.
    expect(res.body).not.toContain('0199');
  });

  it('answers 404 for an unknown shop', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${nobody()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.shopNotFound });
  });
});

/** Adds a service through the staff API; answers its id. */
async function addService(admin: { access: string }, name: string, minutes: number, price: number): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services/',
    headers: bearer(admin),
    payload: { name, estimated_minutes: minutes, price, description: 'staff only notes' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().response.id;
}

describe('GET /api/shop/services/?shop_username=', () => {
  it("lists the shop's active services by name, public fields only, never another shop's", async () => {
    const shop = await makeShop(t.app, t.db);
    const other = await makeShop(t.app, t.db);
    const fade = await addService(shop.admin, 'Skin fade', 75, 40);
    const trim = await addService(shop.admin, 'Beard trim', 15, 15.5);
    const retired = await addService(shop.admin, 'Hot towel', 10, 8);
    await addService(other.admin, 'Other shop cut', 30, 25);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/services/${retired}/`, headers: bearer(shop.admin) });
    expect(del.statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: `/api/shop/services/?shop_username=${shop.username.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: trim, name: 'Beard trim', estimated_minutes: 15, formatted_estimated_time: '15 min', price: 15.5 },
      { id: fade, name: 'Skin fade', estimated_minutes: 75, formatted_estimated_time: '1 h 15 min', price: 40 },
    ]);
    expect(publicService.array().parse(res.json())).toHaveLength(2);
  });

  it('answers an empty list for a shop without services, 404 with a message for an unknown shop', async () => {
    const shop = await makeShop(t.app, t.db);
    const empty = await t.app.inject({ method: 'GET', url: `/api/shop/services/?shop_username=${shop.username}` });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/services/?shop_username=${nobody()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.shopNotFound });
  });

  it('lets a customer check in with a listed service, which lengthens the wait of the next', async () => {
    const shop = await makeShop(t.app, t.db);
    const long = await addService(shop.admin, 'Full works', 90, 60);
    const before = (await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` })).json();
    expect(before[0].eta_range).toEqual({ min_minutes: 0, max_minutes: 0 });
    const ticket = await checkIn(t.app, shop.username, { service_ids: [long] });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json().response.services).toEqual([{ id: long, name: 'Full works' }]);
    const after = (await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` })).json();
    // 90 minutes of service ahead, not the 30-minute default: 65–115 min.
    expect(after[0].eta_range).toEqual({ min_minutes: 65, max_minutes: 115 });
  });
});

describe('GET /api/queue/?shop_username=', () => {
  it('shows now serving and the line in call-next order, masked, with no phone numbers or tokens', async () => {
    const shop = await makeShop(t.app, t.db);
    const jay = await shop.addMember('employee', 'Jay Kim');
    const other = await makeShop(t.app, t.db);
    expect((await checkIn(t.app, other.username, { name: 'Other Shopper', phone_number: '+1 718 555 0999' })).statusCode).toBe(200);
    const phones = ['+1 718 555 0141', '+1 718 555 0142', '+1 718 555 0143', '+1 718 555 0144'];
    const tokens: string[] = [];
    for (const [i, name] of ['Luis Ortega', 'Sam Patel', 'Chris Young', 'Dev Howard'].entries()) {
      const res = await checkIn(t.app, shop.username, { name, phone_number: phones[i], barber_id: i === 2 ? jay.barberId : 'any' });
      expect(res.statusCode).toBe(200);
      tokens.push(res.json().response.token);
    }
    // Jay starts Luis (the oldest); Sam is called but not yet in the chair.
    const jayNext = await t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: bearer(jay), payload: {} });
    expect(jayNext.json().response.party_name).toBe('Luis Ortega');
    const started = await t.app.inject({ method: 'POST', url: `/api/walkins/${jayNext.json().response.id}/start/`, headers: bearer(jay) });
    expect(started.statusCode).toBe(200);
    const called = await t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: bearer(shop.admin), payload: {} });
    expect(called.json().response.party_name).toBe('Sam Patel');

    const res = await t.app.inject({ method: 'GET', url: `/api/queue/?shop_username=${shop.username}` });
    expect(res.statusCode).toBe(200);
    const body = publicQueueReply.parse(res.json());
    expect(body.response.now_serving).toEqual([
      { barber_id: jay.barberId, barber_name: 'Jay Kim', party_name: 'Luis O.', started_at: expect.any(String) },
    ]);
    expect(body.response.waiting.map((w) => [w.place, w.party_name, w.preferred_barber_name])).toEqual([
      [1, 'Chris Y.', 'Jay Kim'],
      [2, 'Dev H.', null],
    ]);
    expect(body.response.waiting_count).toBe(2);
    expect(body.response.waiting.every((w) => w.eta_range !== null)).toBe(true);
    // Call-next takes the first in this list that the barber can serve: Chris waits for Jay only.
    const next = await t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: bearer(shop.admin), payload: {} });
    expect(next.json().response.party_name).toBe('Dev Howard');

    const text = res.body;
    for (const phone of phones) expect(text).not.toContain(phone.replace(/\D/g, '').slice(-7));
    for (const token of tokens) expect(text).not.toContain(token);
    for (const full of ['Ortega', 'Patel', 'Young', 'Howard', 'Other']) expect(text).not.toContain(full);
    expect(text).not.toMatch(/phone|token/);
  });

  it('answers an empty queue for a quiet shop and 404 with a message for an unknown one', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/queue/?shop_username=${shop.username}` });
    expect(res.json()).toEqual({ status: 1, response: { now_serving: [], waiting: [], waiting_count: 0 } });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/queue/?shop_username=${nobody()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.shopNotFound });
  });
});
