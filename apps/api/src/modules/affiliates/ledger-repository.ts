import { COMMISSION_HOLD_DAYS } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import type { PaidInvoice, RefundedCharge } from './affiliate-hooks.js';
import { commissionOn } from './commission-rate.js';

const DAY_MS = 86_400_000;

/**
 * One commission row per paid invoice of a referred shop, at the affiliate's rate, while the
 * invoice falls within the affiliate's commission months after attribution. Held for
 * COMMISSION_HOLD_DAYS from payment. A second delivery of the same invoice hits the unique
 * source_key and writes nothing.
 */
export async function recordCommission(tx: Sql, invoice: PaidInvoice): Promise<void> {
  if (!Number.isInteger(invoice.amountPaid) || invoice.amountPaid <= 0) return;
  const referral = await one<{ affiliate_id: number; commission_percent: number; in_window: boolean }>(
    tx,
    `SELECT r.affiliate_id, a.commission_percent,
            $2::timestamptz < r.attributed_at + make_interval(months => a.commission_months) AS in_window
       FROM affiliate_referrals r JOIN affiliates a ON a.id = r.affiliate_id
      WHERE r.shop_id = $1`,
    [invoice.shopId, invoice.paidAt],
  );
  if (!referral?.in_window) return;
  await tx.query(
    `INSERT INTO affiliate_ledger (affiliate_id, shop_id, kind, amount, currency, source_key, provider_invoice_id,
                                   invoice_amount, rate_percent, available_at, created_at)
     VALUES ($1, $2, 'commission', $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (source_key) DO NOTHING`,
    [
      referral.affiliate_id,
      invoice.shopId,
      commissionOn(invoice.amountPaid, referral.commission_percent),
      invoice.currency.toLowerCase(),
      `invoice:${invoice.providerInvoiceId}`,
      invoice.providerInvoiceId,
      invoice.amountPaid,
      referral.commission_percent,
      new Date(invoice.paidAt.getTime() + COMMISSION_HOLD_DAYS * DAY_MS),
      invoice.paidAt,
    ],
  );
}

/**
 * A refund takes back the same share of the commission as of the invoice: the provider reports
 * the cumulative amount refunded, so the row written is the difference between what that share
 * is now and what earlier reversals already took. A reversal of a commission still on hold stays
 * on hold with it; otherwise it counts at once (a paid-out commission leaves a negative balance
 * that later commissions make up).
 */
export async function recordReversal(tx: Sql, refund: RefundedCharge): Promise<void> {
  if (!refund.providerInvoiceId || !Number.isInteger(refund.amountRefunded) || refund.amountRefunded <= 0) return;
  const commission = await one<{
    affiliate_id: number;
    shop_id: number;
    amount: number;
    currency: string;
    invoice_amount: number;
    available_at: Date;
  }>(
    tx,
    `SELECT affiliate_id, shop_id, amount, currency, invoice_amount, available_at
       FROM affiliate_ledger WHERE source_key = $1 FOR UPDATE`,
    [`invoice:${refund.providerInvoiceId}`],
  );
  if (!commission || commission.shop_id !== refund.shopId) return;
  const refunded = Math.min(refund.amountRefunded, commission.invoice_amount);
  const target = Math.round((commission.amount * refunded) / commission.invoice_amount);
  const taken = await one<{ total: number }>(
    tx,
    `SELECT coalesce(-sum(amount), 0) AS total FROM affiliate_ledger
      WHERE kind = 'reversal' AND provider_invoice_id = $1 AND affiliate_id = $2`,
    [refund.providerInvoiceId, commission.affiliate_id],
  );
  const more = target - (taken?.total ?? 0);
  if (more <= 0) return;
  const availableAt = new Date(Math.max(commission.available_at.getTime(), refund.refundedAt.getTime()));
  await tx.query(
    `INSERT INTO affiliate_ledger (affiliate_id, shop_id, kind, amount, currency, source_key, provider_invoice_id,
                                   invoice_amount, available_at, created_at)
     VALUES ($1, $2, 'reversal', $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (source_key) DO NOTHING`,
    [
      commission.affiliate_id,
      commission.shop_id,
      -more,
      commission.currency,
      `refund:${refund.providerInvoiceId}:${refunded}`,
      refund.providerInvoiceId,
      commission.invoice_amount,
      availableAt,
      refund.refundedAt,
    ],
  );
}

export interface Balances {
  available: number;
  pending: number;
}

/** The affiliate's balance in one currency at a moment: rows past their hold are available. */
export async function balances(sql: Sql, affiliateId: number, currency: string, now: Date): Promise<Balances> {
  const row = await one<{ available: number; pending: number }>(
    sql,
    `SELECT coalesce(sum(amount) FILTER (WHERE available_at <= $3), 0) AS available,
            coalesce(sum(amount) FILTER (WHERE available_at > $3), 0) AS pending
       FROM affiliate_ledger WHERE affiliate_id = $1 AND currency = $2`,
    [affiliateId, currency, now],
  );
  return { available: row?.available ?? 0, pending: row?.pending ?? 0 };
}
