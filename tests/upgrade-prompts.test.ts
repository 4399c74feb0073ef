import { STORAGE_KEYS, PLAN_NOTICE_DISMISSED_KEY } from '@chairline/shared';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, DEMO, sessionStorageEntries } from './support/api.js';
import { DESKTOP_VIEWPORT, signedInContext, skipMarketingPopup } from './support/browser.js';
import { useApp } from './support/harness.js';

// The upgrade prompts and the plan notice of the back office, in Chromium against the real server.
// Time is Playwright's injected clock (installed before the page loads, then moved on by the test):
// no test waits for a prompt in real time.

const app = useApp();
const contexts: BrowserContext[] = [];
let shops = 0;

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

interface Signup {
  access: string;
  refresh: string;
  user: { trial_days_remaining: number; plan_name: string };
}

/** A new shop: BASIC PLAN, 200 check-ins and 2 barbers a month, in a 14-day trial. */
async function newBasicShop(checkIns = 0): Promise<Signup> {
  shops += 1;
  const res = await api<Signup>(app.baseUrl, 'POST', '/auth/signup/', {
    body: { name: `Prompt Owner ${shops}`, email: `prompt-owner-${shops}@chairline.test`, password: 'prompt-pass-123', shop_name: `Prompt Cuts ${shops}`, shop_username: `prompt-cuts-${shops}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.user.plan_name).toBe('BASIC PLAN');
  for (let i = 0; i < checkIns; i++) {
    const walkin = await api(app.baseUrl, 'POST', '/walkins/', { token: res.body.access, body: { name: `Guest ${i}` } });
    expect(walkin.status).toBe(200);
  }
  return res.body;
}

/** A browser signed in as the shop's owner (tokens seeded once), with the clock installed. */
async function ownerContext(shop: Signup, options: { skipModal?: boolean; locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport: DESKTOP_VIEWPORT, locale: options.locale ?? 'en-GB', timezoneId: 'UTC' });
  contexts.push(context);
  await context.addInitScript((items: Record<string, string>) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, sessionStorageEntries(shop as never));
  if (options.skipModal) await skipMarketingPopup(context);
  const page = await context.newPage();
  await freezeClock(page);
  return { context, page };
}

/** The page's clock stands still from before the first load: only the test moves it on. */
async function freezeClock(page: Page) {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

/**
 * Opens the team screen and waits for the shell's header: the prompts' schedule starts when the
 * shell mounts, at the frozen time, so every later runFor is measured from that moment.
 */
async function openTeam(page: Page) {
  await page.goto('/dashboard/team');
  await page.getByRole('banner').getByRole('button', { name: 'Open user menu' }).waitFor({ timeout: 60_000 });
}

/** Moves the clock on in small steps until the locator shows (lazy screens may wait on a timer). */
async function advanceUntilVisible(page: Page, locator: Locator, limitMs = 10_000) {
  for (let spent = 0; spent <= limitMs; spent += 100) {
    if (await locator.isVisible()) return;
    await page.clock.runFor(100);
  }
  await locator.waitFor({ timeout: 1 });
}

/** Lets React render what the last timers changed (its scheduler runs on MessageChannel, not on the clock). */
async function settle(page: Page) {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    }));
  }
}

const modal = (page: Page) => page.getByRole('dialog', { name: 'Get more out of Chairline' });
const cornerCard = (page: Page) => page.getByRole('dialog', { name: 'Ready for more walk-ins?' });
const usageAlert = (page: Page) => page.getByRole('dialog', { name: "You're close to your plan limit" });
const ribbon = (page: Page) => page.getByRole('dialog', { name: 'A gift for your trial' });
const limitedPopup = (page: Page) => page.getByRole('dialog', { name: 'Limited-time offer' });
const banner = (page: Page) => page.getByRole('region', { name: 'Upgrade banner' });
const anyPrompt = (page: Page) => page.locator('[data-testid^="upgrade-"], [data-upgrade-prompt]');

describe('the marketing modal', () => {
  it('shows once, 1.5 s after load, and not again after closing and reloading', async () => {
    const shop = await newBasicShop();
    const { page } = await ownerContext(shop);
    await openTeam(page);
    await page.clock.runFor(1400);
    await page.getByRole('heading', { name: 'Team Members' }).waitFor();
    await settle(page);
    expect(await modal(page).count()).toBe(0);
    await page.clock.runFor(100);
    await modal(page).waitFor();
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/dashboard/settings/subscription');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.marketingPopupShown)).toBeNull();

    await page.keyboard.press('Escape');
    await page.clock.runFor(1000); // the closing transition
    await modal(page).waitFor({ state: 'hidden' });
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.marketingPopupShown)).toBe('true');

    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Open user menu' }).waitFor();
    // Past 1.5 s and up to the corner card at 5 s: the modal would have come first; it does not.
    await page.clock.runFor(5000);
    await cornerCard(page).waitFor();
    expect(await modal(page).count()).toBe(0);
  });
});

describe('the prompt schedule', () => {
  it('shows the prompts one at a time at their first delays; the corner card counts down 15 s and closes itself; the usage alert at 80 %', async () => {
    const shop = await newBasicShop(160); // 160 of 200 check-ins: 80 %
    const { page } = await ownerContext(shop, { skipModal: true });
    await openTeam(page);

    await page.clock.runFor(4900);
    await settle(page);
    expect(await anyPrompt(page).count()).toBe(0);
    await page.clock.runFor(100); // 5 s
    await cornerCard(page).waitFor();
    expect(await cornerCard(page).getByText('Closes in 15 s').isVisible()).toBe(true);
    expect(await cornerCard(page).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/dashboard/settings/subscription');

    await page.clock.runFor(5000); // 10 s: the banner (8 s) and the alert (10 s) are due, but wait their turn
    await cornerCard(page).getByText('Closes in 10 s').waitFor();
    expect(await anyPrompt(page).count()).toBe(1);

    await page.clock.runFor(10_000); // 20 s: the card's 15 s are over
    await banner(page).waitFor();
    expect(await cornerCard(page).count()).toBe(0);
    expect(await anyPrompt(page).count()).toBe(1);
    expect(await banner(page).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/dashboard/settings/subscription');

    await banner(page).getByRole('button', { name: 'Close' }).click();
    await usageAlert(page).waitFor();
    expect(await usageAlert(page).getByText('160 of 200 check-ins used this month (80%).').isVisible()).toBe(true);
    expect(await anyPrompt(page).count()).toBe(1);

    await usageAlert(page).getByRole('link', { name: 'Raise my limits' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/settings/subscription');
    await advanceUntilVisible(page, page.getByRole('heading', { name: 'Choose Your Plan' }));
    // Nothing covers the plans screen itself, though the ribbon (12 s) and limited popup (15 s) are due.
    await page.clock.runFor(60_000);
    await settle(page);
    expect(await anyPrompt(page).count()).toBe(0);
  });

  it('repeats each prompt at its interval, never over an open dialog', async () => {
    const shop = await newBasicShop(); // under 80 %: no usage alert at all
    const { page } = await ownerContext(shop, { skipModal: true });
    await openTeam(page);

    // The user menu (a MUI modal) is open when the corner card falls due: it waits.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menu').waitFor();
    await page.clock.runFor(6000);
    await settle(page);
    expect(await anyPrompt(page).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.clock.runFor(1000); // the menu's closing transition
    await cornerCard(page).waitFor();

    await cornerCard(page).getByRole('button', { name: 'Close' }).click(); // t = 7 s
    await page.clock.runFor(1000); // 8 s
    await banner(page).waitFor();
    await page.keyboard.press('Escape'); // Escape closes a prompt too
    await banner(page).waitFor({ state: 'hidden' });
    await page.clock.runFor(4000); // 12 s
    await ribbon(page).waitFor();
    expect(await ribbon(page).getByText(`${shop.user.trial_days_remaining} trial days left`, { exact: false }).isVisible()).toBe(true);
    expect(await usageAlert(page).count()).toBe(0);
    await ribbon(page).getByRole('button', { name: 'Close' }).click();
    await page.clock.runFor(3000); // 15 s
    await limitedPopup(page).waitFor();
    expect(await limitedPopup(page).getByRole('link', { name: 'View offers' }).getAttribute('href')).toBe('/dashboard/settings/subscription');
    await limitedPopup(page).getByRole('button', { name: 'Close' }).click();
    await settle(page);
    expect(await anyPrompt(page).count()).toBe(0);

    // The corner card returns 30 min after it first fell due (t = 5 s + 30 min).
    await page.clock.fastForward(29 * 60_000 + 40_000); // t = 29 min 55 s
    await settle(page);
    expect(await anyPrompt(page).count()).toBe(0);
    await page.clock.runFor(10_000); // t = 30 min 5 s and on
    await cornerCard(page).waitFor();
    await cornerCard(page).getByRole('button', { name: 'Close' }).click();
    // The banner: 8 s + 45 min.
    await page.clock.fastForward(15 * 60_000 + 10_000); // t = 45 min 15 s
    await banner(page).waitFor();
    await banner(page).getByRole('button', { name: 'Close' }).click();
    await settle(page);
    expect(await anyPrompt(page).count()).toBe(0);
  });

  it('never shows a prompt to a shop on a paid plan', async () => {
    const context = await signedInContext(app.browser, app.baseUrl, DEMO.admin); // the demo shop is on PRO
    contexts.push(context);
    const page = await context.newPage();
    await freezeClock(page);
    await openTeam(page);
    await page.clock.runFor(20_000);
    await settle(page);
    expect(await anyPrompt(page).count()).toBe(0);
    expect(await page.getByTestId('plan-notice').count()).toBe(0);
  });
});

describe('the plan notice', () => {
  it('says when the trial ends, in the locale format, and stays dismissed for that date', async () => {
    const shop = await newBasicShop();
    const { page } = await ownerContext(shop, { skipModal: true, locale: 'en-GB' });
    await openTeam(page);
    const end = new Date(Date.now() + shop.user.trial_days_remaining * 86_400_000);
    const sameYear = end.getUTCFullYear() === new Date().getUTCFullYear();
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC', ...(sameYear ? {} : { year: 'numeric' }) }).format(end);
    const notice = page.getByTestId('plan-notice');
    expect(await notice.innerText()).toContain(`Your trial ends on ${date}.`);
    expect(await notice.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/dashboard/settings/subscription');

    await notice.getByRole('button', { name: 'Dismiss notice' }).click();
    await notice.waitFor({ state: 'hidden' });
    const stored = await page.evaluate((key) => localStorage.getItem(key), PLAN_NOTICE_DISMISSED_KEY);
    expect(JSON.parse(stored ?? '{}')).toHaveProperty('trial');
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Open user menu' }).waitFor();
    expect(await page.getByTestId('plan-notice').count()).toBe(0);
  });
});
