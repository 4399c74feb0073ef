import { BILLING_MESSAGES, type Action } from '@chairline/shared';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { createStripe } from '../stripe/stripe-client.js';
import { subscriptionFacts, subscriptionFactsByUsername } from './billing-repository.js';
import { BillingService } from './billing-service.js';
import { subscriptionLocked } from './subscription-state.js';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingService;
    /** The clock every subscription rule reads (tests move it past a trial or a grace period). */
    now: () => Date;
  }
}

/** Routes a shop whose paid plan lapsed can still use: signing in, its own session, paying. */
const OPEN_WHEN_LOCKED: ReadonlySet<Action> = new Set<Action>(['public', 'session', 'billing', 'subscription', 'affiliate']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Is the shop's paid plan lapsed (payment failed past the grace period, one-time access over)? */
export async function shopIsLocked(app: FastifyInstance, shopId: number): Promise<boolean> {
  const facts = await subscriptionFacts(app.db, shopId);
  return facts ? subscriptionLocked(facts, app.now()) : false;
}

/**
 * The billing service and the one central rule for a lapsed paid plan: staff writes answer 402
 * with a clear message, while reads (lists, CSV exports), sign-in, subscription and billing stay
 * available so the shop can see its data and pay. No data is touched.
 */
export function registerBilling(app: FastifyInstance, now: () => Date = () => new Date()) {
  app.decorate('now', now);
  app.decorate('billing', new BillingService(app.db, createStripe(app.config), app.config, now));

  // After access control and validation: callers still get 401/403 and field messages first.
  app.addHook('preHandler', async (request) => {
    if (READS.has(request.method)) return;
    const access = request.routeOptions.config?.access;
    if (!access || OPEN_WHEN_LOCKED.has(access)) return;
    const principal = request.principal;
    if (principal?.kind !== 'user') return;
    if (await shopIsLocked(app, principal.shopId)) throw new HttpError(402, BILLING_MESSAGES.locked);
  });
}

/** A shop whose paid plan lapsed takes no online check-ins: a clear 409, nothing queued. */
export async function refuseCheckInsIfLocked(app: FastifyInstance, shopUsername: string): Promise<void> {
  const facts = await subscriptionFactsByUsername(app.db, shopUsername);
  if (facts && subscriptionLocked(facts, app.now())) throw new HttpError(409, BILLING_MESSAGES.notTakingCheckIns);
}
