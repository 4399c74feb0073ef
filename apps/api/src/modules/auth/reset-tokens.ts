import type { Sql } from '../../db/database.js';
import { randomToken, sha256 } from './tokens.js';

/**
 * A single-use token that lets its holder set the user's password (forgot-password, and the
 * invitation of a new team member). Only its hash is stored; the caller emails the token itself.
 */
export async function issueResetToken(sql: Sql, userId: number, ttlMinutes: number): Promise<string> {
  const token = randomToken();
  await sql.query(
    `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [userId, sha256(token), ttlMinutes],
  );
  return token;
}

export const resetLink = (publicUrl: string, token: string) => `${publicUrl}/reset-password/${token}`;
