import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../db/database.js';

/** What @fastify/rate-limit hands a store's callback: hits in the window and milliseconds left. */
interface Hits {
  current: number;
  ttl: number;
}
type Done = (err: Error | null, hits?: Hits) => void;

/**
 * The route a store's `child` is made for. The plugin passes the route's merged limit options with
 * the route under `routeInfo` (its type declarations say the route options themselves).
 */
function routeOf(options: object): string {
  const info = 'routeInfo' in options ? options.routeInfo : options;
  if (typeof info !== 'object' || info === null) return '*';
  const method = 'method' in info ? info.method : undefined;
  const url = 'url' in info && typeof info.url === 'string' ? info.url : undefined;
  if (!url) return '*';
  return `${Array.isArray(method) ? method.join(',') : typeof method === 'string' ? method : ''} ${url}`;
}

/** How often each process deletes the counters whose window has ended. */
export const RATE_LIMIT_CLEANUP_MS = 60_000;

// One statement, atomic under concurrency (a second writer of the same key waits for the row):
// the first hit of a key, or a hit after its window ended, starts a window of `timeWindow` ms at 1;
// a hit inside the window adds one. Times are the database's, so every process agrees on them.
const INCREMENT = `
  INSERT INTO rate_limit_counters AS c (key, hits, expires_at)
  VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.hits + 1 END,
    expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
  RETURNING hits AS current, greatest(0, ceil(extract(epoch FROM c.expires_at - now()) * 1000))::integer AS ttl`;

const READ = `
  SELECT hits AS current, greatest(0, ceil(extract(epoch FROM expires_at - now()) * 1000))::integer AS ttl
  FROM rate_limit_counters WHERE key = $1 AND expires_at > now()`;

export const DELETE_EXPIRED = 'DELETE FROM rate_limit_counters WHERE expires_at <= now()';

/**
 * A store for @fastify/rate-limit that keeps counts in PostgreSQL (table `rate_limit_counters`), so
 * every API process on one database counts a client's requests together: behind a load balancer
 * with N processes a client still gets the limit once, not N times. Each limited route counts
 * apart (the key is the route's method and path, then the client's key), as the in-memory store
 * does with one cache per route. The window starts at a key's first hit, as in the in-memory store;
 * `continueExceeding` and `exponentialBackoff` are not supported (no route uses them).
 *
 * A failed query is logged and handed back as an error; the plugin is registered with
 * `skipOnError`, so the request then goes through unlimited (see `registerRateLimits`).
 */
export function pgRateLimitStore(db: Sql, log: FastifyBaseLogger) {
  const failed = (err: unknown, done: Done) => {
    log.warn({ err }, 'rate limit store unavailable: request let through without counting');
    done(err instanceof Error ? err : new Error(String(err)));
  };

  return class PgRateLimitStore {
    constructor(
      _globalOptions?: unknown,
      readonly route = '*',
    ) {}

    incr(key: string, done: Done, timeWindow: number) {
      db.query<Hits>(INCREMENT, [`${this.route} ${key}`, timeWindow]).then(
        (rows) => done(null, rows[0] ?? { current: 1, ttl: timeWindow }),
        (err: unknown) => failed(err, done),
      );
    }

    /** The hits of the current window without counting one (the plugin's `increment: false`). */
    read(key: string, done: Done) {
      db.query<Hits>(READ, [`${this.route} ${key}`]).then(
        (rows) => done(null, rows[0] ?? { current: 0, ttl: 0 }),
        (err: unknown) => failed(err, done),
      );
    }

    child(options: object) {
      return new PgRateLimitStore(undefined, routeOf(options));
    }
  };
}
