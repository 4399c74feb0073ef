import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row, Sql } from '../src/db/database.js';
import { SharedSnapshots, SNAPSHOT_TTL_MS } from '../src/modules/queue/public/shared-snapshots.js';
import { startTestApp, type TestApp } from './support/app.js';
import { checkIn, makeShop } from './support/factories.js';

// The public shop and barbers replies rebuilt after a change share one read of the shop's line.
let t: TestApp;
const now = new Date('2026-11-24T15:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
});
afterAll(() => t.close());

/** The test database, counting the statements run through it. */
function counting(sql: Sql) {
  const counter = {
    reads: 0,
    sql: {
      query: <T = Row>(text: string, params?: readonly unknown[]) => {
        counter.reads += 1;
        return sql.query<T>(text, params);
      },
      exec: (script: string) => sql.exec(script),
    } satisfies Sql,
  };
  return counter;
}

describe('the queue snapshot shared by the public replies', () => {
  it('is read once per change of its shop, and again after a change, a former name or its short life', async () => {
    const shop = await makeShop(t.app, t.db);
    const other = await makeShop(t.app, t.db);
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    const db = counting(t.db);
    const snapshots = new SharedSnapshots(db.sql);

    const first = await snapshots.of(shop.username, now);
    expect(first?.shop?.username).toBe(shop.username);
    expect(first?.waitingCount).toBe(1);
    expect(await snapshots.of(` ${shop.username.toUpperCase()} `, now)).toBe(first);
    expect(db.reads).toBe(1);

    // Another shop's change leaves it; a change of this shop, by name or by id, drops it.
    snapshots.forget({ shopUsername: other.username });
    expect(await snapshots.of(shop.username, now)).toBe(first);
    snapshots.forget({ shopUsername: shop.username });
    const second = await snapshots.of(shop.username, now);
    expect(second).not.toBe(first);
    snapshots.forget({ shopId: shop.shopId });
    expect(await snapshots.of(shop.username, now)).not.toBe(second);
    expect(db.reads).toBe(3);

    // Past its short life it is read again.
    const later = new Date(now.getTime() + SNAPSHOT_TTL_MS);
    await snapshots.of(shop.username, later);
    expect(db.reads).toBe(4);
  });

  it('drops a read still under way when any change is heard, and keeps no unknown shop', async () => {
    const shop = await makeShop(t.app, t.db);
    const db = counting(t.db);
    const snapshots = new SharedSnapshots(db.sql);
    const underWay = snapshots.of(shop.username, now);
    snapshots.forget({ shopId: 999_999 });
    await underWay;
    await snapshots.of(shop.username, now);
    expect(db.reads).toBe(2);

    expect(await snapshots.of('no-such-shop', now)).toBeUndefined();
    expect(await snapshots.of('no-such-shop', now)).toBeUndefined();
    expect(db.reads).toBe(4);
  });

  it('builds the shop reply and the barbers reply from the kept snapshot after a check-in', async () => {
    const shop = await makeShop(t.app, t.db);
    expect((await checkIn(t.app, shop.username)).statusCode).toBe(200);
    const read = (path: string) => t.app.inject({ method: 'GET', url: `/api/${path}?shop_username=${shop.username}` });
    const [shopReply, barbers] = await Promise.all([read('shop/'), read('barbers/')]);
    expect(shopReply.statusCode).toBe(200);
    expect(barbers.statusCode).toBe(200);
    const kept = await t.app.publicSnapshots.of(shop.username, now);
    const anyWait = shopReply.json<{ any_barber_eta_range: unknown }>().any_barber_eta_range;
    expect(anyWait).not.toBeNull();
    expect(kept?.waitingCount).toBe(1);
    expect(barbers.json<{ waiting_count: number }[]>().map((b) => b.waiting_count)).toContain(1);
  });
});
