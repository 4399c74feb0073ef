import type { Sql } from '../../../db/database.js';

/**
 * Tells the database who makes this transaction's ticket changes: a trigger writes one history row
 * (walkin_ticket_events) for every check-in and every change of status, with this actor.
 * The setting lasts until the transaction ends.
 */
export async function actAs(tx: Sql, actor: 'staff' | 'customer', userId: number | null = null): Promise<void> {
  await tx.query(`SELECT set_config('chairline.actor', $1, true), set_config('chairline.actor_user_id', $2, true)`, [
    actor,
    userId === null ? '' : String(userId),
  ]);
}

export interface TicketEvent {
  from_status: string | null;
  to_status: string;
  actor: 'staff' | 'customer' | 'system';
  actor_user_id: number | null;
  at: Date;
}

/** A ticket's history, oldest first. */
export async function ticketHistory(sql: Sql, ticketId: number): Promise<TicketEvent[]> {
  return sql.query<TicketEvent>(
    'SELECT from_status, to_status, actor, actor_user_id, at FROM walkin_ticket_events WHERE ticket_id = $1 ORDER BY id',
    [ticketId],
  );
}
