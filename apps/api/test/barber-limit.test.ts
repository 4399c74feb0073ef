import { QUEUE_MESSAGES } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, unique, type TestShop } from './support/factories.js';
import { multipart } from './support/multipart.js';

/**
 * The plan's barber limit counts everyone who takes walk-ins (in the rotation, or a barber, who is
 * always assignable), whatever their role. Found by security testing: on BASIC PLAN (2 barbers) an
 * owner added 4 managers, put them in the rotation, and the public page listed 5 barbers.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LIMIT_MESSAGE = 'Your plan (BASIC PLAN) allows 2 barbers. Upgrade your plan to add more.';

type Who = { access: string };
const createMember = (who: Who, role: 'manager' | 'barber' | 'admin') => {
  const { payload, headers } = multipart({ name: unique('Member '), phone_number: '5550001111', email: `${unique(role)}@example.test`, role });
  return t.app.inject({ method: 'POST', url: '/api/barbers/', payload, headers: { ...headers, ...bearer(who) } });
};
const reorder = (who: Who, barberIds: number[]) =>
  t.app.inject({ method: 'POST', url: '/api/rotation/reorder/', payload: { barber_ids: barberIds }, headers: bearer(who) });
const rotationIds = async (who: Who) =>
  ((await t.app.inject({ method: 'GET', url: '/api/rotation/', headers: bearer(who) })).json().response.rotation as { id: number }[]).map((e) => e.id);
const publicBarbers = async (shop: TestShop) =>
  (await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` })).json() as { id: number }[];
const sessionUsage = async (who: Who) => {
  const user = (await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(who) })).json().response;
  return { used: user.total_barbers as number, limit: user.barber_limit as number };
};

/** A BASIC PLAN shop whose owner is in the rotation (as at sign-up) and `n` managers out of it. */
async function shopWithManagers(n: number) {
  const shop = await makeShop(t.app, t.db);
  const managers: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await createMember(shop.admin, 'manager');
    expect(res.statusCode).toBe(200);
    managers.push(res.json().response.id);
  }
  return { shop, managers, owner: (await rotationIds(shop.admin))[0] ?? 0 };
}

describe('the barber limit counts everyone who takes walk-ins', () => {
  it('refuses putting 4 managers in the rotation on BASIC PLAN; the public page keeps 1 barber', async () => {
    const { shop, managers, owner } = await shopWithManagers(4);
    expect(await sessionUsage(shop.admin)).toEqual({ used: 1, limit: 2 });
    const res = await reorder(shop.admin, [owner, ...managers]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 0, response: LIMIT_MESSAGE });
    expect(await rotationIds(shop.admin)).toEqual([owner]);
    expect((await publicBarbers(shop)).map((b) => b.id)).toEqual([owner]);
    expect(await sessionUsage(shop.admin)).toEqual({ used: 1, limit: 2 });
  });

  it('lets a manager join the rotation while a seat is free, then refuses the next one', async () => {
    const { shop, managers, owner } = await shopWithManagers(2);
    const [first = 0, second = 0] = managers;
    expect((await reorder(shop.admin, [owner, first])).statusCode).toBe(200);
    expect(await sessionUsage(shop.admin)).toEqual({ used: 2, limit: 2 });
    const refused = await reorder(shop.admin, [owner, first, second]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().response).toBe(LIMIT_MESSAGE);
    expect(await rotationIds(shop.admin)).toEqual([owner, first]);
    // The public page and the session user's usage count the same people.
    expect((await publicBarbers(shop)).map((b) => b.id)).toEqual([owner, first]);
    // Reordering the people already in it is no growth: allowed at the limit.
    expect((await reorder(shop.admin, [first, owner])).statusCode).toBe(200);
  });

  it('counts managers and admins in the rotation when creating a barber', async () => {
    const { shop, managers, owner } = await shopWithManagers(1);
    expect((await reorder(shop.admin, [owner, managers[0] ?? 0])).statusCode).toBe(200);
    const barber = await createMember(shop.admin, 'barber');
    expect(barber.statusCode).toBe(403);
    expect(barber.json()).toEqual({ status: 0, response: LIMIT_MESSAGE });
    // A manager or admin created out of the rotation takes no seat.
    expect((await createMember(shop.admin, 'manager')).statusCode).toBe(200);
    expect((await createMember(shop.admin, 'admin')).statusCode).toBe(200);
    expect(await sessionUsage(shop.admin)).toEqual({ used: 2, limit: 2 });
  });

  it('refuses giving a ticket to a member who does not take walk-ins (join the rotation first)', async () => {
    const { shop, managers } = await shopWithManagers(1);
    const manager = managers[0] ?? 0;
    const ticket = await t.app.inject({ method: 'POST', url: '/api/walkins/', payload: { name: 'Walk In' }, headers: bearer(shop.admin) });
    expect(ticket.statusCode).toBe(200);
    const id = ticket.json().response.id as number;
    for (const action of ['call', 'start']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/${action}/`, payload: { barber_id: manager }, headers: bearer(shop.admin) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.notTakingWalkins });
    }
    const callNext = await t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', payload: { barber_id: manager }, headers: bearer(shop.admin) });
    expect(callNext.statusCode).toBe(409);
    expect(callNext.json().response).toBe(QUEUE_MESSAGES.notTakingWalkins);
    const after = await t.app.inject({ method: 'GET', url: `/api/walkins/${id}/`, headers: bearer(shop.admin) });
    expect(after.json().response).toMatchObject({ status: 'waiting', barber_id: null });
  });

  it('has no limit on an unlimited plan (-1)', async () => {
    const { shop, managers, owner } = await shopWithManagers(4);
    await t.db.query("UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'premium-monthly') WHERE shop_id = $1", [shop.shopId]);
    expect((await reorder(shop.admin, [owner, ...managers])).statusCode).toBe(200);
    expect(await sessionUsage(shop.admin)).toEqual({ used: 5, limit: -1 });
    expect(await publicBarbers(shop)).toHaveLength(5);
  });
});
