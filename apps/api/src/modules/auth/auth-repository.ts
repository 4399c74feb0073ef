import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

/** A shop user who may sign in with a password (only users with a membership do). */
export function findLoginUser(sql: Sql, email: string) {
  return one<{ id: number; password_hash: string | null }>(
    sql,
    'SELECT u.id, u.password_hash FROM users u JOIN memberships m ON m.user_id = u.id WHERE u.email = $1',
    [email],
  );
}

export function findUserByGoogleSub(sql: Sql, sub: string) {
  return one<{ id: number }>(sql, 'SELECT id FROM users WHERE google_sub = $1', [sub]);
}

export function findUserGoogleLink(sql: Sql, email: string) {
  return one<{ id: number; google_sub: string | null }>(sql, 'SELECT id, google_sub FROM users WHERE email = $1', [email]);
}

export async function linkGoogleAccount(sql: Sql, userId: number, sub: string): Promise<void> {
  await sql.query('UPDATE users SET google_sub = $1, email_verified = true WHERE id = $2', [sub, userId]);
}

export function findUserNameByEmail(sql: Sql, email: string) {
  return one<{ id: number; name: string }>(sql, 'SELECT id, name FROM users WHERE email = $1', [email]);
}

export function passwordHashOf(sql: Sql, userId: number) {
  return one<{ password_hash: string | null }>(sql, 'SELECT password_hash FROM users WHERE id = $1', [userId]);
}

export async function setPasswordHash(sql: Sql, userId: number, passwordHash: string): Promise<void> {
  await sql.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [userId, passwordHash]);
}

export async function insertResetToken(sql: Sql, userId: number, tokenHash: string, ttlMinutes: number): Promise<void> {
  await sql.query(
    `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [userId, tokenHash, ttlMinutes],
  );
}

/** Spends an unused, unexpired reset token; undefined when there is none with this hash. */
export function useResetToken(sql: Sql, tokenHash: string) {
  return one<{ id: number; user_id: number }>(
    sql,
    `UPDATE password_reset_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
    RETURNING id, user_id`,
    [tokenHash],
  );
}

/** Every reset link of the user still unused stops working. */
export async function expireResetTokens(sql: Sql, userId: number): Promise<void> {
  await sql.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}
