import { formatMoney } from '@chairline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, login } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The check-in form step by step on a phone and on the portrait door tablet: services with their
// prices, then the barber, then name and phone; the Next / Check in button always on screen; a
// refused submit puts focus on the wrong field and announces the message.

const PHONE = { width: 390, height: 844 } as const;
const KIOSK = { width: 1080, height: 1920 } as const;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let services: { id: number; name: string; price: number }[] = [];
let staffToken = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const res = await api<{ id: number; name: string; price: number }[]>(server.baseUrl, 'GET', `/shop/services/?shop_username=${DEMO.shop}`);
  expect(res.status).toBe(200);
  services = res.body;
  staffToken = (await login(server.baseUrl, DEMO.admin)).access;
  expect(services.length).toBeGreaterThan(0);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

async function open(path: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(path);
  await page.locator('[data-live]').waitFor();
  return page;
}

/** The button's box lies wholly inside the viewport. */
async function expectInView(page: Page, name: string, viewport: { width: number; height: number }) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  expect(box, name).not.toBeNull();
  if (!box) return;
  expect(box.y, name).toBeGreaterThanOrEqual(0);
  expect(box.x, name).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, name).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
}

const step = (page: Page) => page.getByTestId('check-in-step');
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName ?? '');

for (const [label, path, viewport] of [
  ['a 390×844 phone', '/shop/demo', PHONE],
  ['a portrait 1080×1920 kiosk', '/shop/demo?kiosk=1', KIOSK],
] as const) {
  describe(`the check-in form on ${label}`, () => {
    it('goes services → barber → name and phone with prices, Next always in view, and focuses and announces a refused field', async () => {
      const page = await open(path, viewport);
      await page.getByRole('button', { name: 'Check in', exact: true }).click();

      // Step 1: services, each with its price.
      await page.getByRole('group', { name: 'Services (optional)' }).waitFor();
      expect(await step(page).textContent()).toMatch(/^Step 1 of 3/);
      for (const service of services) {
        const choice = page.getByRole('checkbox', { name: new RegExp(`^${service.name}`) });
        const text = (await choice.locator('xpath=ancestor::label[1]').textContent()) ?? '';
        expect(text, service.name).toContain(formatMoney(service.price));
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectInView(page, 'Next', viewport);
      expect(await page.getByRole('button', { name: 'Cancel', exact: true }).isVisible()).toBe(true);
      await page.getByRole('checkbox', { name: /^Skin fade/ }).check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      // Step 2: the barber, with Back.
      await page.getByRole('group', { name: 'Barber' }).waitFor();
      expect(await step(page).textContent()).toMatch(/^Step 2 of 3/);
      await expectInView(page, 'Next', viewport);
      expect(await page.getByRole('button', { name: 'Back', exact: true }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.getByRole('group', { name: 'Services (optional)' }).waitFor();
      expect(await page.getByRole('checkbox', { name: /^Skin fade/ }).isChecked()).toBe(true);
      // A double-click on Next moves one step, never two.
      await page.getByRole('button', { name: 'Next', exact: true }).dblclick();
      await page.getByRole('group', { name: 'Barber' }).waitFor();
      expect(await step(page).textContent()).toMatch(/^Step 2 of 3/);
      await page.getByRole('radio', { name: /^Any barber/ }).check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      // Step 3: name and phone; a bad number is refused on the spot.
      await page.getByLabel('Your name').waitFor();
      expect(await step(page).textContent()).toMatch(/^Step 3 of 3/);
      await page.getByLabel('Your name').fill('Rory Steps');
      await page.getByLabel('Phone number').fill('call me');
      await expectInView(page, 'Check in', viewport);
      await page.getByRole('button', { name: 'Check in', exact: true }).click();
      await expect.poll(() => focusedName(page)).toBe('phone_number');
      expect(await page.getByLabel('Phone number').getAttribute('aria-invalid')).toBe('true');
      const announcer = page.locator('[aria-live="assertive"]', { hasText: 'Please enter a valid phone number.' });
      expect(await announcer.count()).toBe(1);
      expect(await page.locator('.field-error').textContent()).toBe('Please enter a valid phone number.');
      await expectInView(page, 'Check in', viewport);

      // Corrected, the check-in goes through.
      const phone = `+1 555 013 ${String(label.length).padStart(4, '0')}`;
      await page.getByLabel('Phone number').fill(phone);
      await page.getByRole('button', { name: 'Check in', exact: true }).click();
      let token: string;
      if (path.includes('kiosk')) {
        await page.getByRole('heading', { name: "You're checked in, Rory S." }).waitFor();
        const res = await api<{ response: { token: string; party_name: string }[] }>(server.baseUrl, 'GET', '/walkins/?status=waiting&page_size=100', { token: staffToken });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        token = res.body.response.find((w) => w.party_name === 'Rory Steps')?.token ?? '';
        expect(token).not.toBe('');
      } else {
        await page.waitForURL(/\/shop\/demo\/ticket\/[^/]+$/);
        await page.locator('[data-live]').waitFor();
        token = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
        const servicesRow = page.locator('dt', { hasText: 'Services' }).locator('xpath=following-sibling::dd[1]');
        expect(await servicesRow.textContent()).toBe('Skin fade');
      }
      expect((await api(server.baseUrl, 'POST', `/check-in/${token}/cancel/`)).status).toBe(200);
    });
  });
}
