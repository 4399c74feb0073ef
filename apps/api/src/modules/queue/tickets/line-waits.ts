import type { QueueEvent } from '@chairline/shared';
import type { Sql } from '../../../db/database.js';
import type { EventBus, ShopChange } from '../events/event-bus.js';
import { copyLineEnd, seatNext, type LineEnd } from './eta.js';
import { noPlaceCounts, placeAtTheBack, type PlaceCounts } from './place-rule.js';
import {
  lineSums,
  queueHead,
  queueSnapshot,
  sameSums,
  ticketById,
  waitOfTicket,
  type ActiveTicket,
  type QueueBarber,
  type QueueSnapshot,
  type TicketRow,
} from './queue-repository.js';

/**
 * How long the waits of a whole line serve the ticket pages' polls and new check-ins when nothing in
 * the shop changes: a wait shortens as a haircut goes on, so it is worked out again after this, and
 * at once on any change of the shop.
 */
export const LINE_WAITS_TTL_MS = 10_000;

/**
 * How often at most a kept line is checked against the database's sums of the waiting line when its
 * head is read again (the check counts the whole line's index, which a head read otherwise never
 * touches): a change the events did not say is caught within this.
 */
export const LINE_TOTALS_EVERY_MS = 1_000;

/**
 * What the waiting-room display is drawn from: the line's head, one page of its waiting customers
 * (in order of arrival) with their place and wait, and how many wait in all. It comes from a
 * snapshot read for the page or from the shop's kept line (`LineWaits.queuePage`).
 */
export interface QueuePageSource {
  barbers: readonly Pick<QueueBarber, 'id' | 'name'>[];
  /** The customers called or in a chair. */
  serving: readonly ActiveTicket[];
  page: readonly { ticket: ActiveTicket; place: number; wait: number | null | undefined }[];
  waitingCount: number;
}

/** The barbers and the customers called or in a chair, as last read. */
interface Head {
  barbers: QueueBarber[];
  serving: ActiveTicket[];
}

/** The waits of a shop's line and where its simulation stands after the last customer in it. */
interface Line {
  head: Head;
  waits: Map<number, number | null>;
  end: LineEnd;
  /** The waiting customers in order of arrival, as read and extended since: the simulation's input. */
  waiting: ActiveTicket[];
  /** Worked out when a place is first asked for (a check-in needs none). */
  places?: Places;
}

/** Each waiting customer's place (see place-rule.ts), by their index in the line's `waiting`. */
interface Places {
  byIndex: number[];
  counts: PlaceCounts;
}

function placesOfLine(waiting: readonly ActiveTicket[]): Places {
  const counts = noPlaceCounts();
  return { byIndex: waiting.map((t) => placeAtTheBack(counts, t.preferred_barber_id)), counts };
}

/** A ticket's place in the line, found by its id (the line is in order of id). */
function placeIn(line: Line, id: number): number | undefined {
  line.places ??= placesOfLine(line.waiting);
  let low = 0;
  let high = line.waiting.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = line.waiting[mid]!.id;
    if (at === id) return line.places.byIndex[mid];
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}

interface Kept {
  shopUsername: string;
  /** The clock's time the waiting line was read at. */
  at: number;
  /** When (performance.now) the kept line last matched the database's sums of the waiting line. */
  checkedAt: number;
  line: Promise<Line>;
  /**
   * Heard since `line` was worked out, to apply before it is used: the tokens of tickets that left
   * the line (called, cancelled...), and that the head (barbers, chairs) may have changed.
   */
  pending?: Set<string>;
}

type NewTicket = Pick<
  TicketRow,
  'id' | 'shop_id' | 'shop_username' | 'token' | 'party_name' | 'status' | 'preferred_barber_id' | 'set_minutes' | 'set_services'
>;

/**
 * The places and waits of every customer in a shop's line, worked out once and kept:
 * - for the ticket pages that poll them (each phone every 20 s): a ticket at the back of a long line
 *   then costs one indexed read of its own row instead of reading and simulating everyone ahead;
 * - for check-ins: a customer who joins at the back changes no wait ahead, so their wait follows from
 *   where the kept simulation ends, in O(barbers), and their place from the counts of the kept line
 *   (`placeAndWaitOfNew`), when the kept line ends with the ticket just ahead of theirs;
 * - for the waiting-room display: a page of the line (`queuePage`).
 * A change of the line's head (a customer called, started, finished, cancelled or sent away, a
 * barber's status or place in the rotation) keeps the waiting customers: the next use reads the head
 * alone, takes out who left, and seats the kept customers again in memory, in O(line) with no read
 * of it (`queueHead`, then `seatNext` for each). At most every LINE_TOTALS_EVERY_MS that head read
 * also sums the database's waiting line; when the sums differ from the kept copy's, the line is read
 * whole. The kept line is forgotten on any other change this process hears of (someone else joins
 * or is put back, settings, a staff edit), except the events of this process's own check-ins that it
 * extended the line with, and after LINE_WAITS_TTL_MS. A ticket missing from it gets its own place
 * and wait the exact way.
 */
export class LineWaits {
  private readonly byShop = new Map<number, Kept>();
  /** The shops of the kept lines by username (the waiting-room display asks by username). */
  private readonly shopIdByUsername = new Map<string, number>();
  /** Tokens of this process's check-ins, until their events (and on PostgreSQL their echo) are heard. */
  private readonly ownAppends = new Map<string, number>();

  constructor(
    private readonly sql: Sql,
    bus: EventBus,
    private readonly totalsEveryMs = LINE_TOTALS_EVERY_MS,
  ) {
    bus.onChange((change) => this.forget(change));
  }

  /**
   * A ticket's place and wait, from the kept line (`row` may be read without its place); a ticket
   * missing from it gets both the exact way.
   */
  async placeAndWaitOf(row: TicketRow, now: Date): Promise<{ place: number | null; wait: number | null | undefined }> {
    if (row.status !== 'waiting') return { place: null, wait: undefined };
    const kept = this.freshKept(row.shop_id, now);
    const line = await (kept ? this.currentLine(row.shop_id, kept, now) : this.readLine(row.shop_id, row.shop_username, now));
    const place = placeIn(line, row.id);
    if (place !== undefined && line.waits.has(row.id)) return { place, wait: line.waits.get(row.id) };
    const counted = row.place ?? (await ticketById(this.sql, row.shop_id, row.id))?.place ?? null;
    return { place: counted, wait: await waitOfTicket(this.sql, row, now, { cached: true }) };
  }

  /**
   * One page of the shop's line for the waiting-room display, from the kept line (its head read
   * again if it changed): no read of the line, and nothing that grows with it. Undefined when no
   * line of the shop is kept; the display then reads the page itself.
   */
  async queuePage(
    shopUsername: string,
    now: Date,
    page: { limit: number; offset: number },
  ): Promise<{ shop: { id: number; username: string }; source: QueuePageSource } | undefined> {
    const username = shopUsername.trim().toLowerCase();
    const shopId = this.shopIdByUsername.get(username);
    if (shopId === undefined) return undefined;
    const kept = this.freshKept(shopId, now);
    if (!kept || kept.shopUsername.toLowerCase() !== username) {
      if (!this.byShop.has(shopId)) this.shopIdByUsername.delete(username);
      return undefined;
    }
    const line = await this.currentLine(shopId, kept, now);
    const places = (line.places ??= placesOfLine(line.waiting));
    const source: QueuePageSource = {
      barbers: line.head.barbers,
      serving: line.head.serving,
      page: line.waiting.slice(page.offset, page.offset + page.limit).map((ticket, i) => ({
        ticket,
        place: places.byIndex[page.offset + i] ?? 0,
        wait: line.waits.get(ticket.id),
      })),
      waitingCount: line.waiting.length,
    };
    return { shop: { id: shopId, username: kept.shopUsername }, source };
  }

  /**
   * Marks a check-in as this process's own before its events go out: they add a customer at the back,
   * which the kept line is extended with rather than forgotten for.
   */
  expectAppend(token: string) {
    const now = performance.now();
    // Entries are in order of expiry (one lifetime, set in order): only the expired front is visited,
    // not every check-in of the last LINE_WAITS_TTL_MS (2,000 at 200 a second).
    for (const [t, expires] of this.ownAppends) {
      if (expires > now) break;
      this.ownAppends.delete(t);
    }
    this.ownAppends.delete(token);
    this.ownAppends.set(token, now + LINE_WAITS_TTL_MS);
  }

  /**
   * The place and wait of a ticket just checked in. `beforeId` is the newest waiting ticket ahead of
   * it when it was inserted (under the shop lock): when the kept line ends there, the new customer is
   * seated after it in O(barbers) and placed after it in O(1); otherwise the whole line is read again
   * and kept. The kept line is extended only when it ends with the ticket just ahead at the insert,
   * so simultaneous check-ins are placed one after another, never two at one place (when someone
   * ahead leaves meanwhile, a later reply's place already counts them out, as the next poll would).
   */
  async placeAndWaitOfNew(row: NewTicket, beforeId: number | null, now: Date): Promise<{ place: number | null; wait: number | null | undefined }> {
    if (row.status !== 'waiting') return { place: null, wait: undefined };
    const joining: ActiveTicket = {
      id: row.id,
      token: row.token,
      party_name: row.party_name,
      status: 'waiting',
      preferred_barber_id: row.preferred_barber_id,
      barber_id: null,
      started_at: null,
      minutes: row.set_minutes,
      services: row.set_services,
    };
    // A change of the head heard while the kept line was brought up to date is applied too (on
    // PostgreSQL, the echo of an event this process published arrives a moment later).
    for (let attempt = 0; attempt < 3; attempt++) {
      const kept = this.freshKept(row.shop_id, now);
      const line = kept ? await this.currentLine(row.shop_id, kept, now, { ticket: joining, beforeId }).catch(() => undefined) : undefined;
      if (!kept || !line || this.byShop.get(row.shop_id) !== kept) break;
      if (kept.pending) continue;
      const known = this.placeAndWaitIn(line, row.id);
      if (known) return known;
      if ((line.waiting.at(-1)?.id ?? null) !== beforeId) break;
      const wait = seatNext(line.end, { preferredBarberId: row.preferred_barber_id, minutes: row.set_minutes, services: row.set_services });
      line.waits.set(row.id, wait);
      line.waiting.push(joining);
      if (line.places) line.places.byIndex.push(placeAtTheBack(line.places.counts, joining.preferred_barber_id));
      return { place: placeIn(line, row.id) ?? null, wait };
    }
    const fresh = await this.readLine(row.shop_id, row.shop_username, now);
    const known = this.placeAndWaitIn(fresh, row.id);
    if (known) return known;
    // Out of the line again before it was read (called, or cancelled): it has no place; its wait is
    // the one as of the insert's read (as before the line was kept).
    return { place: null, wait: await waitOfTicket(this.sql, row, now, { cached: true }) };
  }

  private placeAndWaitIn(line: Line, id: number): { place: number; wait: number | null | undefined } | undefined {
    if (!line.waits.has(id)) return undefined;
    const place = placeIn(line, id);
    return place === undefined ? undefined : { place, wait: line.waits.get(id) };
  }

  private freshKept(shopId: number, now: Date): Kept | undefined {
    const kept = this.byShop.get(shopId);
    return kept && Math.abs(now.getTime() - kept.at) < LINE_WAITS_TTL_MS ? kept : undefined;
  }

  /**
   * The kept line with the changes heard since applied (its head read again), or read whole.
   * `joining`: a ticket this process has just checked in (already in the database, so in its sums),
   * seated at the back when the line ends with the ticket that was just ahead of it.
   */
  private currentLine(shopId: number, kept: Kept, now: Date, joining?: { ticket: ActiveTicket; beforeId: number | null }): Promise<Line> {
    const left = kept.pending;
    if (!left) return kept.line;
    kept.pending = undefined;
    const line = kept.line.then(async (before) => {
      const waiting = before.waiting.filter((t) => !left.has(t.token));
      if (joining && (waiting.at(-1)?.id ?? null) === joining.beforeId) waiting.push(joining.ticket);
      const withTotals = performance.now() - kept.checkedAt >= this.totalsEveryMs;
      const head = await queueHead(this.sql, shopId, now, { withTotals });
      if (!head || (withTotals && !(head.waitingSums && sameSums(head.waitingSums, lineSums(waiting))))) {
        return lineOf(await queueSnapshot(this.sql, shopId, now, { cached: true }));
      }
      if (withTotals) kept.checkedAt = performance.now();
      // The head's simulation stands where the first waiting customer is seated: the kept customers
      // are seated from there in order of arrival, as the whole-line simulation does.
      const end = copyLineEnd(head.simulation.end);
      const waits = new Map<number, number | null>();
      for (const t of waiting) waits.set(t.id, seatNext(end, { preferredBarberId: t.preferred_barber_id, minutes: t.minutes, services: t.services }));
      return { head: headOf(head), waits, end, waiting };
    });
    this.keep(shopId, kept, line);
    return line;
  }

  private readLine(shopId: number, shopUsername: string, now: Date): Promise<Line> {
    this.sweep(now);
    const line = queueSnapshot(this.sql, shopId, now, { cached: true }).then(lineOf);
    const fresh: Kept = { shopUsername, at: now.getTime(), checkedAt: performance.now(), line };
    this.byShop.set(shopId, fresh);
    this.shopIdByUsername.set(shopUsername.toLowerCase(), shopId);
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
    // This process applied its own events at their commit; their echo on PostgreSQL adds nothing.
    if (change.echo || this.isOwnAppend(event)) return;
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
    for (const [username, shopId] of this.shopIdByUsername) if (!this.byShop.has(shopId)) this.shopIdByUsername.delete(username);
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

function headOf(snapshot: QueueSnapshot): Head {
  return { barbers: snapshot.barbers, serving: snapshot.tickets.filter((t) => t.status !== 'waiting') };
}

function lineOf(snapshot: QueueSnapshot): Line {
  const waiting = snapshot.tickets.filter((t) => t.status === 'waiting');
  return { head: headOf(snapshot), waits: snapshot.simulation.ticketWait, end: copyLineEnd(snapshot.simulation.end), waiting };
}
