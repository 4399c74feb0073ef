import {
  canPutBack,
  canTransition,
  DEFAULT_TICKET_MINUTES,
  PUT_BACK_MESSAGES,
  PUT_BACK_STATUSES,
  type TicketStatus,
} from '@chairline/shared';
import type { Sql } from '../../../db/database.js';
import { one } from '../../../db/database.js';
import { conflict } from '../../../http/errors.js';
import { activeTicketForPhone } from './queue-repository.js';
import { moveToBack } from '../rotation/rotation-repository.js';
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

/** Each function checks the state machine, then writes; call in a transaction holding the shop lock. */

export async function callTicket(tx: Sql, ticket: TicketRow, barberId: number) {
  ensure(ticket, 'called');
  await tx.query(`UPDATE walkin_tickets SET status = 'called', barber_id = $2, called_at = clock_timestamp() WHERE id = $1`, [
    ticket.id,
    barberId,
  ]);
}

/** Starting a walk-in makes the barber busy and sends them to the back of the rotation. */
export async function startTicket(tx: Sql, ticket: TicketRow, barberId: number, actorUserId: number | null) {
  ensure(ticket, 'in_service');
  await tx.query(
    `UPDATE walkin_tickets SET status = 'in_service', barber_id = $2, called_at = coalesce(called_at, clock_timestamp()),
            started_at = clock_timestamp() WHERE id = $1`,
    [ticket.id, barberId],
  );
  await tx.query(`UPDATE barbers SET status = 'busy' WHERE id = $1 AND status = 'available'`, [barberId]);
  await moveToBack(tx, ticket.shop_id, barberId, actorUserId, 'Started a walk-in');
}

/** A barber who finishes their last customer is available again (unless on break or off). */
export async function completeTicket(tx: Sql, ticket: TicketRow) {
  ensure(ticket, 'done');
  await tx.query(
    `UPDATE walkin_tickets SET status = 'done', completed_at = clock_timestamp(), ended_at = clock_timestamp() WHERE id = $1`,
    [ticket.id],
  );
  if (ticket.barber_id !== null) {
    const other = await one(tx, `SELECT 1 FROM walkin_tickets WHERE barber_id = $1 AND status = 'in_service'`, [ticket.barber_id]);
    if (!other) await tx.query(`UPDATE barbers SET status = 'available' WHERE id = $1 AND status = 'busy'`, [ticket.barber_id]);
  }
}

export async function noShowTicket(tx: Sql, ticket: TicketRow) {
  ensure(ticket, 'no_show');
  await tx.query(`UPDATE walkin_tickets SET status = 'no_show', ended_at = clock_timestamp() WHERE id = $1`, [ticket.id]);
}

export async function cancelTicket(tx: Sql, ticket: TicketRow, by: 'customer' | 'staff') {
  ensure(ticket, 'cancelled');
  await tx.query(
    `UPDATE walkin_tickets SET status = 'cancelled', cancelled_by = $2, ended_at = clock_timestamp() WHERE id = $1`,
    [ticket.id, by],
  );
}

/** "Put back in line": a called customer who stepped out keeps their place of arrival. */
export async function requeueTicket(tx: Sql, ticket: TicketRow) {
  ensure(ticket, 'waiting');
  await tx.query(`UPDATE walkin_tickets SET status = 'waiting', barber_id = NULL, called_at = NULL WHERE id = $1`, [ticket.id]);
}

/** Left before being called. */
export async function walkoutTicket(tx: Sql, ticket: TicketRow) {
  ensure(ticket, 'walkout');
  await tx.query(`UPDATE walkin_tickets SET status = 'walkout', ended_at = clock_timestamp() WHERE id = $1`, [ticket.id]);
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
  // Its stored minutes are read afresh: the triggers keep them only while a ticket is active, and a
  // service's minutes may have been edited while it was out of the line.
  await tx.query(
    `UPDATE walkin_tickets t SET status = 'waiting', barber_id = NULL, called_at = NULL, ended_at = NULL, cancelled_by = NULL,
            set_minutes = coalesce(x.total, ${DEFAULT_TICKET_MINUTES}), set_services = coalesce(x.list, '[]'::jsonb)
       FROM (SELECT sum(s.estimated_minutes)::int AS total,
                    jsonb_agg(jsonb_build_object('id', s.id, 'minutes', s.estimated_minutes) ORDER BY s.id) AS list
               FROM walkin_ticket_services ts JOIN services s ON s.id = ts.service_id WHERE ts.ticket_id = $1) x
      WHERE t.id = $1`,
    [ticket.id],
  );
}
