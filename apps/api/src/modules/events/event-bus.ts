import { EventEmitter } from 'node:events';
import type { QueueEvent } from '@chairline/shared';

/**
 * Where committed queue and rotation changes go out to the server-sent event streams. In process
 * for the embedded database (one process); over PostgreSQL LISTEN/NOTIFY when several API
 * processes share a database (pg-event-bus.ts). Publish only after the transaction commits.
 */
export interface EventBus {
  publish(events: readonly QueueEvent[]): Promise<void>;
  /** Calls `listener` for each event of the shop; returns the unsubscribe function. */
  subscribe(shopUsername: string, listener: (event: QueueEvent) => void): () => void;
  close(): Promise<void>;
}

/** Fans events out to this process's subscribers, keyed by shop. */
export class LocalFanOut {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream; a busy shop may have many screens open.
    this.emitter.setMaxListeners(0);
  }

  deliver(event: QueueEvent) {
    this.emitter.emit(event.shop_username, event);
  }

  subscribe(shopUsername: string, listener: (event: QueueEvent) => void) {
    this.emitter.on(shopUsername, listener);
    return () => {
      this.emitter.off(shopUsername, listener);
    };
  }

  clear() {
    this.emitter.removeAllListeners();
  }
}

export function createMemoryEventBus(): EventBus {
  const fanOut = new LocalFanOut();
  return {
    async publish(events) {
      for (const e of events) fanOut.deliver(e);
    },
    subscribe: (shop, listener) => fanOut.subscribe(shop, listener),
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
