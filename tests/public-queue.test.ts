import { PHONE_MESSAGES, POLL_NEXT_BARBER_MS, QUEUE_MESSAGES, type PublicTicket, type Walkin } from '@chairline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, login } from './support/api.js';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The customer's side of the live queue in Chromium: check in, the live ticket, leaving, the door
// tablet (kiosk) and the waiting-room display, moved by real staff actions through the API.

let server: RunningServer;
let browser: Browser;
let staffToken: string;
const contexts: BrowserContext[] = [];
const TABLET = { width: 820, height: 1180 } as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  staffToken = (await login(server.baseUrl, DEMO.admin)).access;
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

async function open(path: string, viewport: { width: number; height: number } = PHONE_VIEWPORT): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(path);
  await page.locator('[data-live]').waitFor();
  return page;
}

async function apiCheckIn(name: string, phone: string): Promise<PublicTicket> {
  const res = await api<{ response: PublicTicket }>(server.baseUrl, 'POST', '/check-in/', {
    body: { shop_username: DEMO.shop, name, phone_number: phone, barber_id: 'any', service_ids: [], source: 'online' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response;
}

async function ticket(token: string): Promise<PublicTicket> {
  const res = await api<{ response: PublicTicket }>(server.baseUrl, 'GET', `/check-in/${token}/`);
  expect(res.status).toBe(200);
  return res.body.response;
}

async function walkinId(token: string): Promise<number> {
  const res = await api<{ response: Walkin[] }>(server.baseUrl, 'GET', '/walkins/?status=waiting,called,in_service&page_size=100', { token: staffToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = res.body.response.find((w) => w.token === token);
  if (!row) throw new Error(`no walk-in with token ${token}`);
  return row.id;
}

async function barberId(name: string): Promise<number> {
  const res = await api<{ id: number; name: string }[]>(server.baseUrl, 'GET', `/barbers/?shop_username=${DEMO.shop}`);
  const barber = res.body.find((b) => b.name === name);
  if (!barber) throw new Error(`no barber ${name}`);
  return barber.id;
}

/** A barber free to take a customer now (the demo shop has a live queue, so not always the same one). */
async function availableBarber(except: string[] = []): Promise<{ id: number; name: string }> {
  const res = await api<{ id: number; name: string; status: string }[]>(server.baseUrl, 'GET', `/barbers/?shop_username=${DEMO.shop}`);
  const barber = res.body.find((b) => b.status === 'available' && !except.includes(b.name));
  if (!barber) throw new Error(`no available barber in ${JSON.stringify(res.body)}`);
  return barber;
}

/** The form's Next button: on to the following step. */
async function next(page: Page) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** Opens the check-in form and walks its steps: services (none chosen), the barber, then name and phone. */
async function fillCheckIn(page: Page, name: string, phone: string, barber: string | RegExp = /^Any barber/) {
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await page.getByRole('group', { name: 'Services (optional)' }).waitFor();
  await next(page);
  await page.getByRole('radio', { name: barber }).check();
  await next(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone number').fill(phone);
}

/** Opens the form and goes straight to its last step (name and phone). */
async function openDetailsStep(page: Page) {
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await next(page);
  await next(page);
  await page.getByLabel('Your name').waitFor();
}

const tokenOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

describe('checking in from the public page', () => {
  it('shows the visitor their live place; a staff call turns the ticket page into "It\'s your turn" without reload', async () => {
    const first = await apiCheckIn('Avery Stone', '+1 555 010 1001');
    await apiCheckIn('Blake Rivers', '+1 555 010 1002');

    const page = await open('/shop/demo');
    await fillCheckIn(page, 'Sam Taylor', '+1 555 010 2000');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.waitForURL(/\/shop\/demo\/ticket\/[^/]+$/);
    const token = tokenOf(page);
    const mine = await ticket(token);
    const place = mine.place ?? 0;
    expect(place).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`You're #${place} in line`);
    expect(await page.getByText('Sam T.', { exact: true }).isVisible()).toBe(true);

    // Someone ahead leaves: the place moves up live.
    const marker = await page.evaluate(() => ((window as unknown as { __sameDocument: number }).__sameDocument = 42));
    expect((await api(server.baseUrl, 'POST', `/check-in/${first.token}/cancel/`)).status).toBe(200);
    await page.getByRole('heading', { name: `You're #${place - 1} in line` }).waitFor({ timeout: 30_000 });

    // Staff call this customer: the page says so within 2 s, still the same document (no reload).
    const barber = await availableBarber();
    const called = await api(server.baseUrl, 'POST', `/walkins/${await walkinId(token)}/call/`, { token: staffToken, body: { barber_id: barber.id } });
    expect(called.status, JSON.stringify(called.body)).toBe(200);
    await page.getByRole('heading', { name: "It's your turn" }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(`${barber.name} is ready for you.`, { exact: false }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument)).toBe(marker);

    // Back on the shop page, this phone is told it is already in line.
    await page.goto('/shop/demo');
    await page.getByText("You're already in line").waitFor();
    const link = page.getByRole('link', { name: 'View your ticket' });
    expect(await link.getAttribute('href')).toBe(`/shop/demo/ticket/${token}`);
    // Free the barber for the next tests.
    expect((await api(server.baseUrl, 'POST', `/walkins/${await walkinId(token)}/no-show/`, { token: staffToken })).status).toBe(200);
  });

  it('lets the visitor choose services: the form shows their time in the chair, the ticket lists them, the next wait grows', async () => {
    const services = await api<{ id: number; name: string; estimated_minutes: number }[]>(server.baseUrl, 'GET', `/shop/services/?shop_username=${DEMO.shop}`);
    expect(services.status).toBe(200);
    expect(services.body.map((s) => s.name)).toContain('Skin fade');
    const page = await open('/shop/demo');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    expect(await page.getByTestId('visit-time').count()).toBe(0);
    await page.getByRole('checkbox', { name: /^Skin fade/ }).check();
    expect(await page.getByTestId('visit-time').textContent()).toContain('about 45 min');
    await page.getByRole('checkbox', { name: /^Beard trim/ }).check();
    expect(await page.getByTestId('visit-time').textContent()).toContain('about 1 h');
    await page.getByRole('checkbox', { name: /^Beard trim/ }).uncheck();
    expect(await page.getByTestId('visit-time').textContent()).toContain('about 45 min');
    await next(page);
    await page.getByRole('radio', { name: /^Marcus Reed/ }).check();
    await next(page);
    await page.getByLabel('Your name').fill('Nico Vance');
    await page.getByLabel('Phone number').fill('+1 555 010 2100');

    const marcusBefore = (await api<{ name: string; eta_range: { max_minutes: number } | null }[]>(server.baseUrl, 'GET', `/barbers/?shop_username=${DEMO.shop}`)).body.find(
      (b) => b.name === 'Marcus Reed',
    );
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.waitForURL(/\/ticket\//);
    await page.locator('[data-live]').waitFor();
    const servicesRow = page.locator('dt', { hasText: 'Services' }).locator('xpath=following-sibling::dd[1]');
    expect(await servicesRow.textContent()).toBe('Skin fade');
    const mine = await ticket(tokenOf(page));
    expect(mine.services.map((s) => s.name)).toEqual(['Skin fade']);
    // The next customer asking for Marcus waits longer by this customer's 45 minutes.
    const marcusAfter = (await api<{ name: string; eta_range: { max_minutes: number } | null }[]>(server.baseUrl, 'GET', `/barbers/?shop_username=${DEMO.shop}`)).body.find(
      (b) => b.name === 'Marcus Reed',
    );
    expect(marcusAfter?.eta_range?.max_minutes ?? 0).toBeGreaterThan(marcusBefore?.eta_range?.max_minutes ?? 0);
    expect((await api(server.baseUrl, 'POST', `/check-in/${mine.token}/cancel/`)).status).toBe(200);
  });

  it('lets the visitor leave the queue after confirming', async () => {
    const page = await open('/store/demo');
    await fillCheckIn(page, 'Lee Park', '+1 555 010 3000');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.waitForURL(/\/ticket\//);
    await page.locator('[data-live]').waitFor();
    const token = tokenOf(page);

    await page.getByRole('button', { name: 'Leave the queue' }).click();
    await page.getByRole('heading', { name: 'Leave the queue?' }).waitFor();
    await page.getByRole('button', { name: 'Stay in line' }).click();
    expect((await ticket(token)).status).toBe('waiting');

    await page.getByRole('button', { name: 'Leave the queue' }).click();
    await page.getByRole('button', { name: 'Yes, leave the queue' }).click();
    await page.getByRole('heading', { name: 'You left the queue' }).waitFor();
    expect((await ticket(token)).status).toBe('cancelled');

    await page.goto('/shop/demo');
    await page.locator('[data-live]').waitFor();
    expect(await page.getByText("You're already in line").count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Check in', exact: true }).isVisible()).toBe(true);
  });

  it("refuses a phone already in line with a message, showing nothing of that person's ticket", async () => {
    const other = await apiCheckIn('Robin Hale', '+1 555 010 4000');
    const page = await open('/shop/demo');
    await fillCheckIn(page, 'Mal Lowe', '15550104000');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(PHONE_MESSAGES.alreadyInLine);
    expect(new URL(page.url()).pathname).toBe('/shop/demo');
    // This device holds no ticket of the shop, so there is none to offer.
    expect(await page.getByRole('link', { name: 'View my ticket' }).count()).toBe(0);
    const html = await page.content();
    for (const secret of [other.token, 'Robin H.', 'Robin Hale']) expect(html).not.toContain(secret);
    expect((await ticket(other.token)).status).toBe('waiting');
    expect((await api(server.baseUrl, 'POST', `/check-in/${other.token}/cancel/`)).status).toBe(200);
  });

  it('takes a visitor who checked in from this device to their ticket, and offers it after a refused check-in', async () => {
    const page = await open('/shop/demo');
    await fillCheckIn(page, 'Casey Wren', '+1 555 010 4100');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.waitForURL(/\/shop\/demo\/ticket\/[^/]+$/);
    const token = tokenOf(page);

    // Back on the shop page the device's own ticket replaces the form, and a barber's "Join the line" leads to it.
    await page.goto('/shop/demo');
    await page.getByText("You're already in line").waitFor();
    expect(await page.getByRole('button', { name: 'Check in', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Schedule Now with Marcus Reed' }).click();
    await page.getByRole('button', { name: 'Join the line for Marcus Reed' }).click();
    await page.waitForURL(`**/shop/demo/ticket/${token}`);
    await page.locator('[data-live]').waitFor();
    expect((await ticket(token)).status).toBe('waiting');

    // When the ticket could not be loaded with the page (a poor connection), the form is shown; the
    // refusal then offers this device's own ticket.
    await page.route(`**/api/check-in/${token}/`, (route) => route.abort());
    await page.goto('/shop/demo');
    await page.locator('[data-live]').waitFor();
    await fillCheckIn(page, 'Casey Wren', '(555) 010-4100');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(PHONE_MESSAGES.alreadyInLine);
    expect(await alert.getByRole('link', { name: 'View my ticket' }).getAttribute('href')).toBe(`/shop/demo/ticket/${token}`);
    expect((await api(server.baseUrl, 'POST', `/check-in/${token}/cancel/`)).status).toBe(200);
  });

  it('checks the form before sending and shows the server\'s message when it refuses', async () => {
    const page = await open('/shop/demo');
    await openDetailsStep(page);
    await page.getByLabel('Phone number').fill('call me');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.locator('.field-error', { hasText: 'Please enter a name' }).waitFor();
    await page.locator('.field-error', { hasText: 'Please enter a valid phone number.' }).waitFor();
    expect(await page.getByLabel('Your name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Your name').fill('Drew Lane');
    await page.getByLabel('Phone number').fill('+1 555 010 5000');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('radio', { name: /^Andre Silva/ }).check();
    await next(page);
    expect(await page.getByLabel('Your name').inputValue()).toBe('Drew Lane');
    // Andre goes off duty while the form is open.
    const off = await api(server.baseUrl, 'POST', `/barbers/${await barberId('Andre Silva')}/status/`, { token: staffToken, body: { status: 'off' } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(QUEUE_MESSAGES.barberNotTaking);
    expect(new URL(page.url()).pathname).toBe('/shop/demo');
    const back = await api(server.baseUrl, 'POST', `/barbers/${await barberId('Andre Silva')}/status/`, { token: staffToken, body: { status: 'available' } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });
  it('falls back to polling when the event stream is unavailable', async () => {
    const guest = await apiCheckIn('Quinn Fox', '+1 555 010 8000');
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE_VIEWPORT });
    contexts.push(context);
    const page = await context.newPage();
    await page.route('**/api/events/**', (route) => route.abort());
    await page.goto(`/shop/demo/ticket/${guest.token}`);
    await page.locator('[data-live]').waitFor();
    const called = await api(server.baseUrl, 'POST', `/walkins/${await walkinId(guest.token)}/call/`, {
      token: staffToken,
      body: { barber_id: (await availableBarber()).id },
    });
    expect(called.status, JSON.stringify(called.body)).toBe(200);
    await page.getByRole('heading', { name: "It's your turn" }).waitFor({ timeout: POLL_NEXT_BARBER_MS + 30_000 });
    expect((await api(server.baseUrl, 'POST', `/walkins/${await walkinId(guest.token)}/no-show/`, { token: staffToken })).status).toBe(200);
  });
});

describe('the door tablet (kiosk mode)', () => {
  it('has no links away, confirms with place and masked name, and returns to the start', async () => {
    const page = await open('/shop/demo?kiosk=1', TABLET);
    expect(await page.locator('a').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Welcome! Check in here' }).isVisible()).toBe(true);

    await fillCheckIn(page, 'Kim Park', '+1 555 010 6000');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.getByRole('heading', { name: "You're checked in, Kim P." }).waitFor();
    expect(await page.getByText(/^You're #\d+ in line$/).isVisible()).toBe(true);
    expect(await page.locator('a').count()).toBe(0);
    // The shared tablet never remembers a customer's ticket.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chairline.ticket')))).toEqual([]);

    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Welcome! Check in here' }).waitFor();

    // Without touching anything, the next check-in's confirmation goes back to the start by itself.
    await fillCheckIn(page, 'Lou Reed', '+1 555 010 6001');
    expect(await page.getByLabel('Your name').inputValue()).toBe('Lou Reed');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.getByRole('heading', { name: "You're checked in, Lou R." }).waitFor();
    // The confirmation counts down 8 s; a busy machine may stretch that, so the wait is generous.
    await page.getByRole('heading', { name: 'Welcome! Check in here' }).waitFor({ timeout: 45_000 });
    await openDetailsStep(page);
    expect(await page.getByLabel('Your name').inputValue()).toBe('');
  });
});

describe('the door tablet and a phone already in line', () => {
  it("shows the message, never that person's ticket, and goes back to the start", async () => {
    const other = await apiCheckIn('Jordan Blake', '+1 555 010 6100');
    const page = await open('/shop/demo?kiosk=1', TABLET);
    await fillCheckIn(page, 'Someone Else', '5550106100');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.getByRole('heading', { name: PHONE_MESSAGES.alreadyInLine }).waitFor();
    const text = (await page.locator('body').textContent()) ?? '';
    for (const secret of ['Jordan', other.token, "You're checked in", 'in line at']) expect(text).not.toContain(secret);
    expect(await page.content()).not.toContain(other.token);
    expect(await page.locator('a').count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chairline.ticket')))).toEqual([]);

    await page.getByRole('heading', { name: 'Welcome! Check in here' }).waitFor({ timeout: 15_000 });
    await openDetailsStep(page);
    expect(await page.getByLabel('Your name').inputValue()).toBe('');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('');
    expect((await ticket(other.token)).status).toBe('waiting');
    expect((await api(server.baseUrl, 'POST', `/check-in/${other.token}/cancel/`)).status).toBe(200);
  });
});

describe('the waiting-room display', () => {
  it('shows each barber and a QR code to join, and puts the customer in their barber\'s chair live', async () => {
    const page = await open('/shop/demo/display', { width: 1600, height: 900 });
    const serving = page.locator('section[aria-labelledby="serving-title"]');
    // Every barber on duty has a row in "Now serving" (the rotation column is gone: one TV, two columns).
    expect(await serving.getByTestId('now-serving').getByText('Marcus Reed').isVisible()).toBe(true);
    const qr = page.getByTestId('join-qr').locator('svg');
    expect(await qr.count()).toBe(1);
    expect(await page.getByText(/\/shop\/demo$/).isVisible()).toBe(true);
    expect(await page.getByText('Next up').isVisible()).toBe(true);

    const barber = await availableBarber();
    const chair = serving.getByTestId('now-serving').locator('li').filter({ hasText: barber.name });
    expect(await chair.getByText('Pat M.', { exact: true }).count()).toBe(0);
    const guest = await apiCheckIn('Pat Moore', '+1 555 010 7000');
    const started = await api(server.baseUrl, 'POST', `/walkins/${await walkinId(guest.token)}/start/`, {
      token: staffToken,
      body: { barber_id: barber.id },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The customer in the chair is shown masked, in their barber's row.
    await chair.getByText('Pat M.', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Pat Moore').count()).toBe(0);
  });

  it('lists the people waiting, masked, in the order they will be called, live, never a phone number', async () => {
    const page = await open('/shop/demo/display', { width: 1600, height: 900 });
    const waiting = page.locator('section[aria-labelledby="waiting-title"]');
    const first = await apiCheckIn('Riley Brandt', '+1 555 010 7101');
    const second = await apiCheckIn('Morgan Ellis', '+1 555 010 7102');
    const list = waiting.getByTestId('waiting-list');
    await list.getByText('Morgan E.', { exact: true }).waitFor({ timeout: 30_000 });
    const names = await list.locator('.display-name').evaluateAll((els) => els.map((e) => e.firstChild?.textContent ?? ''));
    expect(names.indexOf('Riley B.')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('Riley B.')).toBeLessThan(names.indexOf('Morgan E.'));
    const body = (await page.locator('body').textContent()) ?? '';
    for (const text of ['Riley Brandt', 'Morgan Ellis', '555 010 7101', '5550107101', '010 7102', first.token, second.token]) {
      expect(body).not.toContain(text);
    }
    expect(await page.content()).not.toMatch(/5550107101|555 010 7101|5550107102/);

    // Leaving the line takes the name off the screen live.
    expect((await api(server.baseUrl, 'POST', `/check-in/${first.token}/cancel/`)).status).toBe(200);
    await list.getByText('Riley B.', { exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
    expect((await api(server.baseUrl, 'POST', `/check-in/${second.token}/cancel/`)).status).toBe(200);
  });
});
