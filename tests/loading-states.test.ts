import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { LoginReply, NextBarberReply } from '@chairline/shared';
import { api, DEMO, sharedLogin } from './support/api.js';
import { launchBrowser, sharedSignedInContext, skipMarketingPopup } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// Loading states: while a page's data is on its way it shows the spinner, never an empty card.
// Each case holds the page's own API reply in the browser (page.route) until the test has seen the
// spinner, then lets it through and waits for the data: no sleeps. Home also asks for its figures
// once, not twice.

let server: RunningServer;
let browser: Browser;
let admin: LoginReply;
let adminContext: BrowserContext;
let barberContext: BrowserContext;
const ids = { appointment: 0, customer: 0, service: 0 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await sharedLogin(server.baseUrl, DEMO.admin);
  adminContext = await sharedSignedInContext(browser, server.baseUrl, DEMO.admin);
  barberContext = await sharedSignedInContext(browser, server.baseUrl, DEMO.barbers[1]);
  // The demo shop is on the basic plan: its marketing modal would cover the page.
  await Promise.all([skipMarketingPopup(adminContext), skipMarketingPopup(barberContext)]);

  const token = admin.access;
  const [barber] = (await api<NextBarberReply>(server.baseUrl, 'GET', '/rotation/', { token })).body.response.rotation;
  if (!barber) throw new Error('the demo shop has no barber');
  const start = new Date(Date.now() + 26 * 3600_000);
  start.setUTCMinutes(0, 0, 0);
  const booked = await api<{ response: { id: number } }>(server.baseUrl, 'POST', '/appointments/', {
    token,
    body: { barber_id: barber.id, starts_at: start.toISOString(), notes: 'Loading-state check' },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  ids.appointment = booked.body.response.id;
  const customers = await api<{ response: { id: number }[] }>(server.baseUrl, 'GET', '/customers/?page_size=1&ordering=name', { token });
  expect(customers.status).toBe(200);
  ids.customer = customers.body.response[0]!.id;
  const services = await api<{ id: number; name: string }[]>(server.baseUrl, 'GET', '/services/', { token });
  expect(services.status).toBe(200);
  ids.service = services.body.find((s) => s.name === 'Skin fade')!.id;
});
afterAll(async () => {
  if (ids.appointment) await api(server.baseUrl, 'DELETE', `/appointments/${ids.appointment}/`, { token: admin.access });
  await adminContext?.close();
  await barberContext?.close();
  await browser?.close();
  await server?.stop();
});

/** Holds every browser request that `match`es until `release()`; `seen` settles on the first one. */
async function hold(page: Page, match: (url: URL) => boolean) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markSeen: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => (markSeen = resolve));
  await page.route(
    (url) => match(url),
    async (route) => {
      markSeen();
      await released;
      await route.continue();
    },
  );
  return { release, seen };
}

/** Cards (or other paper) in the main area with nothing in them: no text, no spinner, no control, no image. */
async function emptyCards(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main .MuiCard-root, main .MuiPaper-root'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && el.checkVisibility();
      })
      .filter((el) => !(el as HTMLElement).innerText.trim() && !el.querySelector('[role="progressbar"], input, textarea, button, img, svg, canvas'))
      .map((el) => `${el.className.toString().split(' ')[0]} ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`),
  );
}

const spinner = (page: Page) => page.locator('main').getByRole('progressbar', { name: 'Loading' });

interface Case {
  name: string;
  as: 'admin' | 'barber';
  path: () => string;
  held: (url: URL) => boolean;
  ready: (main: Locator) => Locator;
}

const exact = (pathname: string) => (url: URL) => url.pathname === pathname;

const CASES: Case[] = [
  { name: 'Home', as: 'admin', path: () => '/dashboard', held: exact('/api/stats/'), ready: (m) => m.getByRole('region', { name: 'Waiting now' }) },
  { name: 'Barbers', as: 'admin', path: () => '/dashboard/employees', held: exact('/api/barbers/'), ready: (m) => m.locator('[aria-label="Jay Kim"]') },
  { name: 'Walk-ins', as: 'admin', path: () => '/dashboard/walkin-management', held: exact('/api/walkins/'), ready: (m) => m.getByRole('region', { name: 'Walk-in board' }).getByText('Chris Young') },
  { name: 'Calendar', as: 'admin', path: () => '/dashboard/calendar', held: exact('/api/calendar/'), ready: (m) => m.getByRole('group', { name: 'Calendar view' }) },
  { name: 'Customers', as: 'admin', path: () => '/dashboard/customers', held: exact('/api/customers/'), ready: (m) => m.getByText('Luis Ortega') },
  { name: 'Customer', as: 'admin', path: () => `/dashboard/customers/${ids.customer}/show`, held: (u) => u.pathname === `/api/customers/${ids.customer}/`, ready: (m) => m.getByText('Visit history') },
  { name: 'Customer edit', as: 'admin', path: () => `/dashboard/customers/${ids.customer}`, held: (u) => u.pathname === `/api/customers/${ids.customer}/`, ready: (m) => m.getByRole('heading', { name: 'Edit customer' }) },
  { name: 'Service edit', as: 'admin', path: () => `/dashboard/services/${ids.service}`, held: (u) => u.pathname === `/api/services/${ids.service}/`, ready: (m) => m.getByRole('heading', { name: 'Edit service' }) },
  { name: 'Appointment edit', as: 'admin', path: () => `/dashboard/appointments/${ids.appointment}/edit`, held: (u) => u.pathname === `/api/appointments/${ids.appointment}/`, ready: (m) => m.getByRole('heading', { name: 'Edit appointment' }) },
  { name: 'Invoices', as: 'admin', path: () => '/dashboard/invoices', held: exact('/api/invoices/'), ready: (m) => m.getByText('Total billed') },
  { name: 'Team', as: 'admin', path: () => '/dashboard/team', held: exact('/api/team/team-members/'), ready: (m) => m.getByRole('table', { name: 'Barbers' }) },
  { name: 'Settings', as: 'admin', path: () => '/dashboard/settings/settings', held: exact('/api/shop/settings/'), ready: (m) => m.getByRole('heading', { name: 'Shop settings' }) },
  { name: 'Subscription', as: 'admin', path: () => '/dashboard/settings/subscription', held: exact('/api/subscription/plans/'), ready: (m) => m.getByText('24/7 Customer Support') },
  { name: 'Barber workspace', as: 'barber', path: () => '/dashboard', held: exact('/api/walkins/'), ready: (m) => m.getByRole('heading', { name: 'My customers' }) },
];

describe('loading states', () => {
  it.each(CASES)('$name shows the spinner, not an empty card, until its data is in', async (c) => {
    const page = await (c.as === 'admin' ? adminContext : barberContext).newPage();
    onTestFinished(() => page.close());
    const { release, seen } = await hold(page, c.held);
    await page.goto(c.path());
    await seen;
    await spinner(page).first().waitFor({ timeout: 60_000 });
    expect(await emptyCards(page)).toEqual([]);
    release();
    await c.ready(page.locator('main')).first().waitFor({ timeout: 60_000 });
    await expect.poll(() => spinner(page).count(), { timeout: 60_000 }).toBe(0);
    expect(await emptyCards(page)).toEqual([]);
  });
});

describe('Home', () => {
  it('asks for its figures once, and once more for each change in the queue', async () => {
    const page = await adminContext.newPage();
    onTestFinished(() => page.close());
    const statsRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/stats/') statsRequests.push(req.url());
    });
    await page.goto('/dashboard');
    const main = page.locator('main');
    await main.getByRole('region', { name: 'Waiting now' }).waitFor({ timeout: 60_000 });
    // The live stream is open: from here on only a queue change asks again.
    await main.locator('[data-live="on"]').waitFor({ timeout: 60_000 });
    expect(statsRequests).toHaveLength(1);

    const before = await main.getByRole('region', { name: 'Waiting now' }).getByTestId('tile-value').textContent();
    const checkIn = await api<{ response: { token: string } }>(server.baseUrl, 'POST', '/check-in/', {
      body: { shop_username: DEMO.shop, name: 'Loading Check', phone_number: '+1 555 010 4242', barber_id: 'any', service_ids: [], source: 'online' },
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    onTestFinished(async () => {
      await api(server.baseUrl, 'POST', `/check-in/${checkIn.body.response.token}/cancel/`);
    });
    await expect
      .poll(() => main.getByRole('region', { name: 'Waiting now' }).getByTestId('tile-value').textContent(), { timeout: 30_000 })
      .toBe(String(Number(before) + 1));
    expect(statsRequests).toHaveLength(2);
  });
});
