import type { QueueEvent } from '@chairline/shared';
import type { Sql } from '../../../db/database.js';
import type { EventBus, ShopChange } from '../events/event-bus.js';
import { copyLineEnd, seatNext, type LineEnd } from './eta.js';
import { queueSnapshot, waitOfTicket, type TicketRow } from './queue-repository.js';

/**
 * How long the waits of a whole line serve the ticket pages' polls and new check-ins when nothing in
 * the shop changes: a wait shortens as a haircut goes on, so it is worked out again after this, and
 * at once on any change of the shop.
 */
export const LINE_WAITS_TTL_MS = 10_000;

/** The waits of a shop's line and where its simulation stands after the last customer in it. */
interface Line {
  waits: Map<number, number | null>;
  end: LineEnd;
  /** The newest waiting ticket in it (null: nobody was waiting). */
  lastId: number | null;
}

interface Kept {
  shopUsername: string;
  /** The clock's time the waits were worked out at. */
  at: number;
  line: Promise<Line>;
}

type NewTicket = Pick<TicketRow, 'id' | 'shop_id' | 'shop_username' | 'token' | 'status' | 'preferred_barber_id' | 'set_minutes' | 'set_services'>;

/**
 * The waits of every customer in a shop's line, worked out once and kept:
 * - for the ticket pages that poll them (each phone every 20 s): a ticket at the back of a long line
 *   then costs one indexed read of its own row instead of reading and simulating everyone ahead;
 * - for check-ins: a customer who joins at the back changes no wait ahead, so their wait follows from
 *   where the kept simulation ends, in O(barbers) (`waitOfNew`), when the kept line ends with the
 *   ticket just ahead of theirs.
 * The kept line is forgotten on any change of the shop this process hears of (its own writes,
 * another process's through the event bus, a staff edit), except the events of this process's own
 * check-ins that it extended the line with, and after LINE_WAITS_TTL_MS. A ticket missing from it
 * gets its own wait the exact way.
 */
export class LineWaits {
  private readonly byShop = new Map<number, Kept>();
  /** Tokens of this process's check-ins, until their events (and on PostgreSQL their echo) are heard. */
  private readonly ownAppends = new Map<string, number>();

  constructor(
    private readonly sql: Sql,
    bus: EventBus,
  ) {
    bus.onChange((change) => this.forget(change));
  }

  async waitOf(row: TicketRow, now: Date): Promise<number | null | undefined> {
    if (row.status !== 'waiting') return undefined;
    const line = await this.lineOf(row, now);
    if (line.waits.has(row.id)) return line.waits.get(row.id);
    return waitOfTicket(this.sql, row, now, { cached: true });
  }

  /**
   * Marks a check-in as this process's own before its events go out: they add a customer at the back,
   * which the kept line is extended with rather than forgotten for.
   */
  expectAppend(token: string) {
    const now = performance.now();
    for (const [t, expires] of this.ownAppends) if (expires <= now) this.ownAppends.delete(t);
    this.ownAppends.set(token, now + LINE_WAITS_TTL_MS);
  }

  /**
   * The wait of a ticket just checked in. `beforeId` is the newest waiting ticket ahead of it when
   * it was inserted (under the shop lock): when the kept line ends there, the new customer is seated
   * after it in O(barbers); otherwise the whole line is read again and kept.
   */
  async waitOfNew(row: NewTicket, beforeId: number | null, now: Date): Promise<number | null | undefined> {
    if (row.status !== 'waiting') return undefined;
    const kept = this.freshKept(row.shop_id, now);
    const line = kept ? await kept.line.catch(() => undefined) : undefined;
    if (line && this.byShop.get(row.shop_id) === kept) {
      if (line.waits.has(row.id)) return line.waits.get(row.id);
      if (line.lastId === beforeId) {
        const wait = seatNext(line.end, { preferredBarberId: row.preferred_barber_id, minutes: row.set_minutes, services: row.set_services });
        line.waits.set(row.id, wait);
        line.lastId = row.id;
        return wait;
      }
    }
    const fresh = await this.readLine(row.shop_id, row.shop_username, now);
    if (fresh.waits.has(row.id)) return fresh.waits.get(row.id);
    // Out of the line again before it was read (called, or cancelled): no wait.
    return waitOfTicket(this.sql, row, now, { cached: true });
  }

  private freshKept(shopId: number, now: Date): Kept | undefined {
    const kept = this.byShop.get(shopId);
    return kept && Math.abs(now.getTime() - kept.at) < LINE_WAITS_TTL_MS ? kept : undefined;
  }

  private lineOf(row: TicketRow, now: Date): Promise<Line> {
    return this.freshKept(row.shop_id, now)?.line ?? this.readLine(row.shop_id, row.shop_username, now);
  }

  private readLine(shopId: number, shopUsername: string, now: Date): Promise<Line> {
    this.sweep(now);
    const line = queueSnapshot(this.sql, shopId, now, { cached: true }).then((s) => {
      const waiting = s.tickets.filter((t) => t.status === 'waiting');
      return {
        waits: s.simulation.ticketWait,
        end: copyLineEnd(s.simulation.end),
        lastId: waiting.length > 0 ? Math.max(...waiting.map((t) => t.id)) : null,
      };
    });
    const fresh: Kept = { shopUsername, at: now.getTime(), line };
    this.byShop.set(shopId, fresh);
    // A failed read is not kept: the next poll tries again.
    line.catch(() => {
      if (this.byShop.get(shopId) === fresh) this.byShop.delete(shopId);
    });
    return line;
  }

  private isOwnAppend(event: QueueEvent | undefined): boolean {
    return event?.kind === 'ticket' && event.status === 'waiting' && event.token !== undefined && this.ownAppends.has(event.token);
  }

  /** Deleting also drops waits still being worked out: they may predate the change. */
  private forget(change: ShopChange) {
    if ('shopId' in change) {
      this.byShop.delete(change.shopId);
      return;
    }
    if (this.isOwnAppend(change.event)) return;
    for (const [shopId, kept] of this.byShop) if (kept.shopUsername === change.shopUsername) this.byShop.delete(shopId);
  }

  /** Shops nobody polled lately are let go, so the map holds only lines being watched. */
  private sweep(now: Date) {
    for (const [shopId, kept] of this.byShop) if (Math.abs(now.getTime() - kept.at) >= LINE_WAITS_TTL_MS) this.byShop.delete(shopId);
  }
}
