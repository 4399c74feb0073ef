import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queueEvent } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopWithOwner } from '../src/modules/auth/shops-repository.js';
import { freshDatabase, onPostgres } from './support/database.js';
import { unique } from './support/factories.js';

/**
 * Two real API processes (the server entry, as deployed) on one PostgreSQL database: a check-in
 * through process A reaches an event stream opened on process B, over LISTEN/NOTIFY.
 */
const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

interface Server {
  url: string;
  child: ChildProcess;
  output: string[];
}

async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    const ok = await fetch(`${url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child, output };
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((r) => child.once('exit', (code) => r(code)));
}

let db: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let a: Server;
let b: Server;
let shopUsername: string;

beforeAll(async () => {
  if (!onPostgres()) throw new Error('This suite needs TEST_DATABASE_URL (a PostgreSQL server).');
  db = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'chairline-two-'));
  shopUsername = unique('shop-');
  await db.db.transaction((tx) =>
    createShopWithOwner(tx, {
      name: 'Owner',
      email: `${unique('owner')}@example.test`,
      passwordHash: 'not-used',
      shopName: 'Two Process Cuts',
      shopUsername,
    }),
  );
  [a, b] = await Promise.all([startServer(db.url ?? '', join(dataDir, 'a')), startServer(db.url ?? '', join(dataDir, 'b'))]);
}, 120_000);

afterAll(async () => {
  for (const s of [a, b]) if (s && s.child.exitCode === null) s.child.kill('SIGKILL');
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two API processes on one PostgreSQL', () => {
  it('pushes a check-in made through A to a stream opened on B, then both stop cleanly with streams open', async () => {
    const stream = await fetch(`${b.url}/api/events/?shop_username=${shopUsername}`);
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain(': connected');

    // A stream on A too, left open through the shutdown below.
    const streamOnA = await fetch(`${a.url}/api/events/?shop_username=${shopUsername}`);
    expect(streamOnA.status).toBe(200);

    const res = await fetch(`${a.url}/api/check-in/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shop_username: shopUsername, name: 'Luis Ortega', phone_number: '+1 718 555 0101' }),
    });
    expect(res.status).toBe(200);
    const ticket = (await res.json()) as { response: { status: string } };
    expect(ticket.response.status).toBe('waiting');

    while (!text.includes('event: queue')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended before the event');
      text += decoder.decode(value, { stream: true });
    }
    const block = text.slice(text.indexOf('event: queue')).split('\n\n')[0] ?? '';
    const data = block.split('\n').find((l) => l.startsWith('data: ')) ?? '';
    expect(queueEvent.parse(JSON.parse(data.slice('data: '.length)))).toMatchObject({
      kind: 'ticket',
      shop_username: shopUsername,
      status: 'waiting',
    });

    // Graceful shutdown must not wait on the open streams.
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await exited(a.child)).toBe(0);
    expect(await exited(b.child)).toBe(0);
  });
});
