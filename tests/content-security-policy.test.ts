import type { PublicTicket } from '@chairline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, DEMO } from './support/api.js';
import { DESKTOP_VIEWPORT, signedInContext } from './support/browser.js';
import { useApp } from './support/harness.js';

// Every page of both front ends, served with the real Content-Security-Policy and other security
// headers, in Chromium: no policy violation, no console message, and each page shows its own
// heading or data (the islands and the back office really ran under the policy).

const app = useApp();
const contexts: BrowserContext[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

/** What went wrong on a page: policy violations, console messages, script errors, failed loads. */
interface Watched {
  page: Page;
  problems: string[];
}

async function watch(context: BrowserContext): Promise<Watched> {
  contexts.push(context);
  const problems: string[] = [];
  await context.exposeFunction('__chairlineCspViolation', (text: string) => problems.push(`CSP violation: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __chairlineCspViolation: (text: string) => void }).__chairlineCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`);
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => problems.push(`console ${message.type()} on ${new URL(page.url()).pathname}: ${message.text()}`));
  page.on('pageerror', (error) => problems.push(`script error on ${new URL(page.url()).pathname}: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
  });
  return { page, problems };
}

const anonymous = async () => watch(await app.browser.newContext({ baseURL: app.baseUrl, viewport: DESKTOP_VIEWPORT }));
const signedIn = async (email: string) => watch(await signedInContext(app.browser, app.baseUrl, email));

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, exact: typeof name === 'string' ? true : undefined }).first();

async function checkIn(name: string, phone: string): Promise<PublicTicket> {
  const res = await api<{ response: PublicTicket }>(app.baseUrl, 'POST', '/check-in/', {
    body: { shop_username: DEMO.shop, name, phone_number: phone, barber_id: 'any', service_ids: [], source: 'online' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response;
}

describe('the public site under its Content-Security-Policy', () => {
  it('landing, pricing and legal pages', async () => {
    const { page, problems } = await anonymous();
    // A year after the pages were built: the footer shows the visitor's year (set by a script the
    // policy allows), not the build's.
    const nextYear = new Date().getFullYear() + 1;
    await page.clock.install({ time: new Date(`${nextYear}-01-02T10:00:00Z`) });
    const pages: [string, string][] = [
      ['/', 'For shop owners'],
      ['/pricing', 'Choose Your Plan'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-and-services', 'Terms and Services'],
    ];
    for (const [path, title] of pages) {
      const res = await page.goto(path);
      expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self' 'sha256-");
      await heading(page, title).waitFor();
      expect(await page.locator('.site-footer p').first().textContent(), path).toMatch(new RegExp(`^\\s*© ${nextYear} Chairline\\s*$`));
    }
    expect(problems).toEqual([]);
  });

  it('the shop page, its barbers list and the kiosk hydrate and go live', async () => {
    const { page, problems } = await anonymous();
    for (const [path, title] of [
      ['/shop/demo', 'Walk-in line'],
      ['/shop/demo/barbers', 'Our barbers'],
      ['/shop/demo?kiosk=1', 'Welcome! Check in here'],
    ] as const) {
      await page.goto(path);
      await heading(page, title).waitFor();
      // Set by the island once its live connection is open: scripts ran and connect-src let it through.
      await page.locator('[data-live]').waitFor();
      await heading(page, 'Marcus Reed').waitFor();
    }
    // The check-in form opens (the island handles clicks).
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.getByRole('group', { name: 'Services (optional)' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('the waiting-room display, with its QR code', async () => {
    const { page, problems } = await anonymous();
    const res = await page.goto('/shop/demo/display');
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('[data-live]').waitFor();
    await heading(page, 'Now serving').waitFor();
    expect(await page.getByTestId('join-qr').locator('svg').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('the ticket page after a check-in', async () => {
    const ticket = await checkIn('Casey Policy', `+1 555 010 ${String(8000 + Math.floor(Math.random() * 1000))}`);
    const { page, problems } = await anonymous();
    const res = await page.goto(`/shop/demo/ticket/${ticket.token}`);
    expect(res?.headers()['referrer-policy']).toBe('no-referrer');
    await page.locator('[data-live]').waitFor();
    await page.getByRole('heading', { level: 1, name: /^You're #\d+ in line$/ }).waitFor();
    expect(await page.getByText('Casey P.', { exact: true }).isVisible()).toBe(true);
    expect((await api(app.baseUrl, 'POST', `/check-in/${ticket.token}/cancel/`)).status).toBe(200);
    expect(problems).toEqual([]);
  });
});

describe('the back office under its Content-Security-Policy', () => {
  it('the sign-in pages', async () => {
    const { page, problems } = await anonymous();
    for (const [path, title] of [
      ['/login', 'Welcome back'],
      ['/signup', 'Create your shop'],
      ['/forgot-password', 'Forgot your password?'],
      ['/affiliate/marketing', 'Grow with the shops you know'],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
      await heading(page, title).waitFor({ timeout: 60_000 });
    }
    expect(problems).toEqual([]);
  });

  it("every dashboard route of an owner shows its own heading", async () => {
    const { page, problems } = await signedIn(DEMO.admin);
    const routes: [string, string | RegExp][] = [
      ['/dashboard', 'Check-ins per day'],
      ['/dashboard/employees', 'Marcus Reed'],
      ['/dashboard/services', 'Services'],
      ['/dashboard/customers', 'Customers'],
      ['/dashboard/walkin-management', 'Barber rotation'],
      ['/dashboard/calendar', /^\w+day, \w+ \d{1,2}, \d{4}$/],
      ['/dashboard/invoices', 'Commission report'],
      ['/dashboard/billing', 'History'],
      ['/dashboard/team', 'Team Members'],
      ['/dashboard/settings/settings', 'Time zone and opening hours'],
      ['/dashboard/settings/subscription', 'Choose Your Plan'],
      ['/dashboard/support', 'Your messages'],
      ['/dashboard/profile', 'My profile'],
    ];
    for (const [path, title] of routes) {
      await page.goto(path);
      await page.getByRole('main').getByRole('heading', { name: title, exact: typeof title === 'string' ? true : undefined }).first().waitFor({ timeout: 60_000 });
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
    expect(problems).toEqual([]);
  });

  it("a barber's workspace: home, invoices and profile", async () => {
    const { page, problems } = await signedIn(DEMO.barbers[0]);
    await page.goto('/dashboard');
    await heading(page, 'Hi, Marcus').waitFor({ timeout: 60_000 });
    const menu = page.getByRole('navigation', { name: 'Employee menu' });
    await menu.getByRole('button', { name: 'Invoice' }).click();
    await heading(page, 'My Invoices').waitFor();
    await menu.getByRole('button', { name: 'Profile' }).click();
    await heading(page, 'Profile').waitFor();
    expect(problems).toEqual([]);
  });
});
