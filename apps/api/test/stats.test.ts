import { shopStats } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, unique } from './support/factories.js';

// The app reads the time from this clock, never from the wall clock: "today" and "this month"
// must not depend on when the suite runs (a test run just after a shop's midnight saw yesterday's tickets).
let now = new Date('2026-06-17T01:30:00Z'); // 13:30 in Auckland (NZST, UTC+12), mid-month
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
});
afterAll(() => t.close());

/** A ticket checked in at `at`, with the given state. */
async function ticket(shopId: number, at: Date, status: string, extra: { barberId?: number; waitMinutes?: number } = {}) {
  const calledAt = extra.waitMinutes === undefined ? null : new Date(at.getTime() + extra.waitMinutes * 60_000);
  await t.db.query(
    `INSERT INTO walkin_tickets (shop_id, token, party_name, status, source, checked_in_at, called_at, started_at, completed_at, barber_id)
     VALUES ($1, $2, 'P', $3, 'online', $4, $5, CASE WHEN $3 IN ('in_service', 'done') THEN $5::timestamptz END,
             CASE WHEN $3 = 'done' THEN $5::timestamptz + interval '20 minutes' END, $6)`,
    [shopId, unique('t'), status, at, calledAt, extra.barberId ?? null],
  );
}

describe('GET /api/stats/', () => {
  it("counts today in the shop's time zone, with average wait and the month against the limit", async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'Pacific/Auckland' });
    const barber = await shop.addMember('employee', 'Turn Taker');
    now = new Date('2026-06-17T01:30:00Z');
    await ticket(shop.shopId, now, 'waiting');
    await ticket(shop.shopId, new Date(now.getTime() - 60_000), 'in_service', { waitMinutes: 0, barberId: barber.barberId });
    await ticket(shop.shopId, new Date(now.getTime() - 120_000), 'called', { waitMinutes: 1 });
    await ticket(shop.shopId, new Date(now.getTime() - 40 * 86_400_000), 'done', { waitMinutes: 10 });

    const res = await t.app.inject({ method: 'GET', url: '/api/stats/?timezone=Europe/London', headers: bearer(shop.admin) });
    expect(res.statusCode).toBe(200);
    const stats = shopStats.parse(res.json().response);
    expect(stats.today).toMatchObject({ waiting: 2, in_service: 1, check_ins: 3 });
    expect(stats.today.average_wait_minutes).toBe(0.5);
    expect(stats.month.limit).toBe(200);
    expect(stats.check_ins_per_day).toHaveLength(30);
    expect(stats.check_ins_per_day.at(-1)?.count).toBe(3);
    expect(stats.busiest_hours).toHaveLength(24);
    expect(stats.busiest_hours.reduce((n, h) => n + h.count, 0)).toBe(3);
    expect(stats.turns_per_barber.find((b) => b.name === 'Turn Taker')?.turns).toBe(1);
  });

  it("starts today and the month at the shop's local midnight, not the server's", async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'Pacific/Auckland' });
    // 00:01 on 1 August in Auckland is 12:01 UTC on 31 July.
    now = new Date('2026-07-31T12:01:00Z');
    await ticket(shop.shopId, new Date('2026-07-31T12:00:30Z'), 'waiting'); // 00:00:30 today
    await ticket(shop.shopId, new Date('2026-07-31T11:59:00Z'), 'waiting'); // 23:59 yesterday, 31 July
    await ticket(shop.shopId, new Date('2026-07-30T20:00:00Z'), 'done', { waitMinutes: 5 }); // 08:00 on 31 July

    const res = await t.app.inject({ method: 'GET', url: '/api/stats/', headers: bearer(shop.admin) });
    expect(res.statusCode).toBe(200);
    const stats = shopStats.parse(res.json().response);
    // Both waiting customers are still in line, but only one checked in today (and this month).
    expect(stats.today).toEqual({ waiting: 2, in_service: 0, served: 0, check_ins: 1, average_wait_minutes: null });
    expect(stats.month.check_ins).toBe(1);
    expect(stats.check_ins_per_day.at(-1)).toEqual({ date: '2026-08-01', count: 1 });
    expect(stats.check_ins_per_day.at(-2)).toEqual({ date: '2026-07-31', count: 2 });
    expect(stats.busiest_hours.find((h) => h.hour === 0)?.count).toBe(1);
    expect(stats.busiest_hours.find((h) => h.hour === 23)?.count).toBe(1);
    expect(stats.busiest_hours.find((h) => h.hour === 8)?.count).toBe(1);
  });

  it('has nothing of another shop, and is for managers and admins', async () => {
    const shop = await makeShop(t.app, t.db);
    const other = await makeShop(t.app, t.db);
    now = new Date('2026-06-17T01:30:00Z');
    await ticket(other.shopId, now, 'waiting');
    const stats = (await t.app.inject({ method: 'GET', url: '/api/stats/', headers: bearer(shop.admin) })).json().response;
    expect(stats.today).toEqual({ waiting: 0, in_service: 0, served: 0, check_ins: 0, average_wait_minutes: null });
    const barber = await shop.addMember('employee');
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/', headers: bearer(barber) })).statusCode).toBe(403);
    const manager = await shop.addMember('manager');
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/', headers: bearer(manager) })).statusCode).toBe(200);
  });
});
