import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

/** Stores the message; answers its id with who sent it and from which shop, for the support inbox. */
export function insertSupportMessage(sql: Sql, shopId: number, userId: number, subject: string, message: string) {
  return one<{ id: number; email: string; name: string; shop: string; username: string }>(
    sql,
    `WITH m AS (INSERT INTO support_messages (shop_id, user_id, subject, message) VALUES ($1, $2, $3, $4) RETURNING id)
     SELECT m.id, u.email, u.name, s.name AS shop, s.username FROM m, users u, shops s WHERE u.id = $2 AND s.id = $1`,
    [shopId, userId, subject, message],
  );
}

/** The shop's last 100 support messages, or only those `fromUserId` sent when given. */
export function listSupportMessages(sql: Sql, shopId: number, fromUserId: number | null) {
  return sql.query<{ id: number; subject: string; message: string; status: string; created_at: Date; from: string }>(
    `SELECT m.id, m.subject, m.message, m.status, m.created_at, coalesce(u.name, '') AS "from"
       FROM support_messages m LEFT JOIN users u ON u.id = m.user_id
      WHERE m.shop_id = $1 AND ($2::int IS NULL OR m.user_id = $2)
      ORDER BY m.created_at DESC LIMIT 100`,
    [shopId, fromUserId],
  );
}
