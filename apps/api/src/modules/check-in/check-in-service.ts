import { QUEUE_MESSAGES, type PublicTicket, type QueueEvent } from '@chairline/shared';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { queueEventAt, type EventBus } from '../events/event-bus.js';
import { lockShopById, lockShopByUsername } from '../public-shop/public-shop-repository.js';
import { queueTicket } from '../walkins/new-ticket.js';
import { activeTicketForPhone, normalizePhone, queueSnapshot, ticketById, ticketByToken } from '../walkins/queue-repository.js';
import { cancelTicket } from '../walkins/ticket-transitions.js';
import { toPublicTicket } from '../walkins/ticket-views.js';

export interface CheckIn {
  shop_username: string;
  name: string;
  phone_number: string;
  barber_id: number | null;
  service_ids: number[];
  source: 'online' | 'kiosk';
}

/** The customer's side of the queue: join, follow, leave. No sign-in; the ticket token is the key. */
export class CheckInService {
  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
  ) {}

  /**
   * Joins the queue. A phone number already in line gets its ticket back (`existing: true`); past
   * the plan's monthly check-ins the shop refuses (409) and nothing queued changes.
   */
  async checkIn(input: CheckIn): Promise<PublicTicket> {
    const { ticket, events } = await this.db.transaction(async (tx) => {
      const shop = await lockShopByUsername(tx, input.shop_username);
      if (!shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
      const phone = normalizePhone(input.phone_number);
      const existing = await activeTicketForPhone(tx, shop.id, phone);
      if (existing) return { ticket: toPublicTicket(existing, await queueSnapshot(tx, shop.id), true), events: [] };
      const { id, token } = await queueTicket(tx, shop.id, {
        partyName: input.name,
        phone,
        preferredBarberId: input.barber_id,
        serviceIds: input.service_ids,
        source: input.source,
        createdByUserId: null,
      });
      const row = await ticketById(tx, shop.id, id);
      if (!row) throw notFound(QUEUE_MESSAGES.ticketNotFound);
      const event: QueueEvent = queueEventAt(shop.username, 'ticket', { token, status: 'waiting' });
      return { ticket: toPublicTicket(row, await queueSnapshot(tx, shop.id)), events: [event] };
    });
    await this.bus.publish(events);
    return ticket;
  }

  async status(token: string): Promise<PublicTicket> {
    const row = await ticketByToken(this.db, token);
    if (!row) throw notFound(QUEUE_MESSAGES.ticketNotFound);
    return toPublicTicket(row, await queueSnapshot(this.db, row.shop_id));
  }

  async cancel(token: string): Promise<PublicTicket> {
    const found = await ticketByToken(this.db, token);
    if (!found) throw notFound(QUEUE_MESSAGES.ticketNotFound);
    const { ticket, events } = await this.db.transaction(async (tx) => {
      const shop = await lockShopById(tx, found.shop_id);
      const row = await ticketById(tx, found.shop_id, found.id, true);
      if (!shop || !row) throw notFound(QUEUE_MESSAGES.ticketNotFound);
      await cancelTicket(tx, row, 'customer');
      const after = await ticketById(tx, shop.id, row.id);
      if (!after) throw notFound(QUEUE_MESSAGES.ticketNotFound);
      const event = queueEventAt(shop.username, 'ticket', { token: after.token, status: after.status });
      return { ticket: toPublicTicket(after, await queueSnapshot(tx, shop.id)), events: [event] };
    });
    await this.bus.publish(events);
    return ticket;
  }
}
