import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Database, Sql } from '../../db/database.js';
import {
  findRefreshForUpdate,
  insertRefresh,
  markRefreshRotated,
  revokeFamily,
  revokeFamilyOfHash,
  revokeOtherFamilies,
  tokenVersionOf,
  type RefreshRow,
  type Subject,
} from './tokens-repository.js';

export type { Subject } from './tokens-repository.js';
export { tokenVersionOf } from './tokens-repository.js';

/** A verified access token: whose it is, the account's token version it was signed under, its session. */
export interface AccessClaims {
  subject: Subject;
  /** The account's token version when signed; the token is refused once the account's version moves on. */
  version: number;
  /** The refresh family (session) the token belongs to; absent on tokens signed outside a session. */
  sessionId?: string;
}

/** The client presenting a refresh token, to tell two tabs of one browser from a thief elsewhere. */
export interface RefreshClient {
  ip: string;
  userAgent: string;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/**
 * How long a just-rotated refresh token is still honoured for the client that rotated it. Two tabs
 * (or a burst of requests) waking up together all present the same token; within this window they
 * get the same successor back. After it, presenting a spent token revokes its whole family.
 */
export const REFRESH_GRACE_MS = 10_000;

/** A grace-window answer may follow a chain of rotations this long (tabs refreshing in a burst). */
const MAX_GRACE_HOPS = 5;

const ISSUER = 'chairline';
const AUDIENCE = 'chairline-api';
const SUBJECT_ID = /^[1-9][0-9]{0,14}$/;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

const clientTag = (client: RefreshClient) => sha256(`${client.ip}\n${client.userAgent}`);

// The successor is sealed with a key only the holder of the rotated token can derive (the table
// stores a different hash of it), so a copy of the database never yields live refresh tokens.
const sealKey = (token: string) => createHash('sha256').update('chairline refresh successor\0').update(token).digest();

function seal(token: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

function unseal(token: string, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) return null;
    const decipher = createDecipheriv('aes-256-gcm', sealKey(token), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const findRefresh = (sql: Sql, token: string) => findRefreshForUpdate(sql, sha256(token));

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Database,
    secret: string,
    private readonly accessTtlMinutes: number,
    private readonly refreshTtlDays: number,
    /** The time the grace window and expiry are measured against; tests move it. */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * An access token for a subject, carrying the account's token version (read now unless given)
   * and the session (refresh family) it belongs to.
   */
  async signAccess(subject: Subject, session: { version?: number; sessionId?: string } = {}): Promise<string> {
    const version = session.version ?? (await tokenVersionOf(this.db, subject));
    const claims: Record<string, string | number> = { typ: subject.kind, ver: version };
    if (session.sessionId) claims.sid = session.sessionId;
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(subject.id))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.accessTtlMinutes * 60)
      .sign(this.key);
  }

  /**
   * The claims of a valid access token, or null. Beyond the signature, a token must carry an
   * expiry, an issue time and a numeric subject: a token without `exp` would never expire.
   */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: this.now(),
      });
      if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
      if (typeof payload.sub !== 'string' || !SUBJECT_ID.test(payload.sub)) return null;
      if (payload.typ !== 'user' && payload.typ !== 'affiliate') return null;
      // Tokens signed before versions existed carry none: they count as version 0.
      const version = payload.ver ?? 0;
      if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) return null;
      if (payload.sid !== undefined && typeof payload.sid !== 'string') return null;
      return { subject: { kind: payload.typ, id: Number(payload.sub) }, version, sessionId: payload.sid };
    } catch {
      return null;
    }
  }

  /** A new refresh token; a new family unless it replaces one of an existing family. */
  async issueRefresh(sql: Sql, subject: Subject, familyId: string = randomUUID()): Promise<string> {
    const token = randomToken();
    await this.insertRefresh(sql, token, subject, familyId);
    return token;
  }

  private async insertRefresh(sql: Sql, token: string, subject: Subject, familyId: string): Promise<void> {
    const expiresAt = new Date(this.now().getTime() + this.refreshTtlDays * 86_400_000);
    await insertRefresh(sql, sha256(token), familyId, subject, expiresAt);
  }

  /** A new session: a refresh token of a new family and an access token bound to it. */
  async issuePair(subject: Subject): Promise<TokenPair> {
    const familyId = randomUUID();
    const refresh = await this.issueRefresh(this.db, subject, familyId);
    return { access: await this.signAccess(subject, { sessionId: familyId }), refresh };
  }

  /**
   * Exchanges a refresh token for a new pair. The old one is spent. Presenting it again within
   * the grace window from the client that spent it answers with the same successor; otherwise a
   * spent token was stolen or replayed, so its whole family is revoked.
   */
  async rotate(refresh: string, client: RefreshClient): Promise<TokenPair | null> {
    const now = this.now();
    const outcome = await this.db.transaction(async (tx) => {
      const row = await findRefresh(tx, refresh);
      if (!row) return null;
      const subject: Subject = { kind: row.subject_kind, id: row.subject_id };
      if (row.used_at && !row.revoked_at) {
        const successor = await this.graceSuccessor(tx, row, refresh, client, now);
        if (successor) return { subject, familyId: row.family_id, refresh: successor, version: await tokenVersionOf(tx, subject) };
      }
      if (row.used_at || row.revoked_at) {
        await revokeFamily(tx, row.family_id, this.now());
        return null;
      }
      if (row.expires_at <= now) return null;
      const next = randomToken();
      await markRefreshRotated(tx, row.id, now, clientTag(client), seal(refresh, next));
      await this.insertRefresh(tx, next, subject, row.family_id);
      return { subject, familyId: row.family_id, refresh: next, version: await tokenVersionOf(tx, subject) };
    });
    if (!outcome) return null;
    const access = await this.signAccess(outcome.subject, { version: outcome.version, sessionId: outcome.familyId });
    return { access, refresh: outcome.refresh };
  }

  /**
   * The live successor of a token spent moments ago by the same client, following rotations made
   * within the window; null when the window is over, the client differs or the chain is broken.
   */
  private async graceSuccessor(tx: Sql, spent: RefreshRow, token: string, client: RefreshClient, now: Date): Promise<string | null> {
    const tag = clientTag(client);
    let row = spent;
    let current = token;
    for (let hop = 0; hop < MAX_GRACE_HOPS; hop++) {
      const elapsed = now.getTime() - (row.used_at?.getTime() ?? Number.NEGATIVE_INFINITY);
      if (!(elapsed >= 0 && elapsed <= REFRESH_GRACE_MS) || row.rotated_by !== tag) return null;
      const next = unseal(current, row.successor_sealed);
      if (!next) return null;
      const nextRow = await findRefresh(tx, next);
      if (!nextRow || nextRow.revoked_at || nextRow.expires_at <= now) return null;
      if (!nextRow.used_at) return next;
      row = nextRow;
      current = next;
    }
    return null;
  }

  /** Revokes the family of one refresh token (logout). Unknown tokens are ignored. */
  async revokeFamilyOf(refresh: string): Promise<void> {
    await revokeFamilyOfHash(this.db, sha256(refresh), this.now());
  }

  /**
   * Ends the sessions of an account after its password changed or was reset: every refresh family
   * is revoked except `keepSessionId` (the caller's own, when they changed their own password), and
   * the account's token version is bumped so every access token signed before now is refused at
   * once. Run it in the transaction that changes the password.
   */
  async endOtherSessions(sql: Sql, subject: Subject, keepSessionId?: string): Promise<void> {
    await revokeOtherFamilies(sql, subject, keepSessionId ?? null, this.now());
  }

  /** Ends every session of an account (password reset, member removed). */
  revokeAll(sql: Sql, subject: Subject): Promise<void> {
    return this.endOtherSessions(sql, subject);
  }
}
