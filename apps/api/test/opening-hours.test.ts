import { QUEUE_MESSAGES, shopReply, WEEKDAYS, type OpeningHours } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, setCheckInLimit, uniquePhone, type TestShop } from './support/factories.js';

// Opening hours, the last call and the walk-in pause, decided on the shop's wall clock. The shop is
// in Pacific/Auckland (UTC+12/+13) and the clock is pinned to instants where the UTC day is not the
// shop's day, so a rule computed in the server's zone (or UTC) would answer differently.
let t: TestApp;
let now = new Date('2026-11-23T21:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
});
afterAll(() => t.close());

const ZONE = 'Pacific/Auckland';
const day = (open: string, close: string) => ({ closed: false, open, close });
const closed = { closed: true, open: '09:00', close: '18:00' };
/** Tuesday to Saturday 9 to 7; Sunday and Monday closed. */
const WEEK: OpeningHours = {
  mon: closed,
  tue: day('09:00', '19:00'),
  wed: day('09:00', '19:00'),
  thu: day('09:00', '19:00'),
  fri: day('09:00', '19:00'),
  sat: day('09:00', '19:00'),
  sun: closed,
};

async function shopWith(hours: OpeningHours, lastCheckInMinutes = 0): Promise<TestShop> {
  const shop = await makeShop(t.app, t.db, { timezone: ZONE });
  await t.db.query('UPDATE shops SET opening_hours = $2::jsonb, last_check_in_minutes = $3 WHERE id = $1', [
    shop.shopId,
    JSON.stringify(hours),
    lastCheckInMinutes,
  ]);
  return shop;
}

async function publicShop(username: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${username}` });
  expect(res.statusCode).toBe(200);
  return shopReply.parse(res.json()).response;
}

const refusal = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, body: res.json() });

describe('check-ins outside the opening hours, in the shop time zone', () => {
  it('refuses a check-in across closed days, naming the next opening (Sunday 10 am local, Saturday in UTC)', async () => {
    now = new Date('2026-11-21T21:00:00Z'); // Sunday 10:00 in Auckland; Saturday 21:00 UTC
    const shop = await shopWith(WEEK);
    const message = "We're closed now. We open again Tuesday at 9:00 am.";
    expect(refusal(await checkIn(t.app, shop.username))).toEqual({ status: 409, body: { status: 0, response: message } });
    const reply = await publicShop(shop.username);
    expect(reply).toMatchObject({
      check_in: { open: false, reason: 'closed', message, next_opening: '2026-11-23T20:00:00.000Z' },
      open_now: false,
      today_hours: null,
      closes_at: null,
      hours_status: 'Closed now · opens Tuesday 9:00 am',
      changes_at: '2026-11-23T20:00:00.000Z',
    });
    const tickets = await t.db.query('SELECT 1 FROM walkin_tickets WHERE shop_id = $1', [shop.shopId]);
    expect(tickets).toHaveLength(0);
  });

  it('takes a check-in inside the hours (Tuesday 10 am local, Monday in UTC) and reports the closing', async () => {
    now = new Date('2026-11-23T21:00:00Z');
    const shop = await shopWith(WEEK);
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    expect(await publicShop(shop.username)).toMatchObject({
      check_in: { open: true, reason: null, message: null, next_opening: null },
      open_now: true,
      today_hours: '9:00 am – 7:00 pm',
      closes_at: '2026-11-24T06:00:00.000Z',
      hours_status: 'Open now · closes at 7:00 pm',
    });
  });

  it('refuses at 3:47 am before opening the same day, and when every day is closed says only that it is closed', async () => {
    now = new Date('2026-11-23T14:47:00Z'); // Tuesday 03:47 in Auckland
    const shop = await shopWith(WEEK);
    expect(refusal(await checkIn(t.app, shop.username))).toEqual({
      status: 409,
      body: { status: 0, response: "We're closed now. We open again today at 9:00 am." },
    });
    expect((await publicShop(shop.username)).today_hours).toBe('9:00 am – 7:00 pm');

    const shut = await shopWith(Object.fromEntries(WEEKDAYS.map((d) => [d, closed])) as OpeningHours);
    expect(refusal(await checkIn(t.app, shut.username))).toEqual({ status: 409, body: { status: 0, response: "We're closed now." } });
    expect(await publicShop(shut.username)).toMatchObject({
      check_in: { open: false, reason: 'closed', next_opening: null },
      hours_status: 'Closed now',
    });
  });

  it('refuses after closing with the next day named, and keeps a shop without any hours open at any time', async () => {
    now = new Date('2026-11-24T06:00:00Z'); // Tuesday 19:00 in Auckland: closing time, no longer open
    const shop = await shopWith(WEEK);
    expect(refusal(await checkIn(t.app, shop.username)).body).toEqual({
      status: 0,
      response: "We're closed now. We open again Wednesday at 9:00 am.",
    });

    now = new Date('2026-11-23T14:47:00Z');
    const noHours = await makeShop(t.app, t.db, { timezone: ZONE });
    expect((await checkIn(t.app, noHours.username)).statusCode).toBe(200);
    expect(await publicShop(noHours.username)).toMatchObject({
      check_in: { open: true, reason: null },
      open_now: true,
      today_hours: null,
      hours_status: null,
    });
  });

  it('keeps the hours on a daylight-saving day (Auckland moves to +13 at 2 am on 27 September 2026)', async () => {
    const everyDay = Object.fromEntries(WEEKDAYS.map((d) => [d, day('09:00', '19:00')])) as OpeningHours;
    const shop = await shopWith(everyDay);
    now = new Date('2026-09-26T19:59:00Z'); // 08:59 NZDT
    expect(refusal(await checkIn(t.app, shop.username)).body).toEqual({
      status: 0,
      response: "We're closed now. We open again today at 9:00 am.",
    });
    expect((await publicShop(shop.username)).check_in?.next_opening).toBe('2026-09-26T20:00:00.000Z');
    now = new Date('2026-09-26T20:00:00Z'); // 09:00 NZDT
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    expect((await publicShop(shop.username)).closes_at).toBe('2026-09-27T06:00:00.000Z');
  });
});

describe('the last check-in before closing', () => {
  it('is set in Settings and refuses check-ins in the last N minutes with its own message', async () => {
    const shop = await shopWith(WEEK);
    const current = (await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) })).json().response;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings/',
      headers: bearer(shop.admin),
      payload: {
        name: current.name,
        username: current.username,
        timezone: current.timezone,
        opening_hours: current.opening_hours,
        last_check_in_minutes: 30,
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().response.last_check_in_minutes).toBe(30);

    now = new Date('2026-11-24T05:29:00Z'); // Tuesday 18:29: one minute before the last call
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    expect((await publicShop(shop.username)).changes_at).toBe('2026-11-24T05:30:00.000Z');

    now = new Date('2026-11-24T05:40:00Z'); // Tuesday 18:40
    const message =
      "We've stopped taking check-ins for today: the last check-in is 30 minutes before we close at 7:00 pm. We open again Wednesday at 9:00 am.";
    expect(refusal(await checkIn(t.app, shop.username))).toEqual({ status: 409, body: { status: 0, response: message } });
    expect(await publicShop(shop.username)).toMatchObject({
      check_in: { open: false, reason: 'last_call', message, next_opening: '2026-11-24T20:00:00.000Z' },
      open_now: true,
      hours_status: 'Open now · closes at 7:00 pm',
    });
  });

  it('refuses a last-call value out of range with a message, and an absent value leaves it unchanged', async () => {
    const shop = await shopWith(WEEK, 15);
    const current = (await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) })).json().response;
    const base = { name: current.name, username: current.username, timezone: current.timezone, opening_hours: current.opening_hours };
    const bad = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', headers: bearer(shop.admin), payload: { ...base, last_check_in_minutes: 721 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().response).toBe('The last check-in must be between 0 and 720 minutes before closing.');
    const kept = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', headers: bearer(shop.admin), payload: base });
    expect(kept.json().response.last_check_in_minutes).toBe(15);
  });
});

describe('pausing the walk-in list', () => {
  it('refuses check-ins with the reason while paused, reports it up front, and takes them again once resumed', async () => {
    now = new Date('2026-11-23T21:00:00Z'); // open
    const shop = await shopWith(WEEK);
    const manager = await shop.addMember('manager');
    const pause = await t.app.inject({
      method: 'POST',
      url: '/api/walkins/pause/',
      headers: bearer(manager),
      payload: { reason: 'Fully booked today' },
    });
    expect(pause.statusCode).toBe(200);
    expect(pause.json().response).toEqual({ paused: true, reason: 'Fully booked today', paused_at: '2026-11-23T21:00:00.000Z' });

    const message = 'Check-ins are paused: Fully booked today';
    expect(refusal(await checkIn(t.app, shop.username))).toEqual({ status: 409, body: { status: 0, response: message } });
    expect((await publicShop(shop.username)).check_in).toEqual({ open: false, reason: 'paused', message, next_opening: null });
    const state = await t.app.inject({ method: 'GET', url: '/api/walkins/pause/', headers: bearer(await shop.addMember('employee')) });
    expect(state.json().response.paused).toBe(true);

    const resume = await t.app.inject({ method: 'POST', url: '/api/walkins/resume/', headers: bearer(shop.admin) });
    expect(resume.json().response).toEqual({ paused: false, reason: null, paused_at: null });
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    expect((await publicShop(shop.username)).check_in?.open).toBe(true);
  });

  it('is for managers and admins: a barber is refused, and a pause touches only the caller’s own shop', async () => {
    now = new Date('2026-11-23T21:00:00Z');
    const shop = await shopWith(WEEK);
    const other = await shopWith(WEEK);
    const barber = await shop.addMember('employee');
    const byBarber = await t.app.inject({ method: 'POST', url: '/api/walkins/pause/', headers: bearer(barber), payload: { reason: 'x' } });
    expect(byBarber.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/walkins/resume/', headers: bearer(barber) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/walkins/pause/', payload: {} })).statusCode).toBe(401);

    // Another shop's admin pauses their own list; this shop keeps taking check-ins.
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/walkins/pause/', headers: bearer(other.admin) });
    expect(elsewhere.json().response).toMatchObject({ paused: true, reason: null });
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    expect(refusal(await checkIn(t.app, other.username)).body).toEqual({
      status: 0,
      response: 'Check-ins are paused right now. Please ask at the front desk.',
    });
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/walkins/pause/', headers: bearer(shop.admin), payload: { reason: 'x'.repeat(201) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().response).toBe('The reason is too long (200 characters at most).');
  });
});

describe('who is held by the hours', () => {
  it('refuses the kiosk like the public page, but staff at the desk may add a walk-in at any time', async () => {
    now = new Date('2026-11-21T21:00:00Z'); // Sunday: closed
    const shop = await shopWith(WEEK);
    const kiosk = await t.app.inject({
      method: 'POST',
      url: '/api/check-in/',
      payload: { shop_username: shop.username, name: 'Kiosk Guest', phone_number: uniquePhone(), source: 'kiosk' },
    });
    expect(refusal(kiosk)).toEqual({ status: 409, body: { status: 0, response: "We're closed now. We open again Tuesday at 9:00 am." } });
    await t.app.inject({ method: 'POST', url: '/api/walkins/pause/', headers: bearer(shop.admin), payload: { reason: 'Fully booked today' } });
    const desk = await t.app.inject({ method: 'POST', url: '/api/walkins/', headers: bearer(shop.admin), payload: { name: 'Desk Guest' } });
    expect(desk.statusCode).toBe(200);
    expect(desk.json().response).toMatchObject({ party_name: 'Desk Guest', source: 'staff', status: 'waiting' });
  });
});

describe('the monthly limit, reported before anyone types', () => {
  it('reports limit_reached with the limit message while the hours are open', async () => {
    now = new Date('2026-11-23T21:00:00Z');
    const shop = await shopWith(WEEK);
    await setCheckInLimit(t.db, shop.shopId, 1);
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    const reply = await publicShop(shop.username);
    expect(reply.accepting_check_ins).toBe(false);
    expect(reply.check_in).toEqual({ open: false, reason: 'limit_reached', message: QUEUE_MESSAGES.checkInLimitReached, next_opening: null });
    expect(refusal(await checkIn(t.app, shop.username)).body).toEqual({ status: 0, response: QUEUE_MESSAGES.checkInLimitReached });
  });
});
