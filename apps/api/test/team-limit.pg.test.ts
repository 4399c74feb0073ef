import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './support/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, unique } from './support/factories.js';
import { multipart } from './support/multipart.js';

/** On PostgreSQL the requests really run at once, each on its own connection. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const newBarber = (access: string) => {
  const { payload, headers } = multipart({
    name: 'Racer',
    phone_number: '5550001111',
    email: `${unique('racer')}@example.test`,
    role: 'barber',
  });
  return t.app.inject({ method: 'POST', url: '/api/barbers/', payload, headers: { ...headers, ...bearer({ access }) } });
};

describe('the plan barber limit under concurrent creation', () => {
  it('runs on PostgreSQL', () => {
    expect(onPostgres()).toBe(true);
  });

  it('with one seat left, exactly one of many simultaneous creations succeeds', async () => {
    const shop = await makeShop(t.app, t.db);
    await shop.addMember('employee'); // BASIC PLAN: 2 seats, 1 left
    const results = await Promise.all(Array.from({ length: 12 }, () => newBarber(shop.admin.access)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(11).fill(403)]);
    for (const refused of results.filter((r) => r.statusCode === 403)) {
      expect(refused.json()).toEqual({ status: 0, response: 'Your plan (BASIC PLAN) allows 2 barbers. Upgrade your plan to add more.' });
    }
    const count = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM memberships WHERE shop_id = $1 AND role = 'employee'", [shop.shopId]);
    expect(count[0]?.n).toBe(2);
    const positions = await t.db.query<{ position: number }>('SELECT position FROM barbers WHERE shop_id = $1 AND position IS NOT NULL ORDER BY position', [shop.shopId]);
    expect(positions.map((p) => p.position)).toEqual([0, 1, 2]);
  });

  it('of simultaneous creations with the same email, one succeeds and the others get 409', async () => {
    const shop = await makeShop(t.app, t.db);
    await t.db.query("UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'premium-monthly') WHERE shop_id = $1", [shop.shopId]);
    const email = `${unique('same')}@example.test`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => {
        const { payload, headers } = multipart({ name: 'Twin', phone_number: '5550001111', email });
        return t.app.inject({ method: 'POST', url: '/api/barbers/', payload, headers: { ...headers, ...bearer(shop.admin) } });
      }),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });
});
