import { formatInShopZone, formatShopTime, shiftDay, shopDay, shopInstant, type Appointment, type ShopSettings } from '@chairline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, sessionStorageEntries, sharedLogin } from './support/api.js';
import { DESKTOP_VIEWPORT, skipMarketingPopup } from './support/browser.js';
import { useApp } from './support/harness.js';

// Appointments on the shop's clock: a browser in Los Angeles looking at a shop in London sees the
// same London time on the walk-ins appointments panel, the calendar and the barber workspace, and a
// time typed into the appointment form is that time in London. A walk-up name and phone typed on
// the form become the appointment's customer, shown by name on the calendar.

const SHOP_ZONE = 'Europe/London';
const BROWSER_ZONE = 'America/Los_Angeles';
const BARBER_EMAIL = 'andre@chairline.test';
const BARBER_NAME = 'Andre Silva';

const app = useApp();
const contexts: BrowserContext[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

const token = async (email: string) => (await sharedLogin(app.baseUrl, email)).access;

/** A page in a Los Angeles browser, signed in as `email`. */
async function losAngelesPage(email: string): Promise<Page> {
  const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport: DESKTOP_VIEWPORT, timezoneId: BROWSER_ZONE });
  contexts.push(context);
  await skipMarketingPopup(context);
  const entries = sessionStorageEntries(await sharedLogin(app.baseUrl, email));
  await context.addInitScript((items: Record<string, string>) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
  return page;
}

/** Moves the demo shop to London, open at any hour, for this test; back to its own settings afterwards. */
async function shopInLondon(): Promise<void> {
  const admin = await token(DEMO.admin);
  const current = await api<{ response: ShopSettings }>(app.baseUrl, 'GET', '/shop/settings/', { token: admin });
  expect(current.status).toBe(200);
  const s = current.body.response;
  const save = (timezone: string, opening_hours: ShopSettings['opening_hours']) =>
    api(app.baseUrl, 'PUT', '/shop/settings/', {
      token: admin,
      body: { name: s.name, username: s.username, address: s.address, phone_number: s.phone_number, timezone, opening_hours, pin_enabled: s.pin_enabled },
    });
  onTestFinished(async () => {
    const restored = await save(s.timezone, s.opening_hours);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  });
  const moved = await save(SHOP_ZONE, {});
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

async function barberId(): Promise<number> {
  const res = await api<{ id: number; name: string }[]>(app.baseUrl, 'GET', `/barbers/?shop_username=${DEMO.shop}`);
  const found = res.body.find((b) => b.name === BARBER_NAME);
  expect(found?.name).toBe(BARBER_NAME);
  return found!.id;
}

/** Deletes the appointment, then its customer, when the test ends. */
function cleanUp(appointment: Pick<Appointment, 'id' | 'customer_id'>) {
  onTestFinished(async () => {
    const admin = await token(DEMO.admin);
    expect((await api(app.baseUrl, 'DELETE', `/appointments/${appointment.id}/`, { token: admin })).status).toBe(200);
    if (appointment.customer_id) expect((await api(app.baseUrl, 'DELETE', `/customers/${appointment.customer_id}/`, { token: admin })).status).toBe(200);
  });
}

describe("appointments on the shop's clock, from a browser in another zone", () => {
  it('shows the same start time on the appointments panel, the calendar and the barber workspace', async () => {
    await shopInLondon();
    // Started within the last five minutes and running for half an hour: today and still upcoming.
    const start = new Date(Math.floor(Date.now() / 300_000) * 300_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    const booked = await api<{ response: Appointment }>(app.baseUrl, 'POST', '/appointments/', {
      token: await token(DEMO.admin),
      body: { barber_id: await barberId(), starts_at: start.toISOString(), ends_at: end.toISOString(), customer_name: 'Lena London', customer_phone: '+44 7700 900123' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    cleanUp(booked.body.response);

    const london = formatShopTime(start, SHOP_ZONE);
    const londonEnd = formatShopTime(end, SHOP_ZONE);
    // London and Los Angeles are 7 or 8 hours apart: the device's own clock would say otherwise.
    expect(formatShopTime(start, BROWSER_ZONE)).not.toBe(london);

    const admin = await losAngelesPage(DEMO.admin);
    await admin.goto('/dashboard/walkin-management');
    // The queue's own figures first: the page has its session and data, so the view chosen next stays.
    await admin.getByText(/\d+ waiting · \d+ in service/).waitFor();
    const appointmentsTab = admin.getByRole('tab', { name: 'Appointments' });
    // Clicked again until selected: on a loaded machine a first click can land while the board settles.
    await expect
      .poll(
        async () => {
          if ((await appointmentsTab.getAttribute('aria-selected')) !== 'true') await appointmentsTab.click();
          return appointmentsTab.getAttribute('aria-selected');
        },
        { timeout: 60_000 },
      )
      .toBe('true');
    const panel = admin.getByRole('region', { name: 'Upcoming appointments' });
    const row = panel.getByRole('row').filter({ hasText: 'Lena London' });
    await row.waitFor();
    expect((await row.getByRole('cell').first().textContent())?.trim()).toBe(`${formatInShopZone(start, SHOP_ZONE, 'EEE d MMM')}, ${london}–${londonEnd}`);

    await admin.goto('/dashboard/calendar');
    const schedule = admin.getByRole('region', { name: `${BARBER_NAME} schedule` });
    await schedule.getByRole('button', { name: `${london}–${londonEnd} Lena London · ${BARBER_NAME}` }).waitFor();
    expect(await admin.getByText(`Times in the shop's time zone (${SHOP_ZONE})`).count()).toBe(1);

    const workspace = await losAngelesPage(BARBER_EMAIL);
    await workspace.goto('/dashboard');
    const mine = workspace.getByRole('list', { name: 'My appointments' }).getByRole('listitem', { name: 'Lena London' });
    await mine.waitFor();
    expect(await mine.getByTestId('appointment-time').textContent()).toBe(london);
  });

  it('books a walk-up typed at 11:00 for 11:00 in London, and the calendar shows the name', async () => {
    await shopInLondon();
    const day = shiftDay(shopDay(new Date(), SHOP_ZONE), 1);
    const andre = await barberId();
    const page = await losAngelesPage(DEMO.admin);
    await page.goto(`/dashboard/appointments/create?day=${day}&barber_id=${andre}`);
    await page.getByRole('heading', { name: 'New appointment' }).waitFor();
    await page.getByLabel(`Start (${SHOP_ZONE})`).fill('11:00');
    await page.getByLabel('Walk-up: name and phone').check();
    await page.getByRole('textbox', { name: 'Customer name' }).fill('Walt Walkup');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+44 7700 900456');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/dashboard\/appointments$/);

    const list = await api<{ response: Appointment[] }>(app.baseUrl, 'GET', `/appointments/?from=${day}&to=${day}`, { token: await token(DEMO.admin) });
    const made = list.body.response.find((a) => a.customer === 'Walt Walkup');
    expect(made, JSON.stringify(list.body)).toBeDefined();
    cleanUp(made!);
    expect(made!.barber_id).toBe(andre);
    expect(made!.starts_at).toBe(shopInstant(day, '11:00', SHOP_ZONE)?.toISOString());
    const customers = await api<{ response: { id: number; phone: string }[] }>(app.baseUrl, 'GET', '/customers/?search=Walt%20Walkup', { token: await token(DEMO.admin) });
    expect(customers.body.response).toEqual([expect.objectContaining({ id: made!.customer_id, phone: '+447700900456' })]);

    await page.goto('/dashboard/calendar');
    const schedule = page.getByRole('region', { name: `${BARBER_NAME} schedule` });
    await schedule.waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await schedule.getByRole('button', { name: `11:00 AM–11:30 AM Walt Walkup · ${BARBER_NAME}` }).waitFor();
  });
});
