import { z } from 'zod';
import { billingSummary } from './stats.js';

/** POST /subscription/subscribe/: invited_by is the inviting affiliate's id, -1 when none. */
export const subscribeInput = z.object({
  plan_id: z.number({ error: 'plan_id must be a number' }).int('plan_id must be a whole number'),
  invited_by: z.number({ error: 'invited_by must be a number' }).int('invited_by must be a whole number').default(-1),
});
export type SubscribeInput = z.infer<typeof subscribeInput>;

export const subscribeReply = z.object({ checkout_url: z.string() });
/** A refused subscribe: the plans screen shows it after 'Subscription error: '. */
export const subscribeError = z.object({ error: z.string() });

/** The billing screen: the summary plus what Stripe knows (renewal, card, cancel at period end). */
export const billingDetails = billingSummary.extend({
  /** Online payments are set up on this server (Stripe keys present). */
  payments_enabled: z.boolean(),
  /** The shop has a Stripe customer, so the Billing Portal can open. */
  has_billing_account: z.boolean(),
  cancel_at_period_end: z.boolean(),
  /** End of a one-time purchase's access. */
  access_ends_at: z.string().nullable(),
  /** When a past-due subscription stops working. */
  grace_ends_at: z.string().nullable(),
  card: z
    .object({ brand: z.string(), last4: z.string(), exp_month: z.number().int().nullable(), exp_year: z.number().int().nullable() })
    .nullable(),
});
export type BillingDetails = z.infer<typeof billingDetails>;

export const stripeInvoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  created: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
});
export type StripeInvoice = z.infer<typeof stripeInvoice>;

export const changePlanInput = z.object({
  plan_id: z.number({ error: 'plan_id must be a number' }).int('plan_id must be a whole number'),
});

/** Where the browser goes next (Checkout or the Billing Portal). */
export const redirectReply = z.object({ url: z.string() });
