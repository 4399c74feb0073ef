import { QUEUE_EVENT_NAME, QUEUE_MESSAGES, SSE_KEEPALIVE_MS, type QueueEvent } from '@chairline/shared';
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, tooManyRequests } from '../../http/errors.js';
import { shopByUsername } from '../public-shop/public-shop-repository.js';

const eventsQuery = z.object({
  shop_username: z.string({ error: 'Choose a shop.' }).trim().min(1, 'Choose a shop.'),
  /** A ticket page passes its token to be told which events are about its own ticket. */
  token: z.string().max(100).optional(),
});

/**
 * How many event streams may be open at once: from one client address (a kiosk, a TV and a few
 * ticket pages per device stay far below) and for one shop (every screen and waiting customer).
 * Beyond them a stream is refused with 429, so one address cannot hold the server's connections.
 */
export interface EventStreamLimits {
  perAddress: number;
  perShop: number;
}
export const EVENT_STREAM_LIMITS: EventStreamLimits = { perAddress: 20, perShop: 500 };

export const EVENT_STREAM_MESSAGES = {
  perAddress: 'Too many live connections from your address. Close other tabs of this page and try again.',
  perShop: 'This shop has too many live screens open right now. Please try again in a minute.',
} as const;

/** Open streams counted by key; a slot is taken before the stream opens and given back when it closes. */
function slotCounter() {
  const counts = new Map<string | number, number>();
  return {
    count: (key: string | number) => counts.get(key) ?? 0,
    take: (key: string | number) => counts.set(key, (counts.get(key) ?? 0) + 1),
    give: (key: string | number) => {
      const left = (counts.get(key) ?? 0) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
  };
}

/** The event as one subscriber sees it: a ticket's token only reaches the stream opened with it. */
export function eventFor(event: QueueEvent, token: string | undefined): QueueEvent {
  if (event.token === undefined || event.token === token) return event;
  const { token: _hidden, ...rest } = event;
  return rest;
}

/**
 * GET /events/?shop_username=: server-sent events (`event: queue`) for every committed queue and
 * rotation change of the shop, with keep-alive comments. Streams are ended before the server
 * closes, so a graceful shutdown never waits on them.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{ keepAliveMs?: number; limits?: Partial<EventStreamLimits> }> = async (
  app,
  options,
) => {
  const keepAliveMs = options.keepAliveMs ?? SSE_KEEPALIVE_MS;
  const limits = { ...EVENT_STREAM_LIMITS, ...options.limits };
  const open = new Set<ServerResponse>();
  const byAddress = slotCounter();
  const byShop = slotCounter();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.get(
    '/events/',
    { config: { access: 'public' }, schema: { tags: ['queue'], querystring: eventsQuery } },
    async (req, reply) => {
      const shop = await shopByUsername(app.db, req.query.shop_username);
      if (!shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
      const token = req.query.token;
      // Checked and taken in one synchronous step, so simultaneous openings cannot overshoot.
      const address = req.ip;
      if (byAddress.count(address) >= limits.perAddress) throw tooManyRequests(EVENT_STREAM_MESSAGES.perAddress);
      if (byShop.count(shop.id) >= limits.perShop) throw tooManyRequests(EVENT_STREAM_MESSAGES.perShop);
      byAddress.take(address);
      byShop.take(shop.id);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 3000\n: connected\n\n`);
      open.add(res);
      const unsubscribe = app.events.subscribe(shop.username, (event) => {
        res.write(`event: ${QUEUE_EVENT_NAME}\ndata: ${JSON.stringify(eventFor(event, token))}\n\n`);
      });
      const keepAlive = setInterval(() => res.write(': ping\n\n'), keepAliveMs);
      keepAlive.unref();
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        byAddress.give(address);
        byShop.give(shop.id);
        clearInterval(keepAlive);
        unsubscribe();
        open.delete(res);
      };
      req.raw.on('close', stop);
      res.on('close', stop);
      // A client gone while the shop was looked up never fires 'close' again: free its slot now.
      if (res.destroyed) stop();
    },
  );
};
