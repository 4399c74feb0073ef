import { listOf, type Caller } from './call.js';

/** The shop's subscription: plans, checkout, the Stripe portal and its invoices. */
export function billingCommands({ call, parsed }: Caller) {
  return {
    getBillingDetails: () => parsed((s) => s.billingDetails, 'GET', '/billing/subscription/'),
    getStripeInvoices: () => parsed((s) => listOf(s.stripeInvoice), 'GET', '/billing/invoices/'),
    /** Where the Stripe Billing Portal opens for this shop. */
    getBillingPortalUrl: async () => (await parsed((s) => s.redirectReply, 'POST', '/billing/portal/')).url,
    getPlans: () => parsed((s) => s.planList, 'GET', '/subscription/plans/'),
    /** The Stripe checkout page to send the owner to; `invitedBy` is the inviting affiliate or -1. */
    subscribe: async (planId: number, invitedBy: number) =>
      (await parsed((s) => s.subscribeReply, 'POST', '/subscription/subscribe/', { plan_id: planId, invited_by: invitedBy })).checkout_url,
    skipPayment: () => call<string>('POST', '/subscription/skip-payment/'),
  };
}
