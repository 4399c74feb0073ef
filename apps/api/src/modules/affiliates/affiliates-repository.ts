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

export async function affiliateEmailTaken(sql: Sql, email: string): Promise<boolean> {
  return (await one(sql, 'SELECT 1 FROM affiliates WHERE email = $1', [email])) !== undefined;
}

/** The new affiliate's id; undefined when the email (or code) was taken meanwhile. */
export async function insertAffiliate(
  sql: Sql,
  a: { name: string; email: string; passwordHash: string; referralCode: string; payoutEmail: string | null },
): Promise<number | undefined> {
  const row = await one<{ id: number }>(
    sql,
    `INSERT INTO affiliates (name, email, password_hash, referral_code, payout_email) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING id`,
    [a.name, a.email, a.passwordHash, a.referralCode, a.payoutEmail],
  );
  return row?.id;
}

export const affiliateLogin = (sql: Sql, email: string) =>
  one<{ id: number; password_hash: string }>(sql, 'SELECT id, password_hash FROM affiliates WHERE email = $1', [email]);

export const affiliateEmails = (sql: Sql, id: number) =>
  one<{ email: string; payout_email: string | null }>(sql, 'SELECT email, payout_email FROM affiliates WHERE id = $1', [id]);

/** Does a member of the shop sign in with one of these emails? */
export async function shopHasMemberEmail(sql: Sql, shopId: number, email: string, otherEmail: string): Promise<boolean> {
  const row = await one(
    sql,
    `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.shop_id = $1 AND (u.email = $2 OR u.email = $3)`,
    [shopId, email, otherEmail],
  );
  return row !== undefined;
}

/** The shop's current referral, locked for the rest of the transaction. */
export const lockReferral = (tx: Sql, shopId: number) =>
  one<{ affiliate_id: number }>(tx, 'SELECT affiliate_id FROM affiliate_referrals WHERE shop_id = $1 FOR UPDATE', [shopId]);

/** A shop pays once it is on an active paid plan or has ever earned a commission. */
export async function shopAlreadyPays(tx: Sql, shopId: number): Promise<boolean> {
  const row = await one<{ pays: boolean }>(
    tx,
    `SELECT EXISTS (SELECT 1 FROM subscriptions s JOIN plans p ON p.id = s.plan_id
                     WHERE s.shop_id = $1 AND s.status IN ('active', 'past_due') AND NOT p.is_free)
         OR EXISTS (SELECT 1 FROM affiliate_ledger WHERE shop_id = $1 AND kind = 'commission') AS pays`,
    [shopId],
  );
  return row?.pays ?? false;
}

/** The shop's referral (and its subscription's inviter) becomes this affiliate. */
export async function setReferral(tx: Sql, shopId: number, affiliateId: number, source: string): Promise<void> {
  await tx.query(
    `INSERT INTO affiliate_referrals (shop_id, affiliate_id, source) VALUES ($1, $2, $3)
     ON CONFLICT (shop_id) DO UPDATE SET affiliate_id = EXCLUDED.affiliate_id, attributed_at = now(), source = EXCLUDED.source`,
    [shopId, affiliateId, source],
  );
  await tx.query('UPDATE subscriptions SET invited_by_affiliate_id = $2 WHERE shop_id = $1', [shopId, affiliateId]);
}

export interface PayoutRow {
  id: number;
  amount_cents: number;
  currency: string;
  status: 'requested' | 'paid' | 'rejected';
  reference: string | null;
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

/** The affiliate's currency; `lock` holds the affiliate row for the rest of the transaction. */
export async function affiliateCurrency(sql: Sql, affiliateId: number, lock = false): Promise<string | undefined> {
  const row = await one<{ currency: string }>(sql, `SELECT currency FROM affiliates WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [affiliateId]);
  return row?.currency;
}

/** Clicks and sign-ups of each UTC day from `from` to `to`. */
export function dailyReferrals(sql: Sql, affiliateId: number, from: string, to: string) {
  return sql.query<{ day: string; clicks: number; signups: number }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day,
            (SELECT count(*) FROM referral_clicks c WHERE c.affiliate_id = $1 AND c.day = d::date)::int AS clicks,
            (SELECT count(*) FROM affiliate_referrals r
              WHERE r.affiliate_id = $1 AND (r.attributed_at AT TIME ZONE 'UTC')::date = d::date)::int AS signups
       FROM generate_series($2::date, $3::date, interval '1 day') AS d ORDER BY d`,
    [affiliateId, from, to],
  );
}

/** Of the shops referred in the range: how many trial now, how many have ever paid a commission. */
export function referredShops(sql: Sql, affiliateId: number, from: string, to: string) {
  return one<{ trials: number; paying: number }>(
    sql,
    `SELECT count(*) FILTER (WHERE s.status = 'trialing')::int AS trials,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM affiliate_ledger l
                                            WHERE l.shop_id = r.shop_id AND l.affiliate_id = $1 AND l.kind = 'commission'))::int AS paying
       FROM affiliate_referrals r LEFT JOIN subscriptions s ON s.shop_id = r.shop_id
      WHERE r.affiliate_id = $1 AND (r.attributed_at AT TIME ZONE 'UTC')::date BETWEEN $2::date AND $3::date`,
    [affiliateId, from, to],
  );
}

/** Monthly recurring revenue (minor units) of every referred shop on an active paid plan today (yearly plans / 12). */
export async function referredMrr(sql: Sql, affiliateId: number, currency: string): Promise<number> {
  const row = await one<{ mrr: number }>(
    sql,
    `SELECT coalesce(sum(p.price_cents::numeric / (CASE WHEN p.billing_interval_unit = 'year' THEN 12 ELSE 1 END * p.billing_interval_count)), 0) AS mrr
       FROM affiliate_referrals r JOIN subscriptions s ON s.shop_id = r.shop_id JOIN plans p ON p.id = s.plan_id
      WHERE r.affiliate_id = $1 AND s.status IN ('active', 'past_due') AND NOT p.is_free AND p.currency = $2`,
    [affiliateId, currency],
  );
  return Number(row?.mrr ?? 0);
}

/** Commissions earned and reversed per UTC month of the range, in the affiliate's currency. */
export function commissionsByMonth(sql: Sql, affiliateId: number, from: string, to: string, currency: string) {
  return sql.query<{ month: string; earned: number; reversed: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
            coalesce(sum(amount) FILTER (WHERE kind = 'commission'), 0) AS earned,
            coalesce(-sum(amount) FILTER (WHERE kind = 'reversal'), 0) AS reversed
       FROM affiliate_ledger
      WHERE affiliate_id = $1 AND currency = $4 AND kind IN ('commission', 'reversal')
        AND (created_at AT TIME ZONE 'UTC')::date BETWEEN $2::date AND $3::date
      GROUP BY 1 ORDER BY 1`,
    [affiliateId, from, to, currency],
  );
}

export const payoutRows = (sql: Sql, affiliateId: number) =>
  sql.query<PayoutRow>('SELECT * FROM payouts WHERE affiliate_id = $1 ORDER BY created_at DESC, id DESC', [affiliateId]);

export async function hasOpenPayout(sql: Sql, affiliateId: number): Promise<boolean> {
  return (await one(sql, "SELECT 1 FROM payouts WHERE affiliate_id = $1 AND status = 'requested'", [affiliateId])) !== undefined;
}

/** The payout request, and the ledger entry that takes its amount off the balance at once. */
export async function insertPayoutRequest(tx: Sql, affiliateId: number, amount: number, currency: string, now: Date): Promise<PayoutRow> {
  const payout = await one<PayoutRow>(
    tx,
    `INSERT INTO payouts (affiliate_id, amount_cents, currency, status, created_at) VALUES ($1, $2, $3, 'requested', $4) RETURNING *`,
    [affiliateId, amount, currency, now],
  );
  if (!payout) throw new Error('insert returned no row');
  await tx.query(
    `INSERT INTO affiliate_ledger (affiliate_id, kind, amount, currency, source_key, payout_id, available_at, created_at)
     VALUES ($1, 'payout', $2, $3, $4, $5, $6, $6)`,
    [affiliateId, -amount, currency, `payout:${payout.id}`, payout.id, now],
  );
  return payout;
}
