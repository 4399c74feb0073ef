import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_MESSAGES } from '@chairline/shared';
import { startTestApp, type TestApp } from './support/app.js';
import { onPostgres } from './support/database.js';
import { bearer, checkIn, makeShop, setCheckInLimit } from './support/factories.js';

/**
 * Races that only PostgreSQL with many connections can lose (PGlite has one connection). The test
 * database pool has 20 connections (support/database.ts), so these requests really run at once.
 */
let t: TestApp;
beforeAll(async () => {
  if (!onPostgres()) throw new Error('These suites need TEST_DATABASE_URL (a PostgreSQL server).');
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the monthly check-in limit under a rush', () => {
  it('accepts exactly the 5 check-ins left out of 50 simultaneous ones, every time (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const shop = await makeShop(t.app, t.db);
      await setCheckInLimit(t.db, shop.shopId, 8);
      for (let i = 0; i < 3; i++) expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
      const results = await Promise.all(Array.from({ length: 50 }, () => checkIn(t.app, shop.username)));
      const accepted = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode === 409);
      expect(accepted).toHaveLength(5);
      expect(refused).toHaveLength(45);
      expect(refused.every((r) => r.json().response === QUEUE_MESSAGES.checkInLimitReached)).toBe(true);
      const count = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM walkin_tickets WHERE shop_id = $1', [shop.shopId]);
      expect(count[0]?.n).toBe(8);
    }
  });
});

describe('call next', () => {
  it('gives two staff pressing at once two different customers (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const shop = await makeShop(t.app, t.db);
      const jay = await shop.addMember('employee');
      const andre = await shop.addMember('employee');
      for (let i = 0; i < 3; i++) await checkIn(t.app, shop.username);
      const [a, b] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: bearer(jay) }),
        t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: bearer(andre) }),
      ]);
      expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
      expect(a?.json().response.id).not.toBe(b?.json().response.id);
      const called = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM walkin_tickets WHERE shop_id = $1 AND status = 'called'`,
        [shop.shopId],
      );
      expect(called[0]?.n).toBe(2);
    }
  });

  it('gives the last customer to exactly one of two staff pressing at once', async () => {
    const shop = await makeShop(t.app, t.db);
    const jay = await shop.addMember('employee');
    const andre = await shop.addMember('employee');
    await checkIn(t.app, shop.username);
    const codes = (
      await Promise.all([jay, andre].map((u) => t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: bearer(u) })))
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 409]);
  });
});

describe('places', () => {
  it('gives 100 simultaneous joins unique, gap-free places', async () => {
    const shop = await makeShop(t.app, t.db);
    await setCheckInLimit(t.db, shop.shopId, -1);
    const results = await Promise.all(Array.from({ length: 100 }, () => checkIn(t.app, shop.username)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const places = results.map((r) => r.json().response.place as number).sort((x, y) => x - y);
    expect(places).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });
});

describe('the rotation under simultaneous starts', () => {
  it('keeps positions unique and dense when every barber starts a walk-in at once', async () => {
    const shop = await makeShop(t.app, t.db);
    const barbers: { access: string }[] = [shop.admin];
    for (let i = 0; i < 5; i++) barbers.push(await shop.addMember('employee'));
    const ids: number[] = [];
    for (let i = 0; i < barbers.length; i++) {
      const w = await t.app.inject({ method: 'POST', url: '/api/walkins/', headers: bearer(shop.admin), payload: { name: `Guest ${i}` } });
      ids.push(w.json().response.id);
    }
    const starts = await Promise.all(
      barbers.map((b, i) => t.app.inject({ method: 'POST', url: `/api/walkins/${ids[i]}/start/`, headers: bearer(b) })),
    );
    expect(starts.map((r) => r.statusCode)).toEqual(barbers.map(() => 200));
    const positions = await t.db.query<{ position: number }>(
      'SELECT position FROM barbers WHERE shop_id = $1 AND position IS NOT NULL ORDER BY position',
      [shop.shopId],
    );
    expect(positions.map((p) => p.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
