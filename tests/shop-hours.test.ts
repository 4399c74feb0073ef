import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ShopSettings } from '@chairline/shared';
import { api, DEMO } from './support/api.js';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from './support/browser.js';
import { useApp } from './support/harness.js';

// Opening hours and the walk-in pause as customers meet them: the shop page and the kiosk say why
// check-in is closed instead of offering a form, and follow the owner's pause and resume live.

const app = useApp();
let adminToken: string;

beforeAll(async () => {
  adminToken = await app.token(DEMO.admin);
});

async function publicPage(path: string, viewport: { width: number; height: number } = PHONE_VIEWPORT): Promise<Page> {
  const page = await app.open(path, { viewport });
  await page.locator('[data-live]').waitFor({ timeout: 60_000 });
  return page;
}

const checkInButton = (page: Page) => page.getByRole('button', { name: 'Check in', exact: true });

describe('pausing the walk-in list', () => {
  it('the owner pauses from Walk-ins with a reason: the open shop page shows it instead of Check in; resume brings it back', async () => {
    onTestFinished(async () => {
      await api(app.baseUrl, 'POST', '/walkins/resume/', { token: adminToken });
    });
    const shopPage = await publicPage('/shop/demo');
    await checkInButton(shopPage).waitFor({ timeout: 60_000 });

    const adminContext = await app.signedInContext(DEMO.admin, { viewport: DESKTOP_VIEWPORT });
    const admin = await adminContext.newPage();
    await admin.goto('/dashboard/walkin-management');
    await admin.getByRole('region', { name: 'Walk-in board' }).waitFor({ timeout: 60_000 });
    await admin.getByRole('button', { name: 'Pause check-ins' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Pause check-ins' });
    await dialog.getByLabel('Reason shown to customers').fill('Fully booked today');
    await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'Check-ins paused: Fully booked today' }).waitFor({ timeout: 30_000 });

    // The shop page was already open: the pause reaches it live, and there is nothing to type.
    const notice = shopPage.locator('[data-check-in="paused"]');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.getByRole('heading').textContent()).toBe('Check-ins are paused');
    expect(await notice.locator('.check-in-closed-message').textContent()).toBe('Check-ins are paused: Fully booked today');
    expect(await checkInButton(shopPage).count()).toBe(0);
    expect(await shopPage.getByLabel('Your name').count()).toBe(0);

    // The kiosk at the door says the same, with no Check in button on the barber cards either.
    const kiosk = await publicPage('/shop/demo?kiosk=1', { width: 1024, height: 1366 });
    await kiosk.locator('[data-check-in="paused"]').waitFor({ timeout: 30_000 });
    await kiosk.getByRole('heading', { name: 'Our barbers' }).waitFor();
    expect(await kiosk.getByRole('button', { name: /^Check in/ }).count()).toBe(0);

    const refused = await api<{ response: string }>(app.baseUrl, 'POST', '/check-in/', {
      body: { shop_username: DEMO.shop, name: 'Paused Guest', phone_number: '555-010-4477' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.response).toBe('Check-ins are paused: Fully booked today');

    await admin.getByRole('button', { name: 'Resume check-ins' }).click();
    await admin.getByRole('button', { name: 'Pause check-ins' }).waitFor({ timeout: 30_000 });
    await checkInButton(shopPage).waitFor({ timeout: 30_000 });
    expect(await shopPage.locator('[data-check-in]').count()).toBe(0);
    await kiosk.getByRole('button', { name: 'Check in', exact: true }).waitFor({ timeout: 30_000 });
  });
});

describe('opening hours on the shop page', () => {
  it("shows today's hours and, with every day closed, 'Closed now' and the reason instead of Check in", async () => {
    const current = await api<{ response: ShopSettings }>(app.baseUrl, 'GET', '/shop/settings/', { token: adminToken });
    const s = current.body.response;
    const settingsBody = (opening_hours: ShopSettings['opening_hours']) => ({
      name: s.name,
      username: s.username,
      address: s.address,
      phone_number: s.phone_number,
      timezone: s.timezone,
      opening_hours,
      pin_enabled: s.pin_enabled,
    });
    onTestFinished(async () => {
      await api(app.baseUrl, 'PUT', '/shop/settings/', { token: adminToken, body: settingsBody(s.opening_hours) });
    });
    const page = await publicPage('/shop/demo');
    await checkInButton(page).waitFor({ timeout: 60_000 });
    // The demo shop has set no hours: open, and no hours line.
    expect(await page.getByTestId('shop-hours').count()).toBe(0);

    const shut = { closed: true, open: '09:00', close: '18:00' };
    const allClosed = { mon: shut, tue: shut, wed: shut, thu: shut, fri: shut, sat: shut, sun: shut };
    const put = await api(app.baseUrl, 'PUT', '/shop/settings/', { token: adminToken, body: settingsBody(allClosed) });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    // Saving settings tells open pages to refetch.
    const notice = page.locator('[data-check-in="closed"]');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.locator('.check-in-closed-message').textContent()).toBe("We're closed now.");
    expect(await page.getByTestId('shop-hours').textContent()).toBe('Closed now');
    expect(await checkInButton(page).count()).toBe(0);
  });
});
