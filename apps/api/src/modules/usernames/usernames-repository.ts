import { MESSAGES } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { conflict } from '../../http/errors.js';

/**
 * Shop usernames, current and former. A shop's former usernames stay reserved for it, so printed QR
 * codes and kiosk links keep reaching the shop that printed them; the public endpoints resolve a
 * former username to the shop that held it. Nobody else can claim one; the shop may take it back.
 */

/**
 * SQL condition: the shop row `alias` is the one the username parameter names, as its current or
 * one of its former usernames. A former username is never another shop's current one, so at most
 * one shop matches.
 */
export const shopNamedBy = (alias: string, param: string) =>
  `(${alias}.username = ${param} OR ${alias}.id = (SELECT f.shop_id FROM shop_former_usernames f WHERE f.username = ${param}))`;

/**
 * Serialises every claim of one username (sign-up, rename) until the transaction ends, so a sign-up
 * cannot take a name in the instant a rename retires it.
 */
async function lockUsername(tx: Sql, username: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('shop-username:' || $1))", [username]);
}

/**
 * Refuses, with the "already taken" message, a username that is another shop's current or former
 * one. `shopId` is the shop claiming it (null for a new shop). Call inside the claiming transaction.
 */
export async function assertUsernameFree(tx: Sql, username: string, shopId: number | null): Promise<void> {
  await lockUsername(tx, username);
  const taken = await one(
    tx,
    `SELECT 1 FROM shops WHERE username = $1 AND ($2::int IS NULL OR id <> $2)
     UNION ALL
     SELECT 1 FROM shop_former_usernames WHERE username = $1 AND ($2::int IS NULL OR shop_id <> $2)`,
    [username, shopId],
  );
  if (taken) throw conflict(MESSAGES.usernameTaken);
}

/**
 * Records a rename: the old username becomes one of the shop's former ones, and the new one, if it
 * was a former one of this shop, is current again. Call after assertUsernameFree for `to`.
 */
export async function recordRename(tx: Sql, shopId: number, from: string, to: string): Promise<void> {
  if (from === to) return;
  await lockUsername(tx, from);
  await tx.query('DELETE FROM shop_former_usernames WHERE username = $1 AND shop_id = $2', [to, shopId]);
  await tx.query(
    `INSERT INTO shop_former_usernames (username, shop_id) VALUES ($1, $2)
     ON CONFLICT (username) DO UPDATE SET retired_at = now() WHERE shop_former_usernames.shop_id = EXCLUDED.shop_id`,
    [from, shopId],
  );
}

/** The shop's former usernames, most recently retired first. */
export async function formerUsernames(sql: Sql, shopId: number): Promise<string[]> {
  const rows = await sql.query<{ username: string }>(
    'SELECT username FROM shop_former_usernames WHERE shop_id = $1 ORDER BY retired_at DESC, username',
    [shopId],
  );
  return rows.map((r) => r.username);
}
