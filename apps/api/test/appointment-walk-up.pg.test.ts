import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { onPostgres } from './support/database.js';
import { bearer, makeShop } from './support/factories.js';

// Walk-up bookings racing on PostgreSQL (many connections): the same new phone typed at once for
// several barbers makes one customer, and every booking is made with it.

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres()) throw new Error('These suites need TEST_DATABASE_URL (a PostgreSQL server).');
  t = await startTestApp();
});
afterAll(() => t.close());

describe('walk-up appointments at the same moment', () => {
  it('books 8 barbers at once for one new phone: one customer, 8 appointments with it (5 rounds)', async () => {
    const shop = await makeShop(t.app, t.db);
    const barbers = [];
    for (let i = 0; i < 8; i++) barbers.push(await shop.addMember('employee', `Racer ${i}`));
    for (let round = 0; round < 5; round++) {
      const phone = `+1 917 555 30${String(round).padStart(2, '0')}`;
      const results = await Promise.all(
        barbers.map((b, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/appointments/',
            headers: bearer(shop.admin),
            payload: { barber_id: b.barberId, starts_at: `2031-02-0${round + 1}T15:00:00Z`, customer_name: `Racer customer ${i}`, customer_phone: phone },
          }),
        ),
      );
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      const customers = await t.db.query<{ id: number }>('SELECT id FROM customers WHERE shop_id = $1 AND phone = $2', [shop.shopId, phone.replace(/ /g, '')]);
      expect(customers).toHaveLength(1);
      expect(new Set(results.map((r) => r.json().response.customer_id))).toEqual(new Set([customers[0]?.id]));
    }
  });
});
