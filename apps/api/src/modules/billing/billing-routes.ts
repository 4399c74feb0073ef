// The Stripe work goes through BillingService; the subscription reads and the free-plan switch call the repository directly.
import {
  billingDetails,
  changePlanInput,
  envelope,
  redirectReply,
  stripeInvoice,
  subscribeError,
  subscribeInput,
  subscribeReply,
} from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../http/errors.js';
import { staffOf } from '../../http/access.js';
import { BillingError } from './billing-errors.js';
import { chooseBasicPlan, shopSubscription, subscriptionHistory } from './billing-repository.js';
import { graceEndsAt, subscriptionActive, type SubscriptionFacts } from './subscription-state.js';

/** A billing refusal as an HTTP error: the route's error shape (envelope, or `{error}`) with its status. */
async function enveloped<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof BillingError) throw new HttpError(err.statusCode, err.message);
    throw err;
  }
}

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const facts = (s: { status: string; trial_ends_at: Date | null; access_ends_at: Date | null; past_due_since: Date | null; plan_is_free: boolean }): SubscriptionFacts => ({
    status: s.status,
    trial_ends_at: s.trial_ends_at,
    access_ends_at: s.access_ends_at,
    past_due_since: s.past_due_since,
    is_free: s.plan_is_free,
  });

  app.get(
    '/billing/subscription/',
    { config: { access: 'billing' }, schema: { tags: ['billing'], response: { 200: envelope(billingDetails) } } },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      const sub = await shopSubscription(app.db, shopId);
      if (!sub) throw notFound('This shop has no subscription.');
      const history = await subscriptionHistory(app.db, shopId);
      const f = facts(sub);
      const grace = graceEndsAt(f);
      return {
        status: 1 as const,
        response: {
          plan_id: sub.plan_id,
          plan_name: sub.plan_name,
          status: sub.status,
          is_subscription_active: subscriptionActive(f, app.now()),
          trial_ends_at: sub.trial_ends_at?.toISOString() ?? null,
          current_period_end: sub.current_period_end?.toISOString() ?? null,
          price: sub.price_cents / 100,
          currency: sub.currency,
          billing_interval_unit: sub.billing_interval_unit,
          payments_enabled: app.billing.paymentsEnabled,
          has_billing_account: sub.provider_customer_id !== null,
          cancel_at_period_end: sub.cancel_at_period_end,
          access_ends_at: sub.access_ends_at?.toISOString() ?? null,
          grace_ends_at: grace?.toISOString() ?? null,
          card:
            sub.card_brand && sub.card_last4
              ? { brand: sub.card_brand, last4: sub.card_last4, exp_month: sub.card_exp_month, exp_year: sub.card_exp_year }
              : null,
          history: history.map((h) => ({
            id: h.id,
            kind: h.kind,
            plan_name: h.plan_name,
            amount: h.amount_cents === null ? null : h.amount_cents / 100,
            detail: h.detail,
            created_at: h.created_at.toISOString(),
          })),
        },
      };
    },
  );

  app.get(
    '/billing/invoices/',
    { config: { access: 'billing' }, schema: { tags: ['billing'], response: { 200: envelope(z.array(stripeInvoice)) } } },
    async (req) => ({ status: 1 as const, response: await enveloped(() => app.billing.invoices(staffOf(req.principal).shopId)) }),
  );

  app.post(
    '/billing/portal/',
    { config: { access: 'billing' }, schema: { tags: ['billing'], response: { 200: envelope(redirectReply) } } },
    async (req) => ({
      status: 1 as const,
      response: { url: await enveloped(() => app.billing.portalUrl(staffOf(req.principal).shopId)) },
    }),
  );

  app.post(
    '/billing/change-plan/',
    { config: { access: 'billing' }, schema: { tags: ['billing'], body: changePlanInput, response: { 200: envelope(z.string()) } } },
    async (req) => ({
      status: 1 as const,
      response: await enveloped(() => app.billing.changePlan(staffOf(req.principal).shopId, req.body.plan_id)),
    }),
  );

  // The reply holds checkout_url, or error (shown after 'Subscription error: ' on the plans screen). Every
  // refusal of this route, validation included, answers `{error}`.
  app.post(
    '/subscription/subscribe/',
    {
      config: { access: 'subscription', errorShape: 'error' },
      schema: {
        tags: ['subscription'],
        body: subscribeInput,
        response: { 200: subscribeReply, '4xx': subscribeError, '5xx': subscribeError },
      },
    },
    async (req) => ({
      checkout_url: await enveloped(() => app.billing.subscribe(staffOf(req.principal).shopId, req.body.plan_id, req.body.invited_by)),
    }),
  );

  // "Skip and continue with basic plan": status 1 reloads the page, else the message is shown.
  app.post(
    '/subscription/skip-payment/',
    { config: { access: 'subscription' }, schema: { tags: ['subscription'], response: { 200: envelope(z.string()) } } },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      const sub = await shopSubscription(app.db, shopId);
      if (sub && !sub.plan_is_free && subscriptionActive(facts(sub), app.now())) {
        return { status: 1 as const, response: `You are on the ${sub.plan_name}; nothing to change.` };
      }
      await app.db.transaction((tx) => chooseBasicPlan(tx, shopId));
      return { status: 1 as const, response: 'You are on the BASIC PLAN.' };
    },
  );
};
