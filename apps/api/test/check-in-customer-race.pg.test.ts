import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { onPostgres } from './support/database.js';
import { checkIn, makeShop } from './support/factories.js';
import { someoneWaitsOnALock } from './support/lock-wait.js';

/**
 * A check-in links its ticket to the shop's customer with the same phone, making the customer on a
 * first visit. A new customer added in the back office cannot race it (inserting a customer locks
 * the shop's row as the check-in does), but an existing customer's phone being changed to the same
 * number can: the check-in does not see the change yet, its insert of the customer meets the other
 * row's phone and writes nothing, and the ticket must still be linked to that customer. Only
 * PostgreSQL runs the two at once.
 */
let t: TestApp;
beforeAll(async () => {
  if (!onPostgres()) throw new Error('This suite needs TEST_DATABASE_URL (a PostgreSQL server).');
  t = await startTestApp();
});
afterAll(() => t.close());

describe("a check-in racing the back office giving a customer the same phone", () => {
  it('links the ticket to that customer and makes no second one', async () => {
    const shop = await makeShop(t.app, t.db);
    const phone = '+12025550147';
    let checkingIn: ReturnType<typeof checkIn> | undefined;
    const made = await t.db.query<{ id: number }>(`INSERT INTO customers (shop_id, name, phone) VALUES ($1, 'Ana Ruiz', '+12025550100') RETURNING id`, [
      shop.shopId,
    ]);
    const madeId = made[0]?.id;
    // The edit holds the new phone's unique key until it commits; the check-in's insert of a
    // customer with that phone waits for it meanwhile, then finds the phone taken.
    await t.db.transaction(async (tx) => {
      await tx.query('UPDATE customers SET phone = $2 WHERE id = $1', [madeId, phone]);
      checkingIn = checkIn(t.app, shop.username, { name: 'Ana', phone_number: phone });
      await someoneWaitsOnALock(t.db, 'The check-in');
    });
    const res = await checkingIn!;
    expect(res.statusCode, res.body).toBe(200);
    const token = (res.json() as { response: { token: string } }).response.token;
    const ticket = await t.db.query<{ customer_id: number | null }>('SELECT customer_id FROM walkin_tickets WHERE token = $1', [token]);
    expect(ticket[0]?.customer_id).toBe(madeId);
    const customers = await t.db.query<{ name: string }>('SELECT name FROM customers WHERE shop_id = $1 AND phone = $2', [shop.shopId, phone]);
    // One customer with that phone, still with the name the back office gave it.
    expect(customers).toEqual([{ name: 'Ana Ruiz' }]);
  });
});
