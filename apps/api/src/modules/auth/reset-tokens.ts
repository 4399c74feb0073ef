import type { Sql } from '../../db/database.js';
import { insertResetToken } from './auth-repository.js';
import { randomToken, sha256 } from './tokens.js';

/**
 * A single-use token that lets its holder set the user's password (forgot-password, and the
 * invitation of a new team member). Only its hash is stored; the caller emails the token itself.
 */
export async function issueResetToken(sql: Sql, userId: number, ttlMinutes: number): Promise<string> {
  const token = randomToken();
  await insertResetToken(sql, userId, sha256(token), ttlMinutes);
  return token;
}

export const resetLink = (publicUrl: string, token: string) => `${publicUrl}/reset-password/${token}`;
