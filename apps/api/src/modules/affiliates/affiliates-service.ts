import { createHmac, randomBytes } from 'node:crypto';
import type { AffiliateProfile } from '@chairline/shared';
import { AFFILIATE_INVITE_MS, MESSAGES } from '@chairline/shared';
import type { Database } from '../../db/database.js';
import { HttpError, conflict, notFound, unauthorized } from '../../http/errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords.js';
import { sha256, type TokenService } from '../auth/tokens.js';
import {
  affiliateEmailTaken,
  affiliateLogin,
  findAffiliate,
  findAffiliateByCode,
  insertAffiliate,
  insertClick,
  setAffiliatePassword,
  toProfile,
  updateAffiliateProfile,
} from './affiliates-repository.js';

export const AFFILIATE_MESSAGES = {
  unknownCode: 'This referral link is not valid.',
  wrongCurrentPassword: 'Your current password is not correct.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
} as const;

/** A readable, unguessable code for invitation links: the name's first letters and random hex. */
function referralCode(name: string): string {
  const stem = name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 8) || 'partner';
  return `${stem}-${randomBytes(3).toString('hex')}`;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Affiliates are separate accounts from shop staff: their own sign-up, login and tokens. */
export class AffiliatesService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async profile(id: number): Promise<AffiliateProfile | null> {
    const row = await findAffiliate(this.db, id);
    return row ? toProfile(row, this.publicUrl) : null;
  }

  private async session(id: number) {
    const user = await this.profile(id);
    if (!user) throw unauthorized(MESSAGES.invalidCredentials);
    return { ...(await this.tokens.issuePair({ kind: 'affiliate', id })), user };
  }

  async signup(body: { name: string; email: string; password: string; payout_email?: string | null }) {
    if (await affiliateEmailTaken(this.db, body.email)) throw conflict(MESSAGES.emailTaken);
    const id = await insertAffiliate(this.db, {
      name: body.name,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      referralCode: referralCode(body.name),
      payoutEmail: body.payout_email ?? null,
    });
    if (!id) throw conflict(MESSAGES.emailTaken);
    return this.session(id);
  }

  async login(email: string, password: string) {
    const row = await affiliateLogin(this.db, email.trim().toLowerCase());
    if (!row) {
      await burnPasswordCheck(password);
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(row.password_hash, password))) throw unauthorized(MESSAGES.invalidCredentials);
    return this.session(row.id);
  }

  async updateProfile(id: number, input: { name: string; phone: string; payout_email: string | null }): Promise<AffiliateProfile> {
    await updateAffiliateProfile(this.db, id, input);
    const profile = await this.profile(id);
    if (!profile) throw notFound();
    return profile;
  }

  /** A password change needs the current one, and signs out every other session of the affiliate. */
  async changePassword(id: number, current: string, next: string, keepSessionId: string | undefined): Promise<void> {
    const row = await findAffiliate(this.db, id);
    if (!row) throw notFound();
    if (!(await verifyPassword(row.password_hash, current))) throw new HttpError(400, AFFILIATE_MESSAGES.wrongCurrentPassword);
    const hash = await hashPassword(next);
    await this.db.transaction(async (tx) => {
      await setAffiliatePassword(tx, id, hash);
      await this.tokens.endOtherSessions(tx, { kind: 'affiliate', id }, keepSessionId);
    });
  }

  /**
   * A referral link was opened: the invite to store (affiliate id and expiry) and one click per
   * visitor and day. The visitor is the browser's random id, or else a keyed hash of address and
   * browser; either way only a hash of it together with the day is kept, so nothing links a
   * visitor across days or back to a person.
   */
  async recordClick(code: string, visitor: { id?: string; ip: string; userAgent: string }, path: string | null) {
    const affiliate = await findAffiliateByCode(this.db, code);
    if (!affiliate) throw notFound(AFFILIATE_MESSAGES.unknownCode);
    const now = this.now();
    const day = utcDay(now);
    const who = visitor.id ?? createHmac('sha256', this.secret).update(`${visitor.ip}\n${visitor.userAgent}`).digest('hex');
    await insertClick(this.db, affiliate.id, day, sha256(`${day}:${who}`), path);
    return { id: affiliate.id, expires_at: now.getTime() + AFFILIATE_INVITE_MS };
  }
}
