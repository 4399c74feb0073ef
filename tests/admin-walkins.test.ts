import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, login } from './support/api.js';
import { launchBrowser, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { notePresses } from './support/presses.js';

// The live walk-in board and the rotation beside it, against the real server in Chromium.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

interface Rotation {
  response: { rotation: Array<{ id: number; name: string; position: number | null; status: string }> };
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = (await login(server.baseUrl, DEMO.admin)).access;
  context = await signedInContext(browser, server.baseUrl, DEMO.admin);
  page = await context.newPage();
});

/** The walk-in board, freshly loaded and listening for live updates: each test starts here. */
async function openBoard() {
  await page.goto('/dashboard/walkin-management');
  await page.getByRole('region', { name: 'Walk-in board' }).waitFor({ timeout: 60_000 });
  await page.getByLabel('Live updates on').waitFor({ timeout: 60_000 });
}
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const board = () => page.getByRole('region', { name: 'Walk-in board' });
const ticket = (name: string) => board().getByRole('article', { name: `Ticket ${name}` });
const openTab = (label: RegExp) => board().getByRole('tab', { name: label }).click();
/** Waits until the board shows the ticket with that status (the board refetches after each action). */
const inStatus = (name: string, status: string) =>
  board().locator(`article[data-status="${status}"]`).filter({ has: page.getByText(name, { exact: true }) }).waitFor();

describe('live walk-in board', () => {
  // Each test starts from an empty line, whatever ran before it: the demo shop starts with people
  // in line, and the tests' counts ("Called (1)") and Call next must concern their own customers.
  beforeEach(async () => {
    const live = await api<{ response: Array<{ id: number; status: string }> }>(server.baseUrl, 'GET', '/walkins/?status=waiting,called,in_service&page_size=100', {
      token: adminToken,
    });
    for (const t of live.body.response) {
      const action = t.status === 'in_service' ? 'complete' : 'cancel';
      expect((await api(server.baseUrl, 'POST', `/walkins/${t.id}/${action}/`, { token: adminToken })).status).toBe(200);
    }
    await openBoard();
    await board().getByRole('tab', { name: 'Waiting (0)' }).waitFor({ timeout: 30_000 });
  });

  it('shows a public check-in without a reload, and Call next / Start / Complete move it', async () => {

    const checkIn = await api(server.baseUrl, 'POST', '/check-in/', {
      body: { shop_username: DEMO.shop, name: 'Liam Walker', phone_number: '555-010-2030' },
    });
    expect(checkIn.status).toBe(200);

    // Arrives over server-sent events: no navigation happened.
    await ticket('Liam Walker').waitFor({ timeout: 30_000 });
    await board().getByRole('tab', { name: 'Waiting (1)' }).waitFor();
    await inStatus('Liam Walker', 'waiting');

    await page.getByRole('button', { name: 'Call next' }).click();
    await inStatus('Liam Walker', 'called');
    expect(await board().getByRole('tab', { name: 'Called (1)' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('button', { name: 'Start Liam Walker' }).click();
    await openTab(/In service \(1\)/);
    await inStatus('Liam Walker', 'in_service');

    await page.getByRole('button', { name: 'Complete Liam Walker' }).click();
    await ticket('Liam Walker').waitFor({ state: 'detached' });
    await openTab(/^Done$/);
    await inStatus('Liam Walker', 'done');

    const done = await api<{ response: Array<{ party_name: string; status: string }> }>(server.baseUrl, 'GET', '/walkins/?status=done&search=Liam', {
      token: adminToken,
    });
    expect(done.body.response.map((t) => t.party_name)).toContain('Liam Walker');
  });

  it('adds a walk-in at the desk and marks a called customer as a no-show', async () => {
    await page.getByRole('button', { name: 'Add walk-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add walk-in' });
    await dialog.getByLabel('Customer name').fill('Desk Guest');
    await dialog.getByLabel('Phone').fill('555-010-9999');
    await dialog.getByRole('button', { name: 'Add to queue' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await ticket('Desk Guest').waitFor();

    await page.getByRole('button', { name: 'Call Desk Guest' }).click();
    await openTab(/Called \(1\)/);
    await page.getByRole('button', { name: 'No-show Desk Guest' }).click();
    await ticket('Desk Guest').waitFor({ state: 'detached' });
    await openTab(/^No-show$/);
    await inStatus('Desk Guest', 'no_show');
  });

  it('moves a ticket that another desk changed, without a reload', async () => {
    const added = await api<{ response: { id: number } }>(server.baseUrl, 'POST', '/walkins/', { token: adminToken, body: { name: 'Other Desk' } });
    await ticket('Other Desk').waitFor();
    await api(server.baseUrl, 'POST', `/walkins/${added.body.response.id}/cancel/`, { token: adminToken });
    await ticket('Other Desk').waitFor({ state: 'detached' });
    await openTab(/^Cancelled$/);
    await ticket('Other Desk').waitFor();
  });
});

describe('ended walk-ins', () => {
  const isCancelledList = (url: string) => new URL(url).pathname === '/api/walkins/' && new URL(url).searchParams.get('status') === 'cancelled';

  it('pages the history on the server, newest first, and exports the whole tab as CSV', async () => {
    // More cancelled tickets than one page holds, all newer than any other ticket of the shop.
    const names = Array.from({ length: 26 }, (_, i) => `History ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) {
      const added = await api<{ response: { id: number } }>(server.baseUrl, 'POST', '/walkins/', { token: adminToken, body: { name } });
      expect((await api(server.baseUrl, 'POST', `/walkins/${added.body.response.id}/cancel/`, { token: adminToken })).status).toBe(200);
    }
    await openBoard();
    const firstRead = page.waitForRequest((req) => isCancelledList(req.url()));
    await openTab(/^Cancelled$/);
    const sent = new URL((await firstRead).url()).searchParams;
    expect({ page: sent.get('page'), page_size: sent.get('page_size'), ordering: sent.get('ordering') }).toEqual({ page: '1', page_size: '25', ordering: '-checked_in_at' });
    await ticket('History 26').waitFor();
    expect(await ticket('History 01').count()).toBe(0);

    await board().getByRole('button', { name: 'Go to next page' }).click();
    await ticket('History 01').waitFor();
    expect(await ticket('History 26').count()).toBe(0);

    const download = page.waitForEvent('download');
    await board().getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('walkins-cancelled.csv');
    const csv = readFileSync(await file.path(), 'utf8');
    for (const name of names) expect(csv).toContain(name);
    await page.screenshot({ path: 'test-results/admin-walkins-ended.png', fullPage: true });
  });

  it('says when the history cannot be loaded, and loads it on Try again', async () => {
    const added = await api<{ response: { id: number } }>(server.baseUrl, 'POST', '/walkins/', { token: adminToken, body: { name: 'Retry Guest' } });
    expect((await api(server.baseUrl, 'POST', `/walkins/${added.body.response.id}/cancel/`, { token: adminToken })).status).toBe(200);
    await openBoard();
    // The board reloads the list on its own too (a live update, or its poll while the stream is
    // down): every read is refused until the person has pressed Try again.
    const triedAgain = await notePresses(page, 'Try again');
    const matches = (url: URL) => isCancelledList(url.href);
    await page.route(matches, async (route) => {
      if (await triedAgain()) return route.continue();
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 0, response: 'Try later' }) });
    });
    onTestFinished(() => page.unroute(matches));
    await openTab(/^Cancelled$/);
    await board().getByText('These walk-ins could not be loaded.').waitFor();
    await board().getByRole('button', { name: 'Try again' }).click();
    await ticket('Retry Guest').waitFor();
  });
});

describe('rotation beside the board', () => {
  beforeEach(openBoard);
  const rotation = async () => (await api<Rotation>(server.baseUrl, 'GET', '/rotation/', { token: adminToken })).body.response.rotation;

  it('reorders barbers by drag and drop', async () => {
    const before = (await rotation()).filter((e) => e.position !== null).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    expect(before.length).toBeGreaterThanOrEqual(2);
    const [first, second] = before as [Rotation['response']['rotation'][number], Rotation['response']['rotation'][number]];
    const handle = page.getByRole('button', { name: `Drag to reorder ${second.name}` });
    const target = page.getByRole('button', { name: `Drag to reorder ${first.name}` });
    await handle.waitFor();
    await target.waitFor();
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('rotation handles are not visible');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 });
    await page.mouse.up();

    await expect.poll(async () => (await rotation()).filter((e) => e.position !== null).sort((a, b) => (a.position ?? 0) - (b.position ?? 0))[0]?.id).toBe(second.id);
    const rows = await page.getByTestId('rotation-row').evaluateAll((els) => els.map((el) => el.getAttribute('data-barber')));
    expect(rows[0]).toBe(second.name);
  });

  it('sets a barber on break', async () => {
    const [entry] = await rotation();
    if (!entry) throw new Error('no barber in the rotation');
    // The barber goes back to work afterwards, so no other test meets a rotation with a break in it.
    onTestFinished(async () => {
      const back = await api(server.baseUrl, 'POST', `/barbers/${entry.id}/status/`, { token: adminToken, body: { status: entry.status } });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
    });
    await page.getByRole('combobox', { name: `Status of ${entry.name}` }).click();
    await page.getByRole('option', { name: 'Break' }).click();
    await expect.poll(async () => (await rotation()).find((e) => e.id === entry.id)?.status).toBe('break');
    await page.screenshot({ path: 'test-results/admin-walkins.png', fullPage: true });
  });
});

describe('appointments beside the walk-ins', () => {
  it('lists an upcoming appointment with a link to its edit form', async () => {
    const [barber] = (await api<Rotation>(server.baseUrl, 'GET', '/rotation/', { token: adminToken })).body.response.rotation;
    if (!barber) throw new Error('no barber');
    const start = new Date(Date.now() + 26 * 3600_000);
    start.setUTCMinutes(0, 0, 0);
    const created = await api<{ response: { id: number } }>(server.baseUrl, 'POST', '/appointments/', {
      token: adminToken,
      body: { barber_id: barber.id, starts_at: start.toISOString(), notes: 'Beard and fade' },
    });
    expect(created.status).toBe(200);
    const id = created.body.response.id;

    await page.goto('/dashboard/appointments');
    await page.getByRole('tab', { name: 'Appointments' }).click();
    const panel = page.getByRole('region', { name: 'Upcoming appointments' });
    const edit = panel.getByRole('link', { name: `Edit appointment ${id}` });
    await edit.waitFor();
    expect(await panel.getByRole('row').filter({ has: page.getByRole('link', { name: `Edit appointment ${id}` }) }).innerText()).toContain(barber.name);
    expect(await edit.getAttribute('href')).toBe(`/dashboard/appointments/${id}/edit`);
    expect(await panel.getByRole('link', { name: 'New appointment' }).getAttribute('href')).toBe('/dashboard/appointments/create');
    await edit.click();
    await page.waitForURL((url) => url.pathname === `/dashboard/appointments/${id}/edit`);
  });
});
