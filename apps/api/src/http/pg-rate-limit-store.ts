import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../db/database.js';
import { incrementHits, readHits, type Hits } from './rate-limit-repository.js';

export { DELETE_EXPIRED } from './rate-limit-repository.js';

/** The callback @fastify/rate-limit hands a store: an error, or the hits in the window and milliseconds left. */
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
      incrementHits(db, `${this.route} ${key}`, timeWindow).then(
        (hits) => done(null, hits ?? { current: 1, ttl: timeWindow }),
        (err: unknown) => failed(err, done),
      );
    }

    /** The hits of the current window without counting one (the plugin's `increment: false`). */
    read(key: string, done: Done) {
      readHits(db, `${this.route} ${key}`).then(
        (hits) => done(null, hits ?? { current: 0, ttl: 0 }),
        (err: unknown) => failed(err, done),
      );
    }

    child(options: object) {
      return new PgRateLimitStore(undefined, routeOf(options));
    }
  };
}
