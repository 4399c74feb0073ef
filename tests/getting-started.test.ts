import type { GettingStarted, ShopSettings } from '@chairline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, login } from './support/api.js';
import { DESKTOP_VIEWPORT, skipMarketingPopup } from './support/browser.js';
import { useApp } from './support/harness.js';

// A brand-new owner signs up from a browser in Los Angeles: the shop takes that zone, Home shows the
// setup checklist ticking from real data, and the check-in poster prints alone on one page.

const app = useApp();
const contexts: BrowserContext[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

const MM = 96 / 25.4; // CSS pixels per millimetre
const step = (page: Page, key: string) => page.locator(`[data-testid="getting-started"] li[data-item="${key}"]`);

/** Pages in a PDF: each page object is written uncompressed as `/Type /Page`. */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

describe('a new shop from sign-up to the door poster', () => {
  it('signs up in the browser zone, ticks the checklist from real data and prints the poster on one page', async () => {
    const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport: DESKTOP_VIEWPORT, timezoneId: 'America/Los_Angeles' });
    contexts.push(context);
    await skipMarketingPopup(context);
    const page = await context.newPage();

    const id = Math.random().toString(36).slice(2, 8);
    const email = `owner-${id}@example.test`;
    const password = 'correct horse battery';
    const shopName = `Westside Cuts ${id}`;
    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'Create your shop' }).waitFor({ timeout: 60_000 });
    const zone = page.getByLabel('Time zone');
    expect(await zone.inputValue()).toBe('America/Los_Angeles');
    await page.getByLabel('Full name').fill('Rosa Diaz');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Shop name').fill(shopName);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Home of the new shop: every step of the checklist is open. Signing in clears the "marketing
    // popup shown" flag, so without a reload the popup would open over Home moments later (and hide
    // the checklist from the accessibility tree); the reload runs skipMarketingPopup's script again.
    await page.getByRole('heading', { level: 1, name: shopName }).waitFor({ timeout: 60_000 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: shopName }).waitFor({ timeout: 60_000 });
    const checklist = page.getByRole('region', { name: 'Getting started' });
    await checklist.waitFor({ timeout: 60_000 });
    const keys = ['hours', 'services', 'barbers', 'booking_links', 'poster', 'test_check_in'];
    for (const key of keys) expect(await step(page, key).getAttribute('data-done')).toBe('false');
    expect(await checklist.getByRole('link', { name: 'Open poster' }).getAttribute('href')).toBe('/dashboard/poster');

    // The server stored the browser's zone as the shop's.
    const token = (await login(app.baseUrl, email, password)).access;
    const settings = await api<{ response: ShopSettings }>(app.baseUrl, 'GET', '/shop/settings/', { token });
    expect(settings.status).toBe(200);
    expect(settings.body.response.timezone).toBe('America/Los_Angeles');

    // A service added through the API is ticked after a reload.
    const added = await api(app.baseUrl, 'POST', '/services/', { token, body: { name: 'Skin fade', estimated_minutes: 30, price: 25 } });
    expect(added.status).toBe(200);
    await page.reload();
    await checklist.waitFor({ timeout: 60_000 });
    await expect.poll(() => step(page, 'services').getAttribute('data-done'), { timeout: 30_000 }).toBe('true');
    expect(await step(page, 'hours').getAttribute('data-done')).toBe('false');

    // The poster: the shop's name, the call to action and a QR code of the check-in page.
    await checklist.getByRole('link', { name: 'Open poster' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check-in poster' }).waitFor({ timeout: 60_000 });
    const poster = page.getByRole('article', { name: 'Poster' });
    await expect.poll(() => poster.textContent()).toContain(shopName);
    expect(await poster.textContent()).toContain('Scan to join the line');
    const shopPath = `/shop/${settings.body.response.username}`;
    expect(await poster.textContent()).toContain(`${new URL(app.baseUrl).host}${shopPath}`);
    const qr = poster.getByRole('img', { name: 'Check-in QR code' });
    expect(await qr.isVisible()).toBe(true);

    // Printed: the sidebar, header and Print button are gone and the poster fits the printable area
    // of both A4 (186 mm wide) and Letter (255 mm tall) with 12 mm margins.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    const box = await poster.boundingBox();
    const qrBox = await qr.boundingBox();
    if (!box || !qrBox) throw new Error('the poster has no box in print');
    expect(box.width).toBeLessThanOrEqual(186 * MM);
    expect(box.height).toBeLessThanOrEqual(255 * MM);
    expect(qrBox.width).toBeGreaterThanOrEqual(100 * MM);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(pdfPages(await page.pdf({ format: 'A4' }))).toBe(1);
    expect(pdfPages(await page.pdf({ format: 'Letter' }))).toBe(1);
    await page.emulateMedia({ media: 'screen' });

    // Printing records the poster step.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect
      .poll(async () => {
        const reply = await api<{ response: GettingStarted }>(app.baseUrl, 'GET', '/getting-started/', { token });
        return reply.body.response.items.find((i) => i.key === 'poster')?.done;
      })
      .toBe(true);
  });
});
