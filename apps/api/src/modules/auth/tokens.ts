import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Database, Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

export type Subject = { kind: 'user'; id: number } | { kind: 'affiliate'; id: number };

const ISSUER = 'chairline';
const AUDIENCE = 'chairline-api';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Database,
    secret: string,
    private readonly accessTtlMinutes: number,
    private readonly refreshTtlDays: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(subject: Subject): Promise<string> {
    return new SignJWT({ typ: subject.kind })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(subject.id))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlMinutes}m`)
      .sign(this.key);
  }

  /** The subject of a valid access token, or null for an invalid or expired one. */
  async verifyAccess(token: string): Promise<Subject | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || (payload.typ !== 'user' && payload.typ !== 'affiliate')) return null;
      return { kind: payload.typ, id };
    } catch {
      return null;
    }
  }

  /** A new refresh token; a new family unless it replaces one of an existing family. */
  async issueRefresh(sql: Sql, subject: Subject, familyId: string = randomUUID()): Promise<string> {
    const token = randomToken();
    await sql.query(
      `INSERT INTO refresh_tokens (token_hash, family_id, subject_kind, subject_id, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))`,
      [sha256(token), familyId, subject.kind, subject.id, this.refreshTtlDays],
    );
    return token;
  }

  async issuePair(subject: Subject): Promise<{ access: string; refresh: string }> {
    return { access: await this.signAccess(subject), refresh: await this.issueRefresh(this.db, subject) };
  }

  /**
   * Exchanges a refresh token for a new pair. The old one is spent; presenting a spent token
   * again means it was stolen or replayed, so its whole family is revoked.
   */
  async rotate(refresh: string): Promise<{ access: string; refresh: string } | null> {
    const outcome = await this.db.transaction(async (tx) => {
      const row = await one<{
        id: number;
        family_id: string;
        subject_kind: 'user' | 'affiliate';
        subject_id: number;
        used_at: Date | null;
        revoked_at: Date | null;
        expired: boolean;
      }>(
        tx,
        `SELECT id, family_id, subject_kind, subject_id, used_at, revoked_at, expires_at <= now() AS expired
           FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
        [sha256(refresh)],
      );
      if (!row) return null;
      if (row.used_at || row.revoked_at) {
        await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [
          row.family_id,
        ]);
        return null;
      }
      if (row.expired) return null;
      await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [row.id]);
      const subject: Subject = { kind: row.subject_kind, id: row.subject_id };
      const next = await this.issueRefresh(tx, subject, row.family_id);
      return { subject, refresh: next };
    });
    if (!outcome) return null;
    return { access: await this.signAccess(outcome.subject), refresh: outcome.refresh };
  }

  /** Revokes the family of one refresh token (logout). Unknown tokens are ignored. */
  async revokeFamilyOf(refresh: string): Promise<void> {
    await this.db.query(
      `UPDATE refresh_tokens SET revoked_at = now()
        WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
      [sha256(refresh)],
    );
  }

  /** Revokes every session of a subject (password change or reset). */
  async revokeAll(sql: Sql, subject: Subject): Promise<void> {
    await sql.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE subject_kind = $1 AND subject_id = $2 AND revoked_at IS NULL',
      [subject.kind, subject.id],
    );
  }
}
