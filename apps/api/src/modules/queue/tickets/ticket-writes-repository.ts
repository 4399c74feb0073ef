import { DEFAULT_TICKET_MINUTES } from '@chairline/shared';
import type { Sql } from '../../../db/database.js';
import { one } from '../../../db/database.js';

// The writes of a ticket's status changes. ticket-transitions.ts checks the state machine first;
// these only write, in the caller's transaction under the shop lock.

export async function setCalled(tx: Sql, id: number, barberId: number): Promise<void> {
  await tx.query(`UPDATE walkin_tickets SET status = 'called', barber_id = $2, called_at = clock_timestamp() WHERE id = $1`, [id, barberId]);
}

export async function setInService(tx: Sql, id: number, barberId: number): Promise<void> {
  await tx.query(
    `UPDATE walkin_tickets SET status = 'in_service', barber_id = $2, called_at = coalesce(called_at, clock_timestamp()),
            started_at = clock_timestamp() WHERE id = $1`,
    [id, barberId],
  );
}

export async function markBarberBusy(tx: Sql, barberId: number): Promise<void> {
  await tx.query(`UPDATE barbers SET status = 'busy' WHERE id = $1 AND status = 'available'`, [barberId]);
}

export async function setDone(tx: Sql, id: number): Promise<void> {
  await tx.query(`UPDATE walkin_tickets SET status = 'done', completed_at = clock_timestamp(), ended_at = clock_timestamp() WHERE id = $1`, [id]);
}

export async function hasCustomerInChair(tx: Sql, barberId: number): Promise<boolean> {
  return (await one(tx, `SELECT 1 FROM walkin_tickets WHERE barber_id = $1 AND status = 'in_service'`, [barberId])) !== undefined;
}

/** Available again, unless on break or off. */
export async function markBarberAvailable(tx: Sql, barberId: number): Promise<void> {
  await tx.query(`UPDATE barbers SET status = 'available' WHERE id = $1 AND status = 'busy'`, [barberId]);
}

export async function setNoShow(tx: Sql, id: number): Promise<void> {
  await tx.query(`UPDATE walkin_tickets SET status = 'no_show', ended_at = clock_timestamp() WHERE id = $1`, [id]);
}

export async function setCancelled(tx: Sql, id: number, by: 'customer' | 'staff'): Promise<void> {
  await tx.query(`UPDATE walkin_tickets SET status = 'cancelled', cancelled_by = $2, ended_at = clock_timestamp() WHERE id = $1`, [id, by]);
}

/** A called customer back in line: the place of their arrival. */
export async function setWaitingAgain(tx: Sql, id: number): Promise<void> {
  await tx.query(`UPDATE walkin_tickets SET status = 'waiting', barber_id = NULL, called_at = NULL WHERE id = $1`, [id]);
}

export async function setWalkout(tx: Sql, id: number): Promise<void> {
  await tx.query(`UPDATE walkin_tickets SET status = 'walkout', ended_at = clock_timestamp() WHERE id = $1`, [id]);
}

/** A cancelled or no-show ticket waits again under its own id. */
export async function putBackInLine(tx: Sql, id: number): Promise<void> {
  // Its stored minutes are read afresh: the triggers keep them only while a ticket is active, and a
  // service's minutes may have been edited while it was out of the line.
  await tx.query(
    `UPDATE walkin_tickets t SET status = 'waiting', barber_id = NULL, called_at = NULL, ended_at = NULL, cancelled_by = NULL,
            set_minutes = coalesce(x.total, ${DEFAULT_TICKET_MINUTES}), set_services = coalesce(x.list, '[]'::jsonb)
       FROM (SELECT sum(s.estimated_minutes)::int AS total,
                    jsonb_agg(jsonb_build_object('id', s.id, 'minutes', s.estimated_minutes) ORDER BY s.id) AS list
               FROM walkin_ticket_services ts JOIN services s ON s.id = ts.service_id WHERE ts.ticket_id = $1) x
      WHERE t.id = $1`,
    [id],
  );
}
