import type { OperatorOverview, OperatorPayout } from '@chairline/shared';
import { toMajor } from '@chairline/shared';
import type { Database, Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { conflict, notFound } from '../../http/errors.js';
import { toPayoutRecord, type PayoutRow } from './affiliate-reports.js';

export interface Operator {
  userId: number;
  email: string;
}

export const OPERATOR_MESSAGES = {
  affiliateNotFound: 'This affiliate does not exist.',
  payoutNotFound: 'This payout does not exist.',
  payoutDecided: 'This payout has already been marked paid or rejected.',
} as const;

/** Platform operators: signed-in shop users whose email is in OPERATOR_EMAILS. */
export async function isOperator(sql: Sql, userId: number, operatorEmails: readonly string[]): Promise<Operator | null> {
  if (operatorEmails.length === 0) return null;
  const user = await one<{ email: string }>(sql, 'SELECT email FROM users WHERE id = $1', [userId]);
  return user && operatorEmails.includes(user.email.toLowerCase()) ? { userId, email: user.email } : null;
}

async function audit(
  tx: Sql,
  who: Operator,
  action: string,
  target: { affiliateId: number | null; payoutId?: number | null },
  detail: Record<string, unknown>,
) {
  await tx.query(
    `INSERT INTO operator_audit_log (operator_user_id, operator_email, action, affiliate_id, payout_id, detail)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [who.userId, who.email, action, target.affiliateId, target.payoutId ?? null, JSON.stringify(detail)],
  );
}

/** Every affiliate with their figures and terms, and every payout request (open ones first). */
export async function overview(db: Database, now: Date): Promise<OperatorOverview> {
  const affiliates = await db.query<{
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
  }>(
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
  const payouts = await db.query<PayoutRow & { affiliate_id: number; affiliate_name: string; payout_email: string; decided_by: string | null }>(
    `SELECT p.*, a.name AS affiliate_name, coalesce(a.payout_email, a.email) AS payout_email
       FROM payouts p JOIN affiliates a ON a.id = p.affiliate_id
      ORDER BY (p.status = 'requested') DESC, p.created_at DESC, p.id DESC LIMIT 500`,
  );
  return {
    affiliates: affiliates.map((a) => ({
      ...a,
      earned: toMajor(a.earned, a.currency),
      available: toMajor(a.available, a.currency),
      pending: toMajor(a.pending, a.currency),
      paid_out: toMajor(a.paid_out, a.currency),
    })),
    payouts: payouts.map(
      (p): OperatorPayout => ({
        ...toPayoutRecord(p),
        affiliate_id: p.affiliate_id,
        affiliate_name: p.affiliate_name,
        payout_email: p.payout_email,
        decided_by: p.decided_by,
      }),
    ),
  };
}

/** A new rate and number of months for an affiliate; commissions already written keep their rate. */
export async function setRate(db: Database, who: Operator, affiliateId: number, rate: { commission_percent: number; commission_months: number }) {
  await db.transaction(async (tx) => {
    const before = await one<{ commission_percent: number; commission_months: number }>(
      tx,
      'SELECT commission_percent, commission_months FROM affiliates WHERE id = $1 FOR UPDATE',
      [affiliateId],
    );
    if (!before) throw notFound(OPERATOR_MESSAGES.affiliateNotFound);
    await tx.query('UPDATE affiliates SET commission_percent = $2, commission_months = $3 WHERE id = $1', [
      affiliateId,
      rate.commission_percent,
      rate.commission_months,
    ]);
    await audit(tx, who, 'rate_changed', { affiliateId }, { before, after: rate });
  });
}

/** Closes an open payout request: paid with the transfer's reference, or rejected with a reason (the amount returns to the balance). */
export async function decidePayout(
  db: Database,
  who: Operator,
  payoutId: number,
  decision: { status: 'paid'; reference: string } | { status: 'rejected'; reason: string },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const payout = await one<{ id: number; affiliate_id: number; amount_cents: number; currency: string; status: string }>(
      tx,
      'SELECT id, affiliate_id, amount_cents, currency, status FROM payouts WHERE id = $1 FOR UPDATE',
      [payoutId],
    );
    if (!payout) throw notFound(OPERATOR_MESSAGES.payoutNotFound);
    if (payout.status !== 'requested') throw conflict(OPERATOR_MESSAGES.payoutDecided);
    const reference = decision.status === 'paid' ? decision.reference : null;
    const reason = decision.status === 'rejected' ? decision.reason : null;
    await tx.query(
      `UPDATE payouts SET status = $2, reference = $3, reason = $4, decided_at = $5, decided_by = $6,
              paid_at = CASE WHEN $2 = 'paid' THEN $5::timestamptz ELSE NULL END
        WHERE id = $1`,
      [payoutId, decision.status, reference, reason, now, who.email],
    );
    if (decision.status === 'rejected') {
      await tx.query(
        `INSERT INTO affiliate_ledger (affiliate_id, kind, amount, currency, source_key, payout_id, available_at, created_at)
         VALUES ($1, 'payout_rejected', $2, $3, $4, $5, $6, $6)`,
        [payout.affiliate_id, payout.amount_cents, payout.currency, `payout-rejected:${payoutId}`, payoutId, now],
      );
    }
    await audit(tx, who, decision.status === 'paid' ? 'payout_paid' : 'payout_rejected', { affiliateId: payout.affiliate_id, payoutId }, {
      amount: payout.amount_cents,
      currency: payout.currency,
      reference,
      reason,
    });
  });
}
