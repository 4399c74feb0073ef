import type { Sql } from '../../db/database.js';

export interface UploadRecord {
  shopId: number | null;
  userId: number | null;
  kind: string;
  path: string;
  mimeType: string;
  bytes: number;
  width: number;
  height: number;
}

export async function recordUpload(sql: Sql, u: UploadRecord): Promise<void> {
  await sql.query(
    `INSERT INTO uploads (shop_id, user_id, kind, path, mime_type, bytes, width, height)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [u.shopId, u.userId, u.kind, u.path, u.mimeType, u.bytes, u.width, u.height],
  );
}

/** Sets the shop's logo, or removes it with null. */
export async function setShopLogo(sql: Sql, shopId: number, path: string | null): Promise<void> {
  if (path === null) await sql.query('UPDATE shops SET logo_path = NULL WHERE id = $1', [shopId]);
  else await sql.query('UPDATE shops SET logo_path = $2 WHERE id = $1', [shopId, path]);
}
