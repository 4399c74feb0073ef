import type { QueueEvent } from '@chairline/shared';
import type { Sql } from '../../../db/database.js';

/**
 * A shop whose public data changed: named by its username (queue events, with the event when there is
 * one) or its id (staff edits).
 */
export type ShopChange = { shopUsername: string; event?: QueueEvent; echo?: true } | { shopId: number };

/**
 * Where committed queue and rotation changes go out to the server-sent event streams. In process
 * for the embedded database (one process); over PostgreSQL LISTEN/NOTIFY when several API
 * processes share a database (pg-event-bus.ts). A write either hands its events to its own
 * transaction (`notifyWithin`, then `committed`) or publishes them after the commit (`publish`).
 */
export interface EventBus {
  /** After the commit, for a write that did not hand its events to its transaction. */
  publish(events: readonly QueueEvent[]): Promise<void>;
  /**
   * Inside the writing transaction, as its last statement. On PostgreSQL the NOTIFY rides the
   * transaction: every process hears of the change exactly when it commits, never of a write that
   * rolled back, and it costs no connection of its own. Call `committed` after the commit.
   */
  notifyWithin(tx: Sql, events: readonly QueueEvent[]): Promise<void>;
  /**
   * After the commit of a `notifyWithin` transaction: this process's caches forget the shops at
   * once (its streams hear the notification like every other process's); the in-process bus
   * delivers here.
   */
  committed(events: readonly QueueEvent[]): void;
  /** Calls `listener` for each event of the shop; returns the unsubscribe function. */
  subscribe(shopUsername: string, listener: (event: QueueEvent) => void): () => void;
  /**
   * Calls `listener` for every change of any shop this process learns of: an event published here
   * (at once, before any other process hears of it), one heard from another process, or a
   * `changed` signal. Caches of public replies forget the shop's entries on it.
   */
  onChange(listener: (change: ShopChange) => void): () => void;
  /** Tells every process that a shop's public data changed without a queue event (a staff edit). */
  changed(shopId: number): Promise<void>;
  close(): Promise<void>;
}

/** One listener's failure must not keep the event from the others. */
function callSafely<T>(listener: (value: T) => void, value: T) {
  try {
    listener(value);
  } catch {
    // The listener's own stream or cache is at fault; the rest still get the event.
  }
}

/** Per-shop subscriber sets of this process, and the listeners of every change. */
export class LocalFanOut {
  private readonly byShop = new Map<string, Set<(event: QueueEvent) => void>>();
  private readonly watchers = new Set<(change: ShopChange) => void>();

  /**
   * Hands the event to each subscriber of its shop, once; other shops' subscribers are not visited.
   * `echo`: the notification of an event this process published itself, whose change its watchers
   * already heard at the commit (its streams hear it only now).
   */
  deliver(event: QueueEvent, echo = false) {
    this.notify(echo ? { shopUsername: event.shop_username, event, echo } : { shopUsername: event.shop_username, event });
    const subscribers = this.byShop.get(event.shop_username);
    if (!subscribers) return;
    // A copy: a subscriber may unsubscribe (its stream closed) while the event is handed out.
    for (const listener of [...subscribers]) callSafely(listener, event);
  }

  notify(change: ShopChange) {
    for (const watcher of this.watchers) callSafely(watcher, change);
  }

  subscribe(shopUsername: string, listener: (event: QueueEvent) => void) {
    let set = this.byShop.get(shopUsername);
    if (!set) {
      set = new Set();
      this.byShop.set(shopUsername, set);
    }
    set.add(listener);
    return () => {
      const current = this.byShop.get(shopUsername);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.byShop.delete(shopUsername);
    };
  }

  /** Subscribers of one shop (tests and measurements). */
  subscriberCount(shopUsername: string): number {
    return this.byShop.get(shopUsername)?.size ?? 0;
  }

  watch(listener: (change: ShopChange) => void) {
    this.watchers.add(listener);
    return () => {
      this.watchers.delete(listener);
    };
  }

  clear() {
    this.byShop.clear();
    this.watchers.clear();
  }
}

export function createMemoryEventBus(): EventBus {
  const fanOut = new LocalFanOut();
  return {
    async publish(events) {
      for (const e of events) fanOut.deliver(e);
    },
    // One process: nothing to tell others inside the transaction; deliver once it has committed.
    notifyWithin: async () => undefined,
    committed(events) {
      for (const e of events) fanOut.deliver(e);
    },
    subscribe: (shop, listener) => fanOut.subscribe(shop, listener),
    onChange: (listener) => fanOut.watch(listener),
    async changed(shopId) {
      fanOut.notify({ shopId });
    },
    async close() {
      fanOut.clear();
    },
  };
}

export const queueEventAt = (
  shopUsername: string,
  kind: QueueEvent['kind'],
  extra: Pick<QueueEvent, 'token' | 'status'> = {},
): QueueEvent => ({ kind, shop_username: shopUsername, ...extra, at: new Date().toISOString() });
