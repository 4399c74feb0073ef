import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

export interface ShopRow {
  id: number;
  name: string;
  username: string;
  logo_path: string | null;
  bluetick: boolean;
  address: string;
  phone_number: string;
  timezone: string;
}

const SHOP_COLUMNS = 'id, name, username, logo_path, bluetick, address, phone_number, timezone';

/** Usernames are lowercase (auth schema); the address bar may not be. */
export async function shopByUsername(sql: Sql, username: string): Promise<ShopRow | undefined> {
  return one<ShopRow>(sql, `SELECT ${SHOP_COLUMNS} FROM shops WHERE username = $1`, [username.trim().toLowerCase()]);
}

/** The same, row-locked: the per-shop lock every queue write takes first (docs/queue.md). */
export async function lockShopByUsername(sql: Sql, username: string): Promise<ShopRow | undefined> {
  return one<ShopRow>(sql, `SELECT ${SHOP_COLUMNS} FROM shops WHERE username = $1 FOR UPDATE`, [username.trim().toLowerCase()]);
}

export async function lockShopById(sql: Sql, id: number): Promise<ShopRow | undefined> {
  return one<ShopRow>(sql, `SELECT ${SHOP_COLUMNS} FROM shops WHERE id = $1 FOR UPDATE`, [id]);
}

/** Check-ins since the shop's local midnight. */
export async function checkInsToday(sql: Sql, shopId: number): Promise<number> {
  const row = await one<{ count: number }>(
    sql,
    `SELECT count(*)::int AS count FROM walkin_tickets t JOIN shops s ON s.id = t.shop_id
      WHERE t.shop_id = $1
        AND t.checked_in_at >= (date_trunc('day', now() AT TIME ZONE s.timezone) AT TIME ZONE s.timezone)`,
    [shopId],
  );
  return row?.count ?? 0;
}
