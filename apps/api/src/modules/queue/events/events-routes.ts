import { QUEUE_EVENT_NAME, QUEUE_MESSAGES, SSE_KEEPALIVE_MS, type QueueEvent } from '@chairline/shared';
import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, tooManyRequests } from '../../../http/errors.js';
import { shopByUsername } from '../public/public-shop-repository.js';

const eventsQuery = z.object({
  shop_username: z.string({ error: 'Choose a shop.' }).trim().min(1, 'Choose a shop.'),
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

/**
 * Fan-out of one event to a shop's open streams: the event is turned into text once; at most `chunk` stream writes are made per turn of the event loop, the rest on later turns, so
 * thousands of streams never hold the loop for long. A stream whose client does not read (more
 * than `maxBufferedBytes` waiting in its socket) is closed: its browser reconnects and refetches.
 */
export interface FanOutOptions {
  chunk: number;
  maxBufferedBytes: number;
}
export const FAN_OUT: FanOutOptions = { chunk: 200, maxBufferedBytes: 64 * 1024 };

/** Counts a caller may pass in to watch the streams (tests, measurements). */
export interface FanOutStats {
  open: number;
  /** Streams closed because their client stopped reading. */
  dropped: number;
}

interface Stream {
  res: ServerResponse;
}

/** The last words of a stream ended by a shutdown: an SSE comment (clients ignore it), then the end. */
export const STREAM_CLOSING_FRAME = ': server stopping, reconnect\n\n';

const frameOf = (event: QueueEvent) => `event: ${QUEUE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`;

/** One shop's open streams in this process, and the events still being handed to them, in order. */
interface ShopStreams {
  streams: Set<Stream>;
  /** Frames (events as text) not yet written to every stream. */
  pending: string[];
  draining: boolean;
  unsubscribe: () => void;
}

/**
 * The event as streams see it: a ticket's token is what lets its holder see and cancel the ticket,
 * and a shop's stream is public, so no event carries one. Screens refetch what they show.
 */
export function publicEvent(event: QueueEvent): QueueEvent {
  if (event.token === undefined) return event;
  const { token: _hidden, ...rest } = event;
  return rest;
}

/**
 * GET /events/?shop_username=: server-sent events (`event: queue`) for every committed queue and
 * rotation change of the shop, with keep-alive comments. Streams are ended before the server
 * closes, so a graceful shutdown never waits on them.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{
  keepAliveMs?: number;
  limits?: Partial<EventStreamLimits>;
  fanOut?: Partial<FanOutOptions>;
  stats?: FanOutStats;
}> = async (
  app,
  options,
) => {
  const keepAliveMs = options.keepAliveMs ?? SSE_KEEPALIVE_MS;
  const limits = { ...EVENT_STREAM_LIMITS, ...options.limits };
  const fanOut = { ...FAN_OUT, ...options.fanOut };
  const stats = options.stats ?? { open: 0, dropped: 0 };
  const open = new Set<ServerResponse>();
  const byAddress = slotCounter();
  const byShop = slotCounter();
  const shops = new Map<string, ShopStreams>();
  // Shutting down: each stream gets a last comment and a clean end (not a reset), which an
  // EventSource answers by reconnecting after its `retry` delay: behind a load balancer it lands on
  // another process at once, alone it waits for the restart. The server then stops without
  // waiting on them.
  app.addHook('preClose', async () => {
    for (const res of open) if (!res.destroyed && !res.writableEnded) res.end(STREAM_CLOSING_FRAME);
    open.clear();
  });

  /** Writes unless the client stopped reading; such a stream is closed instead. */
  const send = (stream: Stream, text: string) => {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) return;
    if (res.writableLength > fanOut.maxBufferedBytes) {
      stats.dropped += 1;
      res.destroy();
      return;
    }
    res.write(text);
  };

  // Writes of one turn of the event loop are held together until the turn ends (the response
  // corks its socket), so a turn writes at most `chunk` frames, whatever the number of events.
  const drain = async (shop: ShopStreams) => {
    if (shop.draining) return;
    shop.draining = true;
    try {
      let written = 0;
      for (let frame = shop.pending.shift(); frame; frame = shop.pending.shift()) {
        for (const stream of [...shop.streams]) {
          if (written >= fanOut.chunk) {
            await nextTurn();
            written = 0;
          }
          send(stream, frame);
          written += 1;
        }
      }
    } finally {
      shop.draining = false;
    }
  };

  const join = (username: string, stream: Stream) => {
    let shop = shops.get(username);
    if (!shop) {
      const created: ShopStreams = { streams: new Set(), pending: [], draining: false, unsubscribe: () => undefined };
      created.unsubscribe = app.events.subscribe(username, (event) => {
        created.pending.push(frameOf(publicEvent(event)));
        void drain(created);
      });
      shops.set(username, created);
      shop = created;
    }
    shop.streams.add(stream);
    const joined = shop;
    return () => {
      joined.streams.delete(stream);
      if (joined.streams.size === 0 && shops.get(username) === joined) {
        joined.unsubscribe();
        shops.delete(username);
      }
    };
  };

  app.get(
    '/events/',
    { config: { access: 'public' }, schema: { tags: ['queue'], querystring: eventsQuery } },
    async (req, reply) => {
      const shop = await shopByUsername(app.db, req.query.shop_username);
      if (!shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
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
      const stream: Stream = { res };
      stats.open += 1;
      const leave = join(shop.username, stream);
      const keepAlive = setInterval(() => send(stream, ': ping\n\n'), keepAliveMs);
      keepAlive.unref();
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        stats.open -= 1;
        byAddress.give(address);
        byShop.give(shop.id);
        clearInterval(keepAlive);
        leave();
        open.delete(res);
      };
      req.raw.on('close', stop);
      res.on('close', stop);
      // A client gone while the shop was looked up never fires 'close' again: free its slot now.
      if (res.destroyed) stop();
    },
  );
};
