import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queueEvent } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopWithOwner } from '../src/modules/auth/shops-repository.js';
import { exited, startApiProcess, type ApiProcess } from './support/api-process.js';
import { freshDatabase, onPostgres } from './support/database.js';
import { unique } from './support/factories.js';

/**
 * Two real API processes (the server entry, as deployed) on one PostgreSQL database: a check-in
 * through process A reaches an event stream opened on process B, over LISTEN/NOTIFY.
 */

let db: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let a: ApiProcess;
let b: ApiProcess;
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
  [a, b] = await Promise.all([startApiProcess(db.url ?? '', join(dataDir, 'a')), startApiProcess(db.url ?? '', join(dataDir, 'b'))]);
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
