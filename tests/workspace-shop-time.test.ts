import { formatShopDateTime, formatShopTime, type InvoiceListItem, type PublicService, type PublicTicket, type ShopSettings } from '@chairline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, sessionStorageEntries, sharedLogin } from './support/api.js';
import { DESKTOP_VIEWPORT } from './support/browser.js';
import { useApp } from './support/harness.js';

// The shop's clock on every screen: a browser in Los Angeles looking at a shop in London sees the
// London time on the barber workspace and on the customer's ticket page. And Complete opens the
// invoice with the amount pre-filled from the ticket's services.

const SHOP_ZONE = 'Europe/London';
const BROWSER_ZONE = 'America/Los_Angeles';
const BARBER = 'andre@chairline.test';

const app = useApp();
const contexts: BrowserContext[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

const token = async (email: string) => (await sharedLogin(app.baseUrl, email)).access;

/** A browser context in Los Angeles, signed in as `email` when given. */
async function losAngelesPage(email?: string): Promise<Page> {
  const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport: DESKTOP_VIEWPORT, timezoneId: BROWSER_ZONE });
  contexts.push(context);
  if (email) {
    const entries = sessionStorageEntries(await sharedLogin(app.baseUrl, email));
    await context.addInitScript((items: Record<string, string>) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, entries);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

/** Moves the demo shop to London for this test, and back to its own zone afterwards. */
async function shopInLondon(): Promise<void> {
  const admin = await token(DEMO.admin);
  const current = await api<{ response: ShopSettings }>(app.baseUrl, 'GET', '/shop/settings/', { token: admin });
  expect(current.status).toBe(200);
  const s = current.body.response;
  const save = (timezone: string) =>
    api(app.baseUrl, 'PUT', '/shop/settings/', {
      token: admin,
      body: { name: s.name, username: s.username, address: s.address, phone_number: s.phone_number, timezone, opening_hours: s.opening_hours, pin_enabled: s.pin_enabled },
    });
  onTestFinished(async () => {
    const restored = await save(s.timezone);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  });
  const moved = await save(SHOP_ZONE);
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

async function barberId(name: string): Promise<number> {
  const res = await api<{ id: number; name: string }[]>(app.baseUrl, 'GET', `/barbers/?shop_username=${DEMO.shop}`);
  const found = res.body.find((b) => b.name === name);
  expect(found?.name).toBe(name);
  return found!.id;
}

async function checkIn(name: string, serviceIds: number[] = []): Promise<PublicTicket> {
  const res = await api<{ response: PublicTicket }>(app.baseUrl, 'POST', '/check-in/', {
    body: {
      shop_username: DEMO.shop,
      name,
      phone_number: `+1 555 014 ${String(1000 + Math.floor(Math.random() * 9000))}`,
      barber_id: await barberId('Andre Silva'),
      service_ids: serviceIds,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response;
}

/** The time as an independent formatter writes it on the shop's clock ("10:05 AM"). */
const intlTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso)).replace(/\s/g, ' ');

describe("the shop's clock, from a browser in another zone", () => {
  it('shows the same check-in time on the barber workspace and the ticket page', async () => {
    await shopInLondon();
    const ticket = await checkIn('Harriet Clock');
    onTestFinished(async () => {
      expect((await api(app.baseUrl, 'POST', `/check-in/${ticket.token}/cancel/`)).status).toBe(200);
    });
    expect(ticket.shop_time_zone).toBe(SHOP_ZONE);
    const london = intlTime(ticket.checked_in_at, SHOP_ZONE);
    expect(formatShopTime(ticket.checked_in_at, SHOP_ZONE)).toBe(london);
    // London and Los Angeles are 7 or 8 hours apart: the device's own clock would say otherwise.
    expect(intlTime(ticket.checked_in_at, BROWSER_ZONE)).not.toBe(london);

    const workspace = await losAngelesPage(BARBER);
    expect(await workspace.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    await workspace.goto('/dashboard');
    const row = workspace.getByRole('listitem', { name: 'Harriet Clock' });
    await row.waitFor();
    await expect.poll(() => row.getByTestId('checked-in').textContent()).toBe(london);

    const ticketPage = await losAngelesPage();
    await ticketPage.goto(`/shop/demo/ticket/${ticket.token}`);
    await ticketPage.locator('[data-live]').waitFor();
    const checkedIn = ticketPage.locator('.ticket-facts div').filter({ has: ticketPage.getByText('Checked in', { exact: true }) }).locator('dd');
    expect(await checkedIn.textContent()).toBe(london);
  });
});

describe('Complete pre-fills the invoice', () => {
  it("opens the invoice with the services' total, still editable, and lists it on the shop's clock", async () => {
    await shopInLondon();
    const services = await api<PublicService[]>(app.baseUrl, 'GET', `/shop/services/?shop_username=${DEMO.shop}`);
    const haircut = services.body.find((s) => s.name === 'Haircut');
    const beard = services.body.find((s) => s.name === 'Beard trim');
    expect([haircut?.price, beard?.price]).toEqual([30, 15]);
    await checkIn('Ivo Invoice', [haircut!.id, beard!.id]);

    const page = await losAngelesPage(BARBER);
    await page.goto('/dashboard');
    const row = page.getByRole('listitem', { name: 'Ivo Invoice' });
    await row.getByRole('button', { name: 'Start' }).click();
    await row.getByRole('button', { name: 'Complete' }).click();
    const form = page.getByRole('form', { name: 'Create New Invoice' });
    await form.waitFor();
    await page.getByText(/For the walk-in of Ivo Invoice/).waitFor();
    const amount = form.getByLabel('Amount');
    await expect.poll(() => amount.inputValue()).toBe('45.00');
    expect(await form.getByRole('combobox', { name: 'Services' }).textContent()).toContain('Haircut');

    await amount.fill('50.00');
    await form.getByRole('button', { name: 'Create Invoice' }).click();
    const mine = async () =>
      (await api<{ response: InvoiceListItem[] }>(app.baseUrl, 'GET', '/billing/invoices-by-barber/', { token: await token(BARBER) })).body.response;
    await expect.poll(async () => (await mine()).some((i) => i.client === 'Ivo Invoice')).toBe(true);
    const invoice = (await mine()).find((i) => i.client === 'Ivo Invoice')!;
    onTestFinished(async () => {
      const voided = await api(app.baseUrl, 'POST', `/invoices/${invoice.id}/status/`, { token: await token(DEMO.admin), body: { status: 'void' } });
      expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    });
    expect(invoice.amount).toBe(50);

    const tableRow = page.getByRole('table', { name: 'My Invoices' }).getByRole('row').filter({ hasText: 'Ivo Invoice' });
    await tableRow.waitFor();
    const cells = await tableRow.getByRole('cell').allTextContents();
    expect(cells[3]).toBe('$50.00');
    expect(cells[5]).toBe(formatShopDateTime(invoice.created_at, SHOP_ZONE));
    expect(cells[5]).toContain(intlTime(invoice.created_at, SHOP_ZONE));
  });
});
