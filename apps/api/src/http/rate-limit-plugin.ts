import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { tooManyRequests } from './errors.js';
import { pgRateLimitStore, RATE_LIMIT_CLEANUP_MS } from './pg-rate-limit-store.js';
import { deleteExpiredCounters } from './rate-limit-repository.js';

/**
 * Rate limiting for the routes that ask for it (`config.rateLimit`, limits in `app.rateLimits`).
 *
 * Where the counts live:
 * - PostgreSQL: in the database (`pg-rate-limit-store.ts`), shared by every API process on it, so
 *   a client gets each limit once however many processes the load balancer spreads it over.
 *   Each process deletes the counters whose window has ended once a minute.
 * - The embedded database: in this process's memory (the plugin's own store). The embedded
 *   database's folder is locked to one process, so there is no other process to share counts with.
 *
 * When the store fails (the database is briefly unreachable, a statement times out) the request is
 * let through uncounted and a warning is logged: it fails open. A rate limit guards against abuse
 * over a minute or more; a few requests uncounted during a hiccup cost little, whereas failing
 * closed would turn every database blip into refused sign-ins for everyone, and an error there
 * would reach the client as a 500. The route itself still needs the database and answers as it
 * always does when the database is down.
 */
export async function registerRateLimits(app: FastifyInstance, db: Database) {
  const shared = db.kind === 'postgres';
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    errorResponseBuilder: () => tooManyRequests(),
    ...(shared ? { store: pgRateLimitStore(db, app.log) } : {}),
  });
  if (!shared) return;
  const cleanup = setInterval(() => {
    deleteExpiredCounters(db).catch((err: unknown) => app.log.warn({ err }, 'could not delete expired rate limit counters'));
  }, RATE_LIMIT_CLEANUP_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}
