import { STORAGE_KEYS, type NextBarberReply, type SessionUser } from '@chairline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, login, sharedLogin } from './support/api.js';
import { contextWithSession, launchBrowser, PHONE_VIEWPORT } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The barber workspace in Chromium against the
// built app and the demo shop.

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const SHOTS = process.env.E2E_SCREENSHOTS;

// A 1×1 PNG: a real image the server accepts.
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

/**
 * The barber's workspace in a new browser context. Each person signs in once for the whole file
 * (the server allows 10 sign-ins a minute per address) and every page reuses that session; a test
 * that logs out passes `ownSession`, so it ends a session nobody else holds.
 */
async function openAs(email: string, options: { viewport?: { width: number; height: number }; ownSession?: boolean } = {}): Promise<Page> {
  const reply = options.ownSession ? await login(server.baseUrl, email) : await sharedLogin(server.baseUrl, email);
  const context = await contextWithSession(browser, server.baseUrl, reply, options);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.getByTestId('your-spot').waitFor({ timeout: 60_000 });
  return page;
}

/** The access token for API calls made by the test itself: the person's shared sign-in. */
async function token(email: string): Promise<string> {
  return (await sharedLogin(server.baseUrl, email)).access;
}

async function me(email: string): Promise<SessionUser> {
  const res = await api<{ response: SessionUser }>(server.baseUrl, 'GET', '/auth/get-user-data/', { token: await token(email) });
  return res.body.response;
}

async function rotation(managerToken: string) {
  const res = await api<NextBarberReply>(server.baseUrl, 'GET', '/rotation/', { token: managerToken });
  expect(res.status).toBe(200);
  return res.body.response.rotation;
}

async function toast(page: Page, text: string) {
  const alert = page.getByRole('alert').filter({ hasText: text }).or(page.getByRole('status').filter({ hasText: text }));
  await alert.first().waitFor();
  return alert.first();
}

async function notice(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const title = await dialog.locator('#notice-title').textContent();
  const text = await dialog.locator('#notice-text').textContent();
  return { title, text, close: () => dialog.getByRole('button', { name: 'OK' }).click() };
}

describe('employee dashboard shell', () => {
  it('shows Main Menu (Home, Invoice, Profile, Check In in a new tab) and Account: Logout after the confirm', async () => {
    const page = await openAs('marcus@chairline.test', { ownSession: true });
    const nav = page.getByRole('navigation', { name: 'Employee menu' });
    expect(await nav.getByText('Main Menu').isVisible()).toBe(true);
    expect(await nav.getByText('Account').isVisible()).toBe(true);
    for (const name of ['Home', 'Invoice', 'Profile', 'Logout']) expect(await nav.getByRole('button', { name }).isVisible()).toBe(true);
    const checkIn = nav.getByRole('link', { name: 'Check In' });
    expect(await checkIn.getAttribute('href')).toBe('/shop/demo');
    expect(await checkIn.getAttribute('target')).toBe('_blank');
    // Barbers never get the back-office links.
    expect(await page.getByRole('link', { name: 'Team' }).count()).toBe(0);

    await nav.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to logout?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, logout!' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('has a 64 px mobile header with a menu toggle on a phone', async () => {
    const page = await openAs('andre@chairline.test', { viewport: PHONE_VIEWPORT });
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await toggle.waitFor();
    const header = await page.locator('header').first().boundingBox();
    expect(header?.height).toBe(64);
    expect(await page.getByRole('navigation', { name: 'Employee menu' }).isVisible()).toBe(false);
    await toggle.click();
    await page.getByRole('navigation', { name: 'Employee menu' }).getByRole('button', { name: 'Invoice' }).click();
    await page.getByRole('heading', { name: 'Create New Invoice' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/barber-invoice-phone.png`, fullPage: true });
  });
});

describe('home', () => {
  it("'Your spot' follows the rotation live when a manager reorders it (no reload)", async () => {
    const page = await openAs('marcus@chairline.test');
    const managerToken = await token(DEMO.manager);
    const before = await rotation(managerToken);
    // Whatever happens below, the rotation goes back to how this test found it.
    onTestFinished(async () => {
      const restored = await api(server.baseUrl, 'POST', '/rotation/reorder/', {
        token: managerToken,
        body: { barber_ids: before.map((b) => b.id), reason: 'e2e restore' },
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    });
    const marcus = before.find((b) => b.name === 'Marcus Reed');
    expect(marcus?.name).toBe('Marcus Reed');
    const spot = page.getByTestId('your-spot');
    expect(await spot.textContent()).toBe(`Your spot: ${before.indexOf(marcus!) + 1}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/barber-home.png`, fullPage: true });

    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    const last = [...before.filter((b) => b.id !== marcus!.id).map((b) => b.id), marcus!.id];
    const moved = await api(server.baseUrl, 'POST', '/rotation/reorder/', { token: managerToken, body: { barber_ids: last, reason: 'e2e' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await page.waitForFunction((text) => document.querySelector('[data-testid="your-spot"]')?.textContent === text, `Your spot: ${last.length}`);

    const first = [marcus!.id, ...before.filter((b) => b.id !== marcus!.id).map((b) => b.id)];
    await api(server.baseUrl, 'POST', '/rotation/reorder/', { token: managerToken, body: { barber_ids: first, reason: 'e2e' } });
    await page.waitForFunction(() => document.querySelector('[data-testid="your-spot"]')?.textContent === 'Your spot: 1');
    expect(navigations).toBe(0);
  });

  it("shows the booking QR code (192 px) for an http:// or https:// link, else the two 'not available' lines", async () => {
    const barberToken = await token('jay@chairline.test');
    const original = await me('jay@chairline.test');
    onTestFinished(async () => {
      const restored = await api(server.baseUrl, 'POST', '/update-barber-profile/', {
        token: barberToken,
        body: { name: original.name, phone_no: original.phone_no, booking_url: original.booking_url },
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    });
    await api(server.baseUrl, 'POST', '/update-barber-profile/', {
      token: barberToken,
      body: { name: 'Jay Kim', phone_no: '+1 718 555 0177', booking_url: 'https://' },
    });
    const page = await openAs('jay@chairline.test');
    await page.getByText('Online booking is not available.').waitFor();
    expect(await page.getByText('Please call to schedule your appointment.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Book Online' }).count()).toBe(0);

    for (const link of ['https://booksy.com/en-us/jay-kim', 'http://book.example.com/jay']) {
      const saved = await api(server.baseUrl, 'POST', '/update-barber-profile/', {
        token: barberToken,
        body: { name: 'Jay Kim', phone_no: '+1 718 555 0177', booking_url: link },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      await page.reload();
      const book = page.getByRole('link', { name: 'Book Online' });
      await page.locator(`a[href="${link}"]`).waitFor();
      const qr = page.getByRole('img', { name: 'Booking QR code' });
      expect(await qr.getAttribute('width'), link).toBe('192');
      expect(await book.getAttribute('href'), link).toBe(link);
      expect(await page.getByText('Online booking is not available.').count(), link).toBe(0);
    }
  });

  it('a check-in for the barber appears live; Start and Complete move it, and completing opens a pre-filled invoice', async () => {
    const page = await openAs('andre@chairline.test');
    const managerToken = await token(DEMO.manager);
    const andre = (await rotation(managerToken)).find((b) => b.name === 'Andre Silva');
    const checkIn = await api(server.baseUrl, 'POST', '/check-in/', {
      body: { shop_username: DEMO.shop, name: 'Rosa Diaz', phone_number: '+1 718 555 0191', barber_id: andre!.id },
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const row = page.getByRole('listitem', { name: 'Rosa D.' }).or(page.getByRole('listitem', { name: 'Rosa Diaz' }));
    await row.first().waitFor();
    await row.first().getByRole('button', { name: 'Start' }).click();
    await row.first().getByRole('button', { name: 'Complete' }).waitFor();
    await row.first().getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('heading', { name: 'Create New Invoice' }).waitFor();
    await page.getByText(/For the walk-in of Rosa/).waitFor();
  });
});

describe('invoices', () => {
  it('shows each validation message, creates an invoice and lists it', async () => {
    const page = await openAs('andre@chairline.test');
    await page.getByRole('navigation', { name: 'Employee menu' }).getByRole('button', { name: 'Invoice' }).click();
    const form = page.getByRole('form', { name: 'Create New Invoice' });
    await form.waitFor();
    expect(await form.getByLabel('Amount').getAttribute('step')).toBe('0.01');
    expect(await form.getByLabel('Amount').getAttribute('placeholder')).toBe('0.00');
    expect(await form.getByLabel('Description').getAttribute('placeholder')).toBe('Optional notes…');

    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await toast(page, 'Customer, Services & Amount are required');

    await form.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Luis Ortega' }).click();
    await form.getByRole('combobox', { name: 'Services' }).click();
    await page.getByRole('option', { name: 'Haircut' }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await toast(page, 'Customer, Services & Amount are required');

    await form.getByLabel('Amount').fill('30.005');
    await form.getByRole('button', { name: 'Create Invoice' }).click();
    const refused = await toast(page, 'Validation error');
    expect(await refused.textContent()).toContain('The amount can have at most 2 decimals.');

    // A walk-in with no customer record yet is added from the form.
    await form.getByRole('button', { name: 'New customer' }).click();
    const add = page.getByRole('dialog', { name: 'New customer' });
    await add.getByLabel('Customer name').fill('Walk In Guest');
    await add.getByRole('button', { name: 'Add customer' }).click();
    await add.waitFor({ state: 'hidden' });
    expect(await form.getByRole('combobox', { name: 'Customer' }).textContent()).toContain('Walk In Guest');

    await form.getByLabel('Amount').fill('32.50');
    await form.getByLabel('Description').fill('Fade and line-up');
    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await toast(page, 'Invoice created!');
    const table = page.getByRole('table', { name: 'My Invoices' });
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['ID', 'Customer', 'Services', 'Amount', 'Status', 'Created']);
    const row = table.getByRole('row').filter({ hasText: '$32.50' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[1]).toBe('Walk In Guest');
    expect(cells[2]).toContain('Haircut');
    expect(cells[4]).toBe('Unpaid');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/barber-invoice.png`, fullPage: true });
  });

  it("each load failure has its message: 'Error loading services', 'Error loading customers', 'Error fetching invoices', 'Failed to load invoices', 'Error creating invoice'", async () => {
    const page = await openAs('andre@chairline.test');
    const openInvoices = async () => {
      await page.reload();
      await page.getByRole('navigation', { name: 'Employee menu' }).getByRole('button', { name: 'Invoice' }).click();
    };
    const cases: Array<[string, string]> = [
      ['**/api/services/**', 'Error loading services'],
      ['**/api/customers/**', 'Error loading customers'],
      ['**/api/billing/invoices-by-barber/**', 'Error fetching invoices'],
    ];
    for (const [pattern, message] of cases) {
      await page.route(pattern, (route) => route.abort());
      await openInvoices();
      await toast(page, message);
      await page.unroute(pattern);
    }

    // A reply that is not status 1 is a failed load, not a network error.
    await page.route('**/api/billing/invoices-by-barber/**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ status: 0, response: 'Nope.' }) }),
    );
    await openInvoices();
    await toast(page, 'Failed to load invoices');
    await page.unroute('**/api/billing/invoices-by-barber/**');

    const form = page.getByRole('form', { name: 'Create New Invoice' });
    await form.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Sam Patel' }).click();
    await form.getByRole('combobox', { name: 'Services' }).click();
    await page.getByRole('option', { name: 'Beard trim' }).click();
    await page.keyboard.press('Escape');
    await form.getByLabel('Amount').fill('15');
    await page.route('**/api/billing/create-invoice/**', (route) => route.abort());
    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await toast(page, 'Error creating invoice');
  });
});

describe('profile', () => {
  it("refuses a non-image ('Invalid File Type') and a 6 MB image ('File Too Large')", async () => {
    const page = await openAs('marcus@chairline.test');
    await page.getByRole('navigation', { name: 'Employee menu' }).getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Change photo' }).waitFor();
    const input = page.getByLabel('Profile photo');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    let n = await notice(page);
    expect([n.title, n.text]).toEqual(['Invalid File Type', 'Please select an image file (JPEG, PNG, etc.)']);
    await n.close();
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    n = await notice(page);
    expect([n.title, n.text]).toEqual(['File Too Large', 'Please select an image smaller than 5MB']);
    await n.close();
  });

  it('No Changes, Validation Error for name and phone, then Success! with a new photo and phone', async () => {
    const page = await openAs('marcus@chairline.test');
    await page.getByRole('navigation', { name: 'Employee menu' }).getByRole('button', { name: 'Profile' }).click();
    const form = page.getByRole('form', { name: 'Profile' });
    await form.waitFor();
    expect(await form.getByLabel('Email').isDisabled()).toBe(true);
    expect(await form.getByLabel('Booking URL').getAttribute('type')).toBe('url');

    await form.getByRole('button', { name: 'Update Profile' }).click();
    let n = await notice(page);
    expect([n.title, n.text]).toEqual(['No Changes', 'No changes were made to update']);
    await n.close();

    await form.getByLabel('Full Name').fill('');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    n = await notice(page);
    expect([n.title, n.text]).toEqual(['Validation Error', 'Please enter a name']);
    await n.close();

    await form.getByLabel('Full Name').fill('Marcus Reed');
    await form.getByLabel('Phone').fill('');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    n = await notice(page);
    expect([n.title, n.text]).toEqual(['Validation Error', 'Please enter a phone number']);
    await n.close();

    await form.getByLabel('Phone').fill('+1 718 555 0123');
    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
    await form.getByRole('button', { name: 'Update Profile' }).click();
    n = await notice(page);
    expect([n.title, n.text]).toEqual(['Success!', 'Profile updated successfully']);
    // It closes by itself (2 s).
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const user = await me('marcus@chairline.test');
    expect(user.phone_no).toBe('+1 718 555 0123');
    expect(user.profile_photo).toMatch(/^\/uploads\//);

    await form.getByLabel('Phone').fill('12');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    n = await notice(page);
    expect(n.title).toBe('Update Failed');
    expect(n.text).toBe('Please enter a valid phone number.');
  });
});

describe('PIN-protected actions', () => {
  it('asks for the PIN (password input) once per 5 minutes; cancel is not verified; a wrong PIN shows the server message', async () => {
    const adminToken = await token(DEMO.admin);
    const current = await api<{ response: Record<string, unknown> }>(server.baseUrl, 'GET', '/shop/settings/', { token: adminToken });
    const s = current.body.response;
    const saved = await api(server.baseUrl, 'PUT', '/shop/settings/', {
      token: adminToken,
      body: { name: s.name, username: s.username, address: s.address, phone_number: s.phone_number, timezone: s.timezone, opening_hours: s.opening_hours, pin_enabled: true, pin: '4321' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The PIN goes off again afterwards: other tests change profiles without it.
    onTestFinished(async () => {
      const off = await api(server.baseUrl, 'PUT', '/shop/settings/', {
        token: adminToken,
        body: { name: s.name, username: s.username, address: s.address, phone_number: s.phone_number, timezone: s.timezone, opening_hours: s.opening_hours, pin_enabled: false },
      });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
    });

    const page = await openAs('jay@chairline.test');
    await page.getByRole('navigation', { name: 'Employee menu' }).getByRole('button', { name: 'Profile' }).click();
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByLabel('Phone').fill('+1 718 555 0144');

    const updates: string[] = [];
    page.on('request', (r) => r.url().includes('/api/update-barber-profile/') && updates.push(r.method()));

    await form.getByRole('button', { name: 'Update Profile' }).click();
    const pinDialog = page.getByRole('dialog', { name: 'Enter PIN' });
    await pinDialog.waitFor();
    expect(await pinDialog.getByLabel('PIN').getAttribute('type')).toBe('password');
    expect(await pinDialog.getByLabel('PIN').getAttribute('maxlength')).toBe('4');
    await pinDialog.getByRole('button', { name: 'Cancel' }).click();
    await pinDialog.waitFor({ state: 'hidden' });
    expect(updates).toEqual([]);

    await form.getByRole('button', { name: 'Update Profile' }).click();
    await pinDialog.getByRole('button', { name: 'Verify' }).click();
    await pinDialog.waitFor({ state: 'hidden' });
    expect(updates).toEqual([]);

    await form.getByRole('button', { name: 'Update Profile' }).click();
    await pinDialog.getByLabel('PIN').fill('1111');
    await pinDialog.getByRole('button', { name: 'Verify' }).click();
    let n = await notice(page);
    expect([n.title, n.text]).toEqual(['Error', 'Incorrect PIN. Please try again.']);
    await n.close();
    expect(updates).toEqual([]);

    await form.getByRole('button', { name: 'Update Profile' }).click();
    await pinDialog.getByLabel('PIN').fill('4321');
    await pinDialog.getByRole('button', { name: 'Verify' }).click();
    n = await notice(page);
    expect(n.title).toBe('Success!');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(updates).toEqual(['POST']);
    const record = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.pinValid)) ?? '{}') as { token?: string; expiry?: number };
    expect(typeof record.token).toBe('string');
    expect((record.expiry ?? 0) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect((record.expiry ?? 0) - Date.now()).toBeLessThanOrEqual(300_000);

    // Within the 5 minutes a second protected action does not ask again.
    await form.getByLabel('Phone').fill('+1 718 555 0145');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    n = await notice(page);
    expect(n.title).toBe('Success!');
    expect(updates).toEqual(['POST', 'POST']);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // Once the record has expired, the next protected action (an invoice) asks again.
    await page.evaluate(
      ([k, v]) => localStorage.setItem(k, v),
      [STORAGE_KEYS.pinValid, JSON.stringify({ ...record, expiry: Date.now() - 1 })] as const,
    );
    await page.getByRole('navigation', { name: 'Employee menu' }).getByRole('button', { name: 'Invoice' }).click();
    const invoice = page.getByRole('form', { name: 'Create New Invoice' });
    await invoice.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Chris Young' }).click();
    await invoice.getByRole('combobox', { name: 'Services' }).click();
    await page.getByRole('option', { name: 'Kids cut' }).click();
    await page.keyboard.press('Escape');
    await invoice.getByLabel('Amount').fill('22');
    await invoice.getByRole('button', { name: 'Create Invoice' }).click();
    await pinDialog.waitFor();
    await pinDialog.getByLabel('PIN').fill('4321');
    await pinDialog.getByRole('button', { name: 'Verify' }).click();
    await toast(page, 'Invoice created!');
  });
});
