import { formatInShopZone, lastCompletePayPeriod, PAY_CYCLE_LABELS, type CommissionRow, type LoginReply } from '@chairline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, sharedLogin } from './support/api.js';
import { contextWithSession, launchBrowser, sharedSignedInContext, skipMarketingPopup } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// A new shop's owner cuts hair: Team, the usage bar, the plan limit, the Barbers page (rotation),
// the calendar and the commission report all count them, and stop counting them when they say on
// their team record that they no longer cut hair. Then commission settings and the report default.

const LIMIT_MESSAGE = 'Your plan (BASIC PLAN) allows 2 barbers. Upgrade your plan to add more.';
const OWNER = 'Olive Owner';
const BARBER = 'Bea Barber';

let server: RunningServer;
let browser: Browser;
let owner: LoginReply;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const signup = await api<LoginReply>(server.baseUrl, 'POST', '/auth/signup/', {
    body: { name: OWNER, email: 'olive@corner.test', password: 'olive-pass-123', shop_name: 'Corner Cuts', shop_username: 'corner-cuts', timezone: 'America/New_York' },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(200);
  owner = signup.body;
  for (const [name, email, role] of [
    [BARBER, 'bea@corner.test', 'barber'],
    ['Desk Dana', 'dana@corner.test', 'manager'],
  ] as const) {
    const made = await api(server.baseUrl, 'POST', '/barbers/', { token: owner.access, body: { name, phone_number: '5550001111', email, role } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  }
  context = await contextWithSession(browser, server.baseUrl, owner);
  await skipMarketingPopup(context);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** The "Barbers" usage bar of the user menu, as the person reads it (e.g. "2 / 2"). */
async function barberUsage(): Promise<string | null> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const bar = page.getByRole('progressbar', { name: 'Barbers' });
  await bar.waitFor();
  const text = await bar.getAttribute('aria-valuetext');
  await page.keyboard.press('Escape');
  await bar.waitFor({ state: 'hidden' });
  return text;
}

const sorted = (names: (string | null)[]) => names.map((n) => n ?? '').sort();

/** What each of the five screens counts as barbers, as names (and the usage bar's figure). */
async function fiveScreens(expected: string[]) {
  const names = [...expected].sort();
  await page.goto('/dashboard/team');
  await page.getByRole('heading', { name: 'Team Members' }).waitFor({ timeout: 60_000 });
  const barbersTable = page.getByRole('table', { name: 'Barbers' });
  await barbersTable.waitFor();
  await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual([`Barbers (${names.length})`, 'Managers (2)']);
  const teamNames = await barbersTable.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('p')?.textContent ?? ''));
  expect(sorted(teamNames)).toEqual(names);

  expect(await barberUsage()).toBe(`${names.length} / 2`);

  await page.goto('/dashboard/employees');
  await page.getByRole('heading', { name: 'Barbers', level: 1 }).waitFor({ timeout: 60_000 });
  const cards = page.locator('div.MuiCard-root[aria-label]');
  await cards.first().waitFor();
  await expect.poll(async () => sorted(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))))).toEqual(names);

  await page.goto('/dashboard/calendar');
  const columns = page.getByRole('region', { name: / schedule$/ });
  await columns.first().waitFor({ timeout: 60_000 });
  await expect.poll(async () => sorted(await columns.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))))).toEqual(names.map((n) => `${n} schedule`));

  await page.goto('/dashboard/invoices');
  const report = page.getByRole('table', { name: 'Commission report' });
  await report.waitFor({ timeout: 60_000 });
  await expect
    .poll(async () => sorted(await report.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''))))
    .toEqual(names);
}

describe('the owner as barber, one truth', () => {
  it('counts the owner on all five screens while they cut hair, refuses a third barber, and drops them everywhere when they stop', async () => {
    await fiveScreens([OWNER, BARBER]);

    // The plan is full with the owner counted: the Team form's next barber is refused.
    await page.goto('/dashboard/team');
    await page.getByRole('button', { name: '+ Create barber' }).click();
    const form = page.getByRole('dialog', { name: 'Create barber' });
    await form.getByLabel('Name').fill('Third Barber');
    await form.getByLabel('Phone number').fill('5550002222');
    await form.getByLabel('Email').fill('third@corner.test');
    await form.getByRole('button', { name: 'Add' }).click();
    await page.getByText(LIMIT_MESSAGE).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await form.getByRole('button', { name: 'Cancel' }).click();

    // The owner's team record: "Cuts hair" off.
    await page.getByRole('button', { name: `Edit ${OWNER}` }).first().click();
    const edit = page.getByRole('dialog', { name: /^Edit/ });
    const cutsHair = edit.getByRole('checkbox', { name: 'Cuts hair' });
    expect(await cutsHair.isChecked()).toBe(true);
    await cutsHair.uncheck();
    // The team form requires a phone number, which sign-up does not ask for.
    await edit.getByLabel('Phone number').fill('5550003333');
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Barber updated successfully!').waitFor();

    await fiveScreens([BARBER]);
    // Still on the team, out of the rotation, with "Add to rotation" on the Barbers page.
    await page.goto('/dashboard/employees');
    await page.getByRole('button', { name: `Add to rotation: ${OWNER}` }).waitFor({ timeout: 60_000 });
  });
});

describe('commissions set where they are used', () => {
  it('an admin sets a pay cycle and percentage on the commission settings screen; the report shows the last complete period', async () => {
    const demo = await sharedSignedInContext(browser, server.baseUrl, DEMO.admin);
    const p = await demo.newPage();
    await p.goto('/dashboard/invoices');
    await p.getByRole('table', { name: 'Commission report' }).waitFor({ timeout: 60_000 });
    await p.getByRole('link', { name: 'Commission settings' }).click();
    await p.getByRole('heading', { name: 'Commission settings', level: 1 }).waitFor({ timeout: 60_000 });
    const table = p.getByRole('table', { name: 'Commission settings' });
    await table.waitFor();
    // Only people who cut hair earn commission: the demo's three barbers, not the owner or manager at the desk.
    const earners = sorted(await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('p')?.textContent ?? '')));
    expect(earners).toEqual(['Andre Silva', 'Jay Kim', 'Marcus Reed'].sort());

    // A percentage with three decimals is refused with the server's message; two decimals are saved.
    const percentage = p.getByLabel('Percentage of Jay Kim');
    await percentage.fill('12.345');
    await p.getByRole('button', { name: 'Save Jay Kim' }).click();
    await p.getByText('The percentage can have at most two decimals.').waitFor();
    await table.getByRole('row', { name: /Jay Kim/ }).getByRole('combobox').click();
    await p.getByRole('option', { name: PAY_CYCLE_LABELS.semimonthly }).click();
    await percentage.fill('42.5');
    await p.getByRole('button', { name: 'Save Jay Kim' }).click();
    await p.getByText(`Jay Kim: Commission settings saved.`).waitFor();

    // The report (in the shop's New York calendar) defaults to each barber's last complete period.
    const today = formatInShopZone(new Date(), 'America/New_York', 'yyyy-MM-dd');
    const last = lastCompletePayPeriod('semimonthly', today);
    await p.getByRole('link', { name: 'Invoices' }).first().click();
    const report = p.getByRole('table', { name: 'Commission report' });
    const jay = report.getByRole('row', { name: /Jay Kim/ });
    await expect.poll(() => jay.textContent(), { timeout: 30_000 }).toContain(`${last.start} → ${last.end}`);
    expect(await jay.textContent()).toContain(PAY_CYCLE_LABELS.semimonthly);
    expect(await jay.textContent()).toContain('42.5%');
    const admin = await sharedLogin(server.baseUrl, DEMO.admin);
    const rows = (await api<{ response: CommissionRow[] }>(server.baseUrl, 'GET', '/invoices/commissions/', { token: admin.access })).body.response;
    const jayRow = rows.find((r) => r.barber === 'Jay Kim');
    expect(jayRow).toMatchObject({ period_start: last.start, period_end: last.end, percentage: 42.5 });
    expect(await jay.textContent()).toContain(`$${(jayRow?.commission ?? -1).toFixed(2)}`);
    await demo.close();
  });

  it('a manager sees the settings but cannot change them', async () => {
    const manager = await sharedSignedInContext(browser, server.baseUrl, DEMO.manager);
    const p = await manager.newPage();
    await p.goto('/dashboard/invoices/commissions');
    await p.getByRole('heading', { name: 'Commission settings', level: 1 }).waitFor({ timeout: 60_000 });
    await p.getByText('Only an admin can change commission settings.').waitFor();
    expect(await p.getByLabel('Percentage of Marcus Reed').isDisabled()).toBe(true);
    expect(await p.getByRole('button', { name: 'Save Marcus Reed' }).count()).toBe(0);
    await manager.close();
  });
});
