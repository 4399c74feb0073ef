import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { REPO_ROOT } from '../src/config/env.js';
import { measurePageJs } from './js-bytes.js';
import { BENCH_SHOPS } from './settings.js';

/**
 * `pnpm bench`: requests per second of the public queue endpoints next to a bare Fastify route,
 * on the embedded database and on PostgreSQL (when one answers), and the gzipped JavaScript the
 * public shop page loads. Servers run in child processes on 127.0.0.1; each run is bounded.
 */
const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Running {
  url: string;
  child: ChildProcess;
}

function startServer(mode: string): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts', mode], {
      cwd: apiDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\S+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], child });
    });
    child.once('exit', (code) => reject(new Error(`bench server (${mode}) exited with ${code}`)));
  });
}

async function stopServer(s: Running) {
  if (s.child.exitCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

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

let phone = 0;
function checkInRequest(url: string): autocannon.Options {
  return {
    url,
    requests: [
      {
        method: 'POST',
        path: '/api/check-in/',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => {
          phone += 1;
          return {
            ...req,
            body: JSON.stringify({
              shop_username: `bench-${phone % BENCH_SHOPS}`,
              name: 'Bench Guest',
              phone_number: `+1 555 ${String(phone).padStart(7, '0')}`,
            }),
          };
        },
      },
    ],
  };
}

async function benchApp(label: string, mode: string): Promise<Figure[]> {
  const s = await startServer(mode);
  try {
    return [
      await load(`${label}  GET /api/shop/`, { url: `${s.url}/api/shop/?shop_username=demo` }),
      await load(`${label}  GET /api/barbers/`, { url: `${s.url}/api/barbers/?shop_username=demo` }),
      await load(`${label}  POST /api/check-in/`, checkInRequest(s.url)),
    ];
  } finally {
    await stopServer(s);
  }
}

/** A fresh database on the PostgreSQL server, or null when none answers. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `chairline_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
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
  figures.push(...(await benchApp('PGlite', 'pglite')));
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
  for (const line of await pageJs()) console.log(line);
}

// `pnpm bench wait-accuracy`: the simulated Saturday of the wait estimate instead of the load test.
const run = process.argv[2] === 'wait-accuracy' ? import('./wait-accuracy.js').then((m) => m.printWaitAccuracy()) : main();
run.catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
