import type { Sql } from '../../db/database.js';
import { attribute } from './attribution.js';
import { recordCommission, recordReversal } from './ledger-repository.js';

/**
 * What billing tells the affiliate programme. Billing (the Stripe webhook and subscribe) calls
 * these inside its own transaction; the affiliate programme decides what they earn or attribute.
 * Each must be idempotent: a webhook delivered twice calls them twice with the same ids.
 */

export interface PaidInvoice {
  shopId: number;
  /** The payment provider's invoice id: one commission at most per invoice. */
  providerInvoiceId: string;
  /** Integer minor units of `currency` (cents for usd). */
  amountPaid: number;
  currency: string;
  paidAt: Date;
}

export interface RefundedCharge {
  shopId: number;
  providerChargeId: string;
  /** The invoice the charge paid, when the provider says. */
  providerInvoiceId: string | null;
  /** Integer minor units refunded so far in total on this charge (the provider's cumulative figure). */
  amountRefunded: number;
  currency: string;
  refundedAt: Date;
}

/** A shop's paid invoice may earn its referring affiliate a commission (one ledger row per invoice). */
export async function onInvoicePaid(tx: Sql, invoice: PaidInvoice): Promise<void> {
  await recordCommission(tx, invoice);
}

/** A refund or chargeback takes back the commission its invoice earned, in proportion. */
export async function onChargeRefunded(tx: Sql, refund: RefundedCharge): Promise<void> {
  await recordReversal(tx, refund);
}

/**
 * The shop chose a paid plan with `invited_by` set to an affiliate id (-1 or unknown: nothing).
 * Attribution rules (self-referral, a shop that already pays) belong to the affiliate programme.
 */
export async function attributeShop(tx: Sql, shopId: number, affiliateId: number): Promise<void> {
  await attribute(tx, shopId, affiliateId, 'subscribe');
}
