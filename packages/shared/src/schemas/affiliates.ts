import { z } from 'zod';
import { MAX_ID, email, password, personName } from './common.js';

/** An optional second address where payouts go; empty means the account email. */
const payoutEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'This email address is too long.')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid payout email address.')
  .transform((v) => (v === '' ? null : v));

export const affiliateSignupBody = z.object({ name: personName, email, password, payout_email: payoutEmail.optional() });
export type AffiliateSignupBody = z.input<typeof affiliateSignupBody>;

export const affiliateProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  referral_code: z.string(),
  commission_percent: z.number(),
  commission_months: z.number().int(),
  currency: z.string(),
  payout_email: z.string().nullable(),
  created_at: z.string(),
  is_affiliate: z.literal(true),
  /** `{PUBLIC_URL}/?ref=CODE` and `{PUBLIC_URL}/signup?ref=CODE`. */
  referral_links: z.object({ home: z.string(), signup: z.string() }),
});
export type AffiliateProfile = z.infer<typeof affiliateProfile>;

export const affiliateLoginReply = z.object({ access: z.string(), refresh: z.string(), user: affiliateProfile });

/** The editable part of an affiliate's profile; the email is the login and stays as it is. */
export const affiliateProfileUpdate = z.object({
  name: personName,
  phone: z
    .string()
    .trim()
    .max(32, 'The phone number is too long.')
    .refine((v) => v === '' || /^\+?[0-9 ().-]{7,}$/.test(v), 'Please enter a valid phone number.'),
  payout_email: payoutEmail,
});
export type AffiliateProfileUpdate = z.input<typeof affiliateProfileUpdate>;

export const affiliatePasswordChange = z.object({
  current_password: z.string({ error: 'Please enter your current password.' }).min(1, 'Please enter your current password.'),
  new_password: password,
});

/** A referral link was opened (public). Unknown codes answer 404 and the page ignores them. */
export const referralClickBody = z.object({
  code: z.string().trim().min(1).max(64),
  /** A random id the browser keeps, so a visitor counts once a day without any personal data. */
  visitor_id: z.string().trim().min(8).max(64).optional(),
});
/** What the browser stores as the affiliate invite record (spec: `id` and `expiresAt`). */
export const referralClickReply = z.object({ id: z.number().int(), expires_at: z.number().int() });

/** Days a commission is held (refund window) before it can be paid out. */
export const COMMISSION_HOLD_DAYS = 30;
/** The smallest payout, in major units of the account currency. */
export const MINIMUM_PAYOUT = 50;
export const DEFAULT_COMMISSION_PERCENT = 20;
export const DEFAULT_COMMISSION_MONTHS = 12;

export const invitedBy = z.number().int().min(-1).max(MAX_ID);

export const dateRangeQuery = z.object({
  from: z.iso.date({ error: 'The start date must look like 2025-01-31.' }).optional(),
  to: z.iso.date({ error: 'The end date must look like 2025-01-31.' }).optional(),
});

export const affiliateAnalytics = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  clicks: z.number().int(),
  signups: z.number().int(),
  trials: z.number().int(),
  paying_shops: z.number().int(),
  /** Sign-ups per click and paying shops per sign-up, in percent (0 when nothing to divide by). */
  click_to_signup_rate: z.number(),
  signup_to_paying_rate: z.number(),
  /** Monthly recurring revenue of the referred shops paying today, major units. */
  mrr: z.number(),
  commissions_total: z.number(),
  daily: z.array(z.object({ day: z.string(), clicks: z.number().int(), signups: z.number().int() })),
  monthly_commissions: z.array(z.object({ month: z.string(), earned: z.number(), reversed: z.number(), net: z.number() })),
});
export type AffiliateAnalytics = z.infer<typeof affiliateAnalytics>;

export const payoutStatus = z.enum(['requested', 'paid', 'rejected']);
export const payoutRecord = z.object({
  id: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  status: payoutStatus,
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type PayoutRecord = z.infer<typeof payoutRecord>;

export const affiliatePayouts = z.object({
  currency: z.string(),
  available: z.number(),
  pending: z.number(),
  minimum: z.number(),
  can_request: z.boolean(),
  history: z.array(payoutRecord),
});
export type AffiliatePayouts = z.infer<typeof affiliatePayouts>;

// ---------- operators ----------

export const operatorAffiliate = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  payout_email: z.string().nullable(),
  referral_code: z.string(),
  commission_percent: z.number(),
  commission_months: z.number().int(),
  currency: z.string(),
  clicks: z.number().int(),
  signups: z.number().int(),
  paying_shops: z.number().int(),
  earned: z.number(),
  available: z.number(),
  pending: z.number(),
  paid_out: z.number(),
});
export type OperatorAffiliate = z.infer<typeof operatorAffiliate>;

export const operatorPayout = payoutRecord.extend({
  affiliate_id: z.number().int(),
  affiliate_name: z.string(),
  payout_email: z.string(),
  decided_by: z.string().nullable(),
});
export type OperatorPayout = z.infer<typeof operatorPayout>;

export const operatorOverview = z.object({ affiliates: z.array(operatorAffiliate), payouts: z.array(operatorPayout) });
export type OperatorOverview = z.infer<typeof operatorOverview>;

export const affiliateRateBody = z.object({
  commission_percent: z
    .number({ error: 'Please enter a commission rate.' })
    .min(0, 'The commission rate must be between 0 and 100.')
    .max(100, 'The commission rate must be between 0 and 100.')
    .multipleOf(0.01, 'The commission rate may have at most two decimals.'),
  commission_months: z
    .number({ error: 'Please enter the number of months.' })
    .int('The number of months must be a whole number.')
    .min(1, 'The number of months must be between 1 and 120.')
    .max(120, 'The number of months must be between 1 and 120.'),
});
export const payoutPaidBody = z.object({
  reference: z.string({ error: 'Please enter the payment reference.' }).trim().min(1, 'Please enter the payment reference.').max(200),
});
export const payoutRejectedBody = z.object({
  reason: z.string({ error: 'Please give a reason.' }).trim().min(1, 'Please give a reason.').max(500),
});

/** Decimal places of a currency's minor unit (2 for usd, 0 for jpy), from the platform's own tables. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
/** Integer minor units (the ledger's amounts) as major units (what people read). */
export const toMajor = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);
export const toMinor = (major: number, currency: string) => Math.round(major * 10 ** currencyDigits(currency));
