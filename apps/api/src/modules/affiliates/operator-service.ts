import type { OperatorOverview, OperatorPayout } from '@chairline/shared';
import { toMajor } from '@chairline/shared';
import type { Database, Sql } from '../../db/database.js';
import { conflict, notFound } from '../../http/errors.js';
import { toPayoutRecord } from './affiliate-reports.js';
import {
  affiliateFigures,
  allPayouts,
  decidePayoutRow,
  insertAudit,
  lockAffiliateRate,
  lockPayout,
  returnRejectedPayout,
  setAffiliateRate,
  userEmail,
} from './operator-repository.js';

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
  const user = await userEmail(sql, userId);
  return user && operatorEmails.includes(user.email.toLowerCase()) ? { userId, email: user.email } : null;
}

async function audit(
  tx: Sql,
  who: Operator,
  action: string,
  target: { affiliateId: number | null; payoutId?: number | null },
  detail: Record<string, unknown>,
) {
  await insertAudit(tx, who, action, target.affiliateId, target.payoutId ?? null, detail);
}

/** Every affiliate with their figures and terms, and every payout request (open ones first). */
export async function overview(db: Database, now: Date): Promise<OperatorOverview> {
  const affiliates = await affiliateFigures(db, now);
  const payouts = await allPayouts(db);
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
    const before = await lockAffiliateRate(tx, affiliateId);
    if (!before) throw notFound(OPERATOR_MESSAGES.affiliateNotFound);
    await setAffiliateRate(tx, affiliateId, rate);
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
    const payout = await lockPayout(tx, payoutId);
    if (!payout) throw notFound(OPERATOR_MESSAGES.payoutNotFound);
    if (payout.status !== 'requested') throw conflict(OPERATOR_MESSAGES.payoutDecided);
    const reference = decision.status === 'paid' ? decision.reference : null;
    const reason = decision.status === 'rejected' ? decision.reason : null;
    await decidePayoutRow(tx, payoutId, { status: decision.status, reference, reason, now, by: who.email });
    if (decision.status === 'rejected') await returnRejectedPayout(tx, payout, now);
    await audit(tx, who, decision.status === 'paid' ? 'payout_paid' : 'payout_rejected', { affiliateId: payout.affiliate_id, payoutId }, {
      amount: payout.amount_cents,
      currency: payout.currency,
      reference,
      reason,
    });
  });
}
