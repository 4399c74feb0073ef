import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginReply } from '@chairline/shared';
import { FakeStripe } from '../apps/api/test/support/fake-stripe.js';
import { api, sessionStorageEntries } from './support/api.js';
import { DESKTOP_VIEWPORT, launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The real server pointed at a local fake Stripe (the real SDK speaks to it); the test plays the
// customer on the checkout page and Stripe's webhook delivery.
let fake: FakeStripe;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  [server, browser] = await Promise.all([startServer({ seedDemo: false, env: fake.env() }), launchBrowser()]);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await fake?.stop();
});

describe('paying for a plan', () => {
  it('an owner on trial chooses PRO, pays on the checkout page, and the subscription screen shows PRO active once Stripe confirms', async () => {
    const signup = await api<LoginReply>(server.baseUrl, 'POST', '/auth/signup/', {
      body: { name: 'Rosa Owner', email: 'rosa@checkout.test', password: 'a long enough password', shop_name: 'Rosa Cuts', shop_username: 'rosa-cuts' },
    });
    expect(signup.status).toBe(200);
    context = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP_VIEWPORT });
    await context.addInitScript((items: Record<string, string>) => {
      if (sessionStorage.getItem('__e2e_seeded')) return;
      sessionStorage.setItem('__e2e_seeded', '1');
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, sessionStorageEntries(signup.body));
    const page = await context.newPage();

    await page.goto('/dashboard/settings/subscription');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    await page.getByText(/Your trial ends on \d+ \w+\./).waitFor();

    await page.locator('[aria-label="PRO PLAN"]').getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${fake.baseUrl}/checkout/cs_test_`));
    const session = fake.lastSession();
    expect(session.mode).toBe('subscription');
    const price = fake.prices.get((session.line_items_requested as { price: string }[])[0]?.price ?? '');
    expect(price).toMatchObject({ lookup_key: 'chairline_pro-monthly', unit_amount: 2900 });

    // The customer pays; Stripe sends the browser back before its webhook arrives.
    const { session: paid } = fake.completeCheckout(String(session.id), { status: 'active' });
    await page.goto(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', String(session.id)));
    await page.getByText('Your payment is being confirmed with Stripe', { exact: false }).waitFor();
    // The redirect alone changes nothing.
    await page.getByText('You are on the BASIC PLAN trial.', { exact: false }).waitFor();

    const { payload, signature } = fake.sign(fake.event('checkout.session.completed', paid));
    const delivered = await fetch(`${server.baseUrl}/api/stripe/webhook/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(delivered.status).toBe(200);

    // No reload: the screen's own polling picks the confirmation up.
    await page.getByText('Payment confirmed: you are on the PRO PLAN.').waitFor();
    await page.getByText('You are on the PRO PLAN (active).').waitFor();
    expect(await page.locator('[aria-label="PRO PLAN"]').getByRole('button', { name: 'Current plan' }).isDisabled()).toBe(true);

    // Billing: renewal, card, Stripe's invoices with their PDF, and the Billing Portal.
    const invoice = fake.addInvoice(String(paid.subscription));
    await page.goto('/dashboard/billing');
    await page.getByRole('heading', { name: 'Billing' }).waitFor();
    await page.getByText('Card: VISA ending in 4242, expires 12/2030').waitFor();
    await page.getByText(/Renews on \d+ \w+ \d{4}/).waitFor();
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await invoices.getByText(String(invoice.number)).waitFor();
    expect(await invoices.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(invoice.invoice_pdf);
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('heading', { name: 'Fake Stripe Billing Portal' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${fake.baseUrl}/portal/bps_`));
  });
});
