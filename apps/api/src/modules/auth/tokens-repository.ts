import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

export type Subject = { kind: 'user'; id: number } | { kind: 'affiliate'; id: number };

export interface RefreshRow {
  id: number;
  family_id: string;
  subject_kind: 'user' | 'affiliate';
  subject_id: number;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  rotated_by: string | null;
  successor_sealed: string | null;
}

/** The refresh token with this hash, locked for the rest of the transaction. */
export const findRefreshForUpdate = (sql: Sql, tokenHash: string) =>
  one<RefreshRow>(
    sql,
    `SELECT id, family_id, subject_kind, subject_id, expires_at, used_at, revoked_at, rotated_by, successor_sealed
       FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash],
  );

const accountTable = (subject: Subject) => (subject.kind === 'user' ? 'users' : 'affiliates');

/** The account's current token version (0 for an account that is gone: its tokens fail elsewhere). */
export async function tokenVersionOf(sql: Sql, subject: Subject): Promise<number> {
  const row = await one<{ token_version: number }>(sql, `SELECT token_version FROM ${accountTable(subject)} WHERE id = $1`, [subject.id]);
  return row?.token_version ?? 0;
}

export async function insertRefresh(sql: Sql, tokenHash: string, familyId: string, subject: Subject, expiresAt: Date): Promise<void> {
  await sql.query(
    `INSERT INTO refresh_tokens (token_hash, family_id, subject_kind, subject_id, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [tokenHash, familyId, subject.kind, subject.id, expiresAt],
  );
}

export async function markRefreshRotated(sql: Sql, id: number, usedAt: Date, rotatedBy: string, successorSealed: string): Promise<void> {
  await sql.query('UPDATE refresh_tokens SET used_at = $2, rotated_by = $3, successor_sealed = $4 WHERE id = $1', [
    id,
    usedAt,
    rotatedBy,
    successorSealed,
  ]);
}

export async function revokeFamily(sql: Sql, familyId: string, now: Date): Promise<void> {
  await sql.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [familyId, now]);
}

/** Revokes the family of the refresh token with this hash; an unknown hash changes nothing. */
export async function revokeFamilyOfHash(sql: Sql, tokenHash: string, now: Date): Promise<void> {
  await sql.query(
    `UPDATE refresh_tokens SET revoked_at = $2
      WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
    [tokenHash, now],
  );
}

/** Revokes every family of the account but `keepFamilyId`, and bumps its token version. */
export async function revokeOtherFamilies(sql: Sql, subject: Subject, keepFamilyId: string | null, now: Date): Promise<void> {
  await sql.query(
    `UPDATE refresh_tokens SET revoked_at = $4
      WHERE subject_kind = $1 AND subject_id = $2 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $3`,
    [subject.kind, subject.id, keepFamilyId, now],
  );
  await sql.query(`UPDATE ${accountTable(subject)} SET token_version = token_version + 1 WHERE id = $1`, [subject.id]);
}

// Whether a token's session (refresh family, `$2`) was ended; a token without a session never was.
const SESSION_ENDED = `EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = $2 AND r.revoked_at IS NOT NULL)`;

/** An affiliate's token version and whether the session was ended, in one query. */
export function affiliateSessionState(sql: Sql, affiliateId: number, sessionId: string | null) {
  return one<{ token_version: number; session_ended: boolean }>(
    sql,
    `SELECT a.token_version, ${SESSION_ENDED} AS session_ended FROM affiliates a WHERE a.id = $1`,
    [affiliateId, sessionId],
  );
}

/** A shop user's membership, token version and whether the session was ended, in one query. */
export function userSessionState(sql: Sql, userId: number, sessionId: string | null) {
  return one<{ id: number; shop_id: number; role: 'admin' | 'manager' | 'employee'; token_version: number; session_ended: boolean }>(
    sql,
    `SELECT m.id, m.shop_id, m.role, u.token_version, ${SESSION_ENDED} AS session_ended
       FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.user_id = $1`,
    [userId, sessionId],
  );
}
