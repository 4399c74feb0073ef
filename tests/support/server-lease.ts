import { readFileSync } from 'node:fs';
import type { Lease } from './server-pool.js';
import type { RunningServer } from './server.js';

/** One call to the run's server pool (support/server-pool.ts); its error message on a failure. */
async function poolCall<T>(poolUrl: string, path: string): Promise<T> {
  const res = await fetch(`${poolUrl}${path}`, { method: 'POST' });
  const body = (await res.json()) as T | { error: string };
  if (!res.ok) {
    const message = typeof body === 'object' && body !== null && 'error' in body ? body.error : JSON.stringify(body);
    throw new Error(`The server pool answered ${res.status} to ${path}: ${message}`);
  }
  return body as T;
}

/**
 * A default server from the run's pool, already running with the demo shop seeded. The pool's
 * process owns the child: `terminate` and `stop` ask it to end it, and a server a crashed test
 * file never stopped is stopped when the run ends.
 */
export async function leaseServer(poolUrl: string): Promise<RunningServer> {
  const lease = await poolCall<Lease>(poolUrl, '/lease');
  const id = encodeURIComponent(lease.id);
  return {
    baseUrl: lease.baseUrl,
    dataDir: lease.dataDir,
    output() {
      try {
        return readFileSync(lease.logFile, 'utf8');
      } catch {
        return '';
      }
    },
    terminate: () => poolCall(poolUrl, `/terminate?id=${id}`),
    async stop() {
      await poolCall(poolUrl, `/stop?id=${id}`);
    },
  };
}
