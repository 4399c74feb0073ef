import { nextBarberReply, paginated, rotationEvent } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToRotation, removeFromRotation } from '../src/modules/queue/rotation/rotation-repository.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, type TestShop } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, user: { access: string }, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(user), ...(payload ? { payload } : {}) });
const get = (url: string, user: { access: string }) => t.app.inject({ method: 'GET', url, headers: bearer(user) });

async function rotationOf(user: { access: string }) {
  return nextBarberReply.parse((await get('/api/rotation/', user)).json()).response;
}
const order = async (user: { access: string }) => (await rotationOf(user)).rotation.map((e) => e.id);

/** A shop whose rotation is exactly three barbers (the owner works the desk). */
async function threeBarberShop() {
  const shop = await makeShop(t.app, t.db);
  const a = await shop.addMember('employee', 'Marcus Reed');
  const b = await shop.addMember('employee', 'Jay Kim');
  const c = await shop.addMember('employee', 'Andre Silva');
  const owner = await t.db.query<{ id: number }>('SELECT id FROM barbers WHERE shop_id = $1 AND id NOT IN ($2, $3, $4)', [
    shop.shopId,
    a.barberId,
    b.barberId,
    c.barberId,
  ]);
  await t.db.transaction((tx) => removeFromRotation(tx, shop.shopId, owner[0]?.id ?? 0, shop.admin.userId, 'Runs the desk'));
  return { shop, a, b, c };
}

async function positions(shop: TestShop) {
  const rows = await t.db.query<{ id: number; position: number | null }>(
    'SELECT id, position FROM barbers WHERE shop_id = $1 AND position IS NOT NULL ORDER BY position',
    [shop.shopId],
  );
  return rows;
}

describe('who is up', () => {
  it('answers the rotation in order and the first available barber (also as GET /get-next-barber/)', async () => {
    const { shop, a, b, c } = await threeBarberShop();
    const view = await rotationOf(shop.admin);
    expect(view.rotation.map((e) => [e.id, e.position])).toEqual([
      [a.barberId, 0],
      [b.barberId, 1],
      [c.barberId, 2],
    ]);
    expect(view.next_barber?.id).toBe(a.barberId);
    const spec = nextBarberReply.parse((await get('/api/get-next-barber/', b)).json());
    expect(spec.response.next_barber?.id).toBe(a.barberId);
  });

  it('skips barbers on break or off, and barbers with a customer', async () => {
    const { shop, a, b, c } = await threeBarberShop();
    await post(`/api/barbers/${a.barberId}/status/`, a, { status: 'break', reason: 'Lunch' });
    expect((await rotationOf(shop.admin)).next_barber?.id).toBe(b.barberId);
    await post(`/api/barbers/${b.barberId}/status/`, shop.admin, { status: 'off' });
    expect((await rotationOf(shop.admin)).next_barber?.id).toBe(c.barberId);
    const w = await post('/api/walkins/', shop.admin, { name: 'Tom Nguyen' });
    await post(`/api/walkins/${w.json().response.id}/call/`, c);
    expect((await rotationOf(shop.admin)).next_barber).toBeNull();
    // The places are kept: break and off do not cost a turn.
    expect(await order(shop.admin)).toEqual([a.barberId, b.barberId, c.barberId]);
  });
});

describe('turns', () => {
  it('sends a barber who starts a walk-in to the back, and records it', async () => {
    const { shop, a, b, c } = await threeBarberShop();
    const w = await post('/api/walkins/', shop.admin, { name: 'Luis Ortega' });
    const started = await post(`/api/walkins/${w.json().response.id}/start/`, a);
    expect(started.json().response).toMatchObject({ status: 'in_service', barber_id: a.barberId });
    expect(await order(shop.admin)).toEqual([b.barberId, c.barberId, a.barberId]);
    const view = await rotationOf(shop.admin);
    expect(view.rotation.find((e) => e.id === a.barberId)).toMatchObject({
      status: 'busy',
      current_ticket: { party_name: 'Luis Ortega', status: 'in_service' },
    });
    expect(view.in_service_count).toBe(1);
    expect(view.next_barber?.id).toBe(b.barberId);
    const history = paginated(rotationEvent).parse((await get('/api/rotation/events/', shop.admin)).json());
    expect(history.response[0]).toMatchObject({ kind: 'turn', barber_id: a.barberId, from_position: 0, to_position: 2, reason: 'Started a walk-in' });
    // The barber who started the walk-in is the one who moved.
    expect(history.response[0]?.actor_name).toBe('Marcus Reed');

    // Finishing makes the barber available again, still at the back.
    await post(`/api/walkins/${w.json().response.id}/complete/`, a);
    expect((await rotationOf(shop.admin)).rotation.find((e) => e.id === a.barberId)?.status).toBe('available');
    expect(await order(shop.admin)).toEqual([b.barberId, c.barberId, a.barberId]);
  });

  it('does not cost a turn to serve an appointment (busy keeps the place)', async () => {
    const { shop, a, b, c } = await threeBarberShop();
    await post(`/api/barbers/${a.barberId}/status/`, a, { status: 'busy', reason: 'Appointment' });
    expect(await order(shop.admin)).toEqual([a.barberId, b.barberId, c.barberId]);
    expect((await rotationOf(shop.admin)).next_barber?.id).toBe(b.barberId);
    await post(`/api/barbers/${a.barberId}/status/`, a, { status: 'available' });
    expect((await rotationOf(shop.admin)).next_barber?.id).toBe(a.barberId);
  });

  it('shows barbers the names of other barbers’ customers masked', async () => {
    const { shop, a, b } = await threeBarberShop();
    const w = await post('/api/walkins/', shop.admin, { name: 'Omar Farah' });
    await post(`/api/walkins/${w.json().response.id}/start/`, a);
    const seenByB = await rotationOf(b);
    expect(seenByB.rotation.find((e) => e.id === a.barberId)?.current_ticket?.party_name).toBe('Omar F.');
    const seenByA = await rotationOf(a);
    expect(seenByA.rotation.find((e) => e.id === a.barberId)?.current_ticket?.party_name).toBe('Omar Farah');
  });
});

describe('managers reorder', () => {
  it('writes the new dense order and records who and why', async () => {
    const { shop, a, b, c } = await threeBarberShop();
    const res = await post('/api/rotation/reorder/', shop.admin, { barber_ids: [c.barberId, a.barberId, b.barberId], reason: 'Andre opened' });
    expect(res.statusCode).toBe(200);
    expect(nextBarberReply.parse(res.json()).response.rotation.map((e) => [e.id, e.position])).toEqual([
      [c.barberId, 0],
      [a.barberId, 1],
      [b.barberId, 2],
    ]);
    expect(await positions(shop)).toEqual([
      { id: c.barberId, position: 0 },
      { id: a.barberId, position: 1 },
      { id: b.barberId, position: 2 },
    ]);
    const history = paginated(rotationEvent).parse((await get('/api/rotation/events/', shop.admin)).json());
    const reorders = history.response.filter((e) => e.kind === 'reorder');
    expect(reorders).toHaveLength(3);
    expect(reorders.every((e) => e.reason === 'Andre opened' && e.actor_name === `Owner ${shop.username}`)).toBe(true);
    expect(reorders.find((e) => e.barber_id === c.barberId)).toMatchObject({ from_position: 2, to_position: 0 });
  });

  it('refuses stale, duplicate or foreign lists, and barbers', async () => {
    const { shop, a, b, c } = await threeBarberShop();
    const stale = await post('/api/rotation/reorder/', shop.admin, { barber_ids: [b.barberId, a.barberId] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().response).toBe('The rotation has changed. Please reload and try again.');
    const dup = await post('/api/rotation/reorder/', shop.admin, { barber_ids: [a.barberId, a.barberId, b.barberId, c.barberId] });
    expect(dup.statusCode).toBe(400);
    const other = await makeShop(t.app, t.db);
    const foreign = await other.addMember('employee');
    const res = await post('/api/rotation/reorder/', shop.admin, { barber_ids: [a.barberId, b.barberId, c.barberId, foreign.barberId] });
    expect(res.statusCode).toBe(404);
    expect((await post('/api/rotation/reorder/', a, { barber_ids: [c.barberId, b.barberId, a.barberId] })).statusCode).toBe(403);
    expect(await order(shop.admin)).toEqual([a.barberId, b.barberId, c.barberId]);
  });

  it('brings a barber who was out of the rotation back in at the chosen place', async () => {
    const { shop, a, b, c } = await threeBarberShop();
    const owner = (await t.db.query<{ id: number }>('SELECT id FROM barbers WHERE shop_id = $1 AND position IS NULL', [shop.shopId]))[0];
    // Joining the rotation takes a seat of the plan's barber limit (docs/product-rules.md): room for a fourth.
    await t.db.query("UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'premium-monthly') WHERE shop_id = $1", [shop.shopId]);
    const res = await post('/api/rotation/reorder/', shop.admin, { barber_ids: [a.barberId, owner?.id, b.barberId, c.barberId] });
    expect(res.statusCode).toBe(200);
    expect(await order(shop.admin)).toEqual([a.barberId, owner?.id, b.barberId, c.barberId]);
  });
});

describe('barber status', () => {
  it('lets a barber set their own status, managers anyone, and refuses a barber setting another', async () => {
    const { shop, a, b } = await threeBarberShop();
    const own = await post(`/api/barbers/${a.barberId}/status/`, a, { status: 'break', reason: 'Coffee' });
    expect(own.statusCode).toBe(200);
    expect(own.json().response).toMatchObject({ id: a.barberId, status: 'break', position: 0 });
    expect((await post(`/api/barbers/${b.barberId}/status/`, a, { status: 'off' })).statusCode).toBe(403);
    const manager = await shop.addMember('manager');
    expect((await post(`/api/barbers/${b.barberId}/status/`, manager, { status: 'off' })).json().response.status).toBe('off');
    const bad = await post(`/api/barbers/${b.barberId}/status/`, manager, { status: 'asleep' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().response).toBe('The status must be available, busy, break or off.');
    const history = paginated(rotationEvent).parse((await get('/api/rotation/events/', shop.admin)).json());
    expect(history.response.find((e) => e.kind === 'status' && e.barber_id === a.barberId)?.reason).toBe('available → break: Coffee');
    const other = await makeShop(t.app, t.db);
    expect((await post(`/api/barbers/${a.barberId}/status/`, other.admin, { status: 'off' })).statusCode).toBe(404);
  });
});

describe('the rotation repository used by team management', () => {
  it('appends a new barber at the back and removes one, keeping positions dense and recorded', async () => {
    const { shop, a, b, c } = await threeBarberShop();
    const extra = await shop.addMember('employee');
    // addMember placed them already; take them out and add them back through the repository.
    await t.db.transaction((tx) => removeFromRotation(tx, shop.shopId, extra.barberId, null, 'Test'));
    await t.db.transaction((tx) => appendToRotation(tx, shop.shopId, extra.barberId, shop.admin.userId, 'New barber'));
    await t.db.transaction((tx) => appendToRotation(tx, shop.shopId, extra.barberId, shop.admin.userId, 'Twice is a no-op'));
    expect(await order(shop.admin)).toEqual([a.barberId, b.barberId, c.barberId, extra.barberId]);
    await t.db.transaction((tx) => removeFromRotation(tx, shop.shopId, b.barberId, shop.admin.userId, 'Left the shop'));
    expect(await positions(shop)).toEqual([
      { id: a.barberId, position: 0 },
      { id: c.barberId, position: 1 },
      { id: extra.barberId, position: 2 },
    ]);
    const history = paginated(rotationEvent).parse((await get('/api/rotation/events/?page_size=100', shop.admin)).json());
    expect(history.response.find((e) => e.reason === 'New barber')).toMatchObject({ kind: 'join', barber_id: extra.barberId, to_position: 3 });
    expect(history.response.find((e) => e.kind === 'leave' && e.reason === 'Left the shop')).toMatchObject({
      barber_id: b.barberId,
      from_position: 1,
      to_position: null,
    });
    expect(history.response.filter((e) => e.reason === 'Twice is a no-op')).toEqual([]);
  });

  it("keeps the session user's position equal to the live rotation", async () => {
    const { shop, a, b } = await threeBarberShop();
    const w = await post('/api/walkins/', shop.admin, { name: 'Sam Patel' });
    await post(`/api/walkins/${w.json().response.id}/start/`, a);
    const me = await get('/api/auth/get-user-data/', a);
    expect(me.json().response.position).toBe(2);
    const bMe = await get('/api/auth/get-user-data/', b);
    expect(bMe.json().response.position).toBe(0);
  });
});
