import AxeBuilder from '@axe-core/playwright';
import type { PublicTicket } from '@chairline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, sharedLogin } from './support/api.js';
import { contextWithSession, DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// axe-core (WCAG 2.0 A/AA and 2.1 AA rules) on every public page and on the barber workspace, in
// Chromium against the built app and the demo shop. A violation fails the test with a list a person
// can act on: the page, the rule, its impact and the elements it found.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

async function track(context: BrowserContext): Promise<Page> {
  contexts.push(context);
  return context.newPage();
}

const visitor = (viewport: { width: number; height: number } = DESKTOP_VIEWPORT) => browser.newContext({ baseURL: server.baseUrl, viewport }).then(track);

async function barber(email: string): Promise<Page> {
  return track(await contextWithSession(browser, server.baseUrl, await sharedLogin(server.baseUrl, email)));
}

/** axe's findings on the page as it is now, one readable line per rule and element. */
async function violations(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${label}: ${v.id} (${v.impact ?? 'n/a'}) ${v.help} at ${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
  );
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { name, exact: typeof name === 'string' ? true : undefined }).first();

/** Each step of the check-in form (services, barber, name and phone), checked as it shows. */
async function checkInSteps(page: Page, path: string) {
  const found: string[] = [];
  await page.getByRole('group', { name: 'Services (optional)' }).waitFor();
  found.push(...(await violations(page, `${path} (check-in step 1: services)`)));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('group', { name: 'Barber' }).waitFor();
  found.push(...(await violations(page, `${path} (check-in step 2: barber)`)));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Your name').waitFor();
  found.push(...(await violations(page, `${path} (check-in step 3: name and phone)`)));
  return found;
}

describe('axe on the public site', () => {
  it('home, pricing, privacy and terms', async () => {
    const page = await visitor();
    const found: string[] = [];
    for (const [path, title] of [
      ['/', 'For shop owners'],
      ['/pricing', 'Choose Your Plan'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-and-services', 'Terms and Services'],
    ] as const) {
      await page.goto(path);
      await heading(page, title).waitFor({ timeout: 60_000 });
      found.push(...(await violations(page, path)));
    }
    expect(found).toEqual([]);
  });

  it("the demo shop's page: the line, both barber views, the listing, a barber's schedule and the check-in form", async () => {
    const page = await visitor();
    const found: string[] = [];
    for (const [path, title] of [
      ['/shop/demo', 'Walk-in line'],
      ['/shop/demo?tabStyle=table', 'Walk-in line'],
      ['/shop/demo/barbers', 'Our barbers'],
    ] as const) {
      await page.goto(path);
      await heading(page, title).waitFor({ timeout: 60_000 });
      await page.locator('[data-live]').waitFor();
      // Cards name each barber in a heading; the table view in a cell.
      await page.getByText('Marcus Reed', { exact: true }).first().waitFor();
      found.push(...(await violations(page, path)));
    }

    await page.goto('/shop/demo');
    await page.locator('[data-live]').waitFor();
    await page.getByRole('button', { name: 'Schedule Now with Marcus Reed' }).first().click();
    await page.locator('#schedule-title').waitFor();
    found.push(...(await violations(page, '/shop/demo (schedule view)')));

    await page.goto('/shop/demo');
    await page.locator('[data-live]').waitFor();
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    found.push(...(await checkInSteps(page, '/shop/demo')));
    expect(found).toEqual([]);
  });

  it('the kiosk, on a portrait tablet', async () => {
    const page = await visitor({ width: 810, height: 1080 });
    await page.goto('/shop/demo?kiosk=1');
    await heading(page, 'Welcome! Check in here').waitFor({ timeout: 60_000 });
    await page.locator('[data-live]').waitFor();
    await heading(page, 'Marcus Reed').waitFor();
    const found = await violations(page, '/shop/demo?kiosk=1');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    found.push(...(await checkInSteps(page, '/shop/demo?kiosk=1')));
    expect(found).toEqual([]);
  });

  it('a ticket page, on a phone', async () => {
    const res = await api<{ response: PublicTicket }>(server.baseUrl, 'POST', '/check-in/', {
      body: { shop_username: DEMO.shop, name: 'Alex Axe', phone_number: `+1 555 013 ${String(1000 + Math.floor(Math.random() * 9000))}`, barber_id: 'any', service_ids: [] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ticket = res.body.response;
    onTestFinished(async () => {
      expect((await api(server.baseUrl, 'POST', `/check-in/${ticket.token}/cancel/`)).status).toBe(200);
    });
    const page = await visitor(PHONE_VIEWPORT);
    await page.goto(`/shop/demo/ticket/${ticket.token}`);
    await page.locator('[data-live]').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: /^You're #\d+ in line$/ }).waitFor();
    const found = await violations(page, '/shop/demo/ticket/{token}');
    await page.getByRole('button', { name: 'Leave the queue' }).click();
    await page.getByRole('group', { name: 'Leave the queue?' }).waitFor();
    found.push(...(await violations(page, '/shop/demo/ticket/{token} (leave confirmation)')));
    expect(found).toEqual([]);
  });

  it('the TV display at 1920×1080', async () => {
    const page = await visitor({ width: 1920, height: 1080 });
    await page.goto('/shop/demo/display');
    await page.locator('[data-live]').waitFor({ timeout: 60_000 });
    await heading(page, 'Now serving').waitFor();
    expect(await violations(page, '/shop/demo/display')).toEqual([]);
  });
});

describe('axe on the barber workspace', () => {
  it('home, invoice and profile', async () => {
    const page = await barber(DEMO.barbers[0]);
    await page.goto('/dashboard');
    await heading(page, 'Hi, Marcus').waitFor({ timeout: 60_000 });
    await page.getByRole('list', { name: 'My customers' }).or(page.getByText('No customers waiting for you.')).first().waitFor();
    const found = await violations(page, 'workspace home');

    const menu = page.getByRole('navigation', { name: 'Employee menu' });
    await menu.getByRole('button', { name: 'Invoice' }).click();
    await page.getByRole('table', { name: 'My Invoices' }).or(page.getByText('No invoices yet.')).first().waitFor();
    found.push(...(await violations(page, 'workspace invoice')));

    await menu.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('form', { name: 'Profile' }).waitFor();
    found.push(...(await violations(page, 'workspace profile')));
    expect(found).toEqual([]);
  });

  it('the workspace on a phone, with its menu open', async () => {
    const reply = await sharedLogin(server.baseUrl, DEMO.barbers[1]);
    const page = await track(await contextWithSession(browser, server.baseUrl, reply, { viewport: PHONE_VIEWPORT }));
    await page.goto('/dashboard');
    await heading(page, 'Hi, Jay').waitFor({ timeout: 60_000 });
    const found = await violations(page, 'workspace home (phone)');
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('navigation', { name: 'Employee menu' }).waitFor();
    found.push(...(await violations(page, 'workspace menu (phone)')));
    expect(found).toEqual([]);
  });
});
