import type { TicketStatus } from '@chairline/shared';
import type { Sql } from '../../../db/database.js';
import { one } from '../../../db/database.js';
import { SELECT_TICKET, type TicketRow } from './queue-repository.js';

// The staff side of the line: who a member is on the floor, the walk-in board's pages, the claim
// of call-next.

export interface StaffBarber {
  id: number;
  position: number | null;
  status: string;
  in_rotation: boolean;
}

/** The caller's own barber record (every shop member has one). */
export async function barberOfMember(sql: Sql, membershipId: number): Promise<StaffBarber | undefined> {
  return one<StaffBarber>(
    sql,
    'SELECT id, position, status, in_rotation FROM barbers WHERE membership_id = $1 AND archived_at IS NULL',
    [membershipId],
  );
}

/** Barbers (employees) see and act on their own tickets: for them, assigned to them, or for anyone. */
const OWN_TICKETS_SQL = `(t.barber_id = $OWN OR (t.barber_id IS NULL AND (t.preferred_barber_id IS NULL OR t.preferred_barber_id = $OWN)))`;
const ownTickets = (param: number) => OWN_TICKETS_SQL.replaceAll('$OWN', `$${param}`);

const ORDERINGS: Record<string, string> = { checked_in_at: 't.checked_in_at', id: 't.id', status: 't.status' };

export interface StaffTicketsFilter {
  shopId: number;
  statuses: readonly TicketStatus[];
  /** A barber's own tickets only; null for managers and admins. */
  ownBarberId: number | null;
  /** A name or phone fragment, with the phone digits it may stand for ('' when none). */
  search: { text: string; digits: string } | null;
  /** A field of ORDERINGS, `-` first for descending; arrival order by default. */
  ordering?: string;
  limit: number;
  offset: number;
}

/** A page of the walk-in board with the whole filter's count. */
export async function staffTicketsPage(sql: Sql, f: StaffTicketsFilter): Promise<{ rows: TicketRow[]; total: number }> {
  const params: unknown[] = [f.shopId, f.statuses];
  let where = 't.shop_id = $1 AND t.status = ANY($2::text[])';
  if (f.ownBarberId !== null) {
    params.push(f.ownBarberId);
    where += ` AND ${ownTickets(params.length)}`;
  }
  if (f.search) {
    params.push(`%${f.search.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const text = params.length;
    params.push(f.search.digits);
    const digits = params.length;
    where += ` AND (t.party_name ILIKE $${text} OR t.phone ILIKE $${text} OR ($${digits} <> '' AND t.phone LIKE '%' || $${digits} || '%'))`;
  }
  const field = f.ordering ? ORDERINGS[f.ordering.replace(/^-/, '')] : undefined;
  const order = `${field ?? 't.checked_in_at'} ${f.ordering?.startsWith('-') ? 'DESC' : 'ASC'}, t.id`;
  const count = await one<{ total: number }>(sql, `SELECT count(*)::int AS total FROM walkin_tickets t WHERE ${where}`, params);
  const rows = await sql.query<TicketRow>(
    `${SELECT_TICKET} WHERE ${where} ORDER BY ${order} LIMIT ${f.limit} OFFSET ${f.offset}`,
    params,
  );
  return { rows, total: count?.total ?? 0 };
}

/**
 * Claims the oldest waiting ticket the barber can take and calls it, in one statement: waiting →
 * called is always allowed, so nothing is read first. The oldest comes first in walkin_tickets_waiting_idx.
 */
export async function claimNextWaiting(tx: Sql, shopId: number, barberId: number): Promise<{ id: number } | undefined> {
  return one<{ id: number }>(
    tx,
    `UPDATE walkin_tickets SET status = 'called', barber_id = $2, called_at = clock_timestamp()
      WHERE id = (SELECT id FROM walkin_tickets WHERE shop_id = $1 AND status = 'waiting'
                     AND (preferred_barber_id IS NULL OR preferred_barber_id = $2)
                   ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [shopId, barberId],
  );
}

export async function isBarberOfShop(sql: Sql, shopId: number, barberId: number): Promise<boolean> {
  return (await one(sql, 'SELECT 1 FROM barbers WHERE shop_id = $1 AND id = $2 AND archived_at IS NULL', [shopId, barberId])) !== undefined;
}
