import { walkin } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { onPostgres } from './support/database.js';
import { bearer, checkIn, makeShop, setCheckInLimit } from './support/factories.js';

/** Putting tickets back while others check in, on PostgreSQL with many connections. */
let t: TestApp;
beforeAll(async () => {
  if (!onPostgres()) throw new Error('These suites need TEST_DATABASE_URL (a PostgreSQL server).');
  t = await startTestApp();
});
afterAll(() => t.close());

describe('putting tickets back during a rush of check-ins', () => {
  it('keeps every place unique and gap-free, with each restored ticket ahead of newcomers (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const shop = await makeShop(t.app, t.db);
      await setCheckInLimit(t.db, shop.shopId, -1);
      const first = [];
      for (let i = 0; i < 6; i++) first.push((await checkIn(t.app, shop.username)).json().response.token as string);
      const rows = await t.db.query<{ id: number }>('SELECT id FROM walkin_tickets WHERE shop_id = $1 ORDER BY id', [shop.shopId]);
      const cancelled = rows.filter((_, i) => i % 2 === 1).map((r) => r.id);
      for (const id of cancelled) {
        expect((await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/cancel/`, headers: bearer(shop.admin) })).statusCode).toBe(200);
      }
      const results = await Promise.all([
        ...cancelled.flatMap((id) => [
          t.app.inject({ method: 'POST', url: `/api/walkins/${id}/requeue/`, headers: bearer(shop.admin) }),
          // The same undo twice at once: exactly one of them puts it back.
          t.app.inject({ method: 'POST', url: `/api/walkins/${id}/requeue/`, headers: bearer(shop.admin) }),
        ]),
        ...Array.from({ length: 20 }, () => checkIn(t.app, shop.username)),
      ]);
      const requeues = results.slice(0, cancelled.length * 2).map((r) => r.statusCode);
      expect(requeues.filter((c) => c === 200)).toHaveLength(cancelled.length);
      expect(requeues.filter((c) => c === 409)).toHaveLength(cancelled.length);
      expect(results.slice(cancelled.length * 2).every((r) => r.statusCode === 200)).toBe(true);

      const list = await t.app.inject({ method: 'GET', url: '/api/walkins/?status=waiting&page_size=100', headers: bearer(shop.admin) });
      const waiting = (list.json().response as unknown[]).map((w) => walkin.parse(w));
      expect(waiting).toHaveLength(26);
      const places = waiting.map((w) => w.place ?? 0).sort((a, b) => a - b);
      expect(places).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
      // The first six arrivals hold places 1–6 again, in their order of arrival.
      const byId = new Map(waiting.map((w) => [w.id, w.place]));
      expect(rows.map((r) => byId.get(r.id))).toEqual([1, 2, 3, 4, 5, 6]);
      expect(first).toHaveLength(6);
    }
  });
});
