import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORAGE_KEYS } from '@chairline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../apps/api/test/support/fake-stripe.js';
import { api, DEMO } from './support/api.js';
import { DESKTOP_VIEWPORT, launchBrowser, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The affiliate programme in Chromium against the built app, with the real Stripe SDK pointed at a
// local fake Stripe: a referral link's click and sign-up reach the affiliate's dashboard; a referred
// shop chooses PRO, pays, and its paid invoice arrives through the real signed webhook as a pending
// commission. A commission past its 30-day hold cannot be made by waiting, so for the payout part
// the folder is prepared before start-up by apps/api/test/support/e2e-affiliate-seed.ts through the
// same hook (onInvoicePaid) the webhook calls: one affiliate with $60.00 available and $5.80 pending;
// that affiliate requests a payout and an operator marks it paid.

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/api');
const SEEDED = { email: 'paula@partners.test', password: 'partner password' };
let dataDir: string;
let fake: FakeStripe;
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

function seed(dir: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(join(API_DIR, 'node_modules/.bin/tsx'), ['test/support/e2e-affiliate-seed.ts', dir], { cwd: API_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (c: Buffer) => (log += c.toString()));
    child.stderr.on('data', (c: Buffer) => (log += c.toString()));
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`seeding failed (${code}):\n${log}`))));
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'chairline-e2e-affiliates-'));
  [fake] = await Promise.all([new FakeStripe().start(), seed(dataDir)]);
  [server, browser] = await Promise.all([startServer({ env: { DATA_DIR: dataDir, OPERATOR_EMAILS: DEMO.admin, ...fake.env() } }), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
  await fake?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function affiliatePage(email: string, password: string, path: string): Promise<Page> {
  const reply = await api<{ access: string; refresh: string }>(server.baseUrl, 'POST', '/affiliate/login/', { body: { email, password } });
  expect(reply.status).toBe(200);
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP_VIEWPORT });
  contexts.push(context);
  const items = {
    [STORAGE_KEYS.accessToken]: reply.body.access,
    [STORAGE_KEYS.refreshToken]: reply.body.refresh,
    [STORAGE_KEYS.lastTokenRefresh]: String(Date.now()),
    [STORAGE_KEYS.affiliate]: 'true',
  };
  await context.addInitScript((entries: Record<string, string>) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, items);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const figure = (page: Page, label: string) => page.getByLabel(label, { exact: true });

interface NewAffiliate {
  email: string;
  id: number;
  code: string;
  links: { home: string };
}

async function createAffiliate(name: string, emailPrefix: string): Promise<NewAffiliate> {
  const email = `${emailPrefix}-${Date.now()}@partners.test`;
  const created = await api<{ user: { id: number; referral_code: string; referral_links: { home: string } } }>(server.baseUrl, 'POST', '/affiliate/signup/', {
    body: { name, email, password: 'partner password' },
  });
  expect(created.status).toBe(200);
  const { id, referral_code: code, referral_links: links } = created.body.user;
  return { email, id, code, links };
}

/** A visitor opens the referral link, then signs up a shop in the browser; the page is left signed in as its owner. */
async function signUpReferredShop(affiliate: NewAffiliate, owner: string): Promise<Page> {
  const visitor = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP_VIEWPORT });
  contexts.push(visitor);
  const page = await visitor.newPage();
  await page.goto(`/?ref=${affiliate.code}`);
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, STORAGE_KEYS.affiliateInvite);
  const invite = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.affiliateInvite)) ?? '{}') as { id: number; expiresAt: number };
  expect(invite.id).toBe(affiliate.id);
  expect(invite.expiresAt).toBeGreaterThan(Date.now() + 29 * 86_400_000);

  await page.goto('/signup');
  await page.getByRole('heading', { name: 'Create your shop' }).waitFor();
  await page.getByLabel('Full name').fill(`${owner} Referred`);
  await page.getByLabel('Email').fill(`${owner.toLowerCase()}-${Date.now()}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('a good long password');
  await page.getByLabel('Shop name').fill(`${owner} Referred ${Date.now()}`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard/);
  return page;
}

describe('affiliate programme', () => {
  it('a visitor from a referral link signs up a shop; the affiliate sees the click and the sign-up', async () => {
    const ana = await createAffiliate('Ana Affiliate', 'ana');
    const { email, code, links } = ana;
    expect(links.home).toBe(`${server.baseUrl}/?ref=${code}`);
    await signUpReferredShop(ana, 'Sam');

    const dashboard = await affiliatePage(email, 'partner password', '/affiliate/marketing/dashboard');
    await dashboard.getByRole('heading', { name: 'Welcome, Ana' }).waitFor();
    await expect.poll(() => figure(dashboard, 'Clicks (30 days)').textContent()).toBe('1');
    expect(await figure(dashboard, 'Sign-ups (30 days)').textContent()).toBe('1');
    expect(await dashboard.getByLabel('Landing page link', { exact: true }).inputValue()).toBe(links.home);
    expect(await dashboard.getByLabel('Sign-up link', { exact: true }).inputValue()).toBe(`${server.baseUrl}/signup?ref=${code}`);
    await dashboard.getByRole('img', { name: 'QR code of your referral link' }).waitFor();
  });

  it('a referred shop chooses PRO and pays; the paid invoice arrives by the signed webhook and earns the affiliate 20 % pending', async () => {
    const carla = await createAffiliate('Carla Commission', 'carla');
    const page = await signUpReferredShop(carla, 'Rita');

    await page.goto('/dashboard/settings/subscription');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    // The plans screen sends the stored invite's affiliate with the chosen plan.
    const [subscribe] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/subscription/subscribe/'),
      page.locator('[aria-label="PRO PLAN"]').getByRole('button', { name: 'Get started' }).click(),
    ]);
    expect((subscribe.postDataJSON() as { invited_by: number }).invited_by).toBe(carla.id);
    await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
    const session = fake.lastSession();
    expect(page.url()).toBe(String(session.url));
    expect(session.mode).toBe('subscription');
    const price = fake.prices.get((session.line_items_requested as { price: string }[])[0]?.price ?? '');
    expect(price).toMatchObject({ lookup_key: 'chairline_pro-monthly', unit_amount: 2900 });

    // The customer pays; Stripe makes the subscription and its first invoice, and delivers the events.
    const { session: paid, subscription } = fake.completeCheckout(String(session.id), { status: 'active' });
    if (!subscription) throw new Error('a subscription checkout makes a subscription');
    const invoice = fake.addInvoice(subscription.id);
    expect(invoice.amount_paid).toBe(2900);
    for (const event of [
      fake.event('checkout.session.completed', paid),
      fake.event('customer.subscription.created', subscription),
      fake.event('invoice.paid', invoice),
    ]) {
      const { payload, signature } = fake.sign(event);
      const delivered = await fetch(`${server.baseUrl}/api/stripe/webhook/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      expect(delivered.status).toBe(200);
    }
    await page.goto('/dashboard/settings/subscription');
    await page.getByText('You are on the PRO PLAN (active).').waitFor();

    // 20 % of the $29.00 invoice is $5.80, held 30 days: pending, nothing available yet.
    const dashboard = await affiliatePage(carla.email, 'partner password', '/affiliate/marketing/dashboard');
    await dashboard.getByRole('heading', { name: 'Welcome, Carla' }).waitFor();
    await expect.poll(() => figure(dashboard, 'Pending commission').textContent()).toBe('$5.80');
    expect(await figure(dashboard, 'Available to pay out').textContent()).toBe('$0.00');
    expect(await figure(dashboard, 'Clicks (30 days)').textContent()).toBe('1');
    expect(await figure(dashboard, 'Sign-ups (30 days)').textContent()).toBe('1');

    await dashboard.goto('/affiliate/marketing/dashboard/payouts');
    await dashboard.getByRole('heading', { name: 'Payouts' }).waitFor();
    await expect.poll(() => figure(dashboard, 'Pending (30-day hold)').textContent()).toBe('$5.80');
    expect(await figure(dashboard, 'Available balance').textContent()).toBe('$0.00');
  });

  it('a pending commission shows; the available balance is requested and an operator marks it paid', async () => {
    const page = await affiliatePage(SEEDED.email, SEEDED.password, '/affiliate/marketing/dashboard/payouts');
    await page.getByRole('heading', { name: 'Payouts' }).waitFor();
    await expect.poll(() => figure(page, 'Available balance').textContent()).toBe('$60.00');
    expect(await figure(page, 'Pending (30-day hold)').textContent()).toBe('$5.80');
    await page.getByRole('button', { name: 'Request payout' }).click();
    await page.getByText('Payout of $60.00 requested.').waitFor();
    await expect.poll(() => figure(page, 'Available balance').textContent()).toBe('$0.00');
    const requested = page.getByRole('table', { name: 'Payout history' }).getByRole('row').filter({ hasText: '$60.00' });
    await requested.waitFor();
    expect(await requested.textContent()).toContain('Requested');

    const operatorContext = await signedInContext(browser, server.baseUrl, DEMO.admin);
    contexts.push(operatorContext);
    const ops = await operatorContext.newPage();
    await ops.goto('/dashboard/operator/affiliates');
    await ops.getByRole('heading', { name: 'Affiliates' }).waitFor();
    const row = ops.getByRole('table', { name: 'Payout requests' }).getByRole('row').filter({ hasText: 'Paula Partner' });
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await ops.getByLabel('Payment reference').fill('PAYPAL-7781');
    await ops.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
    await ops.getByText('The payout is marked paid.').waitFor();
    await row.getByText('PAYPAL-7781').waitFor();
    await row.getByText(`by ${DEMO.admin}`).waitFor();

    await page.reload();
    const history = page.getByRole('table', { name: 'Payout history' });
    await history.getByText('PAYPAL-7781').waitFor();
    expect(await history.getByRole('row').filter({ hasText: 'PAYPAL-7781' }).textContent()).toContain('Paid');
  });

  it('a shop user who is not an operator gets no operator figures', async () => {
    const context = await signedInContext(browser, server.baseUrl, DEMO.manager);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/dashboard/operator/affiliates');
    await page.getByText('This area is for Chairline operators only.').waitFor();
    expect(await page.getByRole('table', { name: 'Affiliates' }).count()).toBe(0);
  });
});
