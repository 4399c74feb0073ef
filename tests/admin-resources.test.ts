import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, formatMoney, type CommissionRow, type LoginReply, type Service } from '@chairline/shared';
import { api, DEMO, login, sessionStorageEntries } from './support/api.js';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The back-office resource screens (services, customers, invoices, settings, subscription) in
// Chromium against the real built app and its demo shop, signed in as the demo admin.

let server: RunningServer;
let browser: Browser;
let admin: LoginReply;
let adminToken: string;
const contexts: BrowserContext[] = [];
const SHOTS = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // One sign-in for the whole file: the login endpoint is rate-limited.
  admin = await login(server.baseUrl, DEMO.admin);
  adminToken = admin.access;
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

async function asAdmin(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: viewport ?? DESKTOP_VIEWPORT });
  contexts.push(context);
  await context.addInitScript((items: Record<string, string>) => {
    if (sessionStorage.getItem('__e2e_seeded')) return;
    sessionStorage.setItem('__e2e_seeded', '1');
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, sessionStorageEntries(admin));
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const usd = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('barbers', () => {
  it('lists the barbers in rotation order and changes a status, on a phone-sized screen', async () => {
    const page = await asAdmin('/dashboard/employees', PHONE_VIEWPORT);
    const jay = page.locator('[aria-label="Jay Kim"]');
    await jay.waitFor().catch(async (err: unknown) => {
      await shot(page, 'barbers-failure');
      throw err;
    });
    expect(await jay.textContent()).toContain('served today');
    await page.getByRole('combobox', { name: /Status/ }).first().waitFor();
    await jay.getByRole('combobox').click();
    await page.getByRole('option', { name: 'On break' }).click();
    await page.getByText('Jay Kim is now on break.').waitFor();
    await shot(page, 'barbers-phone');
    const barbers = await api<{ name: string; status: string }[]>(server.baseUrl, 'GET', `/barbers/?shop_username=${DEMO.shop}`);
    expect(barbers.body.find((b) => b.name === 'Jay Kim')?.status).toBe('break');
  });
});

describe('services', () => {
  it('creates a service from the form and lists it with its formatted time', async () => {
    const page = await asAdmin('/dashboard/services');
    await page.getByRole('cell', { name: 'Skin fade' }).waitFor();
    await page.getByRole('link', { name: 'Add service' }).click();
    await page.getByRole('heading', { name: 'New service' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Hot towel shave');
    await page.getByRole('spinbutton', { name: 'Estimated minutes' }).fill('75');
    await page.getByRole('spinbutton', { name: 'Price' }).fill('35.50');
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: /Hot towel shave/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('1 h 15 min');
    expect(await row.textContent()).toContain('$35.50');
    await shot(page, 'services');
    const listed = await api<Service[]>(server.baseUrl, 'GET', '/services/', { token: adminToken });
    expect(listed.body.find((s) => s.name === 'Hot towel shave')?.price).toBe(35.5);
  });
});

describe('customers', () => {
  it('searches a customer and opens their visit history with the total spend', async () => {
    const page = await asAdmin('/dashboard/customers');
    await page.getByRole('cell', { name: 'Sam Patel' }).waitFor();
    await page.getByPlaceholder('Search name, phone or email').fill('Luis');
    await page.getByRole('cell', { name: 'Sam Patel' }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Luis Ortega' }).click();
    await page.getByRole('heading', { name: 'Visit history' }).waitFor();
    const history = page.getByRole('table', { name: 'Visit history' });
    await history.waitFor();
    expect(await history.getByRole('row').count()).toBeGreaterThan(1);
    expect(await history.textContent()).toContain('Invoice');
    const found = await api<{ response: { total_spent: number }[] }>(server.baseUrl, 'GET', '/customers/?search=Luis', { token: adminToken });
    const luis = found.body.response[0];
    expect(luis?.total_spent).toBeGreaterThan(0);
    expect(await page.getByText(formatMoney(luis?.total_spent ?? -1)).first().isVisible()).toBe(true);
    await shot(page, 'customer-show');
  });

  it('exports the customers as CSV with the bearer token', async () => {
    const page = await asAdmin('/dashboard/customers');
    await page.getByRole('cell', { name: 'Sam Patel' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('customers.csv');
    const file = await download.path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\n')[0]).toContain('Name');
    expect(csv).toContain('Omar Farah');
  });

  it('lists customers on a phone-sized screen', async () => {
    const page = await asAdmin('/dashboard/customers', PHONE_VIEWPORT);
    await page.getByText('Tom Nguyen').waitFor();
    await shot(page, 'customers-phone');
    expect(await page.getByText('Tom Nguyen').isVisible()).toBe(true);
  });
});

describe('invoices', () => {
  it('filters by status, shows the totals, marks an invoice paid and reports the commission', async () => {
    const marcus = (await login(server.baseUrl, DEMO.barbers[0])).access;
    const services = await api<Service[]>(server.baseUrl, 'GET', '/services/', { token: marcus });
    const customers = await api<{ response: { id: number }[] }>(server.baseUrl, 'GET', '/customers/', { token: marcus });
    const created = await api<{ status: number; response: { id: number } }>(server.baseUrl, 'POST', '/billing/create-invoice/', {
      token: marcus,
      body: { customer: customers.body.response[0]?.id, services: [services.body[0]?.id], amount: '12.34', description: '' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const invoiceId = created.body.response.id;

    const page = await asAdmin('/dashboard/invoices');
    await page.getByRole('tab', { name: 'Unpaid' }).click();
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.getByRole('cell', { name: `#${invoiceId}` }).waitFor();
    // The totals follow the filtered list: wait for them to show the unpaid invoice alone.
    await expect.poll(() => page.getByLabel('Unpaid', { exact: true }).textContent(), { timeout: 30_000 }).toBe('$12.34');
    await expect.poll(() => page.getByLabel('Total billed').textContent(), { timeout: 30_000 }).toBe('$12.34');
    await shot(page, 'invoices-unpaid');

    await page.getByRole('button', { name: `Change status of invoice ${invoiceId}` }).click();
    await page.getByRole('menuitem', { name: 'Mark paid' }).click();
    await page.getByText(`Invoice #${invoiceId} is now paid.`).waitFor();
    await table.getByRole('cell', { name: `#${invoiceId}` }).waitFor({ state: 'detached' });

    // The report shows the last complete pay period unless told otherwise: today's invoice is in the
    // period containing today (on the demo shop's New York calendar).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const report = await api<{ response: CommissionRow[] }>(server.baseUrl, 'GET', `/invoices/commissions/?date=${today}`, { token: adminToken });
    const row = report.body.response.find((r) => r.barber === 'Marcus Reed');
    expect(row?.paid_total).toBeGreaterThanOrEqual(12.34);
    await page.getByLabel('Period containing').fill(today);
    const uiRow = page.getByRole('table', { name: 'Commission report' }).getByRole('row', { name: /Marcus Reed/ });
    await expect.poll(async () => uiRow.textContent()).toContain(usd(row?.commission ?? -1));
    expect(await uiRow.textContent()).toContain(usd(row?.paid_total ?? -1));
    await shot(page, 'invoices-paid');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('region', { name: 'Commission report' }).getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(readFileSync(await download.path(), 'utf8')).toContain('Marcus Reed');
  });
});

describe('invoices list', () => {
  it('pages on the server (25 of 26 or more, then the next page) and exports the filtered list as CSV', async () => {
    const marcus = (await login(server.baseUrl, DEMO.barbers[0])).access;
    const services = await api<Service[]>(server.baseUrl, 'GET', '/services/', { token: marcus });
    const customers = await api<{ response: { id: number }[] }>(server.baseUrl, 'GET', '/customers/', { token: marcus });
    const count = async () => (await api<{ total: number }>(server.baseUrl, 'GET', '/invoices/?page_size=1', { token: adminToken })).body.total;
    for (let n = await count(); n < 26; n++) {
      const created = await api(server.baseUrl, 'POST', '/billing/create-invoice/', {
        token: marcus,
        body: { customer: customers.body.response[0]?.id, services: [services.body[0]?.id], amount: '20.00', description: '' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    const total = await count();
    expect(total).toBeGreaterThanOrEqual(26);

    const page = await asAdmin('/dashboard/invoices');
    const rows = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(25);
    const secondPage = page.waitForRequest((req) => {
      const url = new URL(req.url());
      return url.pathname === '/api/invoices/' && url.searchParams.get('page') === '2' && url.searchParams.get('page_size') === '25';
    });
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await secondPage;
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(Math.min(total - 25, 25));
    await shot(page, 'invoices-page-2');

    // The export asks for the list's total, not react-admin's default first 1000 rows (read in the
    // server's pages of at most 100).
    const exportRead = page.waitForRequest((req) => {
      const url = new URL(req.url());
      return url.pathname === '/api/invoices/' && url.searchParams.get('page') === '1' && url.searchParams.get('page_size') !== '25';
    });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export invoices' }).click()]);
    expect(new URL((await exportRead).url()).searchParams.get('page_size')).toBe(String(Math.min(total, 100)));
    const lines = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('ID,Created,Customer,Barber,Services,Amount,Status');
    expect(lines).toHaveLength(total + 1);
  });
});

describe('shop settings', () => {
  it('saves a new address that the public page then shows', async () => {
    const page = await asAdmin('/dashboard/settings/settings');
    const address = page.getByLabel('Address');
    await address.waitFor();
    await address.fill('500 Atlantic Avenue, Brooklyn, NY 11217');
    await page.getByLabel('Shop username').fill('demo-new');
    expect(await page.getByText(/Changing the username changes your public link/).isVisible()).toBe(true);
    await page.getByLabel('Shop username').fill('demo');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await shot(page, 'settings');

    const shop = await browser.newPage();
    await shop.goto(`${server.baseUrl}/shop/demo`);
    await shop.getByText('500 Atlantic Avenue, Brooklyn, NY 11217').waitFor();
    await shop.close();
  });

  it('keeps a shop without opening hours open around the clock when other settings are saved; hours are set and cleared by a switch', async () => {
    const hoursOf = async () =>
      (await api<{ response: { opening_hours: Record<string, { closed: boolean; open: string; close: string }> } }>(server.baseUrl, 'GET', '/shop/settings/', { token: adminToken })).body
        .response.opening_hours;
    expect(await hoursOf()).toEqual({});

    const page = await asAdmin('/dashboard/settings/settings');
    const keepHours = page.getByLabel('Keep opening hours');
    await keepHours.waitFor();
    expect(await keepHours.isChecked()).toBe(false);
    expect(await page.getByText('No opening hours are set: customers can check in and book at any time.').isVisible()).toBe(true);
    expect(await page.getByLabel('Monday opens').count()).toBe(0);
    await page.getByLabel('Address').fill('12 Hours Street');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect(await hoursOf()).toEqual({});

    await keepHours.check();
    expect(await page.getByLabel('Monday opens').inputValue()).toBe('09:00');
    await page.getByRole('group', { name: 'Opening hours' }).getByRole('checkbox').last().check(); // Sunday closed
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').last().waitFor();
    await expect.poll(async () => Object.keys(await hoursOf()).length).toBe(7);
    expect((await hoursOf()).sun?.closed).toBe(true);
    expect((await hoursOf()).mon).toEqual({ closed: false, open: '09:00', close: '18:00' });

    await page.reload();
    await page.getByLabel('Keep opening hours').waitFor();
    expect(await page.getByLabel('Keep opening hours').isChecked()).toBe(true);
    await page.getByLabel('Keep opening hours').uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect(await hoursOf()).toEqual({});
  });

  it('uploads a logo and refuses a file that is not an image', async () => {
    const page = await asAdmin('/dashboard/settings/store');
    await page.getByRole('button', { name: 'Upload logo' }).waitFor();
    await page.getByLabel('Logo file').setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await page.getByText('Invalid File Type: Please select an image file (JPEG, PNG, etc.)').waitFor();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Logo updated.').waitFor();
    await page.getByRole('button', { name: 'Change logo' }).waitFor();
    const settings = await api<{ response: { shop_logo: string | null } }>(server.baseUrl, 'GET', '/shop/settings/', { token: adminToken });
    expect(settings.body.response.shop_logo).toMatch(/^\/uploads\//);
    const image = await fetch(`${server.baseUrl}${settings.body.response.shop_logo}`);
    expect(image.status).toBe(200);
  });

  it('shows the server message when the PIN is turned on without one', async () => {
    const page = await asAdmin('/dashboard/settings/shop');
    await page.getByLabel('Require the PIN').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    expect(await page.getByText('Choose a 4-character PIN to turn the PIN on.').isVisible()).toBe(true);
  });

  it("chooses the shop's country, the region of phone numbers typed without a country code", async () => {
    const page = await asAdmin('/dashboard/settings/settings');
    const country = page.getByLabel('Country');
    await country.waitFor();
    expect(await country.inputValue()).toBe('US');
    expect(await country.locator('option:checked').textContent()).toBe('United States');
    await country.selectOption({ label: 'United Kingdom' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const saved = await api<{ response: { country: string } }>(server.baseUrl, 'GET', '/shop/settings/', { token: adminToken });
    expect(saved.body.response.country).toBe('GB');

    await page.reload();
    await page.getByLabel('Country').waitFor();
    expect(await page.getByLabel('Country').inputValue()).toBe('GB');
    await page.getByLabel('Country').selectOption('US');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const back = await api<{ response: { country: string } }>(server.baseUrl, 'GET', '/shop/settings/', { token: adminToken });
    expect(back.body.response.country).toBe('US');
  });
});

/** 'YYYY-MM-DD' of tomorrow in the zone, and the UTC instant of a wall-clock time that day. */
function tomorrowIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000));
}
function instantIn(day: string, time: string, timeZone: string): string {
  const guess = new Date(`${day}T${time}:00Z`);
  const local = new Date(guess.toLocaleString('en-US', { timeZone }));
  const utc = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess.getTime() + (utc.getTime() - local.getTime())).toISOString();
}

describe('appointments and calendar', () => {
  it('shows the server conflict message, books a free slot, and the calendar opens it for editing', async () => {
    const zone = 'America/New_York';
    const day = tomorrowIn(zone);
    const barbers = await api<{ id: number; name: string }[]>(server.baseUrl, 'GET', `/barbers/?shop_username=${DEMO.shop}`);
    const marcus = barbers.body.find((b) => b.name === 'Marcus Reed');
    expect(marcus?.id).toEqual(expect.any(Number));
    const booked = await api(server.baseUrl, 'POST', '/appointments/', {
      token: adminToken,
      body: { barber_id: marcus?.id, starts_at: instantIn(day, '11:00', zone), ends_at: instantIn(day, '11:30', zone), notes: '' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    const page = await asAdmin(`/dashboard/appointments/create?day=${day}&time=11:00&barber_id=${marcus?.id}`);
    await page.getByRole('heading', { name: 'New appointment' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Marcus Reed already has an appointment from 11:00 to 11:30.').waitFor();
    await page.getByLabel(/^Start/).fill('12:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/dashboard\/appointments$/);
    const list = await api<{ response: { starts_at: string; barber_id: number }[] }>(server.baseUrl, 'GET', `/appointments/?from=${day}&to=${day}`, {
      token: adminToken,
    });
    expect(list.body.response.map((a) => a.starts_at).sort()).toEqual([instantIn(day, '11:00', zone), instantIn(day, '12:00', zone)].sort());

    const calendar = await asAdmin('/dashboard/calendar');
    await calendar.getByRole('region', { name: 'Marcus Reed schedule' }).waitFor();
    await calendar.getByRole('button', { name: 'Next' }).click();
    const slot = calendar.getByRole('button', { name: /^12:00 PM–12:30 PM/ });
    await slot.waitFor();
    await shot(calendar, 'calendar');
    await slot.click();
    await calendar.getByRole('heading', { name: 'Edit appointment' }).waitFor();
    expect(await calendar.getByLabel(/^Start/).inputValue()).toBe('12:00');
  });
});

describe('profile and support', () => {
  it('applies the shared profile rules and messages', async () => {
    const page = await asAdmin('/dashboard/profile');
    const dialog = page.getByRole('dialog');
    const update = page.getByRole('button', { name: 'Update Profile' });
    await page.getByRole('textbox', { name: 'Full Name' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Email' }).isDisabled()).toBe(true);

    await update.click();
    await dialog.getByText('No Changes', { exact: true }).waitFor();
    expect(await dialog.getByText('No changes were made to update').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.getByRole('textbox', { name: 'Full Name' }).fill('');
    await update.click();
    await dialog.getByText('Validation Error', { exact: true }).waitFor();
    expect(await dialog.getByText('Please enter a name').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.getByRole('textbox', { name: 'Full Name' }).fill('Darnell Owens Jr');
    await page.getByRole('textbox', { name: 'Phone' }).fill('');
    await update.click();
    await dialog.getByText('Please enter a phone number').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Profile photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await dialog.getByText('Invalid File Type', { exact: true }).waitFor();
    expect(await dialog.getByText('Please select an image file (JPEG, PNG, etc.)').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 718 555 0150');
    await update.click();
    await dialog.getByText('Success!', { exact: true }).waitFor();
    expect(await dialog.getByText('Profile updated successfully').isVisible()).toBe(true);
    const me = await api<{ response: { name: string; phone_no: string } }>(server.baseUrl, 'GET', '/auth/get-user-data/', { token: adminToken });
    expect(me.body.response).toMatchObject({ name: 'Darnell Owens Jr', phone_no: '+1 718 555 0150' });
  });

  it('sends a support message and lists it', async () => {
    const page = await asAdmin('/dashboard/support');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Printer for tickets');
    await page.getByRole('textbox', { name: 'Message' }).fill('Which receipt printers work with the kiosk?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(/reached our support team/).waitFor();
    await page.getByRole('list', { name: 'Past messages' }).getByText('Printer for tickets').waitFor();
  });
});

describe('subscription', () => {
  it('shows the plans screen texts and says plainly that online payments are not set up (no Stripe keys)', async () => {
    const page = await asAdmin('/dashboard/settings/subscription');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    expect(await page.getByText("Select the perfect plan for your shop's needs").isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Monthly' }).waitFor();
    expect(await page.getByText('Most Popular').first().isVisible()).toBe(true);
    expect(await page.getByText('24/7 Customer Support').count()).toBeGreaterThan(1);

    await page.getByRole('button', { name: 'Yearly' }).click();
    const pro = page.locator('[aria-label="PRO PLAN"]');
    await pro.waitFor();
    // 348 a year with 20 % off: 278.40, the old price struck through.
    expect(await pro.textContent()).toContain('$278.40');
    expect(await pro.getByLabel('Old price').textContent()).toBe('$348');
    await shot(page, 'subscription');

    await pro.getByRole('button', { name: 'Get started' }).click();
    await page.getByText(`Subscription error: ${BILLING_MESSAGES.paymentsNotSetUp}`, { exact: true }).waitFor();
    // The selected plan is cleared: its button can be pressed again.
    expect(await pro.getByRole('button', { name: 'Get started' }).isEnabled()).toBe(true);
  });
});
