import { QUEUE_MESSAGES, ROTATION_MEMBERSHIP_MESSAGES, type QueueEvent } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, unique, uniquePhone, type TestShop } from './support/factories.js';
import { multipart } from './support/multipart.js';

/**
 * Whether an owner or manager cuts hair is their choice: they leave the walk-in rotation (freeing a
 * seat of the plan's barber limit) and join it again (taking one, refused beyond the plan). A
 * barber always takes walk-ins. Each test builds its own shops.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LIMIT_MESSAGE = 'Your plan (BASIC PLAN) allows 2 barbers. Upgrade your plan to add more.';

type Who = { access: string };
const leave = (who: Who, barberId: number, reason?: string) =>
  t.app.inject({ method: 'POST', url: '/api/rotation/leave/', payload: { barber_id: barberId, reason }, headers: bearer(who) });
const join = (who: Who, barberId: number) =>
  t.app.inject({ method: 'POST', url: '/api/rotation/join/', payload: { barber_id: barberId }, headers: bearer(who) });
const createMember = (who: Who, role: 'manager' | 'barber') => {
  const { payload, headers } = multipart({ name: unique('Member '), phone_number: '5550001111', email: `${unique(role)}@example.test`, role });
  return t.app.inject({ method: 'POST', url: '/api/barbers/', payload, headers: { ...headers, ...bearer(who) } });
};
const rotationIds = async (who: Who) =>
  ((await t.app.inject({ method: 'GET', url: '/api/rotation/', headers: bearer(who) })).json().response.rotation as { id: number }[]).map((e) => e.id);
const totalBarbers = async (who: Who) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(who) })).json().response.total_barbers as number;
/** Positions as stored, in order: the rotation must stay 0..n-1 with no gap. */
const storedPositions = async (shopId: number) =>
  (await t.db.query<{ id: number; position: number }>('SELECT id, position FROM barbers WHERE shop_id = $1 AND position IS NOT NULL ORDER BY position', [shopId])).map(
    (r) => [r.id, r.position],
  );
const ownerBarberId = async (shop: TestShop) => (await rotationIds(shop.admin))[0] ?? 0;

describe('an owner or manager leaves and joins the walk-in rotation', () => {
  it('frees a seat: the owner leaves, total_barbers drops by one and a barber can be added on BASIC PLAN', async () => {
    const shop = await makeShop(t.app, t.db);
    const owner = await ownerBarberId(shop);
    const first = await createMember(shop.admin, 'barber');
    expect(first.statusCode).toBe(200);
    const firstId = first.json().response.id as number;
    expect(await totalBarbers(shop.admin)).toBe(2);
    const refused = await createMember(shop.admin, 'barber');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 0, response: LIMIT_MESSAGE });

    const res = await leave(shop.admin, owner, 'I run the front desk');
    expect(res.statusCode).toBe(200);
    expect(res.json().response.rotation.map((e: { id: number }) => e.id)).toEqual([firstId]);
    expect(await totalBarbers(shop.admin)).toBe(1);
    const publicIds = (await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` })).json().map((b: { id: number }) => b.id);
    expect(publicIds).toEqual([firstId]);

    const second = await createMember(shop.admin, 'barber');
    expect(second.statusCode).toBe(200);
    expect(await totalBarbers(shop.admin)).toBe(2);
    expect(await rotationIds(shop.admin)).toEqual([firstId, second.json().response.id]);

    // The history says who took whom out, from where, and why.
    const events = (await t.app.inject({ method: 'GET', url: '/api/rotation/events/?page_size=50', headers: bearer(shop.admin) })).json().response as {
      barber_id: number;
      kind: string;
      from_position: number | null;
      to_position: number | null;
      reason: string;
      actor_name: string | null;
    }[];
    expect(events.find((e) => e.barber_id === owner && e.kind === 'leave')).toMatchObject({
      from_position: 0,
      to_position: null,
      reason: 'I run the front desk',
      actor_name: `Owner ${shop.username}`,
    });
  });

  it('joins at the end of the rotation, refused beyond the plan with its message', async () => {
    const shop = await makeShop(t.app, t.db);
    const owner = await ownerBarberId(shop);
    expect((await leave(shop.admin, owner)).statusCode).toBe(200);
    const barbers: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await createMember(shop.admin, 'barber');
      expect(res.statusCode).toBe(200);
      barbers.push(res.json().response.id);
    }
    const refused = await join(shop.admin, owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 0, response: LIMIT_MESSAGE });
    expect(await rotationIds(shop.admin)).toEqual(barbers);
    expect(await totalBarbers(shop.admin)).toBe(2);

    // A seat freed (a barber removed): the owner joins, at the back.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/team/team-members/${barbers[0]}/`, headers: bearer(shop.admin) })).statusCode).toBe(200);
    const joined = await join(shop.admin, owner);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().response.rotation.map((e: { id: number }) => e.id)).toEqual([barbers[1], owner]);
    expect(await storedPositions(shop.shopId)).toEqual([
      [barbers[1], 0],
      [owner, 1],
    ]);
    expect(await totalBarbers(shop.admin)).toBe(2);
    const events = (await t.app.inject({ method: 'GET', url: '/api/rotation/events/', headers: bearer(shop.admin) })).json().response as {
      barber_id: number;
      kind: string;
      to_position: number | null;
    }[];
    expect(events[0]).toMatchObject({ barber_id: owner, kind: 'join', to_position: 1 });
    // Joining again changes nothing and records nothing.
    const total = async () => (await t.app.inject({ method: 'GET', url: '/api/rotation/events/', headers: bearer(shop.admin) })).json().total as number;
    const before = await total();
    expect((await join(shop.admin, owner)).statusCode).toBe(200);
    expect(await total()).toBe(before);
    expect(await rotationIds(shop.admin)).toEqual([barbers[1], owner]);
  });

  it('refuses taking a barber out: a barber always takes walk-ins', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee');
    const before = await rotationIds(shop.admin);
    const res = await leave(shop.admin, barber.barberId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 0, response: ROTATION_MEMBERSHIP_MESSAGES.barberAlwaysTakesWalkins });
    expect(await rotationIds(shop.admin)).toEqual(before);
    expect(before).toContain(barber.barberId);
  });

  it("answers 404 for another shop's member or one that does not exist, and changes nothing", async () => {
    const shop = await makeShop(t.app, t.db);
    const other = await makeShop(t.app, t.db);
    const otherOwner = await ownerBarberId(other);
    for (const call of [leave, join]) {
      for (const id of [otherOwner, 999999999]) {
        const res = await call(shop.admin, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ status: 0, response: 'This barber does not exist.' });
      }
    }
    expect(await rotationIds(other.admin)).toEqual([otherOwner]);
  });

  it('refuses barbers (403); a manager may take the owner out and put them back', async () => {
    const shop = await makeShop(t.app, t.db);
    const owner = await ownerBarberId(shop);
    const barber = await shop.addMember('employee');
    for (const call of [leave, join]) {
      const res = await call(barber, owner);
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe(0);
    }
    expect(await rotationIds(shop.admin)).toEqual([owner, barber.barberId]);

    const manager = await shop.addMember('manager');
    expect((await leave(manager, owner)).statusCode).toBe(200);
    expect(await rotationIds(shop.admin)).toEqual([barber.barberId, manager.barberId]);
    // The manager is in the rotation too (2 of 2 seats): the owner cannot come back until one leaves.
    expect((await join(manager, owner)).statusCode).toBe(403);
    expect((await leave(manager, manager.barberId)).statusCode).toBe(200);
    expect((await join(manager, owner)).statusCode).toBe(200);
    expect(await rotationIds(shop.admin)).toEqual([barber.barberId, owner]);
  });

  it('sends the customers waiting for the leaving member to any barber, keeping their places', async () => {
    const shop = await makeShop(t.app, t.db);
    const owner = await ownerBarberId(shop);
    const barber = await shop.addMember('employee');
    const walkIn = async (barberId: number | null) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/walkins/',
        payload: { name: unique('Guest '), phone_number: uniquePhone(), barber_id: barberId ?? undefined },
        headers: bearer(shop.admin),
      });
      expect(res.statusCode).toBe(200);
      return res.json().response.id as number;
    };
    const forOwner = await walkIn(owner);
    const forBarber = await walkIn(barber.barberId);
    const forAnyone = await walkIn(null);

    const events: QueueEvent[] = [];
    const published = new Promise<void>((resolve) => {
      const stop = t.app.events.subscribe(shop.username, (event) => {
        events.push(event);
        stop();
        resolve();
      });
    });
    expect((await leave(shop.admin, owner)).statusCode).toBe(200);
    await published;
    expect(events[0]).toMatchObject({ kind: 'rotation', shop_username: shop.username });

    const preferred = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/walkins/${id}/`, headers: bearer(shop.admin) })).json().response as {
        status: string;
        preferred_barber_id: number | null;
        place: number | null;
      };
    // The owner's customer keeps the front of the line, now for anyone: the barber's customer is
    // behind them, and the customer for anyone stays third.
    expect(await preferred(forOwner)).toMatchObject({ status: 'waiting', preferred_barber_id: null, place: 1 });
    expect(await preferred(forBarber)).toMatchObject({ status: 'waiting', preferred_barber_id: barber.barberId, place: 2 });
    expect(await preferred(forAnyone)).toMatchObject({ status: 'waiting', preferred_barber_id: null, place: 3 });
    // Nobody can ask for them any more while they are out of the rotation.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/check-in/',
      payload: { shop_username: shop.username, name: 'Luis Ortega', phone_number: uniquePhone(), barber_id: owner },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.barberNotInShop });
  });

  it('keeps the rotation dense when someone in the middle leaves', async () => {
    const shop = await makeShop(t.app, t.db);
    await t.db.query("UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'premium-monthly') WHERE shop_id = $1", [shop.shopId]);
    const owner = await ownerBarberId(shop);
    const a = await shop.addMember('employee');
    const manager = await shop.addMember('manager');
    const b = await shop.addMember('employee');
    expect(await storedPositions(shop.shopId)).toEqual([
      [owner, 0],
      [a.barberId, 1],
      [manager.barberId, 2],
      [b.barberId, 3],
    ]);
    expect((await leave(shop.admin, manager.barberId)).statusCode).toBe(200);
    expect(await storedPositions(shop.shopId)).toEqual([
      [owner, 0],
      [a.barberId, 1],
      [b.barberId, 2],
    ]);
    expect((await leave(shop.admin, owner)).statusCode).toBe(200);
    expect(await storedPositions(shop.shopId)).toEqual([
      [a.barberId, 0],
      [b.barberId, 1],
    ]);
    // Leaving twice is no change and no new history.
    const total = async () => (await t.app.inject({ method: 'GET', url: '/api/rotation/events/', headers: bearer(shop.admin) })).json().total as number;
    const before = await total();
    expect((await leave(shop.admin, owner)).statusCode).toBe(200);
    expect(await total()).toBe(before);
  });
});
