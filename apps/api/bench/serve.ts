import { mkdtempSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, REPO_ROOT } from '../src/config/env.js';
import { openDatabase } from '../src/db/open.js';
import { frontEndDirs } from '../src/http/front-ends.js';
import { createShopWithOwner } from '../src/modules/auth/shops-repository.js';
import { seedDemoShop } from '../src/seed/demo-shop.js';
import { BENCH_SHOPS } from './settings.js';

/**
 * One server for the benchmark, in its own process so the load generator does not share its CPU:
 * `bare` (a plain Fastify route) or the full app on `pglite` or a PostgreSQL URL, listening on
 * 127.0.0.1 only; `no-seed` after the URL joins a database another bench server seeded. Prints `READY <url>` when it listens; stops on SIGTERM.
 */
async function serveBare() {
  const app = Fastify({ logger: false });
  app.get('/bare/', async () => ({ status: 1, response: 'ok' }));
  return { app, cleanup: async () => undefined };
}

/** The demo shop and BENCH_SHOPS shops of their own on an unlimited plan. */
async function seedShops(db: Awaited<ReturnType<typeof openDatabase>>) {
  await seedDemoShop(db);
  for (let i = 0; i < BENCH_SHOPS; i++) {
    await db.transaction((tx) =>
      createShopWithOwner(tx, {
        name: `Bench owner ${i}`,
        email: `bench-${i}@chairline.test`,
        passwordHash: 'not-used',
        shopName: `Bench shop ${i}`,
        shopUsername: `bench-${i}`,
      }),
    );
  }
  await db.query(
    `INSERT INTO plans (code, name, price_cents, barber_limit, total_check_ins, billing_interval_unit)
     VALUES ('bench-unlimited', 'Bench', 0, -1, -1, 'month')`,
  );
  await db.query(`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'bench-unlimited')`);
}

/** `seed` false: join a database another bench server already seeded (a second instance). */
async function serveFull(database: string, seed = true) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chairline-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    ...(database === 'pglite' ? {} : { DATABASE_URL: database }),
  });
  const db = await openDatabase(config);
  if (seed) await seedShops(db);
  const unlimited = { max: 1_000_000_000, timeWindow: 60_000 };
  const app = await buildApp({
    config,
    db,
    logger: false,
    rateLimits: { publicWrite: unlimited },
    frontEnds: frontEndDirs(REPO_ROOT),
    // The fan-out bench opens thousands of streams from one address to one shop.
    eventStreamLimits: { perAddress: 1_000_000, perShop: 1_000_000 },
  });
  // For the fan-out bench: this process's memory after a full collection (run with --expose-gc),
  // and the longest the event loop was held since the last reset.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const gc = (globalThis as { gc?: () => void }).gc;
  app.get('/bench/memory', async () => {
    gc?.();
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, collected: Boolean(gc) };
  });
  app.post('/bench/loop-delay/reset', async () => {
    delay.reset();
    return {};
  });
  app.get('/bench/loop-delay', async () => ({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, meanMs: delay.mean / 1e6 }));
  return {
    app,
    cleanup: async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const mode = process.argv[2] ?? 'bare';
  const { app, cleanup } = mode === 'bare' ? await serveBare() : await serveFull(mode, process.argv[3] !== 'no-seed');
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`READY ${url}\n`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(cleanup)
      .then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error('bench server could not start:', err);
  process.exit(1);
});
