import {
  canPutBack,
  canTransition,
  PUT_BACK_MESSAGES,
  PUT_BACK_STATUSES,
  type TicketStatus,
} from '@chairline/shared';
import type { Sql } from '../../../db/database.js';
import { conflict } from '../../../http/errors.js';
import { activeTicketForPhone } from './queue-repository.js';
import { moveToBack } from '../rotation/rotation-repository.js';
import * as writes from './ticket-writes-repository.js';
import type { TicketRow } from './queue-repository.js';

const STATE_WORDS: Record<TicketStatus, string> = {
  waiting: 'waiting',
  called: 'called',
  in_service: 'in service',
  done: 'done',
  cancelled: 'cancelled',
  no_show: 'marked as a no-show',
  walkout: 'marked as walked out',
};
const ACTION_WORDS: Record<TicketStatus, string> = {
  waiting: 'put back in line',
  called: 'called',
  in_service: 'started',
  done: 'completed',
  cancelled: 'cancelled',
  no_show: 'marked as a no-show',
  walkout: 'marked as walked out',
};

/** The 409 message of an illegal transition, for a person. */
export const illegalTransitionMessage = (from: TicketStatus, to: TicketStatus) =>
  `This ticket is ${STATE_WORDS[from]}, so it cannot be ${ACTION_WORDS[to]}.`;

function ensure(ticket: TicketRow, to: TicketStatus) {
  if (!canTransition(ticket.status, to)) throw conflict(illegalTransitionMessage(ticket.status, to));
}

/** Each function checks the state machine, then writes (ticket-writes-repository.ts); call in a transaction holding the shop lock. */

export async function callTicket(tx: Sql, ticket: TicketRow, barberId: number) {
  ensure(ticket, 'called');
  await writes.setCalled(tx, ticket.id, barberId);
}

/** Starting a walk-in makes the barber busy and sends them to the back of the rotation. */
export async function startTicket(tx: Sql, ticket: TicketRow, barberId: number, actorUserId: number | null) {
  ensure(ticket, 'in_service');
  await writes.setInService(tx, ticket.id, barberId);
  await writes.markBarberBusy(tx, barberId);
  await moveToBack(tx, ticket.shop_id, barberId, actorUserId, 'Started a walk-in');
}

/** A barber who finishes their last customer is available again (unless on break or off). */
export async function completeTicket(tx: Sql, ticket: TicketRow) {
  ensure(ticket, 'done');
  await writes.setDone(tx, ticket.id);
  if (ticket.barber_id !== null && !(await writes.hasCustomerInChair(tx, ticket.barber_id))) {
    await writes.markBarberAvailable(tx, ticket.barber_id);
  }
}

export async function noShowTicket(tx: Sql, ticket: TicketRow) {
  ensure(ticket, 'no_show');
  await writes.setNoShow(tx, ticket.id);
}

export async function cancelTicket(tx: Sql, ticket: TicketRow, by: 'customer' | 'staff') {
  ensure(ticket, 'cancelled');
  await writes.setCancelled(tx, ticket.id, by);
}

/** "Put back in line": a called customer who stepped out keeps their place of arrival. */
export async function requeueTicket(tx: Sql, ticket: TicketRow) {
  ensure(ticket, 'waiting');
  await writes.setWaitingAgain(tx, ticket.id);
}

/** Left before being called. */
export async function walkoutTicket(tx: Sql, ticket: TicketRow) {
  ensure(ticket, 'walkout');
  await writes.setWalkout(tx, ticket.id);
}

/**
 * Undo of a cancel or no-show: the ticket waits again under its own id, so it takes back the place of
 * its original arrival and everyone behind it moves back one. Allowed for PUT_BACK_WINDOW_MINUTES after
 * it left, while its phone has no other ticket in line. It is the same ticket, so the month's
 * check-ins are not counted again. Call in a transaction holding the shop lock.
 */
export async function putBackTicket(tx: Sql, ticket: TicketRow, now: Date) {
  if (!(PUT_BACK_STATUSES as readonly TicketStatus[]).includes(ticket.status)) throw conflict(illegalTransitionMessage(ticket.status, 'waiting'));
  if (!canPutBack({ status: ticket.status, ended_at: ticket.ended_at?.toISOString() ?? null }, now)) {
    throw conflict(PUT_BACK_MESSAGES.tooLate);
  }
  if (ticket.phone !== null && (await activeTicketForPhone(tx, ticket.shop_id, ticket.phone))) {
    throw conflict(PUT_BACK_MESSAGES.phoneInLine);
  }
  await writes.putBackInLine(tx, ticket.id);
}
