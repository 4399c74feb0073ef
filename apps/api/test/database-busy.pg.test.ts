import { MESSAGES } from '@chairline/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { DatabaseBusyError, openPostgres } from '../src/db/postgres.js';
import { registerErrorHandling } from '../src/http/errors.js';
import { freshDatabase, onPostgres } from './support/database.js';

// A pool with every connection taken: a request waits a bounded time, then hears "busy, try again"
// (503 with Retry-After) instead of queueing without end; the pool serves again once one is free.

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let tiny: Database;
beforeAll(async () => {
  if (!onPostgres()) throw new Error('This suite needs TEST_DATABASE_URL (a PostgreSQL server).');
  fresh = await freshDatabase({ migrated: false });
  // One connection, a 300 ms wait for it.
  tiny = openPostgres(fresh.url ?? '', 1, 300);
});
afterAll(async () => {
  await tiny?.close();
  await fresh?.drop();
});

/** Holds the pool's only connection in an open transaction until the returned function is called. */
async function holdTheOnlyConnection(): Promise<{ release: () => Promise<void> }> {
  let letGo: () => void = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let started: () => void = () => {};
  const inside = new Promise<void>((resolve) => (started = resolve));
  const done = tiny.transaction(async (tx) => {
    await tx.query('SELECT 1');
    started();
    await held;
  });
  await inside;
  return {
    release: async () => {
      letGo();
      await done;
    },
  };
}

describe('a PostgreSQL pool with no free connection', () => {
  it('refuses a query after the bounded wait with DatabaseBusyError, then serves again', async () => {
    const hold = await holdTheOnlyConnection();
    await expect(tiny.query('SELECT 1 AS one')).rejects.toBeInstanceOf(DatabaseBusyError);
    await expect(tiny.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(DatabaseBusyError);
    await hold.release();
    expect(await tiny.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('answers a request 503 with a message for a person and Retry-After, never a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/count', async () => (await tiny.query<{ n: number }>('SELECT 2 AS n'))[0]);
    await app.ready();
    try {
      const hold = await holdTheOnlyConnection();
      const busy = await app.inject({ method: 'GET', url: '/count' });
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ status: 0, response: MESSAGES.busy });
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.body).not.toContain('timeout exceeded');
      await hold.release();
      const again = await app.inject({ method: 'GET', url: '/count' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ n: 2 });
    } finally {
      await app.close();
    }
  });
});
