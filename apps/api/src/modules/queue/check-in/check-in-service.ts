import { PHONE_MESSAGES, QUEUE_MESSAGES, type PublicTicket, type QueueEvent } from '@chairline/shared';
import type { Database } from '../../../db/database.js';
import { conflict, notFound } from '../../../http/errors.js';
import { customerPhone } from '../../customers/customer-phone.js';
import { queueEventAt, type EventBus } from '../events/event-bus.js';
import { lockShopForCheckIn, lockShopOfToken } from '../shop-lock-repository.js';
import { refuseCheckInsOutsideHours } from '../../opening-hours/check-in-gate.js';
import { LineWaits } from '../tickets/line-waits.js';
import { queueTicket } from '../tickets/new-ticket.js';
import { forgetHistory, ticketById, ticketByTokenWithoutPlace, waitOfTicket, type TicketRow } from '../tickets/queue-repository.js';
import { cancelTicket } from '../tickets/ticket-transitions.js';
import { toPublicTicket } from '../tickets/ticket-views.js';
import { noTicketLinkNotifier, type TicketLinkNotifier, type TicketLinkRequest } from './ticket-link-notifier.js';

export interface CheckIn {
  shop_username: string;
  name: string;
  phone_number: string;
  barber_id: number | null;
  service_ids: number[];
  source: 'online' | 'kiosk';
}

type CheckInOutcome =
  | { kind: 'queued'; row: TicketRow; beforeId: number | null; events: QueueEvent[] }
  | { kind: 'in-line'; ticketLink: TicketLinkRequest };

/** The customer's side of the queue: join, follow, leave. No sign-in; the ticket token is the key. */
export class CheckInService {
  /** Ticket pages' polls and new check-ins read their wait from the shop's whole line, worked out once and kept. */
  private readonly lineWaits: LineWaits;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly ticketLinks: TicketLinkNotifier = noTicketLinkNotifier,
    /** The time the wait estimate is computed at (the app's clock; tests pin it). */
    private readonly clock: () => Date = () => new Date(),
    lineWaits?: LineWaits,
  ) {
    this.lineWaits = lineWaits ?? new LineWaits(db, bus);
  }

  /**
   * Joins the queue. The phone is stored as E.164 in the shop's country; one that is not a phone
   * number is a 400. A phone already in line is a 409 that says only that: the caller may not be
   * its owner, so the ticket's token, name and place stay hidden and nothing is written; the link
   * goes to that number instead. Past the plan's monthly check-ins the shop refuses (409) and
   * nothing queued changes.
   */
  async checkIn(input: CheckIn): Promise<PublicTicket> {
    const outcome = await this.db.transaction(async (tx): Promise<CheckInOutcome> => {
      // Paused, closed or past the last call: read with the lock, so a pause that commits while this
      // check-in waits for the lock refuses it rather than letting it in behind the pause.
      const shop = await lockShopForCheckIn(tx, input.shop_username, { actor: 'customer', userId: null });
      if (!shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
      refuseCheckInsOutsideHours(shop, this.clock());
      const phone = customerPhone(input.phone_number, shop.country);
      const queued = await queueTicket(tx, shop.id, {
        partyName: input.name,
        phone,
        preferredBarberId: input.barber_id,
        serviceIds: input.service_ids,
        source: input.source,
        createdByUserId: null,
      });
      if (queued.kind === 'in-line') return { kind: 'in-line', ticketLink: { shopUsername: shop.username, phone, token: queued.token } };
      // The place comes from the line ahead of the ticket at its insert (`beforeId`), after the commit.
      const row = await ticketByTokenWithoutPlace(tx, queued.token);
      if (!row || row.shop_id !== shop.id) throw notFound(QUEUE_MESSAGES.ticketNotFound);
      const events: QueueEvent[] = [queueEventAt(shop.username, 'ticket', { token: queued.token, status: 'waiting' })];
      await this.bus.notifyWithin(tx, events);
      return { kind: 'queued', row, beforeId: queued.beforeId, events };
    });
    if (outcome.kind === 'in-line') {
      await this.ticketLinks.sendTicketLink(outcome.ticketLink);
      throw conflict(PHONE_MESSAGES.alreadyInLine);
    }
    // A check-in adds no finished visit, so the kept history stays; its event adds a customer at the
    // back, so the kept line is extended with them rather than forgotten.
    this.lineWaits.expectAppend(outcome.row.token);
    this.bus.committed(outcome.events);
    // The place and wait need the people ahead, not the lock: they are worked out after the commit.
    const { place, wait } = await this.lineWaits.placeAndWaitOfNew(outcome.row, outcome.beforeId, this.clock());
    return toPublicTicket({ ...outcome.row, place }, wait);
  }

  /** A ticket page's poll: the ticket's row alone, its place and wait from the shop's kept line. */
  async status(token: string): Promise<PublicTicket> {
    const row = await ticketByTokenWithoutPlace(this.db, token);
    if (!row) throw notFound(QUEUE_MESSAGES.ticketNotFound);
    const { place, wait } = await this.lineWaits.placeAndWaitOf(row, this.clock());
    return toPublicTicket({ ...row, place }, wait);
  }

  async cancel(token: string): Promise<PublicTicket> {
    const { ticket, events } = await this.db.transaction(async (tx) => {
      // The shop lock found by the token, with the actor set, in one statement; then the ticket.
      const shop = await lockShopOfToken(tx, token, { actor: 'customer', userId: null });
      if (!shop) throw notFound(QUEUE_MESSAGES.ticketNotFound);
      // Its place is not needed (counting it would read the line ahead).
      const row = await ticketByTokenWithoutPlace(tx, token, true);
      if (!row || row.shop_id !== shop.id) throw notFound(QUEUE_MESSAGES.ticketNotFound);
      await cancelTicket(tx, row, 'customer');
      const after = await ticketById(tx, shop.id, row.id);
      if (!after) throw notFound(QUEUE_MESSAGES.ticketNotFound);
      const events = [queueEventAt(shop.username, 'ticket', { token: after.token, status: after.status })];
      await this.bus.notifyWithin(tx, events);
      return { ticket: after, events };
    });
    forgetHistory(ticket.shop_id);
    this.bus.committed(events);
    // A cancelled ticket has no place and no wait: the line is not read.
    return toPublicTicket(ticket, await waitOfTicket(this.db, ticket, this.clock()));
  }
}
