import type { AffiliateAnalytics, AffiliatePayouts, PayoutRecord } from '@chairline/shared';
import { formatMoney, MINIMUM_PAYOUT, toMajor, toMinor } from '@chairline/shared';
import type { Database, Sql } from '../../db/database.js';
import { HttpError, conflict, notFound } from '../../http/errors.js';
import {
  affiliateCurrency,
  dailyReferrals,
  hasOpenPayout,
  insertPayoutRequest,
  commissionsByMonth,
  payoutRows,
  referredMrr,
  referredShops,
  type PayoutRow,
} from './affiliates-repository.js';
import { balances } from './ledger-repository.js';

export type { PayoutRow } from './affiliates-repository.js';

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
  const currency = await affiliateCurrency(db, affiliateId);
  if (!currency) throw notFound();
  const daily = await dailyReferrals(db, affiliateId, range.from, range.to);
  const shops = await referredShops(db, affiliateId, range.from, range.to);
  const mrr = await referredMrr(db, affiliateId, currency);
  const monthly = await commissionsByMonth(db, affiliateId, range.from, range.to, currency);
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
    mrr: toMajor(Math.round(mrr), currency),
    commissions_total: toMajor(
      monthly.reduce((n, m) => n + m.earned - m.reversed, 0),
      currency,
    ),
    daily,
    monthly_commissions: monthlyCommissions,
  };
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
  const rows = await payoutRows(sql, affiliateId);
  return rows.map(toPayoutRecord);
}

export async function payoutsSummary(db: Database, affiliateId: number, now: Date): Promise<AffiliatePayouts> {
  const currency = await affiliateCurrency(db, affiliateId);
  if (!currency) throw notFound();
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
    const currency = await affiliateCurrency(tx, affiliateId, true);
    if (!currency) throw notFound();
    if (await hasOpenPayout(tx, affiliateId)) {
      throw conflict(REPORT_MESSAGES.openRequest);
    }
    const { available } = await balances(tx, affiliateId, currency, now);
    const minimum = toMinor(MINIMUM_PAYOUT, currency);
    if (available < minimum) {
      throw new HttpError(400, REPORT_MESSAGES.belowMinimum(money(minimum, currency), money(Math.max(available, 0), currency)));
    }
    return toPayoutRecord(await insertPayoutRequest(tx, affiliateId, available, currency, now));
  });
}
