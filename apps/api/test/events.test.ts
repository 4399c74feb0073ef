import { queueEvent, QUEUE_MESSAGES, type QueueEvent } from '@chairline/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/http/errors.js';
import { createMemoryEventBus } from '../src/modules/queue/events/event-bus.js';
import { eventsRoutes } from '../src/modules/queue/events/events-routes.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, type TestShop } from './support/factories.js';
import { pngImage } from './support/images.js';
import { multipart } from './support/multipart.js';

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
    /** The raw text received so far, up to the first message. */
    async preamble(): Promise<string> {
      const { value } = await reader.read();
      const text = decoder.decode(value, { stream: true });
      buffer += text;
      return text;
    },
    cancel: () => reader.cancel(),
  };
}

let t: TestApp;
let base: string;
let shop: TestShop;
beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  shop = await makeShop(t.app, t.db);
});
afterAll(() => t.close());

describe('GET /api/events/?shop_username=', () => {
  it('streams an event after a check-in, and each queue change after', async () => {
    const res = await fetch(`${base}/api/events/?shop_username=${shop.username}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = eventReader(res.body as ReadableStream<Uint8Array>);
    expect(await events.preamble()).toContain(': connected');

    const ticket = (await checkIn(t.app, shop.username)).json().response;
    const first = await events.next();
    expect(first).toMatchObject({ kind: 'ticket', shop_username: shop.username, status: 'waiting' });
    // A token is the key to a ticket: the public stream never carries one.
    expect(first.token).toBeUndefined();

    const list = await t.app.inject({ method: 'GET', url: '/api/walkins/', headers: bearer(shop.admin) });
    const id = list.json().response[0].id;
    await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/start/`, headers: bearer(shop.admin) });
    expect(await events.next()).toMatchObject({ kind: 'ticket', status: 'in_service' });
    expect(await events.next()).toMatchObject({ kind: 'rotation' });
    expect(ticket.token).toMatch(/^[\w-]{20,}$/);
    await events.cancel();
  });

  it("tells a ticket page of its own ticket's change without its token, even when asked with it, and nothing about another shop's", async () => {
    const other = await makeShop(t.app, t.db);
    const mine = (await checkIn(t.app, shop.username)).json().response;
    const res = await fetch(`${base}/api/events/?shop_username=${shop.username}&token=${mine.token}`);
    const events = eventReader(res.body as ReadableStream<Uint8Array>);
    await events.preamble();
    await checkIn(t.app, other.username);
    await t.app.inject({ method: 'POST', url: `/api/check-in/${mine.token}/cancel/` });
    const e = await events.next();
    expect(e).toMatchObject({ kind: 'ticket', shop_username: shop.username, status: 'cancelled' });
    expect(e.token).toBeUndefined();
    await events.cancel();
  });

  it('answers 404 for an unknown shop', async () => {
    const res = await fetch(`${base}/api/events/?shop_username=nobody-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.shopNotFound });
  });

  it('publishes nothing for a refused write (only committed changes go out)', async () => {
    const res = await fetch(`${base}/api/events/?shop_username=${shop.username}`);
    const events = eventReader(res.body as ReadableStream<Uint8Array>);
    await events.preamble();
    const refused = await checkIn(t.app, shop.username, { service_ids: [999_999] });
    expect(refused.statusCode).toBe(400);
    await checkIn(t.app, shop.username, { name: 'Next Guest' });
    // The first event is the accepted check-in, not the refused one.
    expect(await events.next()).toMatchObject({ kind: 'ticket', status: 'waiting' });
    const waiting = await t.app.inject({ method: 'GET', url: '/api/walkins/?status=waiting', headers: bearer(shop.admin) });
    expect(waiting.json().response.map((w: { party_name: string }) => w.party_name)).toContain('Next Guest');
    await events.cancel();
  });
});

describe('shop events', () => {
  const settingsBody = (username: string, name: string) => ({
    name,
    username,
    address: '1 Main St',
    phone_number: '+1 555 010 0000',
    timezone: 'America/Chicago',
    opening_hours: {},
    pin_enabled: false,
  });

  it('tells open public pages when the settings or the logo change, after the write commits', async () => {
    const s = await makeShop(t.app, t.db);
    const other = await makeShop(t.app, t.db);
    const res = await fetch(`${base}/api/events/?shop_username=${s.username}`);
    const events = eventReader(res.body as ReadableStream<Uint8Array>);
    await events.preamble();

    // A refused save (another shop's username) publishes nothing; the first event is the accepted one.
    const refused = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', headers: bearer(s.admin), payload: settingsBody(other.username, 'Taken') });
    expect(refused.statusCode).toBe(409);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', headers: bearer(s.admin), payload: settingsBody(s.username, 'Renamed Cuts') });
    expect(saved.statusCode).toBe(200);
    const first = await events.next();
    expect(first).toMatchObject({ kind: 'shop', shop_username: s.username });
    expect(first.token).toBeUndefined();
    // By the time the event arrives, the public read answers the new name.
    const shopNow = await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${s.username}` });
    expect(shopNow.json().response.name).toBe('Renamed Cuts');

    const { payload, headers } = multipart({}, { field: 'shop_logo', filename: 'logo.png', contentType: 'image/png', data: await pngImage(64, 48) });
    const upload = await t.app.inject({ method: 'POST', url: '/api/shop/settings/logo/', payload, headers: { ...headers, ...bearer(s.admin) } });
    expect(upload.statusCode).toBe(200);
    expect(await events.next()).toMatchObject({ kind: 'shop', shop_username: s.username });

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/shop/settings/logo/', headers: bearer(s.admin) });
    expect(removed.statusCode).toBe(200);
    expect(await events.next()).toMatchObject({ kind: 'shop', shop_username: s.username });
    await events.cancel();
  });

  it('tells the pages open under the old username when the shop is renamed', async () => {
    const s = await makeShop(t.app, t.db);
    const res = await fetch(`${base}/api/events/?shop_username=${s.username}`);
    const events = eventReader(res.body as ReadableStream<Uint8Array>);
    await events.preamble();
    const renamed = `${s.username}-new`;
    const saved = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', headers: bearer(s.admin), payload: settingsBody(renamed, 'Moved Cuts') });
    expect(saved.statusCode).toBe(200);
    expect(await events.next()).toMatchObject({ kind: 'shop', shop_username: s.username });
    await events.cancel();
  });
});

describe('shutdown', () => {
  it('closes the app while a stream is open, ending the stream', async () => {
    const own = await startTestApp();
    const url = await own.app.listen({ host: '127.0.0.1', port: 0 });
    const s = await makeShop(own.app, own.db);
    const res = await fetch(`${url}/api/events/?shop_username=${s.username}`);
    const events = eventReader(res.body as ReadableStream<Uint8Array>);
    await events.preamble();
    await own.close();
    await expect(events.next()).rejects.toThrow('stream ended');
  });
});

describe('keep-alive', () => {
  it('writes a ping comment on an idle stream', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.decorate('db', t.db);
    app.decorate('events', createMemoryEventBus());
    await app.register(eventsRoutes, { prefix: '/api', keepAliveMs: 20 });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const res = await fetch(`${url}/api/events/?shop_username=${shop.username}`);
      const events = eventReader(res.body as ReadableStream<Uint8Array>);
      let text = '';
      while (!text.includes(': ping')) text += await events.preamble();
      expect(text).toContain(': ping\n\n');
      await events.cancel();
    } finally {
      await app.close();
    }
  });
});
