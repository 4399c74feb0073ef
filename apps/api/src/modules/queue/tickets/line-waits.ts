import type { Sql } from '../../../db/database.js';
import type { EventBus, ShopChange } from '../events/event-bus.js';
import { queueSnapshot, waitOfTicket, type TicketRow } from './queue-repository.js';

/**
 * How long the waits of a whole line serve the ticket pages' polls when nothing in the shop changes:
 * a wait shortens as a haircut goes on, so it is worked out again after this, and at once on any
 * change of the shop.
 */
export const LINE_WAITS_TTL_MS = 10_000;

interface Kept {
  shopUsername: string;
  /** The clock's time the waits were worked out at. */
  at: number;
  waits: Promise<ReadonlyMap<number, number | null>>;
}

/**
 * The waits of every customer in a shop's line, worked out once and kept for the ticket pages that
 * poll them (each phone every 20 s): a ticket at the back of a long line then costs one indexed
 * read of its own row instead of reading and simulating everyone ahead on each poll. The kept waits
 * are forgotten on any change of the shop this process hears of (its own writes, another process's
 * through the event bus, a staff edit), and after LINE_WAITS_TTL_MS. A ticket missing from them
 * (it joined after they were worked out) gets its own wait the exact way.
 */
export class LineWaits {
  private readonly byShop = new Map<number, Kept>();

  constructor(
    private readonly sql: Sql,
    bus: EventBus,
  ) {
    bus.onChange((change) => this.forget(change));
  }

  async waitOf(row: TicketRow, now: Date): Promise<number | null | undefined> {
    if (row.status !== 'waiting') return undefined;
    const waits = await this.lineOf(row, now);
    if (waits?.has(row.id)) return waits.get(row.id);
    return waitOfTicket(this.sql, row, now, { cached: true });
  }

  private lineOf(row: TicketRow, now: Date): Promise<ReadonlyMap<number, number | null>> | undefined {
    const kept = this.byShop.get(row.shop_id);
    if (kept && Math.abs(now.getTime() - kept.at) < LINE_WAITS_TTL_MS) return kept.waits;
    this.sweep(now);
    const waits = queueSnapshot(this.sql, row.shop_id, now, { cached: true }).then((s) => s.simulation.ticketWait);
    const fresh: Kept = { shopUsername: row.shop_username, at: now.getTime(), waits };
    this.byShop.set(row.shop_id, fresh);
    // A failed read is not kept: the next poll tries again.
    waits.catch(() => {
      if (this.byShop.get(row.shop_id) === fresh) this.byShop.delete(row.shop_id);
    });
    return waits;
  }

  /** Deleting also drops waits still being worked out: they may predate the change. */
  private forget(change: ShopChange) {
    if ('shopId' in change) {
      this.byShop.delete(change.shopId);
      return;
    }
    for (const [shopId, kept] of this.byShop) if (kept.shopUsername === change.shopUsername) this.byShop.delete(shopId);
  }

  /** Shops nobody polled lately are let go, so the map holds only lines being watched. */
  private sweep(now: Date) {
    for (const [shopId, kept] of this.byShop) if (Math.abs(now.getTime() - kept.at) >= LINE_WAITS_TTL_MS) this.byShop.delete(shopId);
  }
}
