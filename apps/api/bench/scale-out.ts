import autocannon from 'autocannon';
import { postgresDatabase, startServer, stopServer, type Running } from './servers.js';
import { checkInRequest } from './check-in-load.js';

/**
 * `pnpm bench scale-out`: one API instance against two on the same PostgreSQL database. Each row
 * loads one endpoint for BENCH_SECONDS with BENCH_CONNECTIONS connections in all: on one instance,
 * then split evenly over two instances at the same time (as a load balancer would), summing their
 * requests per second. Instances, PostgreSQL and the load generator share this machine's cores, so
 * the gain is bounded by the cores left over, not by the application.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

function endpoint(kind: 'shop' | 'barbers' | 'check-in', url: string): autocannon.Options {
  return kind === 'check-in' ? checkInRequest(url) : { url: `${url}/api/${kind}/?shop_username=demo` };
}

interface Row {
  rps: number;
  p99: number;
  non2xx: number;
}

async function loadOn(servers: Running[], kind: 'shop' | 'barbers' | 'check-in'): Promise<Row> {
  const each = Math.max(1, Math.round(CONNECTIONS / servers.length));
  const results = await Promise.all(
    servers.map((s) => autocannon({ ...endpoint(kind, s.url), connections: each, duration: SECONDS })),
  );
  return {
    rps: results.reduce((sum, r) => sum + Math.round(r.requests.average), 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

export async function printScaleOut() {
  const database = await postgresDatabase();
  if (!database) {
    console.log('PostgreSQL not reachable: the scale-out bench needs it (BENCH_DATABASE_URL).');
    return;
  }
  const servers: Running[] = [];
  try {
    servers.push(await startServer(database.url));
    servers.push(await startServer(database.url, 'no-seed'));
    console.log(`Chairline scale-out bench: ${CONNECTIONS} connections in all, ${SECONDS} s per row, PostgreSQL.\n`);
    console.log('endpoint               instances  req/s   p99 ms  non-2xx');
    for (const kind of ['shop', 'barbers', 'check-in'] as const) {
      for (const count of [1, 2]) {
        const row = await loadOn(servers.slice(0, count), kind);
        const name = kind === 'check-in' ? 'POST /api/check-in/' : `GET /api/${kind}/`;
        console.log(
          `${name.padEnd(22)} ${String(count).padStart(9)}  ${String(row.rps).padStart(5)}  ${String(row.p99).padStart(7)}  ${String(row.non2xx).padStart(7)}`,
        );
      }
    }
  } finally {
    for (const s of servers) await stopServer(s);
    await database.drop();
  }
}
