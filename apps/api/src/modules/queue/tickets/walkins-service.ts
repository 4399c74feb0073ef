import {
  PUT_BACK_STATUSES,
  QUEUE_MESSAGES,
  TICKET_STATUSES,
  type QueueEvent,
  type TicketStatus,
  type Walkin,
  isBarber,
} from '@chairline/shared';
import type { Database, Sql } from '../../../db/database.js';
import { conflict, forbidden, notFound } from '../../../http/errors.js';
import type { Principal } from '../../../http/types.js';
import { queueEventAt, type EventBus } from '../events/event-bus.js';
import { customerPhone, phoneSearchDigits, shopCountry } from '../../customers/customer-phone.js';
import { lockShopById, type ShopRow } from '../shop-lock-repository.js';
import { takesWalkins } from '../../team/team-repository.js';
import { queueTicket } from './new-ticket.js';
import {
  forgetHistory,
  queueSnapshot,
  ticketById,
  waitOfTicket,
  type TicketRow,
} from './queue-repository.js';
import {
  callTicket,
  cancelTicket,
  completeTicket,
  noShowTicket,
  putBackTicket,
  requeueTicket,
  startTicket,
  walkoutTicket,
} from './ticket-transitions.js';
import { toWalkin } from './ticket-views.js';
import { barberOfMember, claimNextWaiting, isBarberOfShop, staffTicketsPage } from './staff-tickets-repository.js';
import { rotationRows } from '../rotation/rotation-view-repository.js';
import { whoIsUp } from '../rotation/who-is-up.js';

type Staff = Extract<Principal, { kind: 'user' }>;




function canSee(ticket: TicketRow, ownBarberId: number | null) {
  if (ownBarberId === null) return true;
  if (ticket.barber_id !== null) return ticket.barber_id === ownBarberId;
  return ticket.preferred_barber_id === null || ticket.preferred_barber_id === ownBarberId;
}

export type TicketAction = 'call' | 'start' | 'complete' | 'no-show' | 'cancel' | 'requeue' | 'walkout';

export interface WalkinListOptions {
  statuses: TicketStatus[];
  page: number;
  pageSize: number;
  ordering?: string;
  search?: string;
}


/** The staff walk-in board: every write in one transaction under the shop lock, events after commit. */
export class WalkinsService {
  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    /** The time the wait estimate is computed at (the app's clock; tests pin it). */
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Null for managers and admins (they see everything); the barber id for a barber. */
  private async ownScope(sql: Sql, staff: Staff): Promise<number | null> {
    if (!isBarber(staff.role)) return null;
    return (await barberOfMember(sql, staff.membershipId))?.id ?? -1;
  }

  async list(staff: Staff, o: WalkinListOptions): Promise<{ rows: Walkin[]; total: number }> {
    const own = await this.ownScope(this.db, staff);
    // Phones are stored as E.164: a number in any spelling, or a fragment of its digits, finds them.
    const digits = o.search ? phoneSearchDigits(o.search, await shopCountry(this.db, staff.shopId)) : '';
    const { rows, total } = await staffTicketsPage(this.db, {
      shopId: staff.shopId,
      statuses: o.statuses.length > 0 ? o.statuses : TICKET_STATUSES,
      ownBarberId: own,
      search: o.search ? { text: o.search, digits } : null,
      ordering: o.ordering,
      limit: o.pageSize,
      offset: (o.page - 1) * o.pageSize,
    });
    const snapshot = await queueSnapshot(this.db, staff.shopId, this.clock(), { cached: true });
    return { rows: rows.map((r) => toWalkin(r, snapshot.simulation.ticketWait.get(r.id))), total };
  }

  async get(staff: Staff, id: number): Promise<Walkin> {
    const own = await this.ownScope(this.db, staff);
    const row = await ticketById(this.db, staff.shopId, id);
    if (!row || !canSee(row, own)) throw notFound(QUEUE_MESSAGES.ticketNotFound);
    return toWalkin(row, await waitOfTicket(this.db, row, this.clock(), { cached: true }));
  }

  /** A walk-in added at the front desk. A phone number already in line is refused (409). */
  async add(
    staff: Staff,
    input: { name: string; phone_number?: string | undefined; barber_id: number | null; service_ids: number[] },
  ): Promise<Walkin> {
    return this.write(staff, async (tx, shop) => {
      const phone = input.phone_number ? customerPhone(input.phone_number, shop.country) : null;
      const queued = await queueTicket(tx, staff.shopId, {
        partyName: input.name,
        phone,
        preferredBarberId: input.barber_id,
        serviceIds: input.service_ids,
        source: 'staff',
        createdByUserId: staff.userId,
      });
      if (queued.kind === 'in-line') throw conflict(QUEUE_MESSAGES.phoneInLine);
      return { id: queued.id, rotation: false };
    });
  }

  async act(staff: Staff, id: number, action: TicketAction, requestedBarberId?: number): Promise<Walkin> {
    return this.write(staff, async (tx) => {
      const own = await this.ownScope(tx, staff);
      const ticket = await ticketById(tx, staff.shopId, id, true);
      if (!ticket || !canSee(ticket, own)) throw notFound(QUEUE_MESSAGES.ticketNotFound);
      switch (action) {
        case 'call':
          await callTicket(tx, ticket, await this.barberFor(tx, staff, requestedBarberId, ticket.barber_id));
          return { id, rotation: false };
        case 'start':
          await startTicket(tx, ticket, await this.barberFor(tx, staff, requestedBarberId, ticket.barber_id), staff.userId);
          return { id, rotation: true };
        case 'complete':
          await completeTicket(tx, ticket);
          return { id, rotation: true };
        case 'no-show':
          await noShowTicket(tx, ticket);
          return { id, rotation: false };
        case 'cancel':
          await cancelTicket(tx, ticket, 'staff');
          return { id, rotation: false };
        case 'requeue':
          // "Put back in line": a called customer who stepped out, or the undo of a cancel or no-show.
          if ((PUT_BACK_STATUSES as readonly TicketStatus[]).includes(ticket.status)) await putBackTicket(tx, ticket, this.clock());
          else await requeueTicket(tx, ticket);
          return { id, rotation: false };
        case 'walkout':
          await walkoutTicket(tx, ticket);
          return { id, rotation: false };
      }
    });
  }

  /**
   * Claims the oldest waiting ticket the barber can take and calls it. The shop lock makes two
   * simultaneous presses take two different customers.
   */
  async callNext(staff: Staff, requestedBarberId?: number): Promise<Walkin> {
    return this.write(staff, async (tx) => {
      const barberId = await this.barberFor(tx, staff, requestedBarberId, null);
      // Claim and call in one statement: waiting → called is always allowed, so the state machine
      // needs no read first. The oldest waiting ticket comes first in walkin_tickets_waiting_idx.
      const next = await claimNextWaiting(tx, staff.shopId, barberId);
      if (!next) throw conflict(QUEUE_MESSAGES.nobodyWaiting);
      return { id: next.id, rotation: false };
    });
  }

  /**
   * The barber who takes a ticket: the one asked for (a barber may only name themselves), else the
   * one already on the ticket, else the caller when they work the floor, else who is up.
   */
  private async barberFor(tx: Sql, staff: Staff, requested: number | undefined, onTicket: number | null): Promise<number> {
    const mine = await barberOfMember(tx, staff.membershipId);
    if (requested !== undefined) {
      if (isBarber(staff.role) && requested !== mine?.id) throw forbidden(QUEUE_MESSAGES.ownTicketsOnly);
      if (!(await isBarberOfShop(tx, staff.shopId, requested))) throw notFound(QUEUE_MESSAGES.barberNotFound);
      // Only those who take walk-ins (counted by the plan's barber limit) can be given a ticket;
      // anyone else joins the rotation first, which the limit checks.
      if (!(await takesWalkins(tx, staff.shopId, requested))) throw conflict(QUEUE_MESSAGES.notTakingWalkins);
      return requested;
    }
    if (onTicket !== null) return onTicket;
    if (mine && (isBarber(staff.role) || (mine.in_rotation && mine.position !== null && (mine.status === 'available' || mine.status === 'busy')))) {
      return mine.id;
    }
    const up = whoIsUp(await rotationRows(tx, staff.shopId));
    if (!up) throw conflict(QUEUE_MESSAGES.noBarberFree);
    return up.id;
  }

  private async write(staff: Staff, fn: (tx: Sql, shop: ShopRow) => Promise<{ id: number; rotation: boolean }>): Promise<Walkin> {
    const shopId = staff.shopId;
    const { row, events } = await this.db.transaction(async (tx) => {
      const shop = await lockShopById(tx, shopId, { actor: 'staff', userId: staff.userId });
      if (!shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
      const { id, rotation } = await fn(tx, shop);
      // The place is counted in this read, under the shop lock.
      const row = await ticketById(tx, shopId, id);
      if (!row) throw notFound(QUEUE_MESSAGES.ticketNotFound);
      const events: QueueEvent[] = [queueEventAt(shop.username, 'ticket', { token: row.token, status: row.status })];
      if (rotation) events.push(queueEventAt(shop.username, 'rotation'));
      await this.bus.notifyWithin(tx, events);
      return { row, events };
    });
    forgetHistory(shopId);
    this.bus.committed(events);
    // Only a ticket left waiting (added, put back) has a wait; it needs the people ahead, not the
    // lock, so it is worked out after the commit. Any other ticket reads nothing more.
    return toWalkin(row, await waitOfTicket(this.db, row, this.clock()));
  }
}
