import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import type { PayoutRow } from './affiliates-repository.js';

export function userEmail(sql: Sql, userId: number) {
  return one<{ email: string }>(sql, 'SELECT email FROM users WHERE id = $1', [userId]);
}

export async function insertAudit(
  tx: Sql,
  who: { userId: number; email: string },
  action: string,
  affiliateId: number | null,
  payoutId: number | null,
  detail: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `INSERT INTO operator_audit_log (operator_user_id, operator_email, action, affiliate_id, payout_id, detail)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [who.userId, who.email, action, affiliateId, payoutId, JSON.stringify(detail)],
  );
}

export interface AffiliateFigures {
  id: number;
  name: string;
  email: string;
  payout_email: string | null;
  referral_code: string;
  commission_percent: number;
  commission_months: number;
  currency: string;
  clicks: number;
  signups: number;
  paying_shops: number;
  earned: number;
  available: number;
  pending: number;
  paid_out: number;
}

/** Every affiliate, newest first, with their figures in minor units of their currency. */
export function affiliateFigures(sql: Sql, now: Date) {
  return sql.query<AffiliateFigures>(
    `SELECT a.id, a.name, a.email, a.payout_email, a.referral_code, a.commission_percent, a.commission_months, a.currency,
            (SELECT count(*) FROM referral_clicks c WHERE c.affiliate_id = a.id)::int AS clicks,
            (SELECT count(*) FROM affiliate_referrals r WHERE r.affiliate_id = a.id)::int AS signups,
            (SELECT count(DISTINCT l.shop_id) FROM affiliate_ledger l WHERE l.affiliate_id = a.id AND l.kind = 'commission')::int AS paying_shops,
            (SELECT coalesce(sum(l.amount), 0) FROM affiliate_ledger l
              WHERE l.affiliate_id = a.id AND l.currency = a.currency AND l.kind IN ('commission', 'reversal')) AS earned,
            (SELECT coalesce(sum(l.amount), 0) FROM affiliate_ledger l
              WHERE l.affiliate_id = a.id AND l.currency = a.currency AND l.available_at <= $1) AS available,
            (SELECT coalesce(sum(l.amount), 0) FROM affiliate_ledger l
              WHERE l.affiliate_id = a.id AND l.currency = a.currency AND l.available_at > $1) AS pending,
            (SELECT coalesce(sum(p.amount_cents), 0) FROM payouts p
              WHERE p.affiliate_id = a.id AND p.currency = a.currency AND p.status = 'paid') AS paid_out
       FROM affiliates a ORDER BY a.created_at DESC, a.id DESC`,
    [now],
  );
}

/** Payout requests of every affiliate, open ones first (at most 500). */
export function allPayouts(sql: Sql) {
  return sql.query<PayoutRow & { affiliate_id: number; affiliate_name: string; payout_email: string; decided_by: string | null }>(
    `SELECT p.*, a.name AS affiliate_name, coalesce(a.payout_email, a.email) AS payout_email
       FROM payouts p JOIN affiliates a ON a.id = p.affiliate_id
      ORDER BY (p.status = 'requested') DESC, p.created_at DESC, p.id DESC LIMIT 500`,
  );
}

export function lockAffiliateRate(tx: Sql, affiliateId: number) {
  return one<{ commission_percent: number; commission_months: number }>(
    tx,
    'SELECT commission_percent, commission_months FROM affiliates WHERE id = $1 FOR UPDATE',
    [affiliateId],
  );
}

export async function setAffiliateRate(tx: Sql, affiliateId: number, rate: { commission_percent: number; commission_months: number }) {
  await tx.query('UPDATE affiliates SET commission_percent = $2, commission_months = $3 WHERE id = $1', [
    affiliateId,
    rate.commission_percent,
    rate.commission_months,
  ]);
}

export function lockPayout(tx: Sql, payoutId: number) {
  return one<{ id: number; affiliate_id: number; amount_cents: number; currency: string; status: string }>(
    tx,
    'SELECT id, affiliate_id, amount_cents, currency, status FROM payouts WHERE id = $1 FOR UPDATE',
    [payoutId],
  );
}

export async function decidePayoutRow(
  tx: Sql,
  payoutId: number,
  d: { status: 'paid' | 'rejected'; reference: string | null; reason: string | null; now: Date; by: string },
): Promise<void> {
  await tx.query(
    `UPDATE payouts SET status = $2, reference = $3, reason = $4, decided_at = $5, decided_by = $6,
            paid_at = CASE WHEN $2 = 'paid' THEN $5::timestamptz ELSE NULL END
      WHERE id = $1`,
    [payoutId, d.status, d.reference, d.reason, d.now, d.by],
  );
}

/** A rejected payout's amount returns to the affiliate's balance at once. */
export async function returnRejectedPayout(
  tx: Sql,
  payout: { id: number; affiliate_id: number; amount_cents: number; currency: string },
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO affiliate_ledger (affiliate_id, kind, amount, currency, source_key, payout_id, available_at, created_at)
     VALUES ($1, 'payout_rejected', $2, $3, $4, $5, $6, $6)`,
    [payout.affiliate_id, payout.amount_cents, payout.currency, `payout-rejected:${payout.id}`, payout.id, now],
  );
}
