import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_STREAM_LIMITS, EVENT_STREAM_MESSAGES } from '../src/modules/queue/events/events-routes.js';
import { startTestApp, type TestApp } from './support/app.js';
import { makeShop } from './support/factories.js';

// Open event streams are capped per client address and per shop, over real HTTP on an ephemeral
// port. The app trusts X-Forwarded-For here, so one test machine can speak for several addresses.

let t: TestApp;
let base: string;
const PER_ADDRESS = 3;
const PER_SHOP = 5;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' }, eventStreamLimits: { perAddress: PER_ADDRESS, perShop: PER_SHOP } });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const opened: AbortController[] = [];
afterEach(() => {
  for (const c of opened.splice(0)) c.abort();
});

/** Opens a stream and reads its first bytes (the stream is registered once they arrive). */
async function openStream(username: string, address: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events/?shop_username=${username}`, {
    headers: { 'x-forwarded-for': address },
    signal: controller.signal,
  });
  if (res.status === 200) {
    opened.push(controller);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
  }
  return { res, close: () => controller.abort() };
}

describe('caps on open event streams', () => {
  it('has production defaults of 20 per address and 500 per shop', () => {
    expect(EVENT_STREAM_LIMITS).toEqual({ perAddress: 20, perShop: 500 });
  });

  // Each test uses its own shops and addresses, so streams still closing from another test never count.
  it('refuses the stream beyond the cap of one address with 429 and a clear message; closing one frees a slot', async () => {
    const [shop, other] = [await makeShop(t.app, t.db), await makeShop(t.app, t.db)];
    const streams = [];
    for (let i = 0; i < PER_ADDRESS; i++) {
      const s = await openStream(shop.username, '203.0.113.10');
      expect(s.res.status).toBe(200);
      streams.push(s);
    }
    const refused = await openStream(shop.username, '203.0.113.10');
    expect(refused.res.status).toBe(429);
    expect(await refused.res.json()).toEqual({ status: 0, response: EVENT_STREAM_MESSAGES.perAddress });
    // The cap is per address and counts every shop: another address is still served, another shop is not.
    expect((await openStream(other.username, '203.0.113.10')).res.status).toBe(429);
    expect((await openStream(shop.username, '203.0.113.11')).res.status).toBe(200);

    streams[0]?.close();
    // The server frees the slot when it sees the connection close.
    await vi.waitFor(
      async () => {
        const again = await openStream(shop.username, '203.0.113.10');
        expect(again.res.status).toBe(200);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('refuses the stream beyond the cap of one shop, whatever the address, and serves other shops', async () => {
    const [shop, other] = [await makeShop(t.app, t.db), await makeShop(t.app, t.db)];
    for (let i = 0; i < PER_SHOP; i++) {
      expect((await openStream(shop.username, `198.51.100.${i + 1}`)).res.status).toBe(200);
    }
    const refused = await openStream(shop.username, '198.51.100.200');
    expect(refused.res.status).toBe(429);
    expect(await refused.res.json()).toEqual({ status: 0, response: EVENT_STREAM_MESSAGES.perShop });
    expect((await openStream(other.username, '198.51.100.200')).res.status).toBe(200);
  });

  it('frees every slot when the streams close', async () => {
    const other = await makeShop(t.app, t.db);
    const address = '192.0.2.1';
    const first = [];
    for (let i = 0; i < PER_ADDRESS; i++) first.push(await openStream(other.username, address));
    expect(first.map((s) => s.res.status)).toEqual(Array.from({ length: PER_ADDRESS }, () => 200));
    for (const s of first) s.close();
    // Once the server has seen them close, a full set opens again from the same address.
    await vi.waitFor(
      async () => {
        const batch = [];
        for (let i = 0; i < PER_ADDRESS; i++) batch.push(await openStream(other.username, address));
        const statuses = batch.map((s) => s.res.status);
        if (statuses.some((status) => status !== 200)) for (const s of batch) s.close();
        expect(statuses).toEqual(Array.from({ length: PER_ADDRESS }, () => 200));
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
