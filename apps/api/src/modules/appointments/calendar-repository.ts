import type { Sql } from '../../db/database.js';
import { shopZoneSql } from '../../lib/shop-time-zone-repository.js';

const TZ = shopZoneSql('$1');

/**
 * Appointments (not cancelled) and walk-ins served or in the chair between two local dates,
 * one list ordered by start, for the day and week views.
 */
export async function calendarEntries(sql: Sql, shopId: number, from: string, to: string, barberId?: number) {
  const rows = await sql.query<{
    kind: 'appointment' | 'walkin';
    id: number;
    barber_id: number | null;
    barber: string | null;
    title: string;
    starts_at: Date;
    ends_at: Date;
    status: string;
  }>(
    `WITH bounds AS (SELECT ($2::date::timestamp AT TIME ZONE ${TZ}) AS lo, (($3::date + 1)::timestamp AT TIME ZONE ${TZ}) AS hi)
     SELECT 'appointment' AS kind, a.id, a.barber_id, b.name AS barber, coalesce(c.name, 'Appointment') AS title,
            a.starts_at, a.ends_at, a.status
       FROM appointments a JOIN barbers b ON b.id = a.barber_id LEFT JOIN customers c ON c.id = a.customer_id, bounds
      WHERE a.shop_id = $1 AND a.status <> 'cancelled' AND a.starts_at < bounds.hi AND a.ends_at > bounds.lo
        AND ($4::int IS NULL OR a.barber_id = $4)
     UNION ALL
     SELECT 'walkin', t.id, t.barber_id, b.name, t.party_name, t.started_at,
            coalesce(t.completed_at, greatest(now(), t.started_at + interval '30 minutes')), t.status
       FROM walkin_tickets t LEFT JOIN barbers b ON b.id = t.barber_id, bounds
      WHERE t.shop_id = $1 AND t.started_at IS NOT NULL AND t.status IN ('in_service', 'done')
        AND t.started_at < bounds.hi AND t.started_at >= bounds.lo
        AND ($4::int IS NULL OR t.barber_id = $4)
     ORDER BY starts_at, kind, id`,
    [shopId, from, to, barberId ?? null],
  );
  return rows.map((r) => ({ ...r, starts_at: r.starts_at.toISOString(), ends_at: r.ends_at.toISOString() }));
}
