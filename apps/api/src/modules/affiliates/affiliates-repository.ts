import type { AffiliateProfile } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

export interface AffiliateRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  referral_code: string;
  commission_percent: number;
  commission_months: number;
  currency: string;
  payout_email: string | null;
  password_hash: string;
  created_at: Date;
}

const referralLink = (publicUrl: string, path: string, code: string) => `${publicUrl}${path}?ref=${encodeURIComponent(code)}`;

export const toProfile = (r: AffiliateRow, publicUrl: string): AffiliateProfile => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  referral_code: r.referral_code,
  commission_percent: r.commission_percent,
  commission_months: r.commission_months,
  currency: r.currency,
  payout_email: r.payout_email,
  created_at: r.created_at.toISOString(),
  is_affiliate: true,
  referral_links: { home: referralLink(publicUrl, '/', r.referral_code), signup: referralLink(publicUrl, '/signup', r.referral_code) },
});

export const findAffiliate = (sql: Sql, id: number) => one<AffiliateRow>(sql, 'SELECT * FROM affiliates WHERE id = $1', [id]);

export const findAffiliateByCode = (sql: Sql, code: string) =>
  one<{ id: number }>(sql, 'SELECT id FROM affiliates WHERE referral_code = $1', [code.trim().toLowerCase()]);

export async function updateAffiliateProfile(
  sql: Sql,
  id: number,
  p: { name: string; phone: string; payout_email: string | null },
): Promise<void> {
  await sql.query('UPDATE affiliates SET name = $2, phone = $3, payout_email = $4 WHERE id = $1', [id, p.name, p.phone, p.payout_email]);
}

export async function setAffiliatePassword(sql: Sql, id: number, passwordHash: string): Promise<void> {
  await sql.query('UPDATE affiliates SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}

/** One click per affiliate, visitor and day; a repeat is silently not counted. */
export async function insertClick(sql: Sql, affiliateId: number, day: string, visitorHash: string, path: string | null): Promise<void> {
  await sql.query(
    `INSERT INTO referral_clicks (affiliate_id, day, visitor_hash, landing_path) VALUES ($1, $2, $3, $4)
     ON CONFLICT (affiliate_id, day, visitor_hash) DO NOTHING`,
    [affiliateId, day, visitorHash, path],
  );
}
