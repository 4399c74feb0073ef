import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopWithOwner } from '../src/modules/auth/shops-repository.js';
import { STREAM_CLOSING_FRAME } from '../src/modules/queue/events/events-routes.js';
import { exited, startApiProcess, type ApiProcess } from './support/api-process.js';
import { freshDatabase, onPostgres } from './support/database.js';
import { unique } from './support/factories.js';

/**
 * The server entry, in its own process, stopped by a signal: open event streams are ended cleanly
 * with a last comment (an EventSource then reconnects, to another process behind a load balancer),
 * an idle keep-alive connection does not hold it up, the database is closed and it exits 0. On
 * PostgreSQL with SIGTERM (a container stop), on the embedded database with SIGINT (Ctrl-C), where
 * the data folder's lock must be released too.
 */

let db: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
const started: ApiProcess[] = [];

beforeAll(async () => {
  if (!onPostgres()) throw new Error('This suite needs TEST_DATABASE_URL (a PostgreSQL server).');
  db = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'chairline-shutdown-'));
}, 120_000);

afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openStream(url: string, shopUsername: string) {
  const res = await fetch(`${url}/api/events/?shop_username=${shopUsername}`);
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(': connected')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended before it was connected');
    text += decoder.decode(value, { stream: true });
  }
  /** Everything the stream sends until the server ends it; throws if it is reset instead. */
  const rest = async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  };
  return { rest };
}

/** A GET on a keep-alive connection that stays open and idle afterwards. */
function keepAliveGet(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/health/`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function stopsCleanly(server: ApiProcess, signal: NodeJS.Signals, shopUsername: string) {
  const streams = await Promise.all([openStream(server.url, shopUsername), openStream(server.url, shopUsername)]);
  const agent = new Agent({ keepAlive: true });
  try {
    expect(await keepAliveGet(server.url, agent)).toBe(200);

    server.child.kill(signal);
    const texts = await Promise.all(streams.map((s) => s.rest()));
    for (const text of texts) expect(text.endsWith(STREAM_CLOSING_FRAME)).toBe(true);
    expect(await exited(server.child)).toBe(0);
    expect(server.output.join('')).toContain('Chairline stopped.');
    await expect(fetch(`${server.url}/api/health/`)).rejects.toThrow();
  } finally {
    agent.destroy();
  }
}

describe('graceful shutdown of a server process', () => {
  it('on PostgreSQL, SIGTERM ends the event streams cleanly, closes the database and exits 0', async () => {
    const shopUsername = unique('shop-');
    await db.db.transaction((tx) =>
      createShopWithOwner(tx, {
        name: 'Owner',
        email: `${unique('owner')}@example.test`,
        passwordHash: 'not-used',
        shopName: 'Shutdown Cuts',
        shopUsername,
      }),
    );
    const server = await startApiProcess(db.url ?? '', join(dataDir, 'pg'));
    started.push(server);
    await stopsCleanly(server, 'SIGTERM', shopUsername);
  });

  it('on the embedded database, SIGINT does the same and releases the data folder', async () => {
    const folder = join(dataDir, 'embedded');
    const server = await startApiProcess('', folder, { SEED_DEMO: 'true' });
    started.push(server);
    expect(existsSync(join(folder, 'chairline.lock'))).toBe(true);
    await stopsCleanly(server, 'SIGINT', 'demo');
    expect(existsSync(join(folder, 'chairline.lock'))).toBe(false);
  });
});
