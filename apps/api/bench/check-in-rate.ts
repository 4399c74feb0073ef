import { request, Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { STEADY_RATE_SHOPS } from './settings.js';
import { postgresDatabase, startServer, stopServer, PG_URL } from './servers.js';

/**
 * `pnpm bench check-in-rate`: check-ins at a steady rate (a Saturday rush across many shops), not as
 * fast as possible: what a customer waits for their place when 200 people a second press "Check in"
 * across 100 shops. An open loop: request i is due at start + i/rate whatever the earlier ones are
 * doing, and its latency counts from when it was due, so a stalled server cannot hide its backlog
 * (no coordinated omission). A 3 s warm-up is not counted.
 * Knobs: BENCH_RATE (200/s), BENCH_SHOPS (100), BENCH_SECONDS (20), BENCH_CONNECTIONS (50, the
 * most requests in flight), BENCH_PGLITE=1 to add the embedded database.
 */
export const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const GOAL_P99_MS = 25;

export interface RateFigure {
  label: string;
  offered: number;
  achieved: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

let phone = 0;
/** A new phone each time (a waiting phone checking in again is refused), spread over the shops. */
function nextCheckIn(shops: number): string {
  phone += 1;
  return JSON.stringify({
    shop_username: `bench-${phone % shops}`,
    name: 'Bench Guest',
    phone_number: `+1 555 ${String(phone).padStart(7, '0')}`,
  });
}

function post(url: URL, agent: Agent, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function openLoop(base: string, shops: number, seconds: number) {
  const url = new URL('/api/check-in/', base);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const total = Math.round(RATE * seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const ahead = due - performance.now();
    if (ahead > 1) await sleep(ahead);
    inFlight.push(
      post(url, agent, nextCheckIn(shops)).then(
        (status) => {
          latencies.push(performance.now() - due);
          if (status < 200 || status >= 300) non2xx += 1;
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { achieved: Math.round(total / elapsed), latencies, non2xx, errors };
}

async function atRate(label: string, url: string, shops: number): Promise<RateFigure> {
  await openLoop(url, shops, 3);
  const r = await openLoop(url, shops, SECONDS);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    label,
    offered: RATE,
    achieved: r.achieved,
    p50: round(percentile(r.latencies, 50)),
    p99: round(percentile(r.latencies, 99)),
    max: round(r.latencies.at(-1) ?? 0),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function measure(label: string, mode: string, shops: number): Promise<RateFigure> {
  const server = await startServer(mode);
  try {
    return await atRate(label, server.url, shops);
  } finally {
    await stopServer(server);
  }
}

/**
 * The steady-rate figures on PostgreSQL (an empty list when none answers) and, with
 * `pglite`, on the embedded database. `shops`: the shops the rush is spread over (100 by default,
 * whichever bench asks).
 */
export async function measureCheckInRate(options: { shops?: number; pglite?: boolean } = {}): Promise<RateFigure[]> {
  const shops = options.shops ?? STEADY_RATE_SHOPS;
  // The servers inherit the environment: they seed the same shops the load is spread over (and
  // the benches run after this one in the same process seed what they asked for).
  const previous = process.env.BENCH_SHOPS;
  process.env.BENCH_SHOPS = String(shops);
  try {
    const figures: RateFigure[] = [];
    const database = await postgresDatabase();
    if (database) {
      try {
        figures.push(await measure('PostgreSQL', database.url, shops));
      } finally {
        await database.drop();
      }
    }
    if (options.pglite) figures.push(await measure('PGlite', 'pglite', shops));
    return figures;
  } finally {
    if (previous === undefined) delete process.env.BENCH_SHOPS;
    else process.env.BENCH_SHOPS = previous;
  }
}

export async function printCheckInRate(): Promise<void> {
  console.log(`Check-ins at ${RATE}/s over ${STEADY_RATE_SHOPS} shops, ${SECONDS} s after a 3 s warm-up, ${CONNECTIONS} connections.\n`);
  const figures = await measureCheckInRate({ pglite: process.env.BENCH_PGLITE === '1' });
  if (!figures.some((f) => f.label === 'PostgreSQL')) {
    console.log(`PostgreSQL: not reachable at ${PG_URL.replace(/\/\/[^@]*@/, '//')}; skipped.`);
  }
  console.log('database     offered/s  achieved/s  p50 ms  p99 ms  max ms  non-2xx  errors  goal p99 ≤ 25 ms');
  for (const f of figures) {
    console.log(
      `${f.label.padEnd(11)}  ${String(f.offered).padStart(9)}  ${String(f.achieved).padStart(10)}  ${String(f.p50).padStart(6)}  ${String(f.p99).padStart(6)}  ${String(f.max).padStart(6)}  ${String(f.non2xx).padStart(7)}  ${String(f.errors).padStart(6)}  ${f.p99 <= GOAL_P99_MS && f.achieved >= f.offered * 0.95 ? '✓' : '✗'}`,
    );
  }
}
