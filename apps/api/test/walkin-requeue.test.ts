import { PUT_BACK_MESSAGES, PUT_BACK_WINDOW_MINUTES, QUEUE_MESSAGES, walkin, type QueueEvent } from '@chairline/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, setCheckInLimit, uniquePhone, type TestShop } from './support/factories.js';

/**
 * Undo of a cancel or no-show: POST /walkins/{id}/requeue/ puts the ticket back at its place.
 * The clock is the real one shifted by `offsetMinutes`: tickets leave the line at the database's
 * time, and the test moves the app's clock past the window.
 */
let offsetMinutes = 0;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: () => new Date(Date.now() + offsetMinutes * 60_000) });
});
beforeEach(() => {
  offsetMinutes = 0;
});
afterAll(() => t.close());

const post = (url: string, user: { access: string }) => t.app.inject({ method: 'POST', url, headers: bearer(user) });

async function line(shop: TestShop, n: number, phone?: string) {
  const ids: { id: number; token: string }[] = [];
  for (let i = 0; i < n; i++) {
    const res = await checkIn(t.app, shop.username, { name: `Guest ${i + 1}`, ...(i === 0 && phone ? { phone_number: phone } : {}) });
    expect(res.statusCode).toBe(200);
    const token = res.json().response.token as string;
    const row = await t.db.query<{ id: number }>('SELECT id FROM walkin_tickets WHERE token = $1', [token]);
    ids.push({ id: row[0]?.id ?? 0, token });
  }
  return ids;
}

async function places(shop: TestShop): Promise<Map<number, number | null>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/walkins/?status=waiting&page_size=100', headers: bearer(shop.admin) });
  return new Map(
    (res.json().response as unknown[]).map((w) => {
      const one = walkin.parse(w);
      return [one.id, one.place] as const;
    }),
  );
}

describe('putting a cancelled ticket back in line', () => {
  it('restores its old place; those behind move back one; places stay unique and dense', async () => {
    const shop = await makeShop(t.app, t.db);
    const [a, b, c, d] = await line(shop, 4);
    expect((await post(`/api/walkins/${b?.id}/cancel/`, shop.admin)).statusCode).toBe(200);
    expect([...(await places(shop)).values()]).toEqual([1, 2, 3]);
    expect((await places(shop)).get(c?.id ?? 0)).toBe(2);

    const events: QueueEvent[] = [];
    const stop = t.app.events.subscribe(shop.username, (e) => events.push(e));
    const res = await post(`/api/walkins/${b?.id}/requeue/`, shop.admin);
    stop();
    expect(res.statusCode).toBe(200);
    expect(walkin.parse(res.json().response)).toMatchObject({ id: b?.id, status: 'waiting', place: 2, ended_at: null });
    const after = await places(shop);
    expect([a?.id, b?.id, c?.id, d?.id].map((id) => after.get(id ?? 0))).toEqual([1, 2, 3, 4]);
    expect(events).toContainEqual(expect.objectContaining({ kind: 'ticket', token: b?.token, status: 'waiting' }));

    // The customer's own ticket page shows them waiting again.
    const mine = await t.app.inject({ method: 'GET', url: `/api/check-in/${b?.token}/` });
    expect(mine.json().response).toMatchObject({ status: 'waiting', place: 2, ahead: 1 });
  });

  it('puts back a no-show (called, then marked) at the front, unassigned', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee');
    const [a, b] = await line(shop, 2);
    expect((await post('/api/walkins/call-next/', barber)).json().response.id).toBe(a?.id);
    expect((await post(`/api/walkins/${a?.id}/no-show/`, barber)).statusCode).toBe(200);
    const res = await post(`/api/walkins/${a?.id}/requeue/`, barber);
    expect(res.statusCode).toBe(200);
    expect(walkin.parse(res.json().response)).toMatchObject({ status: 'waiting', place: 1, barber_id: null, called_at: null });
    expect((await places(shop)).get(b?.id ?? 0)).toBe(2);
  });

  it('puts back a ticket the customer cancelled themselves', async () => {
    const shop = await makeShop(t.app, t.db);
    const [a] = await line(shop, 1);
    expect((await t.app.inject({ method: 'POST', url: `/api/check-in/${a?.token}/cancel/` })).statusCode).toBe(200);
    const res = await post(`/api/walkins/${a?.id}/requeue/`, shop.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ status: 'waiting', place: 1 });
  });

  it('writes a history row for every change: who, from, to, when', async () => {
    const shop = await makeShop(t.app, t.db);
    const [a] = await line(shop, 1);
    await post(`/api/walkins/${a?.id}/cancel/`, shop.admin);
    await post(`/api/walkins/${a?.id}/requeue/`, shop.admin);
    await t.app.inject({ method: 'POST', url: `/api/check-in/${a?.token}/cancel/` });
    const rows = await t.db.query<{ from_status: string | null; to_status: string; actor: string; actor_user_id: number | null; at: Date }>(
      'SELECT from_status, to_status, actor, actor_user_id, at FROM walkin_ticket_events WHERE ticket_id = $1 ORDER BY id',
      [a?.id],
    );
    expect(rows.map(({ at: _at, ...r }) => r)).toEqual([
      { from_status: null, to_status: 'waiting', actor: 'customer', actor_user_id: null },
      { from_status: 'waiting', to_status: 'cancelled', actor: 'staff', actor_user_id: shop.admin.userId },
      { from_status: 'cancelled', to_status: 'waiting', actor: 'staff', actor_user_id: shop.admin.userId },
      { from_status: 'waiting', to_status: 'cancelled', actor: 'customer', actor_user_id: null },
    ]);
    expect(rows.every((r) => r.at instanceof Date)).toBe(true);
  });

  it(`is refused once the ticket left more than ${PUT_BACK_WINDOW_MINUTES} minutes ago`, async () => {
    const shop = await makeShop(t.app, t.db);
    const [a, b] = await line(shop, 2);
    await post(`/api/walkins/${a?.id}/cancel/`, shop.admin);
    await post(`/api/walkins/${b?.id}/cancel/`, shop.admin);
    offsetMinutes = PUT_BACK_WINDOW_MINUTES - 1;
    expect((await post(`/api/walkins/${a?.id}/requeue/`, shop.admin)).statusCode).toBe(200);
    offsetMinutes = PUT_BACK_WINDOW_MINUTES + 1;
    const late = await post(`/api/walkins/${b?.id}/requeue/`, shop.admin);
    expect(late.statusCode).toBe(409);
    expect(late.json().response).toBe(PUT_BACK_MESSAGES.tooLate);
    const row = await t.db.query<{ status: string }>('SELECT status FROM walkin_tickets WHERE id = $1', [b?.id]);
    expect(row[0]?.status).toBe('cancelled');
  });

  it('answers 409 when the phone already has a new ticket in line', async () => {
    const shop = await makeShop(t.app, t.db);
    const phone = uniquePhone();
    const [a] = await line(shop, 1, phone);
    await post(`/api/walkins/${a?.id}/cancel/`, shop.admin);
    expect((await checkIn(t.app, shop.username, { phone_number: phone })).statusCode).toBe(200);
    const res = await post(`/api/walkins/${a?.id}/requeue/`, shop.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().response).toBe(PUT_BACK_MESSAGES.phoneInLine);
  });

  it('does not charge the monthly check-ins again, even with none left', async () => {
    const shop = await makeShop(t.app, t.db);
    await setCheckInLimit(t.db, shop.shopId, 2);
    const [a] = await line(shop, 2);
    expect((await checkIn(t.app, shop.username)).json().response).toBe(QUEUE_MESSAGES.checkInLimitReached);
    await post(`/api/walkins/${a?.id}/cancel/`, shop.admin);
    expect((await post(`/api/walkins/${a?.id}/requeue/`, shop.admin)).statusCode).toBe(200);
    const count = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM walkin_tickets WHERE shop_id = $1', [shop.shopId]);
    expect(count[0]?.n).toBe(2);
  });

  it("answers 404 for another shop's ticket and leaves it cancelled", async () => {
    const mine = await makeShop(t.app, t.db);
    const theirs = await makeShop(t.app, t.db);
    const [a] = await line(theirs, 1);
    await post(`/api/walkins/${a?.id}/cancel/`, theirs.admin);
    const res = await post(`/api/walkins/${a?.id}/requeue/`, mine.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().response).toBe(QUEUE_MESSAGES.ticketNotFound);
    const row = await t.db.query<{ status: string }>('SELECT status FROM walkin_tickets WHERE id = $1', [a?.id]);
    expect(row[0]?.status).toBe('cancelled');
  });

  it('follows the roles of cancel: managers on all tickets, a barber only on their own', async () => {
    const shop = await makeShop(t.app, t.db);
    const manager = await shop.addMember('manager');
    const jay = await shop.addMember('employee');
    const andre = await shop.addMember('employee');
    const forJay = await checkIn(t.app, shop.username, { barber_id: jay.barberId });
    const id = (await t.db.query<{ id: number }>('SELECT id FROM walkin_tickets WHERE token = $1', [forJay.json().response.token]))[0]?.id;
    await post(`/api/walkins/${id}/cancel/`, manager);
    expect((await post(`/api/walkins/${id}/requeue/`, andre)).statusCode).toBe(404);
    expect((await post(`/api/walkins/${id}/requeue/`, jay)).statusCode).toBe(200);
    await post(`/api/walkins/${id}/cancel/`, jay);
    expect((await post(`/api/walkins/${id}/requeue/`, manager)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/requeue/` })).statusCode).toBe(401);
  });

  it('refuses bad input with a 4xx and a message, never a 500', async () => {
    const shop = await makeShop(t.app, t.db);
    for (const bad of ['abc', '-1', '0', '99999999999999']) {
      const res = await post(`/api/walkins/${bad}/requeue/`, shop.admin);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const barber = await shop.addMember('employee');
    const [a] = await line(shop, 1);
    // Waiting, in service or done: nothing to put back.
    const waiting = await post(`/api/walkins/${a?.id}/requeue/`, shop.admin);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().response).toBe('This ticket is waiting, so it cannot be put back in line.');
    await post(`/api/walkins/${a?.id}/start/`, barber);
    expect((await post(`/api/walkins/${a?.id}/requeue/`, shop.admin)).statusCode).toBe(409);
    const [w] = await line(shop, 1);
    await post(`/api/walkins/${w?.id}/walkout/`, shop.admin);
    const walkedOut = await post(`/api/walkins/${w?.id}/requeue/`, shop.admin);
    expect(walkedOut.statusCode).toBe(409);
    expect(walkedOut.json().response).toBe('This ticket is marked as walked out, so it cannot be put back in line.');
  });
});
