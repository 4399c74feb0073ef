import type { QueueEvent } from '@chairline/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../src/modules/events/event-bus.js';
import { createPgEventBus } from '../src/modules/events/pg-event-bus.js';
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
});
