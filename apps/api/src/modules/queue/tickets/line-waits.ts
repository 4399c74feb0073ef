import type { QueueEvent } from '@chairline/shared';
import type { Sql } from '../../../db/database.js';
import type { EventBus, ShopChange } from '../events/event-bus.js';
import { copyLineEnd, seatNext, type LineEnd } from './eta.js';
import { queueSnapshot, queueWithKeptLine, waitOfTicket, type ActiveTicket, type QueueSnapshot, type TicketRow } from './queue-repository.js';

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
  /** The waiting customers in order of arrival, as read and extended since: the simulation's input. */
  waiting: ActiveTicket[];
}

interface Kept {
  shopUsername: string;
  /** The clock's time the waiting line was read at. */
  at: number;
  line: Promise<Line>;
  /**
   * Heard since `line` was worked out, to apply before it is used: the tokens of tickets that left
   * the line (called, cancelled...), and that the head (barbers, chairs) may have changed.
   */
  pending?: Set<string>;
}

type NewTicket = Pick<TicketRow, 'id' | 'shop_id' | 'shop_username' | 'token' | 'status' | 'preferred_barber_id' | 'set_minutes' | 'set_services'>;

/**
 * The waits of every customer in a shop's line, worked out once and kept:
 * - for the ticket pages that poll them (each phone every 20 s): a ticket at the back of a long line
 *   then costs one indexed read of its own row instead of reading and simulating everyone ahead;
 * - for check-ins: a customer who joins at the back changes no wait ahead, so their wait follows from
 *   where the kept simulation ends, in O(barbers) (`waitOfNew`), when the kept line ends with the
 *   ticket just ahead of theirs.
 * A change of the line's head (a customer called, started, finished, cancelled or sent away, a
 * barber's status or place in the rotation) keeps the waiting customers: the next use reads the head
 * alone, takes out who left, and simulates the kept line again in memory, in O(line) with no read
 * of it (`queueWithKeptLine`), unless the database's sums of the waiting line differ from the kept
 * copy's (then it is read whole). The kept line is forgotten on any other change this process hears
 * of (someone else joins or is put back, settings, a staff edit), except the events of this
 * process's own check-ins that it extended the line with, and after LINE_WAITS_TTL_MS. A ticket
 * missing from it gets its own wait the exact way.
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
    const kept = this.freshKept(row.shop_id, now);
    const line = await (kept ? this.currentLine(row.shop_id, kept, now) : this.readLine(row.shop_id, row.shop_username, now));
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
    const joining: ActiveTicket = {
      id: row.id,
      token: row.token,
      party_name: '',
      status: 'waiting',
      preferred_barber_id: row.preferred_barber_id,
      barber_id: null,
      started_at: null,
      minutes: row.set_minutes,
      services: row.set_services,
    };
    const line = kept ? await this.currentLine(row.shop_id, kept, now, joining).catch(() => undefined) : undefined;
    if (kept && line && this.byShop.get(row.shop_id) === kept && !kept.pending) {
      if (line.waits.has(row.id)) return line.waits.get(row.id);
      if ((line.waiting.at(-1)?.id ?? null) === beforeId) {
        const wait = seatNext(line.end, { preferredBarberId: row.preferred_barber_id, minutes: row.set_minutes, services: row.set_services });
        line.waits.set(row.id, wait);
        line.waiting.push(joining);
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

  /**
   * The kept line with the changes heard since applied (its head read again), or read whole.
   * `joining`: a ticket this process has just checked in, at the back of the line (already in the
   * database, so in its sums).
   */
  private currentLine(shopId: number, kept: Kept, now: Date, joining?: ActiveTicket): Promise<Line> {
    const left = kept.pending;
    if (!left) return kept.line;
    kept.pending = undefined;
    const line = kept.line.then(async (before) => {
      const waiting = before.waiting.filter((t) => !left.has(t.token));
      if (joining && joining.id > (waiting.at(-1)?.id ?? 0)) waiting.push(joining);
      const snapshot = await queueWithKeptLine(this.sql, shopId, now, waiting);
      return snapshot ? lineOf(snapshot) : lineOf(await queueSnapshot(this.sql, shopId, now, { cached: true }));
    });
    this.keep(shopId, kept, line);
    return line;
  }

  private readLine(shopId: number, shopUsername: string, now: Date): Promise<Line> {
    this.sweep(now);
    const line = queueSnapshot(this.sql, shopId, now, { cached: true }).then(lineOf);
    const fresh: Kept = { shopUsername, at: now.getTime(), line };
    this.byShop.set(shopId, fresh);
    this.keep(shopId, fresh, line);
    return line;
  }

  /** `line` becomes the kept one's; a failed read is not kept: the next poll tries again. */
  private keep(shopId: number, kept: Kept, line: Promise<Line>) {
    kept.line = line;
    line.catch(() => {
      if (this.byShop.get(shopId) === kept && kept.line === line) this.byShop.delete(shopId);
    });
  }

  private isOwnAppend(event: QueueEvent | undefined): boolean {
    return event?.kind === 'ticket' && event.status === 'waiting' && event.token !== undefined && this.ownAppends.has(event.token);
  }

  /**
   * A change of the head is noted, to apply before the line is next used (waits still being worked
   * out may predate it: it is applied after them). Any other change forgets the line, also waits
   * still being worked out.
   */
  private forget(change: ShopChange) {
    if ('shopId' in change) {
      this.byShop.delete(change.shopId);
      return;
    }
    const event = change.event;
    if (this.isOwnAppend(event)) return;
    for (const [shopId, kept] of this.byShop) {
      if (kept.shopUsername !== change.shopUsername) continue;
      if (!event || !changesHeadOnly(event)) {
        this.byShop.delete(shopId);
        continue;
      }
      kept.pending ??= new Set();
      if (event.token !== undefined) kept.pending.add(event.token);
    }
  }

  /** Shops nobody polled lately are let go, so the map holds only lines being watched. */
  private sweep(now: Date) {
    for (const [shopId, kept] of this.byShop) if (Math.abs(now.getTime() - kept.at) >= LINE_WAITS_TTL_MS) this.byShop.delete(shopId);
  }
}

/**
 * A ticket that leaves the waiting line or moves on from a chair, or a barber's status or place in
 * the rotation: the waiting customers stay who they were (a barber leaving the rotation sends their
 * customers to anyone, which the line's sums catch). A ticket back in the line (a new one, put back)
 * and changes of the shop are not.
 */
function changesHeadOnly(event: QueueEvent): boolean {
  if (event.kind === 'rotation') return true;
  return event.kind === 'ticket' && event.token !== undefined && event.status !== undefined && event.status !== 'waiting';
}

function lineOf(snapshot: QueueSnapshot): Line {
  return {
    waits: snapshot.simulation.ticketWait,
    end: copyLineEnd(snapshot.simulation.end),
    waiting: snapshot.tickets.filter((t) => t.status === 'waiting'),
  };
}
