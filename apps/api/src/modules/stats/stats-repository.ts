import type { ShopStats } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { shopZoneSql } from '../../lib/shop-time-zone-repository.js';

const DAYS = 30;

/**
 * All figures in the shop's time zone: "today" and "this month" start at the shop's local midnight,
 * days and hours are the shop's local ones.
 */
export async function loadShopStats(sql: Sql, shopId: number, now = new Date()): Promise<ShopStats> {
  const local = shopZoneSql('$1');
  const startOfToday = `(date_trunc('day', $2::timestamptz AT TIME ZONE ${local}) AT TIME ZONE ${local})`;
  const startOfMonth = `(date_trunc('month', $2::timestamptz AT TIME ZONE ${local}) AT TIME ZONE ${local})`;

  const today = await one<{
    waiting: number;
    in_service: number;
    served: number;
    check_ins: number;
    average_wait_minutes: number | null;
    month_check_ins: number;
    month_limit: number | null;
  }>(
    sql,
    `SELECT
       count(*) FILTER (WHERE status IN ('waiting', 'called'))::int AS waiting,
       count(*) FILTER (WHERE status = 'in_service')::int AS in_service,
       count(*) FILTER (WHERE status = 'done' AND completed_at >= ${startOfToday})::int AS served,
       count(*) FILTER (WHERE checked_in_at >= ${startOfToday})::int AS check_ins,
       round((avg(extract(epoch FROM called_at - checked_in_at) / 60)
             FILTER (WHERE called_at IS NOT NULL AND checked_in_at >= ${startOfToday}))::numeric, 1)::float8 AS average_wait_minutes,
       count(*) FILTER (WHERE checked_in_at >= ${startOfMonth})::int AS month_check_ins,
       (SELECT p.total_check_ins FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.shop_id = $1) AS month_limit
     FROM walkin_tickets WHERE shop_id = $1`,
    [shopId, now],
  );

  const perDay = await sql.query<{ date: string; count: number }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(c.count, 0)::int AS count
       FROM generate_series(($2::timestamptz AT TIME ZONE ${local})::date - ($3::int - 1), ($2::timestamptz AT TIME ZONE ${local})::date, interval '1 day') d
       LEFT JOIN (SELECT (checked_in_at AT TIME ZONE ${local})::date AS day, count(*) AS count
                    FROM walkin_tickets WHERE shop_id = $1 AND checked_in_at >= $2::timestamptz - make_interval(days => $3 + 1)
                   GROUP BY 1) c ON c.day = d::date
      ORDER BY d`,
    [shopId, now, DAYS],
  );

  const hours = await sql.query<{ hour: number; count: number }>(
    `SELECT h AS hour, coalesce(c.count, 0)::int AS count
       FROM generate_series(0, 23) h
       LEFT JOIN (SELECT extract(hour FROM checked_in_at AT TIME ZONE ${local})::int AS hour, count(*) AS count
                    FROM walkin_tickets WHERE shop_id = $1 AND checked_in_at >= $2::timestamptz - make_interval(days => $3)
                   GROUP BY 1) c ON c.hour = h
      ORDER BY h`,
    [shopId, now, DAYS],
  );

  const turns = await sql.query<{ barber_id: number; name: string; turns: number }>(
    `SELECT b.id AS barber_id, b.name, count(t.id)::int AS turns
       FROM barbers b
       LEFT JOIN walkin_tickets t ON t.barber_id = b.id AND t.started_at IS NOT NULL
                                 AND t.started_at >= $2::timestamptz - make_interval(days => $3)
      WHERE b.shop_id = $1 AND (b.archived_at IS NULL OR t.id IS NOT NULL)
        AND (b.in_rotation OR t.id IS NOT NULL)
      GROUP BY b.id, b.name
      ORDER BY turns DESC, b.name`,
    [shopId, now, DAYS],
  );

  return {
    today: {
      waiting: today?.waiting ?? 0,
      in_service: today?.in_service ?? 0,
      served: today?.served ?? 0,
      check_ins: today?.check_ins ?? 0,
      average_wait_minutes: today?.average_wait_minutes ?? null,
    },
    month: { check_ins: today?.month_check_ins ?? 0, limit: today?.month_limit ?? 200 },
    check_ins_per_day: perDay,
    busiest_hours: hours,
    turns_per_barber: turns,
  };
}
