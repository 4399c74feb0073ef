import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, unique, type TestShop, type TestUser } from './support/factories.js';

let t: TestApp;
let shop: TestShop;
let other: TestShop;
let barber: TestUser & { barberId: number };
let barber2: TestUser & { barberId: number };
let manager: TestUser & { barberId: number };
let cutId: number;
let beardId: number;
let customerId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: { access: string } | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? bearer(user) : {} });

async function create(user: { access: string }, payload: object) {
  return call(user, 'POST', '/api/appointments/', payload);
}

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeShop(t.app, t.db, { timezone: 'America/New_York' });
  other = await makeShop(t.app, t.db);
  barber = await shop.addMember('employee', 'Marcus Cuts');
  barber2 = await shop.addMember('employee', 'Jay Fades');
  manager = await shop.addMember('manager');
  cutId = (await call(shop.admin, 'POST', '/api/services/', { name: 'Cut', estimated_minutes: 30, price: 25 })).json().response.id;
  beardId = (await call(shop.admin, 'POST', '/api/services/', { name: 'Beard', estimated_minutes: 15, price: 10 })).json().response.id;
  customerId = (await call(shop.admin, 'POST', '/api/customers/', { name: 'Pat Doe' })).json().response.id;
});
afterAll(() => t.close());

describe('POST /api/appointments/', () => {
  it('books a barber with services: the end follows from their estimated time; the reply is the appointment', async () => {
    const res = await create(manager, {
      barber_id: barber.barberId,
      customer_id: customerId,
      service_ids: [beardId, cutId, cutId],
      starts_at: '2030-03-04T15:00:00Z',
      notes: ' Fade, short sides ',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 1,
      response: {
        id: expect.any(Number),
        barber_id: barber.barberId,
        barber: 'Marcus Cuts',
        customer_id: customerId,
        customer: 'Pat Doe',
        service_ids: [cutId, beardId].sort((a, b) => a - b),
        services: 'Beard, Cut',
        starts_at: '2030-03-04T15:00:00.000Z',
        ends_at: '2030-03-04T15:45:00.000Z',
        status: 'booked',
        notes: 'Fade, short sides',
      },
    });
    const read = await call(shop.admin, 'GET', `/api/appointments/${body.response.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().response).toEqual(body.response);
  });

  it('stores times in UTC whatever offset they are sent with; 30 minutes without services', async () => {
    const res = await create(shop.admin, { barber_id: barber2.barberId, starts_at: '2030-03-05T10:00:00-05:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.starts_at).toBe('2030-03-05T15:00:00.000Z');
    expect(res.json().response.ends_at).toBe('2030-03-05T15:30:00.000Z');
    expect(res.json().response.customer).toBeNull();
    expect(res.json().response.services).toBe('');
  });

  it('refuses an overlapping booking of the same barber with 409 and a message; back-to-back and other barbers are fine', async () => {
    const first = await create(shop.admin, { barber_id: barber.barberId, starts_at: '2030-04-01T14:00:00Z', ends_at: '2030-04-01T15:00:00Z' });
    expect(first.statusCode).toBe(200);
    const clash = await create(shop.admin, { barber_id: barber.barberId, starts_at: '2030-04-01T14:30:00Z', ends_at: '2030-04-01T15:30:00Z' });
    expect(clash.statusCode).toBe(409);
    // The shop is in New York: the message speaks its local time.
    expect(clash.json()).toEqual({ status: 0, response: 'Marcus Cuts already has an appointment from 10:00 to 11:00.' });
    const inside = await create(shop.admin, { barber_id: barber.barberId, starts_at: '2030-04-01T14:10:00Z', ends_at: '2030-04-01T14:20:00Z' });
    expect(inside.statusCode).toBe(409);
    const after = await create(shop.admin, { barber_id: barber.barberId, starts_at: '2030-04-01T15:00:00Z', ends_at: '2030-04-01T15:30:00Z' });
    expect(after.statusCode).toBe(200);
    const before = await create(shop.admin, { barber_id: barber.barberId, starts_at: '2030-04-01T13:30:00Z', ends_at: '2030-04-01T14:00:00Z' });
    expect(before.statusCode).toBe(200);
    const otherBarber = await create(shop.admin, { barber_id: barber2.barberId, starts_at: '2030-04-01T14:30:00Z' });
    expect(otherBarber.statusCode).toBe(200);
  });

  it('lets a cancelled appointment free its time, and an edit keep its own time', async () => {
    const a = (await create(shop.admin, { barber_id: barber2.barberId, starts_at: '2030-04-02T14:00:00Z' })).json().response;
    const edited = await call(shop.admin, 'PUT', `/api/appointments/${a.id}/`, {
      barber_id: barber2.barberId,
      starts_at: '2030-04-02T14:00:00Z',
      ends_at: '2030-04-02T14:45:00Z',
      notes: 'longer',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().response).toMatchObject({ id: a.id, ends_at: '2030-04-02T14:45:00.000Z', notes: 'longer' });
    const cancelled = await call(shop.admin, 'PUT', `/api/appointments/${a.id}/`, { barber_id: barber2.barberId, starts_at: a.starts_at, status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().response.status).toBe('cancelled');
    const again = await create(shop.admin, { barber_id: barber2.barberId, starts_at: '2030-04-02T14:15:00Z' });
    expect(again.statusCode).toBe(200);
  });

  it('refuses moving an appointment onto another one with 409', async () => {
    const a = (await create(shop.admin, { barber_id: barber2.barberId, starts_at: '2030-04-03T14:00:00Z' })).json().response;
    const b = (await create(shop.admin, { barber_id: barber2.barberId, starts_at: '2030-04-03T16:00:00Z' })).json().response;
    const moved = await call(shop.admin, 'PUT', `/api/appointments/${b.id}/`, { barber_id: barber2.barberId, starts_at: '2030-04-03T14:15:00Z' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().response).toBe('Jay Fades already has an appointment from 10:00 to 10:30.');
    expect((await call(shop.admin, 'GET', `/api/appointments/${b.id}/`)).json().response.starts_at).toBe('2030-04-03T16:00:00.000Z');
    expect(a.id).not.toBe(b.id);
  });

  it('of two simultaneous overlapping bookings, exactly one succeeds', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => create(shop.admin, { barber_id: barber.barberId, starts_at: '2030-05-01T14:00:00Z' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it("refuses another shop's barber, service or customer with 404, and an archived barber", async () => {
    const foreignBarber = await other.addMember('employee');
    const b = await create(shop.admin, { barber_id: foreignBarber.barberId, starts_at: '2030-06-01T14:00:00Z' });
    expect(b.statusCode).toBe(404);
    expect(b.json()).toEqual({ status: 0, response: 'This barber does not exist.' });
    const foreignService = (await call(other.admin, 'POST', '/api/services/', { name: 'X', estimated_minutes: 20, price: 5 })).json().response.id;
    const s = await create(shop.admin, { barber_id: barber.barberId, service_ids: [foreignService], starts_at: '2030-06-01T14:00:00Z' });
    expect(s.statusCode).toBe(404);
    expect(s.json().response).toBe('A chosen service does not exist.');
    const foreignCustomer = (await call(other.admin, 'POST', '/api/customers/', { name: 'Them' })).json().response.id;
    const c = await create(shop.admin, { barber_id: barber.barberId, customer_id: foreignCustomer, starts_at: '2030-06-01T14:00:00Z' });
    expect(c.statusCode).toBe(404);
    expect(c.json().response).toBe('This customer does not exist.');
    const gone = await shop.addMember('employee');
    await t.db.query('UPDATE barbers SET archived_at = now() WHERE id = $1', [gone.barberId]);
    expect((await create(shop.admin, { barber_id: gone.barberId, starts_at: '2030-06-01T14:00:00Z' })).statusCode).toBe(404);
  });

  it('answers bad input with 400 and a message, never 500', async () => {
    const cases: [object, string][] = [
      [{ starts_at: '2030-06-01T14:00:00Z' }, 'Please choose a barber.'],
      [{ barber_id: 'x', starts_at: '2030-06-01T14:00:00Z' }, 'Please choose a barber.'],
      [{ barber_id: barber.barberId, starts_at: 'tomorrow' }, 'Times are full dates with a time zone, for example 2026-11-23T10:00:00Z.'],
      [{ barber_id: barber.barberId, starts_at: '2030-06-01T14:00:00Z', ends_at: '2030-06-01T13:00:00Z' }, 'The end must be after the start.'],
      [{ barber_id: barber.barberId, starts_at: '2030-06-01T14:00:00Z', status: 'done' }, 'The status must be booked, completed, cancelled or no_show.'],
    ];
    for (const [payload, message] of cases) {
      const res = await create(shop.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ status: 0, response: message });
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      payload: '{"barber_id":',
      headers: { 'content-type': 'application/json', ...bearer(shop.admin) },
    });
    expect(notJson.statusCode).toBe(400);
    const badDate = await call(shop.admin, 'GET', '/api/appointments/?from=2030-13-01');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().response).toBe('Dates are written as YYYY-MM-DD.');
    expect((await call(shop.admin, 'GET', '/api/calendar/?from=2030-02-30&to=2030-03-01')).statusCode).toBe(400);
    const reversed = await call(shop.admin, 'GET', '/api/appointments/?from=2030-02-01&to=2030-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().response).toBe('The start date must be on or before the end date.');
  });

  it('keeps bookings inside the opening hours the shop set', async () => {
    const sunday = '2030-06-02T15:00:00Z'; // a Sunday, 11:00 in New York
    await t.db.query(
      `UPDATE shops SET opening_hours = '{"sun": {"closed": true, "open": "09:00", "close": "18:00"}, "mon": {"closed": false, "open": "09:00", "close": "18:00"}}'::jsonb WHERE id = $1`,
      [shop.shopId],
    );
    try {
      const closed = await create(shop.admin, { barber_id: barber2.barberId, starts_at: sunday });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().response).toBe('The shop is closed that day.');
      const late = await create(shop.admin, { barber_id: barber2.barberId, starts_at: '2030-06-03T21:45:00Z' }); // Monday 17:45 local, ends 18:15
      expect(late.statusCode).toBe(409);
      expect(late.json().response).toBe('The shop is open from 09:00 to 18:00 that day.');
      const fits = await create(shop.admin, { barber_id: barber2.barberId, starts_at: '2030-06-03T21:30:00Z' }); // ends 18:00 sharp
      expect(fits.statusCode).toBe(200);
    } finally {
      await t.db.query(`UPDATE shops SET opening_hours = '{}'::jsonb WHERE id = $1`, [shop.shopId]);
    }
  });
});

describe('barbers and appointments', () => {
  it('a barber books for themselves only, sees only their own, and cannot delete', async () => {
    const own = await create(barber2, { barber_id: barber2.barberId, starts_at: '2030-07-01T14:00:00Z' });
    expect(own.statusCode).toBe(200);
    const forOther = await create(barber2, { barber_id: barber.barberId, starts_at: '2030-07-01T16:00:00Z' });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().response).toBe('Barbers can book only for themselves.');
    const theirs = (await create(shop.admin, { barber_id: barber.barberId, starts_at: '2030-07-01T18:00:00Z' })).json().response;
    expect((await call(barber2, 'GET', `/api/appointments/${theirs.id}/`)).statusCode).toBe(404);
    const moveToOther = await call(barber2, 'PUT', `/api/appointments/${own.json().response.id}/`, { barber_id: barber.barberId, starts_at: '2030-07-01T20:00:00Z' });
    expect(moveToOther.statusCode).toBe(403);
    const list = await call(barber2, 'GET', `/api/appointments/?from=2030-07-01&to=2030-07-01&barber_id=${barber.barberId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().response.map((a: { barber_id: number }) => a.barber_id)).toEqual([barber2.barberId]);
    expect((await call(barber2, 'DELETE', `/api/appointments/${own.json().response.id}/`)).statusCode).toBe(403);
  });
});

describe('GET /api/appointments/ and GET /api/calendar/', () => {
  it('filters by local dates of the shop, barber and status, paginated with a total', async () => {
    const day = '2030-08-';
    // 03:30 UTC on the 11th is still the 10th in New York.
    await create(shop.admin, { barber_id: barber.barberId, starts_at: `${day}11T03:30:00Z` });
    await create(shop.admin, { barber_id: barber.barberId, starts_at: `${day}11T14:00:00Z` });
    await create(shop.admin, { barber_id: barber2.barberId, starts_at: `${day}11T14:00:00Z`, status: 'completed' });
    await create(shop.admin, { barber_id: barber2.barberId, starts_at: `${day}12T14:00:00Z` });
    const onThe11th = await call(shop.admin, 'GET', `/api/appointments/?from=${day}11&to=${day}11`);
    expect(onThe11th.json().total).toBe(2);
    expect(onThe11th.json().response.map((a: { starts_at: string }) => a.starts_at)).toEqual([`${day}11T14:00:00.000Z`, `${day}11T14:00:00.000Z`]);
    const byBarber = await call(shop.admin, 'GET', `/api/appointments/?from=${day}10&to=${day}12&barber_id=${barber.barberId}`);
    expect(byBarber.json().total).toBe(2);
    const completed = await call(shop.admin, 'GET', `/api/appointments/?from=${day}10&to=${day}12&status=completed`);
    expect(completed.json().response).toHaveLength(1);
    const page2 = await call(shop.admin, 'GET', `/api/appointments/?from=${day}10&to=${day}12&page=2&page_size=3`);
    expect(page2.json()).toMatchObject({ status: 1, total: 4 });
    expect(page2.json().response).toHaveLength(1);
  });

  it('puts appointments and served walk-ins of the range in one calendar, without cancelled ones', async () => {
    const day = '2030-09-10';
    const booked = (await create(shop.admin, { barber_id: barber.barberId, customer_id: customerId, starts_at: `${day}T14:00:00Z` })).json().response;
    const dropped = (await create(shop.admin, { barber_id: barber.barberId, starts_at: `${day}T16:00:00Z`, status: 'cancelled' })).json().response;
    const ticket = await one<{ id: number }>(
      t.db,
      `INSERT INTO walkin_tickets (shop_id, token, party_name, barber_id, status, source, checked_in_at, started_at, completed_at)
       VALUES ($1, $2, 'Walk In Guy', $3, 'done', 'kiosk', $4, $5, $6) RETURNING id`,
      [shop.shopId, unique('tok'), barber2.barberId, `${day}T14:50:00Z`, `${day}T15:00:00Z`, `${day}T15:25:00Z`],
    );
    const res = await call(shop.admin, 'GET', `/api/calendar/?from=${day}&to=${day}`);
    expect(res.statusCode).toBe(200);
    const entries = res.json().response as { kind: string; id: number }[];
    expect(entries).toContainEqual({
      kind: 'appointment',
      id: booked.id,
      barber_id: barber.barberId,
      barber: 'Marcus Cuts',
      title: 'Pat Doe',
      starts_at: `${day}T14:00:00.000Z`,
      ends_at: `${day}T14:30:00.000Z`,
      status: 'booked',
    });
    expect(entries).toContainEqual({
      kind: 'walkin',
      id: ticket?.id,
      barber_id: barber2.barberId,
      barber: 'Jay Fades',
      title: 'Walk In Guy',
      starts_at: `${day}T15:00:00.000Z`,
      ends_at: `${day}T15:25:00.000Z`,
      status: 'done',
    });
    expect(entries.find((e) => e.kind === 'appointment' && e.id === dropped.id)).toBeUndefined();
    const own = await call(barber, 'GET', `/api/calendar/?from=${day}&to=${day}`);
    expect(own.json().response.every((e: { barber_id: number }) => e.barber_id === barber.barberId)).toBe(true);
    const tooLong = await call(shop.admin, 'GET', '/api/calendar/?from=2030-01-01&to=2030-06-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().response).toBe('Show at most two months at a time.');
  });
});

describe("another shop's appointments", () => {
  it('are 404 for reading, editing and deleting', async () => {
    const a = (await create(shop.admin, { barber_id: barber.barberId, starts_at: '2030-10-01T14:00:00Z' })).json().response;
    expect((await call(other.admin, 'GET', `/api/appointments/${a.id}/`)).statusCode).toBe(404);
    const put = await call(other.admin, 'PUT', `/api/appointments/${a.id}/`, { barber_id: barber.barberId, starts_at: '2030-10-01T15:00:00Z' });
    expect(put.statusCode).toBe(404);
    expect((await call(other.admin, 'DELETE', `/api/appointments/${a.id}/`)).statusCode).toBe(404);
    const list = await call(other.admin, 'GET', '/api/appointments/?from=2030-10-01&to=2030-10-01');
    expect(list.json().total).toBe(0);
    const del = await call(manager, 'DELETE', `/api/appointments/${a.id}/`);
    expect(del.json()).toEqual({ status: 1, response: 'Appointment deleted.' });
    expect((await call(shop.admin, 'GET', `/api/appointments/${a.id}/`)).statusCode).toBe(404);
  });
});
