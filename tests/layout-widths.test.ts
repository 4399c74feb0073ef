import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/api.js';
import { launchBrowser, sharedSignedInContext, skipMarketingPopup } from './support/browser.js';
import { formatProblems, layoutProblems } from './support/layout.js';
import { startServer, type RunningServer } from './support/server.js';

// Every main back-office screen and the barber workspace at a small laptop (1024 px), a common
// laptop (1280 px) and a phone (390 px): no chip, tab, select, button, field label or placeholder is
// cut, and no page scrolls sideways. The check measures element boxes (tests/support/layout.ts);
// the screenshots are kept only as evidence (E2E_SCREENSHOTS=dir keeps them, else a temp folder
// that is removed afterwards).

const WIDTHS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const keepShots = process.env.E2E_SCREENSHOTS;
const shotsDir = keepShots ?? mkdtempSync(join(tmpdir(), 'chairline-layout-'));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
  if (!keepShots) rmSync(shotsDir, { recursive: true, force: true });
});

async function pageAs(email: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await sharedSignedInContext(browser, server.baseUrl, email, { viewport });
  // The demo shop is on the basic plan: its marketing modal would cover the page.
  await skipMarketingPopup(context);
  contexts.push(context);
  return context.newPage();
}

/** The page's own heading is up and nothing in the main area is still loading. */
async function loaded(page: Page, heading?: string | RegExp, ready?: (main: Locator) => Locator) {
  const main = page.locator('main');
  await main.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first().waitFor({ timeout: 60_000 });
  await expect.poll(() => main.getByRole('progressbar', { name: 'Loading' }).count(), { timeout: 60_000 }).toBe(0);
  if (ready) await ready(main).first().waitFor({ timeout: 60_000 });
}

async function check(page: Page, name: string, width: number) {
  await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
  // On a phone a wide table or the plan carousel may scroll sideways inside its own box; on a
  // laptop everything shows whole.
  const problems = await layoutProblems(page, { scrollersMayCut: width < 768 });
  expect(problems, formatProblems(`${name} at ${width} px`, problems)).toEqual([]);
}

interface Screen {
  name: string;
  path: string;
  heading?: string | RegExp;
  ready?: (main: Locator) => Locator;
}

const SCREENS: Screen[] = [
  { name: 'home', path: '/dashboard', ready: (m) => m.getByRole('region', { name: 'Waiting now' }) },
  { name: 'barbers', path: '/dashboard/employees', heading: 'Barbers', ready: (m) => m.getByRole('combobox', { name: 'Status of Jay Kim' }) },
  { name: 'calendar', path: '/dashboard/calendar', ready: (m) => m.getByRole('group', { name: 'Calendar view' }) },
  { name: 'customers', path: '/dashboard/customers', heading: 'Customers', ready: (m) => m.getByPlaceholder('Search name, phone or email') },
  { name: 'services', path: '/dashboard/services', heading: 'Services', ready: (m) => m.getByText('Skin fade') },
  { name: 'invoices', path: '/dashboard/invoices', heading: 'Invoices', ready: (m) => m.getByRole('table', { name: 'Commission report' }).getByRole('row', { name: /Andre Silva/ }) },
  { name: 'team', path: '/dashboard/team', heading: 'Team Members', ready: (m) => m.getByRole('table') },
  { name: 'settings', path: '/dashboard/settings/settings', heading: 'Shop settings' },
  { name: 'subscription', path: '/dashboard/settings/subscription' },
  { name: 'new-appointment', path: '/dashboard/appointments/create', heading: 'New appointment' },
];

describe.each(WIDTHS)('back office at $width px', (viewport) => {
  let page: Page;
  beforeAll(async () => {
    page = await pageAs(DEMO.admin, viewport);
  });

  it.each(SCREENS)('$name: nothing is cut and nothing scrolls sideways', async (screen) => {
    await page.goto(screen.path);
    await loaded(page, screen.heading, screen.ready);
    await check(page, screen.name, viewport.width);
  });

  it('walk-ins: every board tab and the appointments view show whole', async () => {
    await page.goto('/dashboard/walkin-management');
    await loaded(page, 'Walk-ins', (m) => m.getByRole('region', { name: 'Walk-in board' }).getByText('Chris Young'));
    const board = page.getByRole('region', { name: 'Walk-in board' });
    const tabs = board.getByRole('tab');
    expect(await tabs.count()).toBe(6);
    for (let i = 0; i < 6; i += 1) {
      const tab = tabs.nth(i);
      // Chosen from the keyboard (focus, Enter), a real way to pick a tab. A tap on a phone-width
      // strip can miss under load: MUI slides the strip back to the selected tab when it re-renders,
      // and a slide between the press and the release sends the click to the strip, not the tab.
      await tab.press('Enter');
      await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 30_000 }).toBe('true');
      await expect.poll(() => board.getByRole('progressbar', { name: 'Loading' }).count(), { timeout: 60_000 }).toBe(0);
      await check(page, `walkins-tab-${i + 1}`, viewport.width);
    }
    await page.getByRole('tab', { name: 'Appointments' }).click();
    await expect.poll(() => page.locator('main').getByRole('progressbar', { name: 'Loading' }).count(), { timeout: 60_000 }).toBe(0);
    await check(page, 'walkins-appointments', viewport.width);
  });
});

describe.each(WIDTHS)('barber workspace at $width px', (viewport) => {
  it('home, invoice and profile: nothing is cut and nothing scrolls sideways', async () => {
    const page = await pageAs(DEMO.barbers[1], viewport);
    await page.goto('/dashboard');
    await page.getByTestId('your-spot').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('main').getByRole('progressbar', { name: 'Loading' }).count(), { timeout: 60_000 }).toBe(0);
    await check(page, 'workspace-home', viewport.width);
    for (const [item, heading] of [
      ['Invoice', 'Invoice'],
      ['Profile', 'Profile'],
    ] as const) {
      if (viewport.width < 768) await page.getByRole('button', { name: 'Toggle menu' }).click();
      await page.getByRole('button', { name: item, exact: true }).click();
      await loaded(page, heading);
      await check(page, `workspace-${item.toLowerCase()}`, viewport.width);
    }
  });
});
