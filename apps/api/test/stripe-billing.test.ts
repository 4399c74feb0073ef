import { BILLING_MESSAGES } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, type TestShop } from './support/factories.js';
import { FakeStripe, type FakeSubscription } from './support/fake-stripe.js';

const DAY_MS = 86_400_000;
let t: TestApp;
let fake: FakeStripe;
/** How far the app's clock runs ahead of the real one (moved to pass a grace period or an access end). */
let ahead = 0;
const plans: Record<string, number> = {};

beforeAll(async () => {
  fake = await new FakeStripe().start();
  t = await startTestApp({ env: fake.env(), now: () => new Date(Date.now() + ahead) });
  await t.db.query(
    `INSERT INTO plans (code, name, price_cents, barber_limit, total_check_ins, trial_period_days, one_time, one_time_duration,
                        billing_interval_unit, sort_order, active)
     VALUES ('event-pass', 'EVENT PASS', 4900, 4, 800, 14, true, 30, 'month', 9, true)`,
  );
  for (const p of await t.db.query<{ id: number; code: string }>('SELECT id, code FROM plans')) plans[p.code] = p.id;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const me = (shop: TestShop) =>
  t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(shop.admin) }).then((r) => r.json().response);
const summary = (shop: TestShop) =>
  t.app.inject({ method: 'GET', url: '/api/billing/subscription/', headers: bearer(shop.admin) }).then((r) => r.json().response);
const subscribe = (shop: TestShop, code: string, invitedBy = -1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscription/subscribe/',
    headers: bearer(shop.admin),
    payload: { plan_id: plans[code], invited_by: invitedBy },
  });
const deliver = (event: Record<string, unknown>, secret?: string) => {
  const { payload, signature } = fake.sign(event, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
};
const historyKinds = async (shop: TestShop) =>
  (await t.db.query<{ kind: string }>('SELECT kind FROM subscription_events WHERE shop_id = $1 ORDER BY id', [shop.shopId])).map(
    (r) => r.kind,
  );
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop() ?? '';

/** A shop that went through checkout for a plan; the checkout and the subscription Stripe made. */
async function paidShop(code: string, status?: string) {
  const shop = await makeShop(t.app, t.db);
  const res = await subscribe(shop, code);
  expect(res.statusCode).toBe(200);
  const { session, subscription } = fake.completeCheckout(sessionIdOf(res.json().checkout_url), { status });
  expect((await deliver(fake.event('checkout.session.completed', session))).statusCode).toBe(200);
  return { shop, session, subscription: subscription as FakeSubscription };
}

describe('subscribe', () => {
  it('answers a Stripe Checkout address for the plan: one customer per shop, the price by lookup key, the trial once', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await subscribe(shop, 'pro-monthly');
    expect(res.statusCode).toBe(200);
    const url: string = res.json().checkout_url;
    expect(url).toMatch(new RegExp(`^${fake.baseUrl}/checkout/cs_test_`));

    const session = fake.lastSession();
    expect(session.mode).toBe('subscription');
    expect(session.subscription_data).toMatchObject({ trial_period_days: '14', metadata: { shop_id: String(shop.shopId) } });
    expect(session.success_url).toBe('http://chairline.test/dashboard/settings/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toBe('http://chairline.test/dashboard/settings/subscription?checkout=canceled');
    const price = fake.prices.get((session.line_items_requested as { price: string }[])[0]?.price ?? '');
    expect(price).toMatchObject({ lookup_key: 'chairline_pro-monthly', unit_amount: 2900, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } });
    const customer = fake.customers.get(session.customer as string);
    expect(customer?.metadata).toEqual({ shop_id: String(shop.shopId) });

    // The same shop again: the same customer, the price found (not made twice).
    const pricesBefore = fake.prices.size;
    const again = await subscribe(shop, 'pro-monthly');
    expect(again.statusCode).toBe(200);
    expect(fake.lastSession().customer).toBe(session.customer);
    expect(fake.prices.size).toBe(pricesBefore);

    // The yearly plan is charged with its discount, as its card shows it (348 less 20 % = 278.40).
    await subscribe(shop, 'pro-yearly');
    const yearly = fake.prices.get((fake.lastSession().line_items_requested as { price: string }[])[0]?.price ?? '');
    expect(yearly).toMatchObject({ lookup_key: 'chairline_pro-yearly', unit_amount: 27840, recurring: { interval: 'year', interval_count: 1 } });
    // Nothing changes on the shop until Stripe says it was paid.
    expect(await me(shop)).toMatchObject({ plan_name: 'BASIC PLAN', subscription_status: 'trialing' });
  });

  it('refuses the free plan, an unknown plan and a bad body with a message and a 4xx', async () => {
    const shop = await makeShop(t.app, t.db);
    const free = await subscribe(shop, 'basic');
    expect(free.statusCode).toBe(400);
    expect(free.json()).toEqual({ error: BILLING_MESSAGES.freePlan });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/subscribe/',
      headers: bearer(shop.admin),
      payload: { plan_id: 999_999, invited_by: -1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: BILLING_MESSAGES.planNotFound });
    const bad = await t.app.inject({ method: 'POST', url: '/api/subscription/subscribe/', headers: bearer(shop.admin), payload: { plan_id: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'plan_id must be a number' });
    const manager = await shop.addMember('manager');
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/subscribe/',
      headers: bearer(manager),
      payload: { plan_id: plans['pro-monthly'], invited_by: -1 },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(Object.keys(forbidden.json())).toEqual(['error']);
  });

  it('gives no second trial to a shop that already had a paid trial', async () => {
    const { shop } = await paidShop('pro-monthly');
    await t.db.query("UPDATE subscriptions SET status = 'canceled', provider_subscription_id = NULL WHERE shop_id = $1", [shop.shopId]);
    expect((await subscribe(shop, 'premium-monthly')).statusCode).toBe(200);
    expect(fake.lastSession().subscription_data).not.toHaveProperty('trial_period_days');
  });
});

describe('webhook', () => {
  it('checkout completed then the subscription updated: the plan is in force and its limits apply at once', async () => {
    const { shop, subscription } = await paidShop('pro-monthly');
    expect(await me(shop)).toMatchObject({
      plan_name: 'PRO PLAN',
      current_plan: plans['pro-monthly'],
      is_subscription_active: true,
      subscription_status: 'trialing',
      trial_days_remaining: 14,
      barber_limit: 6,
      total_check_ins: 1500,
    });
    // The trial ends and the first invoice is paid.
    fake.updateSubscription(subscription.id, { status: 'active', trial_end: Math.floor(Date.now() / 1000) - 60 });
    expect((await deliver(fake.event('customer.subscription.updated', subscription))).statusCode).toBe(200);
    const user = await me(shop);
    expect(user).toMatchObject({ plan_name: 'PRO PLAN', is_subscription_active: true, subscription_status: 'active', trial_days_remaining: 0 });
    expect(user.trial_ends_at).toBeNull();
    const billing = await summary(shop);
    expect(billing).toMatchObject({ status: 'active', plan_name: 'PRO PLAN', card: { brand: 'visa', last4: '4242' }, cancel_at_period_end: false });
    expect(billing.current_period_end).not.toBeNull();
    expect(await historyKinds(shop)).toEqual(['trial_started', 'subscription_trialing', 'subscription_active']);
  });

  it('the same events duplicated and in reverse order have one effect', async () => {
    const shop = await makeShop(t.app, t.db);
    const { session, subscription } = fake.completeCheckout(sessionIdOf((await subscribe(shop, 'premium-monthly')).json().checkout_url), {
      status: 'active',
    });
    const completed = fake.event('checkout.session.completed', session);
    if (!subscription) throw new Error('checkout made no subscription');
    const updated = fake.event('customer.subscription.updated', subscription);
    for (const event of [updated, completed, updated, completed]) expect((await deliver(event)).statusCode).toBe(200);
    expect(await me(shop)).toMatchObject({ plan_name: 'PREMIUM PLAN', subscription_status: 'active', barber_limit: -1 });
    expect(await historyKinds(shop)).toEqual(['trial_started', 'subscription_active']);
    const stored = await t.db.query('SELECT id FROM stripe_events WHERE id = ANY($1)', [[completed.id, updated.id]]);
    expect(stored).toHaveLength(2);
  });

  it('a late event about an old state does not undo the newer one', async () => {
    const { shop, subscription } = await paidShop('pro-monthly', 'active');
    const stale = fake.event('customer.subscription.updated', { ...subscription, status: 'past_due' });
    // Stripe now says active; the late event carries an old past_due copy: the state read from Stripe wins.
    expect((await deliver(stale)).statusCode).toBe(200);
    expect(await me(shop)).toMatchObject({ subscription_status: 'active', is_subscription_active: true });
  });

  it('a bad or missing signature answers 400 and changes nothing', async () => {
    const shop = await makeShop(t.app, t.db);
    const { session } = fake.completeCheckout(sessionIdOf((await subscribe(shop, 'pro-monthly')).json().checkout_url));
    const event = fake.event('checkout.session.completed', session);
    const forged = await deliver(event, 'whsec_not_the_right_secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ status: 0, response: BILLING_MESSAGES.badSignature });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing fails too.
    const { signature } = fake.sign(event);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify({ ...event, type: 'customer.subscription.deleted' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await me(shop)).toMatchObject({ plan_name: 'BASIC PLAN', subscription_status: 'trialing' });
    expect(await historyKinds(shop)).toEqual(['trial_started']);
    expect(await t.db.query('SELECT id FROM stripe_events WHERE id = $1', [event.id])).toHaveLength(0);
  });

  it('an event about a subscription Stripe no longer knows is recorded and changes nothing', async () => {
    const { shop, subscription } = await paidShop('pro-monthly', 'active');
    const ghost = fake.event('customer.subscription.updated', { ...subscription, id: 'sub_gone' });
    expect((await deliver(ghost)).statusCode).toBe(200);
    expect(await me(shop)).toMatchObject({ plan_name: 'PRO PLAN', subscription_status: 'active' });
    expect(await t.db.query('SELECT id FROM stripe_events WHERE id = $1', [ghost.id])).toHaveLength(1);
  });

  it('other routes keep their JSON parsing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
  });

  it('payment failure: past_due keeps working through the grace period, then writes stop with 402 and check-ins with 409', async () => {
    const { shop, subscription } = await paidShop('pro-monthly', 'active');
    const invoice = fake.addInvoice(subscription.id, { status: 'open', amount_paid: 0 });
    fake.updateSubscription(subscription.id, { status: 'past_due' });
    expect((await deliver(fake.event('invoice.payment_failed', invoice))).statusCode).toBe(200);
    const user = await me(shop);
    expect(user).toMatchObject({ subscription_status: 'past_due', is_subscription_active: true });
    expect(new Date(user.grace_ends_at).getTime() - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    const service = { name: 'Fade', estimated_minutes: 30, price: 25 };
    const write = () => t.app.inject({ method: 'POST', url: '/api/services/', headers: bearer(shop.admin), payload: service });
    expect((await write()).statusCode).toBe(200);
    expect(await historyKinds(shop)).toContain('payment_failed');

    try {
      ahead = 8 * DAY_MS;
      expect(await me(shop)).toMatchObject({ subscription_status: 'past_due', is_subscription_active: false });
      const refused = await write();
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toEqual({ status: 0, response: BILLING_MESSAGES.locked });
      // Reads stay, and so do billing and subscription so the shop can pay.
      expect((await t.app.inject({ method: 'GET', url: '/api/services/', headers: bearer(shop.admin) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/billing/subscription/', headers: bearer(shop.admin) })).statusCode).toBe(200);
      const portal = await t.app.inject({ method: 'POST', url: '/api/billing/portal/', headers: bearer(shop.admin) });
      expect(portal.statusCode).toBe(200);
      expect(portal.json().response.url).toMatch(new RegExp(`^${fake.baseUrl}/portal/`));
      const checkIn = await t.app.inject({
        method: 'POST',
        url: '/api/check-in/',
        payload: { shop_username: shop.username, name: 'Late Payer', phone_number: '+1 718 555 0199' },
      });
      expect(checkIn.statusCode).toBe(409);
      expect(checkIn.json()).toEqual({ status: 0, response: BILLING_MESSAGES.notTakingCheckIns });

      // The card is fixed: the invoice is paid and Stripe makes the subscription active again.
      fake.updateSubscription(subscription.id, { status: 'active' });
      const paid = await deliver(fake.event('invoice.paid', { ...invoice, status: 'paid', amount_paid: 2900 }));
      expect(paid.statusCode).toBe(200);
      expect(await me(shop)).toMatchObject({ subscription_status: 'active', is_subscription_active: true, grace_ends_at: null });
      expect((await write()).statusCode).toBe(200);
    } finally {
      ahead = 0;
    }
  });

  it('cancel at period end keeps the plan until Stripe ends it; then the shop is on the BASIC PLAN with its data', async () => {
    const { shop, subscription } = await paidShop('pro-monthly', 'active');
    const barber = await shop.addMember('employee');
    fake.updateSubscription(subscription.id, { cancel_at_period_end: true });
    expect((await deliver(fake.event('customer.subscription.updated', subscription))).statusCode).toBe(200);
    expect(await summary(shop)).toMatchObject({ cancel_at_period_end: true, status: 'active', plan_name: 'PRO PLAN' });
    expect(await me(shop)).toMatchObject({ is_subscription_active: true, barber_limit: 6 });

    fake.updateSubscription(subscription.id, { status: 'canceled' });
    expect((await deliver(fake.event('customer.subscription.deleted', subscription))).statusCode).toBe(200);
    expect(await me(shop)).toMatchObject({
      plan_name: 'BASIC PLAN',
      subscription_status: 'canceled',
      is_subscription_active: false,
      barber_limit: 2,
      total_check_ins: 200,
      // The owner takes walk-ins too (a new shop's owner starts in the rotation).
      total_barbers: 2,
    });
    const still = await t.db.query('SELECT id FROM barbers WHERE id = $1', [barber.barberId]);
    expect(still).toHaveLength(1);
    // The free plan is never locked: writes go on, and skip makes it active.
    expect((await t.app.inject({ method: 'POST', url: '/api/services/', headers: bearer(shop.admin), payload: { name: 'Cut', estimated_minutes: 20, price: 20 } })).statusCode).toBe(200);
    const skip = await t.app.inject({ method: 'POST', url: '/api/subscription/skip-payment/', headers: bearer(shop.admin) });
    expect(skip.json()).toEqual({ status: 1, response: 'You are on the BASIC PLAN.' });
    expect(await me(shop)).toMatchObject({ plan_name: 'BASIC PLAN', is_subscription_active: true });
  });

  it('invoices are listed with their PDF links; a paid invoice and a refund reach the history', async () => {
    const { shop, subscription } = await paidShop('pro-monthly', 'active');
    const invoice = fake.addInvoice(subscription.id);
    expect((await deliver(fake.event('invoice.paid', invoice))).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/billing/invoices/', headers: bearer(shop.admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json().response).toEqual([
      expect.objectContaining({ id: invoice.id, amount: 29, status: 'paid', invoice_pdf: `${fake.baseUrl}/invoices/${String(invoice.id)}.pdf` }),
    ]);
    fake.invoiceOfPayment.set('pi_refunded', String(invoice.id));
    const charge = { id: 'ch_refunded', object: 'charge', customer: subscription.customer, payment_intent: 'pi_refunded', amount_refunded: 2900, currency: 'usd' };
    expect((await deliver(fake.event('charge.refunded', charge))).statusCode).toBe(200);
    const rows = await t.db.query<{ kind: string; amount_cents: number | null }>(
      "SELECT kind, amount_cents FROM subscription_events WHERE shop_id = $1 AND kind IN ('invoice_paid', 'refund') ORDER BY id",
      [shop.shopId],
    );
    expect(rows).toEqual([
      { kind: 'invoice_paid', amount_cents: 2900 },
      { kind: 'refund', amount_cents: 2900 },
    ]);
  });

  it("another shop's subscription is never touched", async () => {
    const bystander = await makeShop(t.app, t.db);
    const before = await me(bystander);
    const { subscription } = await paidShop('premium-monthly', 'active');
    fake.updateSubscription(subscription.id, { status: 'canceled' });
    await deliver(fake.event('customer.subscription.deleted', subscription));
    // An event for a customer no shop owns changes nothing either.
    const stranger = await deliver(fake.event('customer.subscription.updated', { ...subscription, customer: 'cus_nobody' }));
    expect(stranger.statusCode).toBe(200);
    expect(await me(bystander)).toEqual(before);
    expect(await historyKinds(bystander)).toEqual(['trial_started']);
  });
});

describe('plan changes', () => {
  it('a downgrade the barbers exceed is refused with how many to remove; an upgrade goes through Stripe with proration', async () => {
    const { shop, subscription } = await paidShop('premium-monthly', 'active');
    for (let i = 0; i < 8; i += 1) await shop.addMember('employee');
    const change = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/billing/change-plan/', headers: bearer(shop.admin), payload: { plan_id: plans[code] } });
    const refused = await change('pro-monthly');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().response).toBe(
      'The PRO PLAN allows 6 barbers and this shop has 9. Remove 3 barbers from the team first, then change plan.',
    );
    // Through the plans screen too.
    const viaPlans = await subscribe(shop, 'pro-monthly');
    expect(viaPlans.statusCode).toBe(409);
    expect(viaPlans.json().error).toContain('Remove 3 barbers');
    // Eight barbers and the owner, who starts in the rotation.
    expect(await me(shop)).toMatchObject({ plan_name: 'PREMIUM PLAN', total_barbers: 9 });

    const yearly = await change('premium-yearly');
    expect(yearly.statusCode).toBe(200);
    expect(yearly.json()).toEqual({ status: 1, response: 'You are now on the PREMIUM PLAN.' });
    const update = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.id}`).pop();
    expect(update?.body).toMatchObject({ proration_behavior: 'create_prorations' });
    expect(await me(shop)).toMatchObject({ current_plan: plans['premium-yearly'], is_subscription_active: true });
    expect(fake.subscriptions.get(subscription.id)?.items.data[0]?.price).toMatchObject({ lookup_key: 'chairline_premium-yearly' });
  });
});

describe('subscribe while paying', () => {
  it('changes the live subscription instead of opening a second checkout; a one-time plan is refused', async () => {
    const { shop, subscription } = await paidShop('pro-monthly', 'active');
    const sessionsBefore = fake.sessions.size;
    const res = await subscribe(shop, 'premium-monthly');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ checkout_url: 'http://chairline.test/dashboard/settings/subscription?checkout=changed' });
    expect(fake.sessions.size).toBe(sessionsBefore);
    expect(fake.subscriptions.get(subscription.id)?.items.data[0]?.price).toMatchObject({ lookup_key: 'chairline_premium-monthly' });
    expect(await me(shop)).toMatchObject({ plan_name: 'PREMIUM PLAN', barber_limit: -1, total_check_ins: -1 });

    const oneTime = await subscribe(shop, 'event-pass');
    expect(oneTime.statusCode).toBe(409);
    expect(oneTime.json()).toEqual({ error: 'This shop pays by subscription. Cancel it under Manage billing before buying a one-time plan.' });
    expect(fake.sessions.size).toBe(sessionsBefore);
  });
});

describe('one-time plans', () => {
  it('are paid once in payment mode and end after one_time_duration days', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await subscribe(shop, 'event-pass');
    expect(res.statusCode).toBe(200);
    const session = fake.lastSession();
    expect(session.mode).toBe('payment');
    expect(session.subscription_data).toBeNull();
    const price = fake.prices.get((session.line_items_requested as { price: string }[])[0]?.price ?? '');
    expect(price).toMatchObject({ lookup_key: 'chairline_event-pass', unit_amount: 4900, recurring: null });

    const { session: paid } = fake.completeCheckout(String(session.id));
    expect((await deliver(fake.event('checkout.session.completed', paid))).statusCode).toBe(200);
    expect(await me(shop)).toMatchObject({ plan_name: 'EVENT PASS', is_subscription_active: true, barber_limit: 4 });
    try {
      ahead = 29 * DAY_MS;
      expect(await me(shop)).toMatchObject({ is_subscription_active: true });
      ahead = 30 * DAY_MS + 60_000;
      expect(await me(shop)).toMatchObject({ is_subscription_active: false });
    } finally {
      ahead = 0;
    }
  });
});

describe('without Stripe keys', () => {
  it('a paid plan answers plainly that online payments are not set up; skip still works', async () => {
    const plain = await startTestApp();
    try {
      const shop = await makeShop(plain.app, plain.db);
      const pro = await plain.db.query<{ id: number }>("SELECT id FROM plans WHERE code = 'pro-monthly'");
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/subscription/subscribe/',
        headers: bearer(shop.admin),
        payload: { plan_id: pro[0]?.id, invited_by: -1 },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: BILLING_MESSAGES.paymentsNotSetUp });
      const webhook = await plain.app.inject({ method: 'POST', url: '/api/stripe/webhook/', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(webhook.statusCode).toBe(400);
      const billing = await plain.app.inject({ method: 'GET', url: '/api/billing/subscription/', headers: bearer(shop.admin) });
      expect(billing.json().response).toMatchObject({ payments_enabled: false, has_billing_account: false, card: null });
      await plain.db.query("UPDATE subscriptions SET trial_ends_at = now() - interval '1 day' WHERE shop_id = $1", [shop.shopId]);
      const skip = await plain.app.inject({ method: 'POST', url: '/api/subscription/skip-payment/', headers: bearer(shop.admin) });
      expect(skip.json()).toEqual({ status: 1, response: 'You are on the BASIC PLAN.' });
    } finally {
      await plain.close();
    }
  });
});
