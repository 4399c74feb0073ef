import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, login } from './support/api.js';
import { launchBrowser, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// Cancel offers Undo for a few seconds; a cancelled ticket can be put back in line from its tab.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

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

const board = () => page.getByRole('region', { name: 'Walk-in board' });
const ticket = (name: string) => board().getByRole('article', { name: `Ticket ${name}` });
const inStatus = (name: string, status: string) =>
  board().locator(`article[data-status="${status}"]`).filter({ has: page.getByText(name, { exact: true }) }).waitFor();
/** The place shown on a waiting ticket's card. */
async function placeOf(name: string): Promise<string | null> {
  return ticket(name).getByLabel(/^Place \d+$/).getAttribute('aria-label');
}

/** Three walk-ins of this test, added at the desk and cancelled again when it ends. */
async function threeInLine(prefix: string) {
  const names = ['First', 'Middle', 'Last'].map((n) => `${prefix} ${n}`);
  const ids: number[] = [];
  for (const name of names) {
    const added = await api<{ response: { id: number } }>(server.baseUrl, 'POST', '/walkins/', { token: adminToken, body: { name } });
    expect(added.status).toBe(200);
    ids.push(added.body.response.id);
  }
  onTestFinished(async () => {
    for (const id of ids) await api(server.baseUrl, 'POST', `/walkins/${id}/cancel/`, { token: adminToken });
  });
  await page.goto('/dashboard/walkin-management');
  await board().waitFor({ timeout: 60_000 });
  await page.getByLabel('Live updates on').waitFor({ timeout: 60_000 });
  for (const name of names) await inStatus(name, 'waiting');
  return names as [string, string, string];
}

describe('safe walk-in actions', () => {
  it('cancels at once, and Undo in the notification puts the ticket back at its place', async () => {
    const [, middle, last] = await threeInLine('Undo');
    const middlePlace = await placeOf(middle);
    const lastPlace = await placeOf(last);
    expect(middlePlace).toMatch(/^Place \d+$/);

    await page.getByRole('button', { name: `Cancel ${middle}` }).click();
    await ticket(middle).waitFor({ state: 'detached' });
    await page.getByText('Walk-in cancelled').waitFor();
    // Those behind moved up one while it was out of line.
    expect(await placeOf(last)).toBe(middlePlace);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await inStatus(middle, 'waiting');
    await page.getByText(`${middle} is back in line`).waitFor();
    expect(await placeOf(middle)).toBe(middlePlace);
    expect(await placeOf(last)).toBe(lastPlace);
  });

  it('puts a cancelled ticket back in line from the Cancelled tab', async () => {
    const [, middle, last] = await threeInLine('Putback');
    const middlePlace = await placeOf(middle);
    const lastPlace = await placeOf(last);

    await page.getByRole('button', { name: `Cancel ${middle}` }).click();
    await ticket(middle).waitFor({ state: 'detached' });
    // Undo is offered for a few seconds only; here nobody takes it.
    await page.getByText('Walk-in cancelled').waitFor();
    await page.getByText('Walk-in cancelled').waitFor({ state: 'detached', timeout: 15_000 });

    await board().getByRole('tab', { name: /^Cancelled$/ }).click();
    await inStatus(middle, 'cancelled');
    await page.getByRole('button', { name: `Put back in line ${middle}` }).click();
    await page.getByText(`${middle} is back in line`).waitFor();
    await ticket(middle).waitFor({ state: 'detached' });

    await board().getByRole('tab', { name: /^Waiting/ }).click();
    await inStatus(middle, 'waiting');
    expect(await placeOf(middle)).toBe(middlePlace);
    expect(await placeOf(last)).toBe(lastPlace);
  });
});
