import { queueEvent, type QueueEvent } from '@chairline/shared';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { LocalFanOut, type EventBus } from './event-bus.js';

export const QUEUE_CHANNEL = 'chairline_queue';
/** A shop's public data changed without a queue event; the payload is the shop's id. */
export const SHOP_CHANGED_CHANNEL = 'chairline_shop_changed';
const RECONNECT_MS = 1000;

/** How long a NOTIFY sent after a commit waits for one of the notifier's connections. */
export const NOTIFIER_WAIT_MS = 2_000;
/** How long a sent notification is remembered, to know its echo (one that never comes back is let go). */
const ECHO_MEMORY_MS = 60_000;

/**
 * Events over PostgreSQL LISTEN/NOTIFY, so every API process on one database pushes every change.
 * A dedicated client LISTENs (a pooled connection cannot: it is shared). A queue write's NOTIFY is
 * a statement of its own transaction (`notifyWithin`); other changes publish on a small pool of
 * their own after the commit. Each process, including the publisher, delivers what it hears.
 */
export async function createPgEventBus(connectionString: string, log: FastifyBaseLogger): Promise<EventBus> {
  const fanOut = new LocalFanOut();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  // A staff write's reply waits for its NOTIFY (onSend), so a busy notifier pool must not hold it
  // without end: past the wait the notification is dropped and logged, and other processes' cached
  // replies expire on their own within seconds.
  const notifier = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: NOTIFIER_WAIT_MS });
  // Payloads of this process's queue writes, not heard back yet: their notification is an echo.
  const sent = new Map<string, { count: number; at: number }>();
  const rememberSent = (payload: string) => {
    const now = performance.now();
    for (const [p, entry] of sent) if (now - entry.at > ECHO_MEMORY_MS) sent.delete(p);
    const entry = sent.get(payload);
    sent.set(payload, { count: (entry?.count ?? 0) + 1, at: now });
  };
  const isEcho = (payload: string) => {
    const entry = sent.get(payload);
    if (!entry) return false;
    if (entry.count > 1) entry.count -= 1;
    else sent.delete(payload);
    return true;
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === SHOP_CHANGED_CHANNEL) {
        const shopId = Number(msg.payload);
        if (Number.isInteger(shopId) && shopId > 0) fanOut.notify({ shopId });
        return;
      }
      if (msg.channel !== QUEUE_CHANNEL || !msg.payload) return;
      try {
        const parsed = queueEvent.safeParse(JSON.parse(msg.payload));
        if (parsed.success) fanOut.deliver(parsed.data, isEcho(msg.payload));
      } catch {
        log.warn('ignored a malformed queue notification');
      }
    });
    c.on('error', (err) => {
      log.warn({ err }, 'queue event listener lost its connection; reconnecting');
      c.end().catch(() => undefined);
      if (client === c) client = null;
      scheduleReconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${QUEUE_CHANNEL}; LISTEN ${SHOP_CHANGED_CHANNEL}`);
    client = c;
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((err: unknown) => {
        log.warn({ err }, 'queue event listener could not reconnect');
        scheduleReconnect();
      });
    }, RECONNECT_MS);
    retry.unref();
  };

  await connect();

  return {
    async publish(events: readonly QueueEvent[]) {
      for (const e of events) {
        // This process's caches forget the shop at once; other processes (and this one's streams)
        // hear of it through the notification.
        fanOut.notify({ shopUsername: e.shop_username });
        try {
          await notifier.query('SELECT pg_notify($1, $2)', [QUEUE_CHANNEL, JSON.stringify(e)]);
        } catch (err) {
          // The change is committed; a lost notification only delays screens until their next poll.
          log.warn({ err }, 'could not publish a queue event');
        }
      }
    },
    async notifyWithin(tx, events) {
      if (events.length === 0) return;
      // One statement for all of the write's events; PostgreSQL sends them when the transaction commits.
      // Remembered before: the notification may arrive before the write's `committed` call.
      const payloads = events.map((e) => JSON.stringify(e));
      for (const payload of payloads) rememberSent(payload);
      await tx.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [QUEUE_CHANNEL, payloads]);
    },
    committed(events) {
      for (const e of events) fanOut.notify({ shopUsername: e.shop_username, event: e });
    },
    subscribe: (shop, listener) => fanOut.subscribe(shop, listener),
    onChange: (listener) => fanOut.watch(listener),
    async changed(shopId: number) {
      fanOut.notify({ shopId });
      try {
        await notifier.query('SELECT pg_notify($1, $2)', [SHOP_CHANGED_CHANNEL, String(shopId)]);
      } catch (err) {
        // Other processes' cached public replies then expire on their own within seconds.
        log.warn({ err }, 'could not publish a shop change');
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      fanOut.clear();
      await client?.end().catch(() => undefined);
      await notifier.end();
    },
  };
}
