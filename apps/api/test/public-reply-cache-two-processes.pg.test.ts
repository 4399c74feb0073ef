import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queueEvent, type QueueEvent } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { createShopWithOwner } from '../src/modules/auth/shops-repository.js';
import { startApiProcess, type ApiProcess } from './support/api-process.js';
import { freshDatabase, onPostgres } from './support/database.js';
import { PASSWORD, unique } from './support/factories.js';

/**
 * Two real API processes (the server entry, as deployed) on one PostgreSQL database: a change made
 * through process A makes process B answer its public shop replies afresh, with a new ETag. B's
 * event stream tells the test when B has heard of the change (B forgets its kept replies before it
 * hands an event to its streams), so no waiting on time is needed.
 */

/** Reads `event: queue` messages from an open SSE response body. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<QueueEvent> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (!lines.includes('event: queue')) continue;
          const data = lines.find((l) => l.startsWith('data: '));
          return queueEvent.parse(JSON.parse(data?.slice('data: '.length) ?? '{}'));
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

let db: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let a: ApiProcess;
let b: ApiProcess;
let shopUsername: string;
let ownerEmail: string;

beforeAll(async () => {
  if (!onPostgres()) throw new Error('This suite needs TEST_DATABASE_URL (a PostgreSQL server).');
  db = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'chairline-cache-two-'));
  shopUsername = unique('shop-');
  ownerEmail = `${unique('owner')}@example.test`;
  const passwordHash = await hashPassword(PASSWORD);
  await db.db.transaction((tx) =>
    createShopWithOwner(tx, { name: 'Owner', email: ownerEmail, passwordHash, shopName: 'Two Process Cuts', shopUsername }),
  );
  [a, b] = await Promise.all([startApiProcess(db.url ?? '', join(dataDir, 'a')), startApiProcess(db.url ?? '', join(dataDir, 'b'))]);
}, 120_000);

afterAll(async () => {
  for (const s of [a, b]) if (s && s.child.exitCode === null) s.child.kill('SIGKILL');
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function read(server: ApiProcess, path: string, etag?: string) {
  const res = await fetch(`${server.url}/api/${path}?shop_username=${shopUsername}`, { headers: etag ? { 'if-none-match': etag } : {} });
  return { status: res.status, etag: res.headers.get('etag') ?? '', body: res.status === 200 ? ((await res.json()) as unknown) : null };
}

describe('public shop replies kept by two API processes on one PostgreSQL', () => {
  it('are answered afresh by B after a check-in, a settings change and a service change made through A', async () => {
    const login = await fetch(`${a.url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ownerEmail, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const staff = { authorization: `Bearer ${((await login.json()) as { access: string }).access}`, 'content-type': 'application/json' };

    let shop = await read(b, 'shop/');
    let services = await read(b, 'shop/services/');
    expect(shop.status).toBe(200);
    expect((await read(b, 'shop/', shop.etag)).status).toBe(304);
    expect((await read(b, 'shop/services/', services.etag)).status).toBe(304);

    const stream = await fetch(`${b.url}/api/events/?shop_username=${shopUsername}`);
    const events = eventReader(stream.body as ReadableStream<Uint8Array>);

    // A check-in through A: B's stream hears it, and B's kept reply is gone.
    const checkIn = () =>
      fetch(`${a.url}/api/check-in/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shop_username: shopUsername, name: 'Luis Ortega', phone_number: `+1 718 555 ${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}` }),
      });
    expect((await checkIn()).status).toBe(200);
    expect(await events.next()).toMatchObject({ kind: 'ticket', status: 'waiting' });
    let fresh = await read(b, 'shop/', shop.etag);
    expect(fresh.status).toBe(200);
    expect(fresh.etag).not.toBe(shop.etag);
    expect(fresh.body).toMatchObject({ today_checkins: 1 });
    shop = fresh;

    // The shop's name saved through A.
    const settings = (await (await fetch(`${a.url}/api/shop/settings/`, { headers: staff })).json()) as { response: Record<string, unknown> };
    const saved = await fetch(`${a.url}/api/shop/settings/`, {
      method: 'PUT',
      headers: staff,
      body: JSON.stringify({ ...settings.response, name: 'Renamed Through A', pin_enabled: false }),
    });
    expect(saved.status).toBe(200);
    expect(await events.next()).toMatchObject({ kind: 'shop' });
    fresh = await read(b, 'shop/', shop.etag);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ response: { name: 'Renamed Through A' } });

    // A new service through A (no queue event of its own): B hears of it before the next event.
    const made = await fetch(`${a.url}/api/services/`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({ name: 'Beard trim', estimated_minutes: 15, price: 12 }),
    });
    expect(made.status).toBe(200);
    expect((await checkIn()).status).toBe(200);
    expect(await events.next()).toMatchObject({ kind: 'ticket', status: 'waiting' });
    const freshServices = await read(b, 'shop/services/', services.etag);
    expect(freshServices.status).toBe(200);
    expect(freshServices.body).toMatchObject([{ name: 'Beard trim', estimated_minutes: 15 }]);
    services = freshServices;
    expect((await read(b, 'shop/services/', services.etag)).status).toBe(304);
    await events.cancel();
  });
});
