import autocannon from 'autocannon';
import { startServer, stopServer, type Running } from './servers.js';

/**
 * `pnpm bench pglite-thread`: the embedded database on the API's event loop
 * (CHAIRLINE_PGLITE_WORKER=0) next to the same in its worker thread (the default), in one run:
 * `GET /api/shop/` requests per second as a share of a bare Fastify route, and the longest time the
 * server's event loop was held during that load (what an open event stream waits, at worst, for
 * its next write).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SHOP_PATH = '/api/shop/?shop_username=demo';

interface Row {
  label: string;
  rps: number;
  p99: number;
  non2xx: number;
  loopMaxMs?: number;
  loopP99Ms?: number;
}

async function load(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
}

/** A server whose child process sees CHAIRLINE_PGLITE_WORKER as given (the child inherits our environment). */
async function startWith(mode: string, worker: '0' | '1'): Promise<Running> {
  const before = process.env.CHAIRLINE_PGLITE_WORKER;
  process.env.CHAIRLINE_PGLITE_WORKER = worker;
  try {
    return await startServer(mode);
  } finally {
    if (before === undefined) delete process.env.CHAIRLINE_PGLITE_WORKER;
    else process.env.CHAIRLINE_PGLITE_WORKER = before;
  }
}

async function measureApp(label: string, worker: '0' | '1'): Promise<Row> {
  const s = await startWith('pglite', worker);
  try {
    await fetch(`${s.url}/bench/loop-delay/reset`, { method: 'POST' });
    const r = await load(`${s.url}${SHOP_PATH}`);
    const loop = (await (await fetch(`${s.url}/bench/loop-delay`)).json()) as { maxMs: number; p99Ms: number };
    return { label, rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, loopMaxMs: loop.maxMs, loopP99Ms: loop.p99Ms };
  } finally {
    await stopServer(s);
  }
}

export async function printPgliteThread() {
  console.log(`Chairline bench, embedded database thread: ${CONNECTIONS} connections, ${SECONDS} s per row.\n`);
  const bare = await startServer('bare');
  let bareRps: number;
  try {
    bareRps = (await load(`${bare.url}/bare/`)).requests.average;
  } finally {
    await stopServer(bare);
  }
  const rows = [await measureApp('PGlite on the event loop', '0'), await measureApp('PGlite in a worker thread', '1')];
  console.log(`bare Fastify  GET /bare/  ${Math.round(bareRps)} req/s\n`);
  console.log('GET /api/shop/                 req/s  of bare  p99 ms  non-2xx  loop held max / p99 ms');
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(29)}  ${String(Math.round(r.rps)).padStart(5)}  ${((100 * r.rps) / bareRps).toFixed(1).padStart(6)} %` +
        `  ${String(r.p99).padStart(6)}  ${String(r.non2xx).padStart(7)}  ${r.loopMaxMs?.toFixed(1)} / ${r.loopP99Ms?.toFixed(1)}`,
    );
  }
}
