import { QUEUE_EVENT_NAME, QUEUE_MESSAGES, SSE_KEEPALIVE_MS, type QueueEvent } from '@chairline/shared';
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { shopByUsername } from '../public-shop/public-shop-repository.js';

const eventsQuery = z.object({
  shop_username: z.string({ error: 'Choose a shop.' }).trim().min(1, 'Choose a shop.'),
  /** A ticket page passes its token to be told which events are about its own ticket. */
  token: z.string().max(100).optional(),
});

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
export const eventsRoutes: FastifyPluginAsyncZod<{ keepAliveMs?: number }> = async (app, options) => {
  const keepAliveMs = options.keepAliveMs ?? SSE_KEEPALIVE_MS;
  const open = new Set<ServerResponse>();
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
      const stop = () => {
        clearInterval(keepAlive);
        unsubscribe();
        open.delete(res);
      };
      req.raw.on('close', stop);
      res.on('close', stop);
    },
  );
};
