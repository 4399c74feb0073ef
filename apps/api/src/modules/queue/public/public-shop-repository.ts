import type { Sql } from '../../../db/database.js';
import { one } from '../../../db/database.js';
import { effectiveZoneOf } from '../../../lib/shop-time-zone.js';
import { shopNamedBy } from '../../usernames/usernames-repository.js';
import { SHOP_COLUMNS, type ShopRow } from '../shop-lock-repository.js';

/**
 * Usernames are lowercase (auth schema); the address bar may not be. A former username finds the
 * shop that held it (old QR codes keep working); the row carries the current one.
 */
export async function shopByUsername(sql: Sql, username: string): Promise<ShopRow | undefined> {
  return one<ShopRow>(sql, `SELECT ${SHOP_COLUMNS} FROM shops s WHERE ${shopNamedBy('s', '$1')}`, [username.trim().toLowerCase()]);
}

export interface ShopPage extends ShopRow {
  today_checkins: number;
  month_checkins: number;
  /** The plan's monthly check-ins (-1 unlimited), null without a subscription. */
  month_limit: number | null;
}

/**
 * The public shop page in one statement (it is the most requested read): the shop, its check-ins
 * today and this month since the local midnight and month start, and the plan's limit. The time
 * zone is the effective one (UTC when the saved one is not recognised).
 */
export async function shopPage(sql: Sql, username: string): Promise<ShopPage | undefined> {
  return one<ShopPage>(
    sql,
    `WITH z AS (SELECT sh.*, ${effectiveZoneOf('sh.timezone')} AS zone FROM shops sh WHERE ${shopNamedBy('sh', '$1')}),
     s AS (
       SELECT id, name, username, logo_path, bluetick, address, phone_number, zone AS timezone, country,
              date_trunc('day', now() AT TIME ZONE zone) AT TIME ZONE zone AS day_start,
              date_trunc('month', now() AT TIME ZONE zone) AT TIME ZONE zone AS month_start
         FROM z)
     SELECT s.id, s.name, s.username, s.logo_path, s.bluetick, s.address, s.phone_number, s.timezone, s.country,
            c.today::int AS today_checkins, c.month::int AS month_checkins,
            (SELECT p.total_check_ins FROM subscriptions sub JOIN plans p ON p.id = sub.plan_id WHERE sub.shop_id = s.id) AS month_limit
       FROM s
      CROSS JOIN LATERAL (SELECT count(*) AS month, count(*) FILTER (WHERE t.checked_in_at >= s.day_start) AS today
                            FROM walkin_tickets t WHERE t.shop_id = s.id AND t.checked_in_at >= s.month_start) c`,
    [username.trim().toLowerCase()],
  );
}

export interface ServiceRow {
  id: number;
  name: string;
  estimated_minutes: number;
  price_cents: number;
}

/** The shop's active services for the check-in form, in one statement; undefined for an unknown shop. */
export async function activeServicesOf(
  sql: Sql,
  username: string,
): Promise<{ shopId: number; username: string; services: ServiceRow[] } | undefined> {
  const row = await one<{ id: number; username: string; services: ServiceRow[] | null }>(
    sql,
    `SELECT s.id, s.username,
            (SELECT json_agg(v ORDER BY v.name, v.id)
               FROM (SELECT id, name, estimated_minutes, price_cents FROM services WHERE shop_id = s.id AND active) v) AS services
       FROM shops s WHERE ${shopNamedBy('s', '$1')}`,
    [username.trim().toLowerCase()],
  );
  return row ? { shopId: row.id, username: row.username, services: row.services ?? [] } : undefined;
}
