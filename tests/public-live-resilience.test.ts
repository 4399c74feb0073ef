import type { PublicTicket } from '@chairline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO } from './support/api.js';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// Live pages on a bad network: a failed refresh keeps the last data on screen with a small
// "Offline — retrying…" note, and the page catches up by itself once the network is back.

const OFFLINE = 'Offline — retrying…';
/** How soon after the network returns the ticket must show the new place. */
const RECOVERY_MS = 5_000;

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

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE_VIEWPORT });
  contexts.push(context);
  return context.newPage();
}

async function apiCheckIn(name: string, phone: string): Promise<PublicTicket> {
  const res = await api<{ response: PublicTicket }>(server.baseUrl, 'POST', '/check-in/', {
    body: { shop_username: DEMO.shop, name, phone_number: phone, barber_id: 'any', service_ids: [], source: 'online' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response;
}

const cancel = async (token: string) => expect((await api(server.baseUrl, 'POST', `/check-in/${token}/cancel/`)).status).toBe(200);

describe('the ticket page on a bad network', () => {
  it('keeps the old place with the offline note while the API is unreachable, and shows the new place within 5 s of the network returning', async () => {
    const ahead = await apiCheckIn('Ada Ahead', '+1 555 012 1001');
    const mine = await apiCheckIn('Milo Mine', '+1 555 012 1002');
    const place = mine.place ?? 0;
    expect(place).toBeGreaterThanOrEqual(2);

    const page = await newPage();
    await page.goto(`/shop/demo/ticket/${mine.token}`);
    await page.locator('[data-live]').waitFor();
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toBe(`You're #${place} in line`);
    expect(await page.getByText(OFFLINE).count()).toBe(0);

    // The network goes: every API call fails, the event stream included, and the open stream drops.
    await page.route('**/api/**', (route) => route.abort());
    await page.context().setOffline(true);
    await page.context().setOffline(false);

    // Someone ahead leaves; the page cannot fetch it.
    await cancel(ahead.token);
    const note = page.getByRole('status').filter({ hasText: OFFLINE });
    await note.waitFor({ timeout: 30_000 });
    expect(await heading.textContent()).toBe(`You're #${place} in line`);
    expect(await page.getByText('Milo M.', { exact: true }).isVisible()).toBe(true);

    // The network returns: the page catches up by itself, with no new queue change to prompt it.
    await page.unroute('**/api/**');
    const back = Date.now();
    await page.getByRole('heading', { level: 1, name: `You're #${place - 1} in line` }).waitFor({ timeout: RECOVERY_MS });
    expect(Date.now() - back).toBeLessThanOrEqual(RECOVERY_MS);
    await note.waitFor({ state: 'detached', timeout: 30_000 });
    await cancel(mine.token);
  });

  it('after a single failed refresh over a working event stream, retries by itself once the API answers again', async () => {
    const ahead = await apiCheckIn('Bo Before', '+1 555 012 2001');
    const mine = await apiCheckIn('Cy Current', '+1 555 012 2002');
    const place = mine.place ?? 0;
    const page = await newPage();
    await page.goto(`/shop/demo/ticket/${mine.token}`);
    await page.locator('[data-live]').waitFor();
    await page.getByRole('heading', { level: 1, name: `You're #${place} in line` }).waitFor();

    // Only the ticket request fails; the already open stream still brings the change.
    await page.route(`**/api/check-in/${mine.token}/`, (route) => route.abort());
    await cancel(ahead.token);
    await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`You're #${place} in line`);

    await page.unroute(`**/api/check-in/${mine.token}/`);
    const back = Date.now();
    await page.getByRole('heading', { level: 1, name: `You're #${place - 1} in line` }).waitFor({ timeout: RECOVERY_MS });
    expect(Date.now() - back).toBeLessThanOrEqual(RECOVERY_MS);
    expect(await page.getByText(OFFLINE).count()).toBe(0);
    await cancel(mine.token);
  });
});
