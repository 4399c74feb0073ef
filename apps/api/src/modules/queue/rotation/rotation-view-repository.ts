import type { BarberStatus, TicketStatus } from '@chairline/shared';
import type { Sql } from '../../../db/database.js';
import { one } from '../../../db/database.js';

// What the rotation screens and the rotation's writes read: the barbers in order with their current
// walk-in, the line's counts, the rotation's history, and one barber's standing.

export interface RotationRow {
  id: number;
  name: string;
  profile_pic: string | null;
  position: number | null;
  status: BarberStatus;
  ticket_id: number | null;
  ticket_party_name: string | null;
  ticket_status: TicketStatus | null;
  ticket_started_at: Date | null;
  waiting_count: number;
}

/** The rotation in order, each barber's current walk-in and waiting customers (for them or anyone). */
export async function rotationRows(sql: Sql, shopId: number): Promise<RotationRow[]> {
  return sql.query<RotationRow>(
    `SELECT b.id, b.name, b.profile_pic, b.position, b.status,
            cur.id AS ticket_id, cur.party_name AS ticket_party_name, cur.status AS ticket_status,
            cur.started_at AS ticket_started_at,
            (SELECT count(*)::int FROM walkin_tickets w
              WHERE w.shop_id = b.shop_id AND w.status = 'waiting'
                AND (w.preferred_barber_id IS NULL OR w.preferred_barber_id = b.id)) AS waiting_count
       FROM barbers b
       LEFT JOIN LATERAL (SELECT t.id, t.party_name, t.status, t.started_at FROM walkin_tickets t
                           WHERE t.barber_id = b.id AND t.status IN ('called', 'in_service')
                           ORDER BY (t.status = 'in_service') DESC, t.id LIMIT 1) cur ON true
      WHERE b.shop_id = $1 AND b.archived_at IS NULL AND b.in_rotation AND b.position IS NOT NULL
      ORDER BY b.position`,
    [shopId],
  );
}

/** Customers waiting and in a chair, in one read. */
export async function lineCounts(sql: Sql, shopId: number): Promise<{ waiting: number; in_service: number } | undefined> {
  return one<{ waiting: number; in_service: number }>(
    sql,
    `SELECT count(*) FILTER (WHERE status = 'waiting')::int AS waiting, count(*) FILTER (WHERE status = 'in_service')::int AS in_service
       FROM walkin_tickets WHERE shop_id = $1 AND status IN ('waiting', 'in_service')`,
    [shopId],
  );
}

export interface RotationEventRow {
  id: number;
  barber_id: number | null;
  barber_name: string | null;
  kind: string;
  from_position: number | null;
  to_position: number | null;
  reason: string;
  actor_name: string | null;
  created_at: Date;
}

/** A page of the rotation's history, newest first, with the whole count. */
export async function rotationEventsPage(sql: Sql, shopId: number, limit: number, offset: number): Promise<{ rows: RotationEventRow[]; total: number }> {
  const total = await one<{ total: number }>(sql, 'SELECT count(*)::int AS total FROM rotation_events WHERE shop_id = $1', [shopId]);
  const rows = await sql.query<RotationEventRow>(
    `SELECT e.id, e.barber_id, b.name AS barber_name, e.kind, e.from_position, e.to_position, e.reason,
            u.name AS actor_name, e.created_at
       FROM rotation_events e
       LEFT JOIN barbers b ON b.id = e.barber_id
       LEFT JOIN users u ON u.id = e.actor_user_id
      WHERE e.shop_id = $1
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT $2 OFFSET $3`,
    [shopId, limit, offset],
  );
  return { rows, total: total?.total ?? 0 };
}

/** Which of these barbers belong to the shop (archived ones do not). */
export async function barbersOfShop(sql: Sql, shopId: number, ids: readonly number[]): Promise<{ id: number }[]> {
  return sql.query<{ id: number }>('SELECT id FROM barbers WHERE shop_id = $1 AND archived_at IS NULL AND id = ANY($2::int[])', [shopId, ids]);
}

/** A barber of the shop with their status and place in the rotation. */
export async function barberStanding(
  sql: Sql,
  shopId: number,
  barberId: number,
): Promise<{ id: number; status: BarberStatus; position: number | null } | undefined> {
  return one(sql, 'SELECT id, status, position FROM barbers WHERE shop_id = $1 AND id = $2 AND archived_at IS NULL', [shopId, barberId]);
}

export async function barberName(sql: Sql, barberId: number): Promise<string | undefined> {
  return (await one<{ name: string }>(sql, 'SELECT name FROM barbers WHERE id = $1', [barberId]))?.name;
}
