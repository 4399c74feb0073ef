import { existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../src/config/env.js';
import { measurePageJs } from './js-bytes.js';
import { postgresDatabase, startServer, stopServer, PG_URL } from './servers.js';
import { checkInRequest } from './check-in-load.js';

/**
 * `pnpm bench`: requests per second of the public queue endpoints next to a bare Fastify route,
 * on the embedded database and on PostgreSQL (when one answers), and the gzipped JavaScript the
 * public shop page loads. Servers run in child processes on 127.0.0.1; each run is bounded.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const withPglite = process.env.BENCH_PGLITE !== '0';

interface Figure {
  name: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, opts: autocannon.Options): Promise<Figure> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { name, rps: Math.round(r.requests.average), p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/** The ETag of a reply now, for the revalidation row (a phone polling with If-None-Match). */
async function etagOf(url: string): Promise<string> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.headers.get('etag') ?? '"none"';
}

async function benchApp(label: string, mode: string): Promise<Figure[]> {
  const s = await startServer(mode);
  try {
    return [
      await load(`${label}  GET /api/shop/`, { url: `${s.url}/api/shop/?shop_username=demo` }),
      await load(`${label}  GET /api/shop/ (304)`, {
        url: `${s.url}/api/shop/?shop_username=demo`,
        headers: { 'if-none-match': await etagOf(`${s.url}/api/shop/?shop_username=demo`) },
      }),
      await load(`${label}  GET /api/barbers/`, { url: `${s.url}/api/barbers/?shop_username=demo` }),
      await load(`${label}  POST /api/check-in/`, checkInRequest(s.url)),
    ];
  } finally {
    await stopServer(s);
  }
}

async function pageJs(): Promise<string[]> {
  if (!existsSync(join(REPO_ROOT, 'apps/public-site/dist/server/entry.mjs'))) {
    return ['JavaScript of /shop/demo: public site not built (run `pnpm build`).'];
  }
  const s = await startServer('pglite');
  try {
    const js = await measurePageJs(`${s.url}/shop/demo`);
    const lines = [`JavaScript of /shop/demo: ${(js.totalGzip / 1024).toFixed(1)} KiB gzip in ${js.files.length} files` +
      (js.inlineGzip ? ` + ${js.inlineGzip} B inline` : '')];
    for (const f of js.files) lines.push(`  ${f.url}  ${f.bytes} B, ${f.gzip} B gzip`);
    return lines;
  } catch (err) {
    return [`JavaScript of /shop/demo: could not measure (${(err as Error).message}).`];
  } finally {
    await stopServer(s);
  }
}

async function main() {
  console.log(`Chairline bench: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, servers on 127.0.0.1.\n`);
  const figures: Figure[] = [];
  const bare = await startServer('bare');
  try {
    figures.push(await load('bare Fastify  GET /bare/', { url: `${bare.url}/bare/` }));
  } finally {
    await stopServer(bare);
  }
  // BENCH_PGLITE=0 skips the embedded database, and the page's JavaScript measured on it (a
  // shorter run about PostgreSQL only).
  if (withPglite) figures.push(...(await benchApp('PGlite', 'pglite')));
  const database = await postgresDatabase();
  if (database) {
    try {
      figures.push(...(await benchApp('PostgreSQL', database.url)));
    } finally {
      await database.drop();
    }
  }
  const width = Math.max(...figures.map((f) => f.name.length));
  console.log(`${'endpoint'.padEnd(width)}  req/s   p99 ms  non-2xx  errors`);
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(width)}  ${String(f.rps).padStart(5)}  ${String(f.p99).padStart(7)}  ${String(f.non2xx).padStart(7)}  ${String(f.errors).padStart(6)}`,
    );
  }
  if (!database) console.log(`PostgreSQL: not reachable at ${PG_URL.replace(/\/\/[^@]*@/, '//')}; skipped.`);
  console.log('');
  if (withPglite) for (const line of await pageJs()) console.log(line);
}

// `pnpm bench <mode>` runs one measurement instead of the load test above.
const MODES: Record<string, () => Promise<void>> = {
  // the simulated Saturday of the wait estimate
  'wait-accuracy': () => import('./wait-accuracy.js').then((m) => m.printWaitAccuracy()),
  // check-ins at a steady 200/s over 100 shops
  'check-in-rate': () => import('./check-in-rate.js').then((m) => m.printCheckInRate()),
  // one shop's events to thousands of open streams
  'fan-out': () => import('./fan-out.js').then((m) => m.printFanOut()),
  // one API instance against two on one PostgreSQL
  'scale-out': () => import('./scale-out.js').then((m) => m.printScaleOut()),
  // the embedded database on the event loop and in its thread
  'pglite-thread': () => import('./pglite-thread.js').then((m) => m.printPgliteThread()),
  // queue reads and writes with 10 to 10,000 waiting
  'queue-scale': () => import('./queue-scale.js').then((m) => m.printQueueScale()),
  // the first JavaScript of the public shop page and the back office
  'js-bytes': () => import('./front-end-weight.js').then((m) => m.printFrontEndWeight()),
  // Lighthouse mobile scores of /shop/demo and /login
  lighthouse: () => import('./lighthouse.js').then((m) => m.printLighthouse()),
};
const mode = process.argv[2];
if (mode !== undefined && !(mode in MODES)) {
  console.error(`Unknown bench "${mode}". Choose one of: ${Object.keys(MODES).join(', ')}, or nothing for the load test.`);
  process.exit(1);
}
const run = mode === undefined ? main() : MODES[mode]!();
run.catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
