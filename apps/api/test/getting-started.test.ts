import { ESTABLISHED_SERVED_TICKETS, gettingStarted, type GettingStarted } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, unique, type TestShop } from './support/factories.js';

// The setup checklist on Home: each step is read from the shop's own rows, never from another shop's.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: () => new Date('2030-03-04T15:00:00Z') });
});
afterAll(() => t.close());

async function checklist(shop: TestShop): Promise<GettingStarted> {
  const res = await t.app.inject({ method: 'GET', url: '/api/getting-started/', headers: bearer(shop.admin) });
  expect(res.statusCode).toBe(200);
  return gettingStarted.parse(res.json<{ response: unknown }>().response);
}
const done = (c: GettingStarted) => Object.fromEntries(c.items.map((i) => [i.key, i.done]));
const ALL_OPEN = { hours: false, services: false, barbers: false, booking_links: false, poster: false, test_check_in: false };

const post = (shop: TestShop, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(shop.admin), ...(payload ? { payload } : {}) });

describe('getting started checklist', () => {
  it('starts with every step open and ticks each one from the real action', async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'America/Los_Angeles' });
    const first = await checklist(shop);
    expect(first).toEqual({ visible: true, dismissed: false, established: false, all_done: false, items: first.items });
    expect(done(first)).toEqual(ALL_OPEN);

    // Hiding it before everything is done is refused.
    const early = await post(shop, '/api/getting-started/dismiss/');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ status: 0, response: 'Finish every step of the checklist before hiding it.' });

    const service = await post(shop, '/api/services/', { name: 'Skin fade', estimated_minutes: 30, price: 25 });
    expect(service.statusCode).toBe(200);
    expect(done(await checklist(shop)).services).toBe(true);

    const settings = await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) });
    const current = settings.json<{ response: { name: string; username: string; timezone: string } }>().response;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings/',
      headers: bearer(shop.admin),
      payload: { name: current.name, username: current.username, timezone: current.timezone, opening_hours: { mon: { closed: false, open: '00:00', close: '23:59' } } },
    });
    expect(put.statusCode).toBe(200);
    expect(done(await checklist(shop)).hours).toBe(true);

    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    expect(done(await checklist(shop)).test_check_in).toBe(true);

    // The owner alone in the rotation is not enough until they say they work alone, or add a barber.
    expect(done(await checklist(shop)).barbers).toBe(false);
    const alone = await post(shop, '/api/getting-started/marks/', { mark: 'works_alone' });
    expect(alone.statusCode).toBe(200);
    expect(done(gettingStarted.parse(alone.json<{ response: unknown }>().response)).barbers).toBe(true);

    // A booking link that is not a web link does not count.
    await t.db.query("UPDATE barbers SET booking_url = 'http://' WHERE shop_id = $1", [shop.shopId]);
    expect(done(await checklist(shop)).booking_links).toBe(false);
    await t.db.query("UPDATE barbers SET booking_url = 'https://booksy.example/me' WHERE shop_id = $1", [shop.shopId]);
    expect(done(await checklist(shop)).booking_links).toBe(true);

    const poster = await post(shop, '/api/getting-started/marks/', { mark: 'poster_printed' });
    expect(poster.statusCode).toBe(200);
    const all = await checklist(shop);
    expect(all.all_done).toBe(true);
    expect(all.visible).toBe(true);

    const dismissed = await post(shop, '/api/getting-started/dismiss/');
    expect(dismissed.statusCode).toBe(200);
    expect(await checklist(shop)).toMatchObject({ visible: false, dismissed: true, all_done: true });
  });

  it('ticks barbers when someone besides the owner joins the rotation', async () => {
    const shop = await makeShop(t.app, t.db);
    await shop.addMember('employee');
    expect(done(await checklist(shop)).barbers).toBe(true);
  });

  it("never counts another shop's rows", async () => {
    const busy = await makeShop(t.app, t.db);
    const fresh = await makeShop(t.app, t.db);
    expect((await post(busy, '/api/services/', { name: 'Beard trim', estimated_minutes: 15, price: 10 })).statusCode).toBe(200);
    expect((await checkIn(t.app, busy.username)).statusCode).toBe(200);
    await busy.addMember('employee');
    await post(busy, '/api/getting-started/marks/', { mark: 'poster_printed' });
    expect(done(await checklist(fresh))).toEqual(ALL_OPEN);
  });

  it('is hidden for an established shop (many served walk-ins)', async () => {
    const shop = await makeShop(t.app, t.db);
    for (let i = 0; i < ESTABLISHED_SERVED_TICKETS; i++) {
      await t.db.query(
        "INSERT INTO walkin_tickets (shop_id, token, party_name, status, source) VALUES ($1, $2, 'Old customer', 'done', 'staff')",
        [shop.shopId, unique('tk-')],
      );
    }
    expect(await checklist(shop)).toMatchObject({ visible: false, established: true, dismissed: false });
  });

  it('refuses barbers and managers, and an unknown mark', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee');
    const manager = await shop.addMember('manager');
    for (const who of [barber, manager]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/getting-started/', headers: bearer(who) })).statusCode).toBe(403);
      const mark = await t.app.inject({ method: 'POST', url: '/api/getting-started/marks/', headers: bearer(who), payload: { mark: 'poster_printed' } });
      expect(mark.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/getting-started/' })).statusCode).toBe(401);
    const bad = await post(shop, '/api/getting-started/marks/', { mark: 'everything' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 0, response: 'Please name a step: poster_printed or works_alone.' });
  });
});

describe('sign-up time zone', () => {
  const body = () => {
    const username = unique('tz-');
    return { name: 'Ana Ruiz', email: `${username}@example.test`, password: 'correct horse battery', shop_name: 'Ana Cuts', shop_username: username };
  };
  const zoneOf = async (username: string) =>
    (await t.db.query<{ timezone: string }>('SELECT timezone FROM shops WHERE username = $1', [username]))[0]?.timezone;

  it('stores the chosen zone, and UTC when none is sent', async () => {
    const withZone = { ...body(), timezone: 'America/Los_Angeles' };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup/', payload: withZone })).statusCode).toBe(200);
    expect(await zoneOf(withZone.shop_username)).toBe('America/Los_Angeles');
    const without = body();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup/', payload: without })).statusCode).toBe(200);
    expect(await zoneOf(without.shop_username)).toBe('UTC');
  });

  it('refuses an unknown zone with a clear message and creates nothing', async () => {
    const bad = { ...body(), timezone: 'Mars/Olympus' };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup/', payload: bad });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Please choose a valid time zone, for example America/New_York.');
    expect(await zoneOf(bad.shop_username)).toBeUndefined();
  });
});
