import { BILLING_MESSAGES } from '@chairline/shared';
import type Stripe from 'stripe';
import type { Config } from '../../config/env.js';
import type { Database, Sql } from '../../db/database.js';
import { attributeShop, onChargeRefunded, onInvoicePaid } from '../affiliates/affiliate-hooks.js';
import { fromUnix, idOf, isStripeError, priceLookupKey } from '../stripe/stripe-client.js';
import { BillingError } from './billing-errors.js';
import {
  addHistory,
  barberCount,
  claimEvent,
  lockShopSubscription,
  planByCode,
  planById,
  shopBillingContact,
  shopIdForCustomer,
  shopSubscription,
  storeCustomer,
  writeSubscription,
  type BillingPlan,
  type ShopSubscription,
  type SubscriptionChange,
} from './billing-repository.js';

const DAY_MS = 86_400_000;
/** Stripe subscription statuses that still bill the shop: a new checkout would charge twice. */
const LIVE_STATUSES = new Set(['trialing', 'active', 'past_due']);

export interface InvoiceView {
  id: string;
  number: string | null;
  created: string;
  amount: number;
  currency: string;
  status: string | null;
  invoice_pdf: string | null;
  hosted_invoice_url: string | null;
}

/** The cents a plan costs once its discount is taken off, as the plan card shows it. */
export const chargedCents = (plan: Pick<BillingPlan, 'price_cents' | 'discount'>) =>
  Math.round((plan.price_cents * (100 - Number(plan.discount))) / 100);

/**
 * Paid plans through Stripe. The shop's state changes only from what Stripe says (the webhook, or
 * an API answer to our own call), never from the browser coming back from checkout.
 */
export class BillingService {
  constructor(
    private readonly db: Database,
    private readonly stripe: Stripe | null,
    private readonly config: Config,
    private readonly now: () => Date,
  ) {}

  get paymentsEnabled(): boolean {
    return this.stripe !== null;
  }

  private client(): Stripe {
    if (!this.stripe) throw new BillingError(409, BILLING_MESSAGES.paymentsNotSetUp);
    return this.stripe;
  }

  /** Runs a Stripe call; Stripe being down or refusing is a clear message, never a stack trace. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isStripeError(err)) {
        if (err.type === 'StripeConnectionError' || err.type === 'StripeAPIError' || (err.statusCode ?? 0) >= 500) {
          throw new BillingError(502, BILLING_MESSAGES.providerUnavailable);
        }
        throw new BillingError(400, `The payment service refused: ${err.message}`);
      }
      throw err;
    }
  }

  /** Starts paying for a plan: the Stripe Checkout page's address, or a plan change of a live subscription. */
  async subscribe(shopId: number, planId: number, invitedBy: number): Promise<string> {
    const stripe = this.client();
    const plan = await planById(this.db, planId);
    if (!plan || !plan.active) throw new BillingError(404, BILLING_MESSAGES.planNotFound);
    if (plan.is_free) throw new BillingError(400, BILLING_MESSAGES.freePlan);
    const sub = await shopSubscription(this.db, shopId);
    if (!sub) throw new BillingError(404, BILLING_MESSAGES.noPaidSubscription);
    await this.refuseTooManyBarbers(shopId, plan);

    if (invitedBy > 0) await this.db.transaction((tx) => attributeShop(tx, shopId, invitedBy));

    // A shop already paying by subscription changes plan on that subscription (prorated), not a second one.
    const paying = sub.provider_subscription_id !== null && LIVE_STATUSES.has(sub.status) && !sub.plan_is_free;
    if (paying && plan.one_time) {
      throw new BillingError(409, 'This shop pays by subscription. Cancel it under Manage billing before buying a one-time plan.');
    }
    if (paying) {
      await this.changePlan(shopId, planId);
      return `${this.config.publicUrl}/dashboard/settings/subscription?checkout=changed`;
    }

    const customer = await this.ensureCustomer(shopId, sub);
    const price = await this.ensurePrice(plan);
    const metadata = { shop_id: String(shopId), plan_id: String(plan.id) };
    const back = `${this.config.publicUrl}/dashboard/settings/subscription`;
    const trialDays = !plan.one_time && plan.trial_period_days > 0 && !sub.had_paid_trial ? plan.trial_period_days : undefined;
    const session = await this.call(() =>
      stripe.checkout.sessions.create({
        mode: plan.one_time ? 'payment' : 'subscription',
        customer,
        client_reference_id: String(shopId),
        line_items: [{ price, quantity: 1 }],
        success_url: `${back}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${back}?checkout=canceled`,
        metadata,
        ...(plan.one_time
          ? { payment_intent_data: { metadata } }
          : { subscription_data: { metadata, ...(trialDays ? { trial_period_days: trialDays } : {}) } }),
      }),
    );
    if (!session.url) throw new BillingError(502, BILLING_MESSAGES.providerUnavailable);
    return session.url;
  }

  /** One Stripe customer per shop, made on first need and reused; the shop id rides in its metadata. */
  private async ensureCustomer(shopId: number, sub: ShopSubscription): Promise<string> {
    if (sub.provider_customer_id) return sub.provider_customer_id;
    const stripe = this.client();
    const shop = await shopBillingContact(this.db, shopId);
    const customer = await this.call(() =>
      stripe.customers.create(
        { name: shop?.name, email: shop?.email ?? undefined, metadata: { shop_id: String(shopId) } },
        // The same key twice (a double click) gives the same customer back instead of a second one.
        { idempotencyKey: `chairline-shop-customer-${shopId}` },
      ),
    );
    return storeCustomer(this.db, shopId, customer.id);
  }

  /** The plan's Stripe Price, found by lookup key and made when missing or when the plan's terms changed. */
  private async ensurePrice(plan: BillingPlan): Promise<string> {
    const stripe = this.client();
    const lookupKey = priceLookupKey(plan.code);
    const amount = chargedCents(plan);
    const currency = plan.currency.toLowerCase();
    const found = await this.call(() => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }));
    const price = found.data[0];
    const matches =
      price &&
      price.unit_amount === amount &&
      price.currency === currency &&
      (plan.one_time
        ? !price.recurring
        : price.recurring?.interval === plan.billing_interval_unit && price.recurring.interval_count === plan.billing_interval_count);
    if (matches) return price.id;
    const made = await this.call(() =>
      stripe.prices.create({
        currency,
        unit_amount: amount,
        lookup_key: lookupKey,
        // The key moves to the new price, so the next lookup finds the plan's current terms.
        transfer_lookup_key: true,
        product_data: { name: `Chairline ${plan.name}`, metadata: { plan_code: plan.code } },
        metadata: { plan_id: String(plan.id), plan_code: plan.code },
        ...(plan.one_time ? {} : { recurring: { interval: plan.billing_interval_unit, interval_count: plan.billing_interval_count } }),
      }),
    );
    return made.id;
  }

  /** A plan whose barber limit the shop's current barbers exceed is refused: no barber is ever removed for it. */
  private async refuseTooManyBarbers(shopId: number, plan: BillingPlan): Promise<void> {
    if (plan.barber_limit === -1) return;
    const barbers = await barberCount(this.db, shopId);
    if (barbers <= plan.barber_limit) return;
    const extra = barbers - plan.barber_limit;
    throw new BillingError(
      409,
      `The ${plan.name} allows ${plan.barber_limit} barbers and this shop has ${barbers}. ` +
        `Remove ${extra} barber${extra === 1 ? '' : 's'} from the team first, then change plan.`,
    );
  }

  /** Moves a live Stripe subscription to another recurring plan, prorated; applied from Stripe's answer. */
  async changePlan(shopId: number, planId: number): Promise<string> {
    const stripe = this.client();
    const sub = await shopSubscription(this.db, shopId);
    if (!sub?.provider_subscription_id || !LIVE_STATUSES.has(sub.status) || sub.plan_is_free) {
      throw new BillingError(409, BILLING_MESSAGES.noPaidSubscription);
    }
    const plan = await planById(this.db, planId);
    if (!plan || !plan.active) throw new BillingError(404, BILLING_MESSAGES.planNotFound);
    if (plan.is_free || plan.one_time) {
      throw new BillingError(400, 'Only a recurring paid plan can replace a subscription. To stop paying, cancel it under Manage billing.');
    }
    if (plan.id === sub.plan_id) throw new BillingError(409, BILLING_MESSAGES.samePlan);
    await this.refuseTooManyBarbers(shopId, plan);
    const price = await this.ensurePrice(plan);
    const subscriptionId = sub.provider_subscription_id;
    const current = await this.call(() => stripe.subscriptions.retrieve(subscriptionId));
    const item = current.items.data[0];
    if (!item) throw new BillingError(409, BILLING_MESSAGES.noPaidSubscription);
    const updated = await this.call(() =>
      stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price }],
        proration_behavior: 'create_prorations',
        metadata: { shop_id: String(shopId), plan_id: String(plan.id) },
        expand: ['default_payment_method'],
      }),
    );
    await this.db.transaction((tx) => this.applySubscription(tx, shopId, updated, null));
    return `You are now on the ${plan.name}.`;
  }

  /** A Stripe Billing Portal session (card, invoices, cancel at period end, resume); back to Billing after. */
  async portalUrl(shopId: number): Promise<string> {
    const stripe = this.client();
    const sub = await shopSubscription(this.db, shopId);
    const customer = sub?.provider_customer_id;
    if (!customer) throw new BillingError(409, BILLING_MESSAGES.noPaidSubscription);
    const session = await this.call(() =>
      stripe.billingPortal.sessions.create({ customer, return_url: `${this.config.publicUrl}/dashboard/billing` }),
    );
    return session.url;
  }

  /** The shop's Stripe invoices, newest first, with their PDF links. None without a customer. */
  async invoices(shopId: number): Promise<InvoiceView[]> {
    if (!this.stripe) return [];
    const stripe = this.stripe;
    const sub = await shopSubscription(this.db, shopId);
    const customer = sub?.provider_customer_id;
    if (!customer) return [];
    const list = await this.call(() => stripe.invoices.list({ customer, limit: 24 }));
    return list.data
      .filter((i) => i.id && i.status !== 'draft')
      .map((i) => ({
        id: i.id ?? '',
        number: i.number ?? null,
        created: new Date(i.created * 1000).toISOString(),
        amount: (i.status === 'paid' ? i.amount_paid : i.amount_due) / 100,
        currency: i.currency,
        status: i.status,
        invoice_pdf: i.invoice_pdf ?? null,
        hosted_invoice_url: i.hosted_invoice_url ?? null,
      }));
  }

  // ---- webhook -------------------------------------------------------------------------------

  /** Checks Stripe's signature over the raw body; a bad or missing one changes nothing. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    const secret = this.config.stripe.webhookSecret;
    if (!this.stripe || !secret) throw new BillingError(400, BILLING_MESSAGES.webhookNotSetUp);
    if (!signature) throw new BillingError(400, BILLING_MESSAGES.badSignature);
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new BillingError(400, BILLING_MESSAGES.badSignature);
    }
  }

  /**
   * Applies one verified event once. Subscription state is re-read from Stripe rather than taken
   * from the event, so events arriving late or out of order still leave the newest state.
   */
  async handleEvent(event: Stripe.Event): Promise<void> {
    const stripe = this.client();
    const at = new Date(event.created * 1000);
    // A subscription Stripe no longer knows (deleted test data) has nothing to apply: the event is
    // recorded rather than refused, or Stripe would redeliver it for days.
    const retrieve = (id: string | null) =>
      id
        ? this.call(() =>
            stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }).catch((err: unknown) => {
              if (isStripeError(err) && err.code === 'resource_missing') return null;
              throw err;
            }),
          )
        : Promise.resolve(null);

    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const shopId = await this.shopOf(idOf(session.customer));
        if (shopId === null) return this.skip(event);
        if (session.mode === 'subscription') {
          const sub = await retrieve(idOf(session.subscription));
          return this.once(event, shopId, (tx) => (sub ? this.applySubscription(tx, shopId, sub, event.id, at) : Promise.resolve()));
        }
        if (session.mode === 'payment' && session.payment_status === 'paid') {
          return this.once(event, shopId, (tx) => this.applyOneTime(tx, shopId, Number(session.metadata?.plan_id), session, event.id));
        }
        return this.skip(event);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const shopId = await this.shopOf(idOf(event.data.object.customer));
        if (shopId === null) return this.skip(event);
        const sub = await retrieve(event.data.object.id);
        return this.once(event, shopId, (tx) => (sub ? this.applySubscription(tx, shopId, sub, event.id, at) : Promise.resolve()));
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const shopId = await this.shopOf(idOf(invoice.customer));
        if (shopId === null) return this.skip(event);
        const sub = await retrieve(idOf(invoice.parent?.subscription_details?.subscription ?? null));
        const paid = event.type === 'invoice.paid';
        return this.once(event, shopId, async (tx) => {
          const current = await lockShopSubscription(tx, shopId);
          await addHistory(tx, {
            shopId,
            planId: current?.plan_id ?? null,
            kind: paid ? 'invoice_paid' : 'payment_failed',
            amountCents: paid ? invoice.amount_paid : invoice.amount_due,
            detail: paid
              ? `Invoice ${invoice.number ?? invoice.id ?? ''} paid`.trim()
              : `Payment of invoice ${invoice.number ?? invoice.id ?? ''} failed: update the card under Billing`,
            eventId: event.id,
          });
          if (paid && invoice.id) {
            await onInvoicePaid(tx, {
              shopId,
              providerInvoiceId: invoice.id,
              amountPaid: invoice.amount_paid,
              currency: invoice.currency,
              paidAt: fromUnix(invoice.status_transitions?.paid_at) ?? at,
            });
          }
          if (sub) await this.applySubscription(tx, shopId, sub, event.id, at);
        });
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const shopId = await this.shopOf(idOf(charge.customer));
        if (shopId === null) return this.skip(event);
        const invoiceId = await this.invoiceOfCharge(idOf(charge.payment_intent));
        return this.once(event, shopId, async (tx) => {
          const current = await lockShopSubscription(tx, shopId);
          await addHistory(tx, {
            shopId,
            planId: current?.plan_id ?? null,
            kind: 'refund',
            amountCents: charge.amount_refunded,
            detail: 'Payment refunded',
            eventId: event.id,
          });
          await onChargeRefunded(tx, {
            shopId,
            providerChargeId: charge.id,
            providerInvoiceId: invoiceId,
            amountRefunded: charge.amount_refunded,
            currency: charge.currency,
            refundedAt: at,
          });
        });
      }
      default:
        return this.skip(event);
    }
  }

  private async shopOf(customerId: string | null): Promise<number | null> {
    return customerId ? shopIdForCustomer(this.db, customerId) : null;
  }

  /** The invoice a charge paid, as Stripe's invoice payments tell it; null when it paid none. */
  private async invoiceOfCharge(paymentIntentId: string | null): Promise<string | null> {
    if (!paymentIntentId || !this.stripe) return null;
    const stripe = this.stripe;
    const payments = await this.call(() =>
      stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 }),
    );
    return idOf(payments.data[0]?.invoice ?? null);
  }

  /** An event about no shop of ours (or of no interest) is still recorded, so a redelivery is cheap. */
  private async skip(event: Stripe.Event): Promise<void> {
    await this.db.transaction((tx) => claimEvent(tx, event.id, event.type, null).then(() => undefined));
  }

  private async once(event: Stripe.Event, shopId: number, apply: (tx: Sql) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await claimEvent(tx, event.id, event.type, shopId))) return;
      await apply(tx);
    });
  }

  /**
   * Writes the Stripe subscription's state onto the shop (plan, status, dates, card) and one
   * history row when anything changed. The plan's limits follow in the same transaction, since
   * they are read from the shop's plan.
   */
  async applySubscription(tx: Sql, shopId: number, sub: Stripe.Subscription, eventId: string | null, at: Date = this.now()): Promise<void> {
    const row = await lockShopSubscription(tx, shopId);
    if (!row) return;
    const ended = sub.status === 'canceled' || sub.status === 'incomplete_expired';
    // The end of an older subscription never undoes the one the shop pays for now.
    if (row.provider_subscription_id && row.provider_subscription_id !== sub.id && ended) return;
    // Not paid yet (checkout still open, or paused): nothing changes until Stripe says it is paid.
    if (sub.status === 'incomplete' || sub.status === 'paused') return;

    const item = sub.items.data[0];
    const lookupKey = item?.price.lookup_key ?? null;
    const byKey = lookupKey?.startsWith('chairline_') ? await planByCode(tx, lookupKey.slice('chairline_'.length)) : undefined;
    const byMeta = sub.metadata?.plan_id ? await planById(tx, Number(sub.metadata.plan_id)) : undefined;
    const paidPlan = byKey ?? byMeta;
    const basic = await planByCode(tx, 'basic');
    const card = typeof sub.default_payment_method === 'object' ? sub.default_payment_method?.card : undefined;

    const status = ended ? 'canceled' : sub.status === 'trialing' ? 'trialing' : sub.status === 'active' ? 'active' : 'past_due';
    const next: SubscriptionChange = {
      // A canceled subscription leaves the shop on the free BASIC PLAN; nothing is deleted.
      plan_id: ended ? (basic?.id ?? row.plan_id) : (paidPlan?.id ?? row.plan_id),
      status,
      trial_ends_at: status === 'trialing' ? fromUnix(sub.trial_end) : null,
      current_period_end: ended ? null : fromUnix(item?.current_period_end),
      access_ends_at: null,
      past_due_since: status === 'past_due' ? (row.status === 'past_due' && row.past_due_since ? row.past_due_since : at) : null,
      cancel_at_period_end: !ended && (sub.cancel_at_period_end || sub.cancel_at !== null),
      provider_subscription_id: sub.id,
      provider_state_at: row.provider_state_at && row.provider_state_at > at ? row.provider_state_at : at,
      had_paid_trial: row.had_paid_trial || status === 'trialing' || sub.trial_end !== null,
      card_brand: card?.brand ?? row.card_brand,
      card_last4: card?.last4 ?? row.card_last4,
      card_exp_month: card?.exp_month ?? row.card_exp_month,
      card_exp_year: card?.exp_year ?? row.card_exp_year,
    };
    const same =
      next.plan_id === row.plan_id &&
      next.status === row.status &&
      sameTime(next.trial_ends_at, row.trial_ends_at) &&
      sameTime(next.current_period_end, row.current_period_end) &&
      row.access_ends_at === null &&
      next.cancel_at_period_end === row.cancel_at_period_end &&
      next.provider_subscription_id === row.provider_subscription_id &&
      next.card_last4 === row.card_last4;
    if (same) return;
    await writeSubscription(tx, shopId, next);
    const planName = ended ? (basic?.name ?? 'BASIC PLAN') : (paidPlan?.name ?? row.plan_name);
    await addHistory(tx, {
      shopId,
      planId: next.plan_id,
      kind: `subscription_${status}`,
      status,
      detail: describe(status, planName, next, row),
      eventId,
    });
  }

  /** A one-time purchase: access for the plan's one_time_duration days, added to access not yet used. */
  private async applyOneTime(tx: Sql, shopId: number, planId: number, session: Stripe.Checkout.Session, eventId: string): Promise<void> {
    const row = await lockShopSubscription(tx, shopId);
    const plan = Number.isInteger(planId) ? await planById(tx, planId) : undefined;
    if (!row || !plan?.one_time) return;
    const now = this.now();
    const from = row.plan_id === plan.id && row.access_ends_at && row.access_ends_at > now ? row.access_ends_at : now;
    const accessEnds = new Date(from.getTime() + (plan.one_time_duration ?? 30) * DAY_MS);
    await writeSubscription(tx, shopId, {
      plan_id: plan.id,
      status: 'active',
      trial_ends_at: null,
      current_period_end: accessEnds,
      access_ends_at: accessEnds,
      past_due_since: null,
      cancel_at_period_end: false,
      provider_subscription_id: null,
      provider_state_at: row.provider_state_at,
      had_paid_trial: row.had_paid_trial,
      card_brand: row.card_brand,
      card_last4: row.card_last4,
      card_exp_month: row.card_exp_month,
      card_exp_year: row.card_exp_year,
    });
    await addHistory(tx, {
      shopId,
      planId: plan.id,
      kind: 'one_time_purchase',
      status: 'active',
      amountCents: session.amount_total,
      detail: `${plan.name}: paid once, access until ${accessEnds.toISOString().slice(0, 10)}`,
      eventId,
    });
  }
}

const sameTime = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

function describe(status: string, planName: string, next: SubscriptionChange, before: ShopSubscription): string {
  switch (status) {
    case 'trialing':
      return `${planName}: trial until ${day(next.trial_ends_at)}`;
    case 'past_due':
      return `${planName}: payment failed, the shop keeps working during the grace period`;
    case 'canceled':
      return `${before.plan_name} canceled: the shop is back on the ${planName}`;
    default:
      if (next.cancel_at_period_end) return `${planName}: active, ends on ${day(next.current_period_end)} (canceled at period end)`;
      return `${planName}: active${next.current_period_end ? `, renews on ${day(next.current_period_end)}` : ''}`;
  }
}
