import type { Sql } from '../db/database.js';
import { one } from '../db/database.js';

/**
 * The shop's effective time zone: the one it saved when the database knows it, else UTC. Every query
 * that computes "today" or "this month" goes through `effective_time_zone()` (a database function,
 * migration 0004), so a zone the database no longer knows falls back to UTC instead of failing
 * logins, check-ins and the public page. Settings shows the owner when that happens.
 */
export const FALLBACK_TIME_ZONE = 'UTC';

/** SQL for the effective zone of a `timezone` column or expression (e.g. `s.timezone`). */
export const effectiveZoneOf = (column: string) => `effective_time_zone(${column})`;

/** SQL for the effective zone of the shop whose id is the given parameter (default `$1`). */
export const shopZoneSql = (idParam = '$1') => `(SELECT effective_time_zone(timezone) FROM shops WHERE id = ${idParam})`;

/** The zone as stored, the one in force, and whether the stored one is recognised. */
export interface ShopZone {
  saved: string;
  effective: string;
  recognised: boolean;
}

export async function shopTimeZone(sql: Sql, shopId: number): Promise<ShopZone | undefined> {
  const row = await one<{ saved: string; effective: string }>(
    sql,
    'SELECT timezone AS saved, effective_time_zone(timezone) AS effective FROM shops WHERE id = $1',
    [shopId],
  );
  return row && { ...row, recognised: row.saved === row.effective };
}

/** Does the database know this zone by name (the list it offers, not only what it parses)? */
export async function databaseKnowsZone(sql: Sql, zone: string): Promise<boolean> {
  return (await one(sql, 'SELECT 1 FROM pg_timezone_names WHERE name = $1', [zone])) !== undefined;
}
