import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type RunningServer } from './server.js';

/** What a test process gets for a leased server (support/server-lease.ts). */
export interface Lease {
  id: string;
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed so far, appended as it prints. */
  logFile: string;
}

/** The demo shop's time zone (apps/api/src/seed/demo-shop.ts): its "today" is the seed's. */
const DEMO_TIME_ZONE = 'America/New_York';
/**
 * A spare seeded longer ago than this is not handed out: the demo shop's live queue says who
 * checked in how many minutes ago, and a test should see it as fresh as a server started for it.
 */
const SPARE_FRESH_MS = 10 * 60_000;

const shopDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_TIME_ZONE }).format(at);

interface Spare {
  id: string;
  server: Promise<RunningServer>;
  /** The file the server's output goes to. */
  logFile: string;
  /** When it said it was running (its demo shop was seeded just before). */
  readyAt?: Date;
}

export interface ServerPool {
  /** The address test processes lease from (`POST /lease`, `/terminate?id=`, `/stop?id=`). */
  url: string;
  /** Stops the spare and every server a test did not stop, and the pool's own listener. */
  close(): Promise<void>;
}

/**
 * Keeps one default server (demo shop seeded, from the migrated `template`) started ahead of the
 * test file that needs it. A browser file then finds its server running instead of waiting several
 * seconds for a start, which overlaps the previous file's tests. The next spare starts only once
 * the leased one is running, so the pool never starts two servers at once.
 *
 * A spare is handed out only when it is fresh: seeded on the demo shop's current day and within
 * the last ten minutes; otherwise it is stopped and a new one started for the test, so the demo
 * shop's "today" is the test's today as before.
 */
export async function startServerPool(template: string): Promise<ServerPool> {
  const logs = mkdtempSync(join(tmpdir(), 'chairline-e2e-pool-'));
  const leased = new Map<string, RunningServer>();
  let spare: Spare | undefined;
  let started = 0;
  let closing = false;

  const startSpare = (): Spare => {
    started += 1;
    const id = String(started);
    const logFile = join(logs, `server-${id}.log`);
    const next: Spare = { id, server: spawnServer({}, template, logFile), logFile };
    next.server.then(
      () => (next.readyAt = new Date()),
      // A start that failed is reported to the test that leases it.
      () => undefined,
    );
    return next;
  };

  const lease = async (): Promise<Lease> => {
    let taken = spare ?? startSpare();
    spare = undefined;
    let server = await taken.server.finally(() => {
      // Files that lease at the same time each start one; one spare is kept, never more.
      if (!closing && !spare) spare = startSpare();
    });
    const now = new Date();
    const seeded = taken.readyAt ?? now;
    if (shopDay(seeded) !== shopDay(now) || now.getTime() - seeded.getTime() > SPARE_FRESH_MS) {
      await server.stop();
      taken = startSpare();
      server = await taken.server;
    }
    leased.set(taken.id, server);
    return { id: taken.id, baseUrl: server.baseUrl, dataDir: server.dataDir, logFile: taken.logFile };
  };

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://pool');
    try {
      if (req.method === 'POST' && url.pathname === '/lease') return reply(res, 200, await lease());
      const server = leased.get(url.searchParams.get('id') ?? '');
      if (!server) return reply(res, 404, { error: `No leased server ${url.searchParams.get('id')}` });
      if (req.method === 'POST' && url.pathname === '/terminate') return reply(res, 200, await server.terminate());
      if (req.method === 'POST' && url.pathname === '/stop') {
        leased.delete(url.searchParams.get('id') ?? '');
        await server.stop();
        return reply(res, 200, {});
      }
      reply(res, 404, { error: `${req.method} ${url.pathname}` });
    } catch (err) {
      reply(res, 500, { error: err instanceof Error ? err.message : String(err) });
    }
  };
  const listener = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  spare = startSpare();

  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      closing = true;
      listener.close();
      const servers = [...leased.values()];
      leased.clear();
      const left = spare;
      spare = undefined;
      if (left) servers.push(...(await Promise.allSettled([left.server])).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
      await Promise.allSettled(servers.map((s) => s.stop()));
      rmSync(logs, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
