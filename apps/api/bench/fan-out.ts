import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { postgresDatabase, startServer, stopServer, type Running } from './servers.js';

/**
 * `pnpm bench fan-out`: one shop with BENCH_STREAMS open event streams (default 2,000), then
 * BENCH_ROUNDS check-ins (default 3) to it, each timed from the request to its event arriving on
 * every stream; the server's longest event-loop stall during each round; and the server's memory
 * per open stream (after a full collection, before and after opening them). On PostgreSQL when one
 * answers (BENCH_DATABASE_URL), else on the embedded database.
 */
export const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SHOP = 'bench-0';

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  collected: boolean;
}

async function json<T>(url: string, method = 'GET'): Promise<T> {
  const res = await fetch(url, { method });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
  return (await res.json()) as T;
}

interface OpenStream {
  req: http.ClientRequest;
  events: number;
  /** When each event arrived (performance.now()). */
  arrivals: number[];
}

function openStreams(base: string, count: number): Promise<OpenStream[]> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const opening: Promise<OpenStream>[] = [];
  for (let i = 0; i < count; i++) {
    opening.push(
      new Promise((resolve, reject) => {
        const stream: OpenStream = { req: undefined as unknown as http.ClientRequest, events: 0, arrivals: [] };
        stream.req = http.get(`${base}/api/events/?shop_username=${SHOP}`, { agent }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`stream ${i}: ${res.statusCode}`));
          res.setEncoding('utf8');
          let connected = false;
          res.on('data', (chunk: string) => {
            if (!connected && chunk.includes(': connected')) {
              connected = true;
              resolve(stream);
            }
            let at = chunk.indexOf('event: queue');
            while (at >= 0) {
              stream.events += 1;
              stream.arrivals.push(performance.now());
              at = chunk.indexOf('event: queue', at + 1);
            }
          });
        });
        stream.req.on('error', (err) => {
          if (!stream.req.destroyed) reject(err);
        });
      }),
    );
  }
  return Promise.all(opening);
}

let phone = 0;
async function checkIn(base: string): Promise<void> {
  phone += 1;
  const res = await fetch(`${base}/api/check-in/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shop_username: SHOP, name: 'Fan Out', phone_number: `+1 555 ${String(9_000_000 + phone).padStart(7, '0')}` }),
  });
  if (res.status !== 200) throw new Error(`check-in: ${res.status} ${await res.text()}`);
}

const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One check-in's event on every stream: latency spread in ms, and the server's longest stall. */
export interface FanOutRound {
  min: number;
  median: number;
  p95: number;
  max: number;
  missing: number;
  stallMs: number;
}

export interface FanOutFigures {
  label: string;
  streams: number;
  openSeconds: number;
  /** Bytes per open stream, after minus before opening them. */
  perStream: { heap: number; buffers: number; rss: number; collected: boolean };
  rounds: FanOutRound[];
  /** The p95 over every stream's latency of every round (the goal's figure for the run). */
  p95: number;
}

async function measureOn(s: Running, label: string): Promise<FanOutFigures> {
  const before = await json<Memory>(`${s.url}/bench/memory`);
  const opened = performance.now();
  const streams = await openStreams(s.url, STREAMS);
  const openSeconds = (performance.now() - opened) / 1000;
  const after = await json<Memory>(`${s.url}/bench/memory`);
  const per = (k: keyof Omit<Memory, 'collected'>) => Math.round((after[k] - before[k]) / STREAMS);
  const rounds: FanOutRound[] = [];
  const all: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await json(`${s.url}/bench/loop-delay/reset`, 'POST');
    const seen = streams.map((st) => st.events);
    const sent = performance.now();
    await checkIn(s.url);
    // Bounded: every stream must have its event within a minute, else the run says so.
    const deadline = sent + 60_000;
    while (streams.some((st, i) => st.events <= (seen[i] ?? 0)) && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const latencies = streams.map((st, i) => (st.arrivals[seen[i] ?? 0] ?? Infinity) - sent).sort((a, b) => a - b);
    all.push(...latencies);
    const stall = await json<{ maxMs: number; p99Ms: number }>(`${s.url}/bench/loop-delay`);
    rounds.push({
      min: latencies[0] ?? 0,
      median: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies[latencies.length - 1] ?? 0,
      missing: latencies.filter((l) => !Number.isFinite(l)).length,
      stallMs: stall.maxMs,
    });
    // Let the rotation event that follows settle before the next round.
    await new Promise((r) => setTimeout(r, 500));
  }
  for (const st of streams) st.req.destroy();
  return {
    label,
    streams: STREAMS,
    openSeconds,
    perStream: { heap: per('heapUsed'), buffers: per('external') + per('arrayBuffers'), rss: per('rss'), collected: after.collected },
    rounds,
    p95: percentile(all.sort((a, b) => a - b), 95),
  };
}

/** The fan-out on PostgreSQL when one answers, else on the embedded database. */
export async function measureFanOut(): Promise<FanOutFigures> {
  const database = await postgresDatabase();
  const s = await startServer(database ? database.url : 'pglite');
  try {
    return await measureOn(s, database ? 'PostgreSQL' : 'PGlite');
  } finally {
    await stopServer(s);
    await database?.drop();
  }
}

function fanOutLines(f: FanOutFigures): string[] {
  const { perStream: p } = f;
  return [
    `${f.label}: ${f.streams} streams open in ${ms(f.openSeconds)} s`,
    `  memory per open stream: ${p.heap} B heap, ${p.buffers} B buffers, ${p.rss} B resident` +
      (p.collected ? '' : ' (no --expose-gc: not collected first)'),
    ...f.rounds.map(
      (r, i) =>
        `  check-in ${i + 1} → event on every stream: min ${ms(r.min)} / median ${ms(r.median)} / ` +
        `p95 ${ms(r.p95)} / max ${ms(r.max)} ms` +
        `${r.missing ? `, ${r.missing} streams without it` : ''}; server loop held at most ${ms(r.stallMs)} ms`,
    ),
  ];
}

export async function printFanOut() {
  console.log(`Chairline fan-out bench: ${STREAMS} event streams on one shop, ${ROUNDS} check-ins.\n`);
  for (const line of fanOutLines(await measureFanOut())) console.log(line);
}
