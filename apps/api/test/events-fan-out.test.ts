import { connect } from 'node:net';
import { queueEvent, type QueueEvent } from '@chairline/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/http/errors.js';
import { createMemoryEventBus, queueEventAt, type EventBus } from '../src/modules/queue/events/event-bus.js';
import { eventsRoutes, type FanOutOptions, type FanOutStats } from '../src/modules/queue/events/events-routes.js';
import { startTestApp, type TestApp } from './support/app.js';
import { makeShop, type TestShop } from './support/factories.js';

// One event to many open streams: each stream of the shop gets it once and in order, other shops'
// streams never, written a chunk at a time; a client that stops reading is closed, not buffered.

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
    async connected() {
      while (!buffer.includes(': connected')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

let t: TestApp;
let shopA: TestShop;
let shopB: TestShop;
beforeAll(async () => {
  t = await startTestApp();
  shopA = await makeShop(t.app, t.db);
  shopB = await makeShop(t.app, t.db);
});
afterAll(() => t.close());

/** The events routes alone on a bus of their own, with the given fan-out settings. */
async function streamsApp(fanOut: Partial<FanOutOptions>, stats: FanOutStats): Promise<{ app: FastifyInstance; url: string; bus: EventBus }> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.decorate('db', t.db);
  const bus = createMemoryEventBus();
  app.decorate('events', bus);
  await app.register(eventsRoutes, { prefix: '/api', limits: { perAddress: 100, perShop: 100 }, fanOut, stats });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, bus };
}

describe('event fan-out', () => {
  it("gives each stream of the shop every event once and in order across chunks, another shop's none", async () => {
    const stats: FanOutStats = { open: 0, dropped: 0 };
    const { app, url, bus } = await streamsApp({ chunk: 3 }, stats);
    try {
      const open = async (username: string, query = '') => {
        const res = await fetch(`${url}/api/events/?shop_username=${username}${query}`);
        const reader = eventReader(res.body as ReadableStream<Uint8Array>);
        await reader.connected();
        return reader;
      };
      // One stream asks for a ticket's events by its token, as an older ticket page did: it gets no more than the rest.
      const onA = await Promise.all(Array.from({ length: 10 }, (_, i) => open(shopA.username, i === 4 ? '&token=ticket-four' : '')));
      const onB = await Promise.all([open(shopB.username), open(shopB.username)]);
      expect(stats.open).toBe(12);

      await bus.publish([
        queueEventAt(shopA.username, 'ticket', { token: 'ticket-four', status: 'waiting' }),
        queueEventAt(shopA.username, 'rotation'),
      ]);
      await bus.publish([queueEventAt(shopA.username, 'shop')]);
      await bus.publish([queueEventAt(shopB.username, 'rotation')]);
      await bus.publish([queueEventAt(shopA.username, 'ticket', { token: 'ticket-nine', status: 'called' })]);

      for (const reader of onA) {
        const first = await reader.next();
        expect(first).toMatchObject({ kind: 'ticket', shop_username: shopA.username, status: 'waiting' });
        // A ticket's token lets its holder see and cancel it: no stream of the public feed carries one.
        expect(first.token).toBeUndefined();
        expect(await reader.next()).toMatchObject({ kind: 'rotation', shop_username: shopA.username });
        expect(await reader.next()).toMatchObject({ kind: 'shop', shop_username: shopA.username });
        const last = await reader.next();
        expect(last).toMatchObject({ kind: 'ticket', status: 'called' });
        expect(last.token).toBeUndefined();
      }
      // Shop B's streams: only B's event, and nothing of A's before or after it.
      await bus.publish([queueEventAt(shopB.username, 'shop')]);
      for (const reader of onB) {
        expect(await reader.next()).toMatchObject({ kind: 'rotation', shop_username: shopB.username });
        expect(await reader.next()).toMatchObject({ kind: 'shop', shop_username: shopB.username });
      }
      // And nothing twice on A: the next event each A stream reads is the next one published.
      await bus.publish([queueEventAt(shopA.username, 'rotation', {})]);
      for (const reader of onA) expect(await reader.next()).toMatchObject({ kind: 'rotation' });
      for (const reader of [...onA, ...onB]) await reader.cancel();
      expect(stats.dropped).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('closes a stream whose client stopped reading, and keeps serving the ones that read', async () => {
    const stats: FanOutStats = { open: 0, dropped: 0 };
    const { app, url, bus } = await streamsApp({ chunk: 50, maxBufferedBytes: 16 * 1024 }, stats);
    const port = new URL(url).port;
    const token = 'x'.repeat(100);
    // A client that sends its request and never reads a byte of the reply.
    const slow = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => slow.once('connect', resolve));
    slow.pause();
    slow.write(`GET /api/events/?shop_username=${shopA.username} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    try {
      const res = await fetch(`${url}/api/events/?shop_username=${shopA.username}`);
      const healthy = eventReader(res.body as ReadableStream<Uint8Array>);
      await healthy.connected();
      while (stats.open < 2) await new Promise((r) => setImmediate(r));

      // Events about a ticket, until its socket's buffers are full and the
      // server gives up on it; the healthy stream reads each small batch before the next is sent.
      let published = 0;
      let read = 0;
      for (let batch = 0; stats.dropped === 0; batch++) {
        if (batch > 50_000) throw new Error('the slow stream was never closed');
        const events = Array.from({ length: 20 }, () => queueEventAt(shopA.username, 'ticket', { token, status: 'waiting' }));
        await bus.publish(events);
        published += events.length;
        for (; read < published; read++) expect((await healthy.next()).token).toBeUndefined();
      }
      expect(stats.dropped).toBe(1);
      while (stats.open > 1) await new Promise((r) => setImmediate(r));
      expect(stats.open).toBe(1);

      // The healthy stream goes on.
      await bus.publish([queueEventAt(shopA.username, 'shop')]);
      expect(await healthy.next()).toMatchObject({ kind: 'shop' });
      await healthy.cancel();
    } finally {
      slow.destroy();
      await app.close();
    }
  });
});
