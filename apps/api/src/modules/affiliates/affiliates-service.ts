import { randomBytes } from 'node:crypto';
import type { AffiliateProfile } from '@chairline/shared';
import { MESSAGES } from '@chairline/shared';
import type { Database } from '../../db/database.js';
import { one } from '../../db/database.js';
import { conflict, unauthorized } from '../../http/errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords.js';
import type { TokenService } from '../auth/tokens.js';

interface AffiliateRow {
  id: number;
  name: string;
  email: string;
  referral_code: string;
  commission_percent: number;
  payout_email: string | null;
  created_at: Date;
}

const toProfile = (r: AffiliateRow): AffiliateProfile => ({
  id: r.id,
  name: r.name,
  email: r.email,
  referral_code: r.referral_code,
  commission_percent: r.commission_percent,
  payout_email: r.payout_email,
  created_at: r.created_at.toISOString(),
  is_affiliate: true,
});

/** A readable, unguessable code for invitation links: the name's first letters and random hex. */
function referralCode(name: string): string {
  const stem = name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 8) || 'partner';
  return `${stem}-${randomBytes(3).toString('hex')}`;
}

/** Affiliates are separate accounts from shop staff (spec §1): their own sign-up, login and tokens. */
export class AffiliatesService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
  ) {}

  async profile(id: number): Promise<AffiliateProfile | null> {
    const row = await one<AffiliateRow>(this.db, 'SELECT * FROM affiliates WHERE id = $1', [id]);
    return row ? toProfile(row) : null;
  }

  private async session(id: number) {
    const user = await this.profile(id);
    if (!user) throw unauthorized(MESSAGES.invalidCredentials);
    return { ...(await this.tokens.issuePair({ kind: 'affiliate', id })), user };
  }

  async signup(body: { name: string; email: string; password: string }) {
    if (await one(this.db, 'SELECT 1 FROM affiliates WHERE email = $1', [body.email])) throw conflict(MESSAGES.emailTaken);
    const row = await one<{ id: number }>(
      this.db,
      `INSERT INTO affiliates (name, email, password_hash, referral_code) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING id`,
      [body.name, body.email, await hashPassword(body.password), referralCode(body.name)],
    );
    if (!row) throw conflict(MESSAGES.emailTaken);
    return this.session(row.id);
  }

  async login(email: string, password: string) {
    const row = await one<{ id: number; password_hash: string }>(
      this.db,
      'SELECT id, password_hash FROM affiliates WHERE email = $1',
      [email.trim().toLowerCase()],
    );
    if (!row) {
      await burnPasswordCheck(password);
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(row.password_hash, password))) throw unauthorized(MESSAGES.invalidCredentials);
    return this.session(row.id);
  }
}
