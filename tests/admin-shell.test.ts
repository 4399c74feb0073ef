import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, sessionStorageEntries } from './support/api.js';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, sharedSignedInContext, signedInContext, skipMarketingPopup } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The dashboard shell in Chromium against the built app.

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A page of the back office signed in as `email`. Each person signs in once for the whole file
 * (the login rate limit); a test that logs out passes `ownSession` so it ends only its own session.
 */
async function open(
  email: string,
  path = '/dashboard',
  viewport: { width: number; height: number } = DESKTOP_VIEWPORT,
  options: { ownSession?: boolean } = {},
) {
  const signIn = options.ownSession ? signedInContext : sharedSignedInContext;
  const context = await signIn(browser, server.baseUrl, email, { viewport });
  const page = await context.newPage();
  await page.goto(path);
  // The first load of the bundle can be slow on a busy machine.
  await page.locator('main').first().waitFor({ timeout: 60_000 });
  return { context, page };
}

/** Waits until the page shows its own heading and none of its parts is still loading. */
async function pageLoaded(page: Page, heading: string | RegExp) {
  const main = page.locator('main');
  await main.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 60_000 });
  await expect.poll(() => main.getByRole('progressbar', { name: 'Loading' }).count(), { timeout: 60_000 }).toBe(0);
}

const sidebarLinks = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');

describe('sidebar by role', () => {
  it('shows an admin Billing, Team and Settings with the common links', async () => {
    const { context, page } = await open(DEMO.admin);
    await sidebarLinks(page).first().waitFor();
    expect(await sidebarLinks(page).allTextContents()).toEqual([
      'Home',
      'Barbers',
      'Walk-ins',
      'Calendar',
      'Services',
      'Customers',
      'Invoices',
      'Billing',
      'Team',
      'Support',
      'Settings',
    ]);
    const href = (name: string) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true }).getAttribute('href');
    expect(await href('Home')).toBe('/dashboard');
    expect(await href('Barbers')).toBe('/dashboard/employees');
    expect(await href('Walk-ins')).toBe('/dashboard/walkin-management');
    expect(await href('Customers')).toBe('/dashboard/customers');
    expect(await href('Billing')).toBe('/dashboard/billing');
    expect(await href('Team')).toBe('/dashboard/team');
    expect(await href('Settings')).toBe('/dashboard/settings/settings');
    expect(await href('Support')).toBe('/dashboard/support');
    await context.close();
  });

  it('shows a manager Team but neither Billing nor Settings', async () => {
    const { context, page } = await open(DEMO.manager);
    await sidebarLinks(page).first().waitFor();
    expect(await sidebarLinks(page).allTextContents()).toEqual([
      'Home',
      'Barbers',
      'Walk-ins',
      'Calendar',
      'Services',
      'Customers',
      'Invoices',
      'Team',
      'Support',
    ]);
    await context.close();
  });

  it("gives a manager no Billing or Subscription screen even at its address, since the access rules keep them for the owner", async () => {
    for (const path of ['/dashboard/billing', '/dashboard/settings/subscription']) {
      const { context, page } = await open(DEMO.manager, path);
      await page.getByText('Either you typed a wrong URL, or you followed a bad link.').waitFor({ timeout: 60_000 });
      expect(await page.getByRole('heading', { name: /Billing|Subscription/ }).count(), path).toBe(0);
      await context.close();
    }
  });

  it('gives a barber the employee dashboard without any back-office link', async () => {
    const { context, page } = await open(DEMO.barbers[0]);
    // The employee dashboard is up once the barber's own place in the rotation shows.
    await page.getByTestId('your-spot').waitFor({ timeout: 60_000 });
    await page.getByRole('navigation', { name: 'Employee menu' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard/);
    for (const name of ['Barbers', 'Walk-ins', 'Customers', 'Billing', 'Team', 'Settings']) {
      expect(await page.getByRole('link', { name, exact: true }).count(), name).toBe(0);
    }
    await context.close();
  });
});

describe('shell controls', () => {
  it('opens the public check-in page of the shop in a new tab', async () => {
    const { context, page } = await open(DEMO.admin);
    const checkIn = page.getByRole('link', { name: 'Check In' });
    expect(await checkIn.getAttribute('href')).toBe(`/shop/${DEMO.shop}`);
    expect(await checkIn.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), checkIn.click()]);
    await tab.getByRole('heading', { level: 1, name: 'Fade Factory' }).waitFor({ timeout: 60_000 });
    expect(new URL(tab.url()).pathname).toBe(`/shop/${DEMO.shop}`);
    await context.close();
  });

  it('asks before logging out, and logs out only on confirm', async () => {
    const { context, page } = await open(DEMO.admin, '/dashboard', DESKTOP_VIEWPORT, { ownSession: true });
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    expect(await dialog.getByText('You will be logged out!').isVisible()).toBe(true);
    expect(await dialog.locator('[data-icon="warning"]').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();

    await sidebar.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Yes, logout!' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });

  it('shows the name and avatar letter in the top bar and a user menu that closes on an outside click', async () => {
    const { context, page } = await open(DEMO.admin, '/dashboard', DESKTOP_VIEWPORT, { ownSession: true });
    const userButton = page.getByRole('button', { name: 'Open user menu' });
    await userButton.waitFor();
    const me = await api<{ response: { name: string; email: string; plan_name: string } }>(server.baseUrl, 'GET', '/auth/get-user-data/', {
      token: await page.evaluate(() => localStorage.getItem('accessToken') ?? ''),
    });
    expect(await page.getByTestId('topbar-name').textContent()).toBe(me.body.response.name);
    expect((await userButton.textContent())?.startsWith(me.body.response.name.charAt(0).toUpperCase())).toBe(true);

    await userButton.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const header = page.getByTestId('user-menu-header');
    expect(await header.textContent()).toContain(me.body.response.email);
    expect(await header.textContent()).toContain(me.body.response.plan_name);
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['My Profile', 'Subscription', 'Settings', 'Logout']);
    await page.mouse.click(640, 700); // outside the menu
    await menu.waitFor({ state: 'hidden' });

    await userButton.click();
    await page.getByRole('menuitem', { name: 'Subscription' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/settings/subscription');

    // Logout from the user menu needs no confirmation.
    await userButton.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });

  it("shows today's figures on Home and updates them live when a customer checks in", async () => {
    const { context, page } = await open(DEMO.admin);
    const token = await page.evaluate(() => localStorage.getItem('accessToken') ?? '');
    const stats = async () =>
      (await api<{ response: { today: { waiting: number }; month: { check_ins: number } } }>(server.baseUrl, 'GET', '/stats/', { token })).body.response;
    const tile = (name: string) => page.getByRole('region', { name }).getByTestId('tile-value');
    await tile('Waiting now').waitFor({ timeout: 60_000 });
    const before = await stats();
    expect(await tile('Waiting now').textContent()).toBe(String(before.today.waiting));
    expect(await tile('Check-ins this month').textContent()).toBe(String(before.month.check_ins));
    for (const name of ['Check-ins per day', 'Busiest hours', 'Turns per barber']) {
      expect(await page.getByRole('region', { name }).locator('svg.recharts-surface').count(), name).toBeGreaterThan(0);
    }

    const res = await api(server.baseUrl, 'POST', '/check-in/', { body: { shop_username: DEMO.shop, name: 'Home Live', phone_number: '555-010-6060' } });
    expect(res.status).toBe(200);
    await page.getByRole('region', { name: 'Waiting now' }).getByText(String(before.today.waiting + 1), { exact: true }).waitFor({ timeout: 30_000 });
    expect(await tile('Check-ins this month').textContent()).toBe(String(before.month.check_ins + 1));
    await context.close();
  });

  it('resolves every dashboard route, aliases included', async () => {
    const { context, page } = await open(DEMO.admin);
    await sidebarLinks(page).first().waitFor();
    // Each route with the heading its own page shows once loaded.
    const routes: Array<[string, string | RegExp]> = [
      ['/dashboard/employees', 'Barbers'],
      ['/dashboard/barbers', 'Barbers'],
      ['/dashboard/services', 'Services'],
      ['/dashboard/customers', 'Customers'],
      ['/dashboard/appointments', 'Walk-ins'],
      ['/dashboard/walkin-management', 'Walk-ins'],
      ['/dashboard/calendar', /\d{4}|–/], // the week shown, e.g. "Nov 23 – Nov 29"
      ['/dashboard/billing', 'Billing'],
      ['/dashboard/team', 'Team Members'],
      ['/dashboard/settings/shop', 'Shop settings'],
      ['/dashboard/settings/store', 'Shop settings'],
      ['/dashboard/settings/settings', 'Shop settings'],
      ['/dashboard/support', 'Contact support'],
      ['/dashboard/settings/subscription', /^(Choose Your Plan|Unlock Chairline)$/],
      ['/dashboard/profile', 'My profile'],
      ['/dashboard/invoices', 'Invoices'],
    ];
    for (const [route, heading] of routes) {
      await page.goto(route);
      await pageLoaded(page, typeof heading === 'string' ? new RegExp(`^${heading}$`) : heading);
      expect(new URL(page.url()).pathname, route).toBe(route);
      expect(await page.getByText(/not found|page not found/i).count(), route).toBe(0);
    }
    await context.close();
  }, 300_000);
});

describe('usage bars', () => {
  it('colours the check-in bar by band at 40, 60 and 90 % and shows the trial badge', async () => {
    // A new shop is on the BASIC PLAN: 200 check-ins, 2 barbers, a 14-day trial.
    const signup = await api<{ access: string; refresh: string; user: { trial_days_remaining: number } }>(server.baseUrl, 'POST', '/auth/signup/', {
      body: { name: 'Usage Owner', email: 'usage-owner@chairline.test', password: 'usage-pass-123', shop_name: 'Usage Cuts', shop_username: 'usage-cuts' },
    });
    expect(signup.status).toBe(200);
    const token = signup.body.access;
    const addWalkins = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const res = await api(server.baseUrl, 'POST', '/walkins/', { token, body: { name: `Guest ${i}` } });
        expect(res.status).toBe(200);
      }
    };
    const context: BrowserContext = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP_VIEWPORT });
    await context.addInitScript((items: Record<string, string>) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, sessionStorageEntries(signup.body as never));
    // A BASIC PLAN shop: its marketing modal would cover the user menu (tests/upgrade-prompts.test.ts proves it).
    await skipMarketingPopup(context);
    const page = await context.newPage();
    await page.goto('/dashboard/team');

    const readBar = async (expectedLabel: string) => {
      await page.getByRole('button', { name: 'Open user menu' }).click();
      const bar = page.getByRole('progressbar', { name: 'Check-ins this month' });
      // The menu reloads the session user on open: wait for the new numbers.
      await expect.poll(() => bar.getAttribute('aria-valuetext'), { timeout: 15_000 }).toBe(expectedLabel);
      const result = {
        band: await bar.getAttribute('data-band'),
        percent: await bar.getAttribute('aria-valuenow'),
        label: await bar.getAttribute('aria-valuetext'),
        fill: await bar.locator('[data-fill]').evaluate((el) => getComputedStyle(el).backgroundImage),
        header: await page.getByTestId('user-menu-header').innerText(),
        barbers: await page.getByRole('progressbar', { name: 'Barbers' }).getAttribute('aria-valuetext'),
      };
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      return result;
    };

    await addWalkins(80);
    const low = await readBar('80 / 200');
    // The new shop's owner starts in the rotation, so takes one of the BASIC PLAN's two barber seats.
    expect(low).toMatchObject({ band: 'low', percent: '40', label: '80 / 200', barbers: '1 / 2' });
    expect(low.fill).toBe('linear-gradient(90deg, rgb(34, 197, 94), rgb(234, 179, 8))');
    expect(low.header).toContain('BASIC PLAN');
    expect(low.header).toContain(`${signup.body.user.trial_days_remaining} days left`);

    await addWalkins(40);
    const medium = await readBar('120 / 200');
    expect(medium).toMatchObject({ band: 'medium', percent: '60', label: '120 / 200' });
    expect(medium.fill).toBe('linear-gradient(90deg, rgb(234, 179, 8), rgb(249, 115, 22))');

    await addWalkins(60);
    const high = await readBar('180 / 200');
    expect(high).toMatchObject({ band: 'high', percent: '90', label: '180 / 200' });
    expect(high.fill).toBe('linear-gradient(90deg, rgb(249, 115, 22), rgb(239, 68, 68))');

    // Still in the trial: no floating Upgrade Plan button.
    expect(await page.getByRole('button', { name: 'Upgrade Plan' }).count()).toBe(0);
    await context.close();
  });
});

describe('phone-sized shell', () => {
  it('hides the sidebar behind a hamburger in a 64 px header with the 105 px logo', async () => {
    const { context, page } = await open(DEMO.admin, '/dashboard', PHONE_VIEWPORT);
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await toggle.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    const header = await page.locator('header').boundingBox();
    expect(header?.height).toBe(64);
    const logo = await page.locator('header').getByLabel('Chairline').boundingBox();
    expect(logo?.width).toBe(105);

    await toggle.click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor();
    await nav.getByRole('link', { name: 'Team', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/team');
    await nav.waitFor({ state: 'hidden' });

    // The user menu lives in the mobile header too.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['My Profile', 'Subscription', 'Settings', 'Logout']);
    await page.screenshot({ path: 'test-results/admin-shell-phone.png' });
    await context.close();
  });
});
