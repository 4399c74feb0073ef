import { existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../src/config/env.js';
import { measurePageJs } from './js-bytes.js';
import { postgresDatabase, startServer, stopServer, PG_URL } from './servers.js';
import { checkInRequest } from './check-in-load.js';

/**
 * `pnpm bench` (no mode): requests per second of the public queue endpoints next to a bare Fastify route,
 * on the embedded database and on PostgreSQL (when one answers), and the gzipped JavaScript the
 * public shop page loads. Servers run in child processes on 127.0.0.1; each run is bounded.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const withPglite = process.env.BENCH_PGLITE !== '0';

export interface LoadFigure {
  name: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, opts: autocannon.Options): Promise<LoadFigure> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { name, rps: Math.round(r.requests.average), p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/** The ETag of a reply now, for the revalidation row (a phone polling with If-None-Match). */
async function etagOf(url: string): Promise<string> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.headers.get('etag') ?? '"none"';
}

/** `shopOnly`: just GET /api/shop/, the row the goal compares with the bare route. */
async function benchApp(label: string, mode: string, shopOnly: boolean): Promise<LoadFigure[]> {
  const s = await startServer(mode);
  try {
    const shop = await load(`${label}  GET /api/shop/`, { url: `${s.url}/api/shop/?shop_username=demo` });
    if (shopOnly) return [shop];
    return [
      shop,
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

export interface LoadTest {
  /** The bare route first, then each database's rows. */
  figures: LoadFigure[];
  /** Whether PostgreSQL answered (its rows are missing otherwise). */
  postgres: boolean;
}

/** The load test's rows: the bare route, then the embedded database's (unless `pglite` is false) and PostgreSQL's. */
export async function measureLoadTest(options: { pglite?: boolean; shopOnly?: boolean } = {}): Promise<LoadTest> {
  const shopOnly = options.shopOnly ?? false;
  const figures: LoadFigure[] = [];
  const bare = await startServer('bare');
  try {
    figures.push(await load('bare Fastify  GET /bare/', { url: `${bare.url}/bare/` }));
  } finally {
    await stopServer(bare);
  }
  if (options.pglite ?? withPglite) figures.push(...(await benchApp('PGlite', 'pglite', shopOnly)));
  const database = await postgresDatabase();
  if (database) {
    try {
      figures.push(...(await benchApp('PostgreSQL', database.url, shopOnly)));
    } finally {
      await database.drop();
    }
  }
  return { figures, postgres: database !== null };
}

export async function printLoadTest() {
  console.log(`Chairline bench: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, servers on 127.0.0.1.\n`);
  // BENCH_PGLITE=0 skips the embedded database, and the page's JavaScript measured on it (a
  // shorter run about PostgreSQL only).
  const { figures, postgres } = await measureLoadTest();
  const width = Math.max(...figures.map((f) => f.name.length));
  console.log(`${'endpoint'.padEnd(width)}  req/s   p99 ms  non-2xx  errors`);
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(width)}  ${String(f.rps).padStart(5)}  ${String(f.p99).padStart(7)}  ${String(f.non2xx).padStart(7)}  ${String(f.errors).padStart(6)}`,
    );
  }
  if (!postgres) console.log(`PostgreSQL: not reachable at ${PG_URL.replace(/\/\/[^@]*@/, '//')}; skipped.`);
  console.log('');
  if (withPglite) for (const line of await pageJs()) console.log(line);
}
