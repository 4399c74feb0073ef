import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, login } from './support/api.js';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { notePresses } from './support/presses.js';

// The public shop page in Chromium against the real server and its demo shop.

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

async function open(
  path: string,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean; baseUrl?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: options.baseUrl ?? server.baseUrl, viewport: options.viewport ?? DESKTOP_VIEWPORT, javaScriptEnabled: options.javaScriptEnabled ?? true });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** Waits until the island has hydrated (its effects ran), so clicks reach React. */
async function hydrated(page: Page) {
  await page.locator('[data-live]').waitFor();
}

// One sign-in per barber for the whole file: sign-ins are rate limited, and later tests sign in too.
const tokens = new Map<string, Promise<string>>();
function tokenOf(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = login(server.baseUrl, email).then((r) => r.access);
    tokens.set(email, token);
  }
  return token;
}

async function setBookingUrl(email: string, name: string, bookingUrl: string) {
  const res = await api(server.baseUrl, 'POST', '/update-barber-profile/', {
    token: await tokenOf(email),
    body: { name, phone_no: '+1 718 555 0142', booking_url: bookingUrl },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The shop page's HTML with the island started as if the server had not loaded the barbers. */
function withoutInitialBarbers(html: string): string {
  const decode = (v: string) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const encode = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  let changed = 0;
  const out = html.replace(/ props="([^"]*)"/g, (whole, raw: string) => {
    const props = JSON.parse(decode(raw)) as Record<string, unknown>;
    if (!('initialBarbers' in props)) return whole;
    changed += 1;
    props.initialBarbers = [0, null];
    return ` props="${encode(JSON.stringify(props))}"`;
  });
  expect(changed).toBe(1);
  return out;
}

/** The demo barbers' seeded booking link; a test that changes one puts it back when it ends. */
const SEEDED_BOOKING_URL = 'https://booksy.com/';
function restoreBookingUrl(email: string, name: string) {
  onTestFinished(() => setBookingUrl(email, name, SEEDED_BOOKING_URL));
}

describe('the public shop page', () => {
  it('is rendered on the server with the shop: logo, name, Verified, address, tel link, check-ins today', async () => {
    const page = await open('/shop/demo', { javaScriptEnabled: false });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Fade Factory');
    expect(await page.getByText('Verified', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('214 Court Street, Brooklyn, NY 11201').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '+1 718 555 0199' }).getAttribute('href')).toBe('tel:+17185550199');
    expect(await page.getByTestId('today-checkins').textContent()).toMatch(/^\d+ check-ins? today$/);
    expect(await page.getByRole('heading', { name: 'Marcus Reed' }).isVisible()).toBe(true);
  });

  it('answers an unknown shop with HTTP 404 and a clear message', async () => {
    const res = await fetch(`${server.baseUrl}/shop/no-such-shop`);
    expect(res.status).toBe(404);
    const page = await open('/store/no-such-shop');
    expect(await page.getByRole('heading', { name: 'Shop not found' }).isVisible()).toBe(true);
    const ticket = await fetch(`${server.baseUrl}/shop/demo/ticket/no-such-ticket`);
    expect(ticket.status).toBe(404);
    expect(await ticket.text()).toContain('Ticket not found');
  });

  it('lists barbers as cards by default and as table rows with ?tabStyle=table', async () => {
    const cards = await open('/shop/demo');
    expect(await cards.locator('.barber-card').count()).toBe(3);
    expect(await cards.getByRole('table').count()).toBe(0);

    const table = await open('/store/demo/barbers?tabStyle=table');
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers.slice(0, 4)).toEqual(['Position', 'Photo', 'Name', 'Email']);
    // Rows in rotation order, Position = position + 1.
    const barbers = await api<{ name: string; email: string; position: number }[]>(server.baseUrl, 'GET', '/barbers/?shop_username=demo');
    const expected = [...barbers.body].sort((a, b) => a.position - b.position);
    expect(expected.length).toBe(3);
    for (const [i, barber] of expected.entries()) {
      const row = table.getByRole('row').nth(i + 1);
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells[0]).toBe(String(barber.position + 1));
      expect(cells[2]).toContain(barber.name);
      expect(cells[3]).toBe(barber.email);
      expect(await row.getByRole('button', { name: /Schedule Now/ }).isVisible()).toBe(true);
    }
    const employees = await open('/shop/demo/employees?tabStyle=table');
    expect(await employees.getByRole('row').count()).toBe(4);
  });

  it("shows the demo barbers' seeded https:// booking link as a QR code and 'Book Online'", async () => {
    const page = await open('/shop/demo');
    await hydrated(page);
    await page.getByRole('button', { name: 'Schedule Now with Jay Kim' }).click();
    await page.getByTestId('booking-qr').locator('svg').waitFor();
    const book = page.getByRole('link', { name: 'Book Online' });
    expect(await book.getAttribute('href')).toBe(SEEDED_BOOKING_URL);
    expect(await page.getByText('Online booking is not available.').count()).toBe(0);
    await page.getByRole('button', { name: 'Back' }).click();
  });

  it("opens 'Schedule with {name}' with call and Back; no booking link (a bare https:// saved) shows the two 'not available' lines", async () => {
    restoreBookingUrl('andre@chairline.test', 'Andre Silva');
    await setBookingUrl('andre@chairline.test', 'Andre Silva', 'https://');
    // A link with another scheme is never stored, so it can never be offered.
    const refused = await api(server.baseUrl, 'POST', '/update-barber-profile/', {
      token: await tokenOf('andre@chairline.test'),
      body: { name: 'Andre Silva', phone_no: '+1 718 555 0142', booking_url: 'javascript:alert(1)' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ status: 0, response: 'The booking URL must start with http:// or https://' });
    const page = await open('/shop/demo');
    await hydrated(page);
    await page.getByRole('button', { name: 'Schedule Now with Andre Silva' }).click();
    await page.getByRole('heading', { name: 'Schedule with Andre Silva' }).waitFor();
    expect(await page.getByText('Professional', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^Call / }).getAttribute('href')).toBe('tel:+17185550142');
    expect(await page.getByText('Booking Information').isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Scan the QR code or click the button below to book an appointment' }).count()).toBe(1);
    expect(await page.getByText('Online booking is not available.').isVisible()).toBe(true);
    expect(await page.getByText('Please call to schedule your appointment.').isVisible()).toBe(true);
    expect(await page.getByTestId('booking-qr').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Book Online' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Our barbers' }).waitFor();
    expect(await page.locator('.barber-card').count()).toBe(3);
  });

  it("shows a 192 px QR code and a new-tab 'Book Online' link for http://, https:// and own-host booking links", async () => {
    const links = [
      ['marcus@chairline.test', 'Marcus Reed', 'http://book.example.com/marcus'],
      ['jay@chairline.test', 'Jay Kim', `${server.baseUrl}/shop/demo`],
      ['andre@chairline.test', 'Andre Silva', 'https://calendly.com/andre-silva/30min'],
    ] as const;
    for (const [email, name, url] of links) {
      restoreBookingUrl(email, name);
      await setBookingUrl(email, name, url);
    }
    const page = await open('/shop/demo');
    await hydrated(page);
    for (const [, name, url] of links) {
      await page.getByRole('button', { name: `Schedule Now with ${name}` }).click();
      const qr = page.getByTestId('booking-qr').locator('svg');
      await qr.waitFor();
      expect(await qr.getAttribute('width')).toBe('192');
      expect(await qr.getAttribute('height')).toBe('192');
      const book = page.getByRole('link', { name: 'Book Online' });
      expect(await book.getAttribute('href')).toBe(url);
      expect(await book.getAttribute('target')).toBe('_blank');
      expect(await book.getAttribute('rel')).toContain('noopener');
      expect(await page.getByText('Online booking is not available.').count()).toBe(0);
      await page.getByRole('button', { name: 'Back' }).click();
    }
  });

  it("keeps the barber list with 'Offline — retrying…' when a refresh fails, and catches up once the API answers", async () => {
    const page = await open('/shop/demo');
    await hydrated(page);
    expect(await page.locator('.barber-card').count()).toBe(3);
    await page.route('**/api/barbers/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":0,"response":"Down for maintenance."}' }));
    // A refresh as the page does when it becomes visible again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.getByRole('status').filter({ hasText: 'Offline — retrying…' }).waitFor();
    expect(await page.locator('.barber-card').count()).toBe(3);
    expect(await page.getByText('Unable to load data').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);

    await page.unroute('**/api/barbers/**');
    await page.getByText('Offline — retrying…').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.locator('.barber-card').count()).toBe(3);
  });

  it("shows 'Unable to load data' with 'Try Again' when the barbers never loaded, 'Loading...' while retrying", async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP_VIEWPORT });
    contexts.push(context);
    const page = await context.newPage();
    // The page as the server renders it when its own barbers request failed: no list to keep.
    await page.route('**/shop/demo', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: withoutInitialBarbers(await response.text()) });
    });
    // The page retries on its own (reconnects, polls): every read is refused until the person has
    // pressed Try Again, then held until the test has seen 'Loading...'.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let triedAgain = async () => false;
    await page.route('**/api/barbers/**', async (route) => {
      if (!(await triedAgain())) return route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":0,"response":"Down for maintenance."}' });
      await held;
      await route.continue();
    });
    await page.goto('/shop/demo');
    triedAgain = await notePresses(page, 'Try Again');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Unable to load data' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('Loading...', { exact: true }).waitFor();
    release();
    await page.locator('.barber-card').first().waitFor();
    expect(await page.locator('.barber-card').count()).toBe(3);
    expect(await page.getByText('Unable to load data').count()).toBe(0);
  });

  it('fits a 375 px phone: no sideways page scrolling in cards, table (which keeps its Email column) and the check-in form', async () => {
    for (const path of ['/shop/demo', '/shop/demo?tabStyle=table', '/', '/privacy-policy']) {
      const page = await open(path, { viewport: PHONE_VIEWPORT });
      if (path.startsWith('/shop/')) await hydrated(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      if (path.includes('tabStyle=table')) {
        // Every column stays, Email included: the table scrolls sideways inside its own wrapper,
        // never the page, and the Schedule Now buttons are reached by scrolling it.
        const table = page.locator('.table-wrap');
        expect(await table.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
        expect(await page.getByRole('columnheader', { name: 'Email' }).isVisible()).toBe(true);
        const emails = await page.locator('.table-email').evaluateAll((els) => els.map((el) => (el as HTMLElement).offsetWidth));
        expect(emails.length).toBe(3);
        for (const width of emails) expect(width).toBeGreaterThan(0);
        const button = page.getByRole('button', { name: /Schedule Now/ }).first();
        await button.scrollIntoViewIfNeeded();
        expect(await button.isVisible()).toBe(true);
      }
    }
    const page = await open('/shop/demo', { viewport: PHONE_VIEWPORT });
    await hydrated(page);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.getByRole('group', { name: 'Services (optional)' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    const next = await page.getByRole('button', { name: 'Next', exact: true }).boundingBox();
    expect(next && next.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('group', { name: 'Barber' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Your name').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    const box = await page.getByRole('button', { name: 'Check in', exact: true }).boundingBox();
    expect(box && box.height).toBeGreaterThanOrEqual(44);
  });
  it("shows 'No barbers available' once the shop has no barbers", async () => {
    // Removing every demo barber would change the shop the other tests read: this test gets a
    // server of its own.
    const own = await startServer();
    try {
      const { access } = await login(own.baseUrl, DEMO.admin);
      const barbers = await api<{ id: number }[]>(own.baseUrl, 'GET', '/barbers/?shop_username=demo');
      expect(barbers.body.length).toBeGreaterThan(0);
      for (const barber of barbers.body) {
        const res = await api(own.baseUrl, 'DELETE', `/team/team-members/${barber.id}/`, { token: access });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const page = await open('/shop/demo', { viewport: PHONE_VIEWPORT, baseUrl: own.baseUrl });
      await page.getByRole('heading', { name: 'No barbers available' }).waitFor();
      expect(await page.getByText('There are currently no barbers available for this shop.').isVisible()).toBe(true);
      await page.context().close();
    } finally {
      await own.stop();
    }
  });
});

describe('landing, legal pages and the signed-in rule', () => {
  it('tells shop owners, barbers and customers what it does, with sign-up and login links', async () => {
    const page = await open('/');
    for (const heading of ['For shop owners', 'For barbers', 'For customers']) {
      expect(await page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Start your free trial' }).getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('link', { name: 'Log in' }).first().getAttribute('href')).toBe('/login');
  });

  it('serves real privacy and terms pages', async () => {
    const privacy = await open('/privacy-policy');
    expect(await privacy.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Policy');
    expect(await privacy.getByRole('heading', { name: 'What is shown publicly' }).isVisible()).toBe(true);
    const terms = await open('/terms-and-services');
    expect(await terms.getByRole('heading', { level: 1 }).textContent()).toBe('Terms and Services');
  });

  it('lists the plans on /pricing', async () => {
    const page = await open('/pricing');
    expect(await page.getByRole('heading', { name: 'Choose Your Plan' }).isVisible()).toBe(true);
    expect(await page.getByText("Select the perfect plan for your shop's needs").isVisible()).toBe(true);
    expect(await page.locator('.plan').count()).toBeGreaterThan(0);
  });

  it('sends a signed-in visitor from / to /dashboard but never from a shop page', async () => {
    const context = await signedInContext(browser, server.baseUrl, DEMO.admin);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL(/\/dashboard/);
    await page.goto('/shop/demo');
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe('/shop/demo');
  });
});

describe('live shop data', () => {
  it("updates the open shop page when the owner renames the shop (a 'shop' event), without reload", async () => {
    const { access } = await login(server.baseUrl, DEMO.admin);
    const current = await api<{ response: Record<string, unknown> & { name: string } }>(server.baseUrl, 'GET', '/shop/settings/', { token: access });
    expect(current.status).toBe(200);
    const settings = current.body.response;
    const save = (name: string) =>
      api(server.baseUrl, 'PUT', '/shop/settings/', {
        token: access,
        body: {
          name,
          username: settings.username,
          address: settings.address,
          phone_number: settings.phone_number,
          timezone: settings.timezone,
          opening_hours: settings.opening_hours,
          pin_enabled: settings.pin_enabled,
        },
      });
    const page = await open('/shop/demo');
    await hydrated(page);
    const marker = await page.evaluate(() => ((window as unknown as { __sameDocument: number }).__sameDocument = 7));
    try {
      const renamed = await save('Fade Factory Uptown');
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      await page.getByRole('heading', { level: 1, name: /Fade Factory Uptown/ }).waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument)).toBe(marker);
    } finally {
      expect((await save(settings.name)).status).toBe(200);
    }
  });
});
