import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, login } from './support/api.js';
import { launchBrowser, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The owner chooses whether they take walk-ins from the Barbers page; the barber usage follows.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

interface Member {
  id: number;
  name: string;
  is_owner: boolean;
  position: number | null;
}
const totalBarbers = async () =>
  (await api<{ response: { total_barbers: number } }>(server.baseUrl, 'GET', '/auth/get-user-data/', { token: adminToken })).body.response.total_barbers;
const owner = async () => {
  const team = await api<{ response: Member[] }>(server.baseUrl, 'GET', '/team/team-members/', { token: adminToken });
  const found = team.body.response.find((m) => m.is_owner);
  if (!found) throw new Error('the demo shop has no owner');
  return found;
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = (await login(server.baseUrl, DEMO.admin)).access;
  context = await signedInContext(browser, server.baseUrl, DEMO.admin);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** The "Barbers" usage bar of the user menu, as the person reads it (e.g. "4 / 5"). */
async function barberUsage(): Promise<string | null> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const bar = page.getByRole('progressbar', { name: 'Barbers' });
  await bar.waitFor();
  const text = await bar.getAttribute('aria-valuetext');
  await page.keyboard.press('Escape');
  await bar.waitFor({ state: 'hidden' });
  return text;
}

describe('the owner joins and leaves the rotation from the Barbers page', () => {
  it('adds the owner to the rotation and takes them out again; the usage bar counts them only while in it', async () => {
    const { name, position } = await owner();
    expect(position).toBeNull(); // the demo owner does not take walk-ins
    const before = await totalBarbers();
    // Whatever happens below, the owner ends out of the rotation again.
    onTestFinished(async () => {
      const now = await owner();
      if (now.position !== null) await api(server.baseUrl, 'POST', '/rotation/leave/', { token: adminToken, body: { barber_id: now.id } });
    });
    await page.goto('/dashboard/employees');
    await page.getByRole('heading', { name: 'Barbers', level: 1 }).waitFor({ timeout: 60_000 });
    const outside = page.getByRole('region', { name: 'Not taking walk-ins' });
    await outside.getByRole('button', { name: `Add to rotation: ${name}` }).waitFor({ timeout: 30_000 });
    expect(await barberUsage()).toMatch(new RegExp(`^${before} / `));

    await outside.getByRole('button', { name: `Add to rotation: ${name}` }).click();
    const leaveButton = page.getByRole('button', { name: `Take out of rotation: ${name}` });
    await leaveButton.waitFor({ timeout: 30_000 });
    await page.getByText(`${name} is back in the rotation and takes walk-ins.`).waitFor();
    // Their card is last in the rotation order.
    const cards = await page.locator('div.MuiCard-root[aria-label]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(cards.at(-1)).toBe(name);
    expect(await barberUsage()).toMatch(new RegExp(`^${before + 1} / `));
    expect(await totalBarbers()).toBe(before + 1);

    await leaveButton.click();
    await outside.getByRole('button', { name: `Add to rotation: ${name}` }).waitFor({ timeout: 30_000 });
    expect(await leaveButton.count()).toBe(0);
    expect(await barberUsage()).toMatch(new RegExp(`^${before} / `));
    expect(await totalBarbers()).toBe(before);
  });
});
