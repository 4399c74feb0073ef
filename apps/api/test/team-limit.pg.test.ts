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

const reorder = (access: string, barberIds: number[]) =>
  t.app.inject({ method: 'POST', url: '/api/rotation/reorder/', payload: { barber_ids: barberIds }, headers: bearer({ access }) });

/** Everyone who takes walk-ins: in the rotation, or a barber. */
async function takingWalkins(shopId: number): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM barbers b JOIN memberships m ON m.id = b.membership_id
      WHERE b.shop_id = $1 AND b.archived_at IS NULL AND (b.position IS NOT NULL OR m.role = 'employee')`,
    [shopId],
  );
  return rows[0]?.n ?? -1;
}

async function ownerBarberId(shopId: number): Promise<number> {
  const rows = await t.db.query<{ id: number }>('SELECT id FROM barbers WHERE shop_id = $1 AND position = 0', [shopId]);
  return rows[0]?.id ?? 0;
}

/** Managers created through the API (out of the rotation: no seat). */
async function managersOutOfRotation(shop: { admin: { access: string } }, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const { payload, headers } = multipart({ name: `Manager ${i}`, phone_number: '5550001111', email: `${unique('mgr')}@example.test`, role: 'manager' });
    const res = await t.app.inject({ method: 'POST', url: '/api/barbers/', payload, headers: { ...headers, ...bearer(shop.admin) } });
    expect(res.statusCode).toBe(200);
    ids.push(res.json().response.id);
  }
  return ids;
}

describe('the plan barber limit under concurrent creation', () => {
  it('runs on PostgreSQL', () => {
    expect(onPostgres()).toBe(true);
  });

  it('with one seat left, exactly one of many simultaneous creations succeeds', async () => {
    // BASIC PLAN: 2 seats; the owner (in the rotation) takes one, 1 left.
    const shop = await makeShop(t.app, t.db);
    const results = await Promise.all(Array.from({ length: 12 }, () => newBarber(shop.admin.access)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(11).fill(403)]);
    for (const refused of results.filter((r) => r.statusCode === 403)) {
      expect(refused.json()).toEqual({ status: 0, response: 'Your plan (BASIC PLAN) allows 2 barbers. Upgrade your plan to add more.' });
    }
    const count = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM memberships WHERE shop_id = $1 AND role = 'employee'", [shop.shopId]);
    expect(count[0]?.n).toBe(1);
    const positions = await t.db.query<{ position: number }>('SELECT position FROM barbers WHERE shop_id = $1 AND position IS NOT NULL ORDER BY position', [shop.shopId]);
    expect(positions.map((p) => p.position)).toEqual([0, 1]);
    expect(await takingWalkins(shop.shopId)).toBe(2);
  });

  it('with one seat left, exactly one of many simultaneous rotation joins (managers) succeeds', async () => {
    const shop = await makeShop(t.app, t.db);
    const managers = await managersOutOfRotation(shop, 12);
    const owner = await ownerBarberId(shop.shopId);
    // Each adds a different manager to the rotation; whoever is second finds the seat taken (403)
    // or the rotation changed under it (409). Never two joins.
    const results = await Promise.all(managers.map((id) => reorder(shop.admin.access, [owner, id])));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 403 || c === 409)).toBe(true);
    expect(await takingWalkins(shop.shopId)).toBe(2);
    // Once full, asking for every manager at once is refused with the plan's message.
    const current = await t.db.query<{ id: number }>('SELECT id FROM barbers WHERE shop_id = $1 AND position IS NOT NULL ORDER BY position', [shop.shopId]);
    const all = await reorder(shop.admin.access, [...current.map((c) => c.id), ...managers.filter((id) => !current.some((c) => c.id === id))]);
    expect(all.statusCode).toBe(403);
    expect(all.json()).toEqual({ status: 0, response: 'Your plan (BASIC PLAN) allows 2 barbers. Upgrade your plan to add more.' });
    expect(await takingWalkins(shop.shopId)).toBe(2);
  });

  it('rotation joins and barber creations racing for the last seat: exactly one wins', async () => {
    const shop = await makeShop(t.app, t.db);
    const managers = await managersOutOfRotation(shop, 6);
    const owner = await ownerBarberId(shop.shopId);
    const results = await Promise.all([
      ...managers.map((id) => reorder(shop.admin.access, [owner, id])),
      ...managers.map(() => newBarber(shop.admin.access)),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 403 || c === 409)).toBe(true);
    expect(await takingWalkins(shop.shopId)).toBe(2);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(shop.admin) })).json().response;
    expect([me.total_barbers, me.barber_limit]).toEqual([2, 2]);
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
