import type { AffiliateAnalytics, AffiliatePayouts, PayoutRecord } from '@chairline/shared';
import { formatMoney, MINIMUM_PAYOUT, toMajor, toMinor } from '@chairline/shared';
import type { Database, Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { HttpError, conflict, notFound } from '../../http/errors.js';
import { balances } from './ledger-repository.js';

const DAY_MS = 86_400_000;
const DEFAULT_RANGE_DAYS = 30;
const MAX_RANGE_DAYS = 731;

export const REPORT_MESSAGES = {
  rangeOrder: 'The start date must be on or before the end date.',
  rangeTooLong: 'Please choose a range of at most two years.',
  openRequest: 'You already have a payout request waiting. It will be paid or answered soon.',
  belowMinimum: (minimum: string, available: string) =>
    `The minimum payout is ${minimum}; your available balance is ${available}.`,
} as const;

const money = (minor: number, currency: string) => formatMoney(toMajor(minor, currency), currency, { cents: 'always' });

/** The date range of a report, in UTC days: the last 30 days unless the person chose one. */
export function reportRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  if (from > to) throw new HttpError(400, REPORT_MESSAGES.rangeOrder);
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > MAX_RANGE_DAYS) throw new HttpError(400, REPORT_MESSAGES.rangeTooLong);
  return { from, to };
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** One affiliate's own figures over a range; every query is scoped by the affiliate id. */
export async function analytics(db: Database, affiliateId: number, range: { from: string; to: string }): Promise<AffiliateAnalytics> {
  const affiliate = await one<{ currency: string }>(db, 'SELECT currency FROM affiliates WHERE id = $1', [affiliateId]);
  if (!affiliate) throw notFound();
  const { currency } = affiliate;
  const params = [affiliateId, range.from, range.to];
  const daily = await db.query<{ day: string; clicks: number; signups: number }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day,
            (SELECT count(*) FROM referral_clicks c WHERE c.affiliate_id = $1 AND c.day = d::date)::int AS clicks,
            (SELECT count(*) FROM affiliate_referrals r
              WHERE r.affiliate_id = $1 AND (r.attributed_at AT TIME ZONE 'UTC')::date = d::date)::int AS signups
       FROM generate_series($2::date, $3::date, interval '1 day') AS d ORDER BY d`,
    params,
  );
  const shops = await one<{ trials: number; paying: number }>(
    db,
    `SELECT count(*) FILTER (WHERE s.status = 'trialing')::int AS trials,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM affiliate_ledger l
                                            WHERE l.shop_id = r.shop_id AND l.affiliate_id = $1 AND l.kind = 'commission'))::int AS paying
       FROM affiliate_referrals r LEFT JOIN subscriptions s ON s.shop_id = r.shop_id
      WHERE r.affiliate_id = $1 AND (r.attributed_at AT TIME ZONE 'UTC')::date BETWEEN $2::date AND $3::date`,
    params,
  );
  // Monthly recurring revenue of every referred shop on an active paid plan today (yearly plans / 12).
  const mrr = await one<{ mrr: number }>(
    db,
    `SELECT coalesce(sum(p.price_cents::numeric / (CASE WHEN p.billing_interval_unit = 'year' THEN 12 ELSE 1 END * p.billing_interval_count)), 0) AS mrr
       FROM affiliate_referrals r JOIN subscriptions s ON s.shop_id = r.shop_id JOIN plans p ON p.id = s.plan_id
      WHERE r.affiliate_id = $1 AND s.status IN ('active', 'past_due') AND NOT p.is_free AND p.currency = $2`,
    [affiliateId, currency],
  );
  const monthly = await db.query<{ month: string; earned: number; reversed: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
            coalesce(sum(amount) FILTER (WHERE kind = 'commission'), 0) AS earned,
            coalesce(-sum(amount) FILTER (WHERE kind = 'reversal'), 0) AS reversed
       FROM affiliate_ledger
      WHERE affiliate_id = $1 AND currency = $4 AND kind IN ('commission', 'reversal')
        AND (created_at AT TIME ZONE 'UTC')::date BETWEEN $2::date AND $3::date
      GROUP BY 1 ORDER BY 1`,
    [...params, currency],
  );
  const clicks = daily.reduce((n, d) => n + d.clicks, 0);
  const signups = daily.reduce((n, d) => n + d.signups, 0);
  const paying = shops?.paying ?? 0;
  const monthlyCommissions = monthly.map((m) => ({
    month: m.month,
    earned: toMajor(m.earned, currency),
    reversed: toMajor(m.reversed, currency),
    net: toMajor(m.earned - m.reversed, currency),
  }));
  return {
    ...range,
    currency,
    clicks,
    signups,
    trials: shops?.trials ?? 0,
    paying_shops: paying,
    click_to_signup_rate: percent(signups, clicks),
    signup_to_paying_rate: percent(paying, signups),
    mrr: toMajor(Math.round(Number(mrr?.mrr ?? 0)), currency),
    commissions_total: toMajor(
      monthly.reduce((n, m) => n + m.earned - m.reversed, 0),
      currency,
    ),
    daily,
    monthly_commissions: monthlyCommissions,
  };
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

export const toPayoutRecord = (p: PayoutRow): PayoutRecord => ({
  id: p.id,
  amount: toMajor(p.amount_cents, p.currency),
  currency: p.currency,
  status: p.status,
  reference: p.reference,
  reason: p.reason,
  created_at: p.created_at.toISOString(),
  decided_at: p.decided_at?.toISOString() ?? null,
});

export async function payoutHistory(sql: Sql, affiliateId: number): Promise<PayoutRecord[]> {
  const rows = await sql.query<PayoutRow>(
    'SELECT * FROM payouts WHERE affiliate_id = $1 ORDER BY created_at DESC, id DESC',
    [affiliateId],
  );
  return rows.map(toPayoutRecord);
}

export async function payoutsSummary(db: Database, affiliateId: number, now: Date): Promise<AffiliatePayouts> {
  const affiliate = await one<{ currency: string }>(db, 'SELECT currency FROM affiliates WHERE id = $1', [affiliateId]);
  if (!affiliate) throw notFound();
  const { currency } = affiliate;
  const b = await balances(db, affiliateId, currency, now);
  const history = await payoutHistory(db, affiliateId);
  const open = history.some((p) => p.status === 'requested');
  return {
    currency,
    available: toMajor(b.available, currency),
    pending: toMajor(b.pending, currency),
    minimum: MINIMUM_PAYOUT,
    can_request: !open && b.available >= toMinor(MINIMUM_PAYOUT, currency),
    history,
  };
}

/**
 * The affiliate asks to be paid their whole available balance (at least the minimum). The ledger
 * takes the amount at once, so it cannot be requested twice; a rejection gives it back. The
 * affiliate row is locked so two simultaneous requests cannot both pass the balance check.
 */
export async function requestPayout(db: Database, affiliateId: number, now: Date): Promise<PayoutRecord> {
  return db.transaction(async (tx) => {
    const affiliate = await one<{ currency: string }>(tx, 'SELECT currency FROM affiliates WHERE id = $1 FOR UPDATE', [affiliateId]);
    if (!affiliate) throw notFound();
    const { currency } = affiliate;
    if (await one(tx, "SELECT 1 FROM payouts WHERE affiliate_id = $1 AND status = 'requested'", [affiliateId])) {
      throw conflict(REPORT_MESSAGES.openRequest);
    }
    const { available } = await balances(tx, affiliateId, currency, now);
    const minimum = toMinor(MINIMUM_PAYOUT, currency);
    if (available < minimum) {
      throw new HttpError(400, REPORT_MESSAGES.belowMinimum(money(minimum, currency), money(Math.max(available, 0), currency)));
    }
    const payout = await one<PayoutRow>(
      tx,
      `INSERT INTO payouts (affiliate_id, amount_cents, currency, status, created_at) VALUES ($1, $2, $3, 'requested', $4) RETURNING *`,
      [affiliateId, available, currency, now],
    );
    if (!payout) throw new Error('insert returned no row');
    await tx.query(
      `INSERT INTO affiliate_ledger (affiliate_id, kind, amount, currency, source_key, payout_id, available_at, created_at)
       VALUES ($1, 'payout', $2, $3, $4, $5, $6, $6)`,
      [affiliateId, -available, currency, `payout:${payout.id}`, payout.id, now],
    );
    return toPayoutRecord(payout);
  });
}
