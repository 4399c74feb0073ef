import type { QueueEvent } from '@chairline/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus, ShopChange } from '../src/modules/queue/events/event-bus.js';
import { createPgEventBus } from '../src/modules/queue/events/pg-event-bus.js';
import { freshDatabase, onPostgres } from './support/database.js';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let bus: EventBus;
beforeAll(async () => {
  if (!onPostgres()) throw new Error('This suite needs TEST_DATABASE_URL (a PostgreSQL server).');
  db = await freshDatabase();
  bus = await createPgEventBus(db.url ?? '', Fastify({ logger: false }).log);
});
afterAll(async () => {
  await bus?.close();
  await db?.drop();
});

const event = (shop: string): QueueEvent => ({ kind: 'rotation', shop_username: shop, at: new Date().toISOString() });

/** Publishes until the subscriber hears one (a reconnect takes about a second). */
async function heard(shop: string): Promise<QueueEvent> {
  let got: QueueEvent | undefined;
  const off = bus.subscribe(shop, (e) => {
    got = e;
  });
  try {
    while (!got) {
      await bus.publish([event(shop)]);
      await new Promise((r) => setTimeout(r, 100));
    }
    return got;
  } finally {
    off();
  }
}

describe('the LISTEN/NOTIFY event bus', () => {
  it('delivers to subscribers of the shop only', async () => {
    const other: QueueEvent[] = [];
    const off = bus.subscribe('other-shop', (e) => other.push(e));
    expect(await heard('shop-a')).toMatchObject({ kind: 'rotation', shop_username: 'shop-a' });
    off();
    expect(other).toEqual([]);
  });

  it('listens again after its connection is lost', async () => {
    const killed = await db.db.query<{ ok: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
    );
    expect(killed.length).toBeGreaterThan(0);
    expect(await heard('shop-b')).toMatchObject({ shop_username: 'shop-b' });
  });

  it('sends a NOTIFY handed to a transaction when it commits, and never for one that rolls back', async () => {
    // Listening again first (an earlier test may have cut the connection), on a shop of its own.
    await heard('shop-c-ready');
    const got: QueueEvent[] = [];
    const off = bus.subscribe('shop-c', (e) => got.push(e));
    try {
      await expect(
        db.db.transaction(async (tx) => {
          await bus.notifyWithin(tx, [{ ...event('shop-c'), kind: 'shop' }]);
          throw new Error('the write failed after its NOTIFY');
        }),
      ).rejects.toThrow('the write failed');
      await db.db.transaction((tx) => bus.notifyWithin(tx, [event('shop-c'), { ...event('shop-c'), kind: 'ticket', status: 'waiting' }]));
      // Notifications arrive in commit order: once the committed ones are here, the rolled-back one never will be.
      while (got.length < 2) await new Promise((r) => setTimeout(r, 20));
      expect(got.map((e) => e.kind)).toEqual(['rotation', 'ticket']);
    } finally {
      off();
    }
  });

  it("marks the echo of its own write for its watchers, while another process hears the same event as news", async () => {
    await heard('shop-d-ready');
    const other = await createPgEventBus(db.url ?? '', Fastify({ logger: false }).log);
    const mine: ShopChange[] = [];
    const theirs: ShopChange[] = [];
    const ofShop = (into: ShopChange[]) => (change: ShopChange) => {
      if ('shopUsername' in change && change.shopUsername === 'shop-d') into.push(change);
    };
    const offMine = bus.onChange(ofShop(mine));
    const offTheirs = other.onChange(ofShop(theirs));
    try {
      const sent: QueueEvent = { ...event('shop-d'), kind: 'ticket', token: 'token-d', status: 'called' };
      await db.db.transaction((tx) => bus.notifyWithin(tx, [sent]));
      bus.committed([sent]);
      // Heard at the commit and again by NOTIFY (in either order): only the NOTIFY is the echo.
      while (mine.length < 2 || theirs.length < 1) await new Promise((r) => setTimeout(r, 20));
      expect(mine).toHaveLength(2);
      expect(mine).toContainEqual({ shopUsername: 'shop-d', event: sent });
      expect(mine).toContainEqual({ shopUsername: 'shop-d', event: sent, echo: true });
      expect(theirs).toEqual([{ shopUsername: 'shop-d', event: sent }]);
    } finally {
      offMine();
      offTheirs();
      await other.close();
    }
  });
});
