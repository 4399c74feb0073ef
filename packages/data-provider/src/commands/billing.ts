import { billingDetails, planList, redirectReply, stripeInvoice, subscribeReply } from '@chairline/shared';
import { listOf, type Caller } from './call.js';

/** The shop's subscription: plans, checkout, the Stripe portal and its invoices. */
export function billingCommands({ call, parsed }: Caller) {
  return {
    getBillingDetails: () => parsed(billingDetails, 'GET', '/billing/subscription/'),
    getStripeInvoices: () => parsed(listOf(stripeInvoice), 'GET', '/billing/invoices/'),
    /** Where the Stripe Billing Portal opens for this shop. */
    getBillingPortalUrl: async () => (await parsed(redirectReply, 'POST', '/billing/portal/')).url,
    getPlans: () => parsed(planList, 'GET', '/subscription/plans/'),
    /** The Stripe checkout page to send the owner to; `invitedBy` is the inviting affiliate or -1. */
    subscribe: async (planId: number, invitedBy: number) =>
      (await parsed(subscribeReply, 'POST', '/subscription/subscribe/', { plan_id: planId, invited_by: invitedBy })).checkout_url,
    skipPayment: () => call<string>('POST', '/subscription/skip-payment/'),
  };
}
