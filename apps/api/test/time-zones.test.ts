import { shopStats, timeZoneUnsupported } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, PASSWORD, type TestShop } from './support/factories.js';

/**
 * A shop's time zone must never take the shop down. Found by security testing: `US/Pacific-New` is
 * a zone Node's Intl knows and PostgreSQL/PGlite do not; once saved, logins, the public page,
 * check-in and statistics of that shop answered 500.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Known to Node's Intl (an alias of America/Los_Angeles), unknown to the database. */
const INTL_ONLY_ZONE = 'US/Pacific-New';

const settingsBody = async (shop: TestShop, timezone: string) => {
  const current = (await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) })).json().response;
  return { name: current.name, username: current.username, address: current.address, phone_number: current.phone_number, opening_hours: current.opening_hours, pin_enabled: false, timezone };
};

/** A shop whose stored zone the database does not know (saved before validation, or dropped by a newer time-zone database). */
async function shopWithUnknownZone(): Promise<TestShop> {
  const shop = await makeShop(t.app, t.db, { timezone: 'America/New_York' });
  await t.db.query('UPDATE shops SET timezone = $2 WHERE id = $1', [shop.shopId, INTL_ONLY_ZONE]);
  return shop;
}

describe('saving the time zone', () => {
  it('refuses a zone the database does not know with a clear 400, and keeps the saved one', async () => {
    expect(Intl.DateTimeFormat('en-US', { timeZone: INTL_ONLY_ZONE }).resolvedOptions().timeZone).toBeTruthy();
    const shop = await makeShop(t.app, t.db, { timezone: 'Europe/Paris' });
    const res = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', payload: await settingsBody(shop, INTL_ONLY_ZONE), headers: bearer(shop.admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, response: timeZoneUnsupported(INTL_ONLY_ZONE) });
    const after = (await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) })).json().response;
    expect(after).toMatchObject({ timezone: 'Europe/Paris', timezone_recognised: true, effective_timezone: 'Europe/Paris' });
  });

  it('refuses a zone Intl does not know with the schema message', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', payload: await settingsBody(shop, 'Mars/Olympus_Mons'), headers: bearer(shop.admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, response: 'Please choose a valid time zone, for example America/New_York.' });
  });

  it('accepts a zone both know', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', payload: await settingsBody(shop, 'Asia/Kolkata'), headers: bearer(shop.admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ timezone: 'Asia/Kolkata', timezone_recognised: true, effective_timezone: 'Asia/Kolkata' });
  });
});

describe('a shop whose stored zone is not recognised any more falls back to UTC', () => {
  it('still signs its staff in, and the session user is computed', async () => {
    const shop = await shopWithUnknownZone();
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: shop.admin.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ shop_username: shop.username, total_check_ins_this_month: 0 });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(shop.admin) });
    expect(me.statusCode).toBe(200);
    expect(me.json().response.shop_username).toBe(shop.username);
  });

  it('serves the public page, check-in, the queue and the statistics, counting "today" in UTC', async () => {
    const shop = await shopWithUnknownZone();
    const joined = await checkIn(t.app, shop.username, { name: 'Ana Lopez' });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().response.place).toBe(1);

    const page = await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${shop.username}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 1, response: { username: shop.username, timezone: 'UTC' }, today_checkins: 1 });

    const queue = await t.app.inject({ method: 'GET', url: `/api/queue/?shop_username=${shop.username}` });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().response.waiting_count).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` })).statusCode).toBe(200);

    const stats = await t.app.inject({ method: 'GET', url: '/api/stats/', headers: bearer(shop.admin) });
    expect(stats.statusCode).toBe(200);
    expect(shopStats.parse(stats.json().response).today).toMatchObject({ waiting: 1, check_ins: 1 });

    const walkins = await t.app.inject({ method: 'GET', url: '/api/walkins/', headers: bearer(shop.admin) });
    expect(walkins.statusCode).toBe(200);
    expect(walkins.json().total).toBe(1);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(shop.admin) })).json().response;
    expect(me.total_check_ins_this_month).toBe(1);
  });

  it('answers the other screens that compute in the shop zone: invoices, appointments, calendar, commissions', async () => {
    const shop = await shopWithUnknownZone();
    const barber = await shop.addMember('employee');
    const appointment = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      payload: { barber_id: barber.barberId, starts_at: '2030-01-07T15:00:00Z' },
      headers: bearer(shop.admin),
    });
    expect(appointment.statusCode).toBe(200);
    for (const url of ['/api/appointments/?from=2030-01-01&to=2030-01-31', '/api/calendar/?from=2030-01-07&to=2030-01-07', '/api/invoices/?from=2030-01-01&to=2030-01-31', '/api/invoices/commissions/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(shop.admin) });
      expect(`${url} ${res.statusCode}`).toBe(`${url} 200`);
    }
  });

  it('shows the owner on Settings that the saved zone is not recognised and UTC is used; choosing a zone fixes it', async () => {
    const shop = await shopWithUnknownZone();
    const settings = await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().response).toMatchObject({ timezone: INTL_ONLY_ZONE, timezone_recognised: false, effective_timezone: 'UTC' });
    const fixed = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', payload: await settingsBody(shop, 'America/Los_Angeles'), headers: bearer(shop.admin) });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().response).toMatchObject({ timezone: 'America/Los_Angeles', timezone_recognised: true, effective_timezone: 'America/Los_Angeles' });
  });
});
