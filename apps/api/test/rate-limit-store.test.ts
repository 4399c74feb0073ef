import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { DELETE_EXPIRED, pgRateLimitStore } from '../src/http/pg-rate-limit-store.js';
import { registerRateLimits } from '../src/http/rate-limit-plugin.js';
import { freshDatabase } from './support/database.js';

/**
 * The shared rate-limit store's SQL (on the embedded database here, on PostgreSQL with
 * TEST_DATABASE_URL), and the fail-open rule when its database does not answer.
 */

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const silent = Fastify({ logger: false }).log;

beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(async () => {
  await fresh?.drop();
});

type Store = InstanceType<ReturnType<typeof pgRateLimitStore>>;
const incr = (store: Store, key: string, timeWindow = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, hits) => (err || !hits ? reject(err ?? new Error('no hits')) : resolve(hits)), timeWindow),
  );
const read = (store: Store, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.read(key, (err, hits) => (err || !hits ? reject(err ?? new Error('no hits')) : resolve(hits))),
  );

const routeStore = (db: Database, method: string, url: string) => {
  const Store = pgRateLimitStore(db, silent);
  return new Store({}).child({ routeInfo: { method, url } });
};

describe('PostgreSQL rate-limit store', () => {
  it('counts the hits of a key within its window, with the time left', async () => {
    const store = routeStore(fresh.db, 'POST', '/api/auth/login/');
    const first = await incr(store, '10.0.0.1');
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await incr(store, '10.0.0.1')).current).toBe(2);
    expect((await incr(store, '10.0.0.1')).current).toBe(3);
    expect((await read(store, '10.0.0.1')).current).toBe(3);
    expect((await incr(store, '10.0.0.2')).current).toBe(1);
  });

  it('counts each route apart, and two stores on one database together', async () => {
    const login = routeStore(fresh.db, 'POST', '/api/auth/signup/');
    const loginElsewhere = routeStore(fresh.db, 'POST', '/api/auth/signup/');
    const checkIn = routeStore(fresh.db, 'POST', '/api/check-in/');
    expect((await incr(login, '10.0.0.3')).current).toBe(1);
    expect((await incr(loginElsewhere, '10.0.0.3')).current).toBe(2);
    expect((await incr(checkIn, '10.0.0.3')).current).toBe(1);
  });

  it('counts simultaneous hits exactly once each', async () => {
    const store = routeStore(fresh.db, 'POST', '/api/turn-alerts/');
    const hits = await Promise.all(Array.from({ length: 20 }, () => incr(store, '10.0.0.4')));
    expect(hits.map((h) => h.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('starts a new window after the old one ended, and cleanup deletes ended windows only', async () => {
    const store = routeStore(fresh.db, 'POST', '/api/auth/forgot-password/');
    await incr(store, '10.0.0.5');
    await incr(store, '10.0.0.5');
    await incr(store, '10.0.0.6');
    // The window of .5 ends (moved into the past rather than waited for).
    await fresh.db.query(`UPDATE rate_limit_counters SET expires_at = now() - interval '1 second' WHERE key LIKE '%10.0.0.5'`);
    expect((await read(store, '10.0.0.5')).current).toBe(0);
    expect((await incr(store, '10.0.0.5')).current).toBe(1);

    await fresh.db.query(`UPDATE rate_limit_counters SET expires_at = now() - interval '1 second' WHERE key LIKE '%10.0.0.6'`);
    await fresh.db.query(DELETE_EXPIRED);
    const left = await fresh.db.query<{ key: string }>(`SELECT key FROM rate_limit_counters WHERE key LIKE '%forgot-password/ 10.0.0.%' ORDER BY key`);
    expect(left.map((r) => r.key)).toEqual(['POST /api/auth/forgot-password/ 10.0.0.5']);
  });
});

describe('rate limits when the store fails', () => {
  it('lets the request through and logs a warning instead of answering 500', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const broken: Database = {
      kind: 'postgres',
      query: () => Promise.reject(new Error('connection terminated unexpectedly')),
      exec: () => Promise.reject(new Error('connection terminated unexpectedly')),
      transaction: () => Promise.reject(new Error('connection terminated unexpectedly')),
      close: () => Promise.resolve(),
    };
    const app = Fastify({ logger: { level: 'warn', stream: logStream } });
    try {
      await registerRateLimits(app, broken);
      app.post('/limited/', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({ ok: true }));
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({ method: 'POST', url: '/limited/' });
        expect(res.statusCode).toBe(200);
      }
      expect(lines.some((l) => l.includes('rate limit store unavailable'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
