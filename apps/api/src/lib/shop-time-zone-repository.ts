import type { Sql } from '../db/database.js';
import { one } from '../db/database.js';
import type { ShopZone } from './shop-time-zone.js';

/** SQL for the effective zone of the shop whose id is the given parameter (default `$1`). */
export const shopZoneSql = (idParam = '$1') => `(SELECT effective_time_zone(timezone) FROM shops WHERE id = ${idParam})`;

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
