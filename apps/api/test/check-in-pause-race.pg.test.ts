import { OPENING_HOURS_MESSAGES } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { onPostgres } from './support/database.js';
import { checkIn, makeShop } from './support/factories.js';
import { someoneWaitsOnALock } from './support/lock-wait.js';

/**
 * A pause that commits while a check-in waits for the shop lock must refuse that check-in: the
 * pause is read under the lock, not before it. Only PostgreSQL runs the two at once.
 */
let t: TestApp;
beforeAll(async () => {
  if (!onPostgres()) throw new Error('This suite needs TEST_DATABASE_URL (a PostgreSQL server).');
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a check-in racing a pause', () => {
  it('is refused with the pause message when the pause commits while it waits, and writes nothing', async () => {
    const shop = await makeShop(t.app, t.db);
    let checkingIn: ReturnType<typeof checkIn> | undefined;
    // The pause holds the shop's row until it commits; the check-in starts meanwhile and waits.
    await t.db.transaction(async (tx) => {
      await tx.query(`UPDATE shops SET walkins_paused_at = now(), walkins_pause_reason = 'Back at 2' WHERE id = $1`, [shop.shopId]);
      checkingIn = checkIn(t.app, shop.username);
      await someoneWaitsOnALock(t.db, 'The check-in');
    });
    const res = await checkingIn!;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 0, response: OPENING_HOURS_MESSAGES.paused('Back at 2') });
    const tickets = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM walkin_tickets WHERE shop_id = $1', [shop.shopId]);
    expect(tickets[0]?.n).toBe(0);
  });
});
