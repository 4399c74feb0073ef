import { checkInsTodayText, formatWait, type PublicTicket, type ShopReply, type Walkin } from '@chairline/shared';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, sharedLogin } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The waiting-room TV as a room sees it: 1920×1080, a long line across three barbers, read from
// across the room. The line is made through the staff API on this server's demo shop and removed after.

const TV = { width: 1920, height: 1080 } as const;
const WAITING = 30;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let staffToken: string;
const made: number[] = [];

interface Barber {
  id: number;
  name: string;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  staffToken = (await sharedLogin(server.baseUrl, DEMO.admin)).access;
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: TV });
});
afterAll(async () => {
  for (const id of made) await api(server.baseUrl, 'POST', `/walkins/${id}/cancel/`, { token: staffToken });
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function waitingNow(): Promise<Walkin[]> {
  const res = await api<{ response: Walkin[] }>(server.baseUrl, 'GET', '/walkins/?status=waiting&page_size=100', { token: staffToken });
  expect(res.status).toBe(200);
  return res.body.response;
}

/** Fills the line to WAITING customers, spread over the three barbers and "any", through the desk. */
async function fillLine(barbers: Barber[]): Promise<Walkin[]> {
  const missing = WAITING - (await waitingNow()).length;
  for (let i = 0; i < missing; i += 1) {
    const barber = i % 4 === 3 ? null : barbers[i % 3];
    const res = await api<{ response: Walkin }>(server.baseUrl, 'POST', '/walkins/', {
      token: staffToken,
      body: { name: `Guest${String(i + 1).padStart(2, '0')} Lane`, barber_id: barber ? barber.id : 'any', service_ids: [] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    made.push(res.body.response.id);
  }
  const line = await waitingNow();
  expect(line).toHaveLength(WAITING);
  return line;
}

describe('the waiting-room TV at 1920×1080', () => {
  it('is readable from across the room, numbers the line once, counts check-ins, offers the QR code, fills the screen', async () => {
    const barbers = (await api<Barber[]>(server.baseUrl, 'GET', `/barbers/?shop_username=${DEMO.shop}`)).body;
    expect(barbers.map((b) => b.name).sort()).toEqual(['Andre Silva', 'Jay Kim', 'Marcus Reed']);
    const line = await fillLine(barbers);

    const page = await context.newPage();
    await page.goto(`/shop/${DEMO.shop}/display`);
    await page.locator('[data-live]').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { level: 2, name: /^Next up/ }).waitFor({ timeout: 60_000 });
    const rows = page.getByTestId('waiting-list').locator('li');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(WAITING);

    // Text sizes, from the computed styles of every element that holds text of its own.
    const sizes = await page.locator('.tv').evaluate((root) => {
      const out: { text: string; px: number; chip: boolean }[] = [];
      for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
        if (el.closest('svg, [aria-hidden="true"]')) continue;
        const own = Array.from(el.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
        if (!own) continue;
        out.push({ text: own, px: parseFloat(getComputedStyle(el).fontSize), chip: el.classList.contains('status') });
      }
      return out;
    });
    const chips = sizes.filter((s) => s.chip);
    expect(chips.length).toBeGreaterThanOrEqual(3);
    expect(chips.filter((s) => s.px < 24)).toEqual([]);
    expect(sizes.filter((s) => !s.chip && s.px < 28)).toEqual([]);

    // One order for the whole shop, said on screen: 1…30, no number twice.
    expect(await page.getByText('One line for the shop: #1 is called first.', { exact: false }).isVisible()).toBe(true);
    const places = await page.locator('.tv-place').allTextContents();
    expect(places).toEqual(Array.from({ length: WAITING }, (_, i) => String(i + 1)));
    // Each row names the barber the customer waits for.
    const details = await rows.locator('.tv-detail').allTextContents();
    expect(details.filter((d) => d.startsWith('for Marcus Reed')).length).toBeGreaterThan(0);
    expect(details.filter((d) => d.startsWith('Any barber')).length).toBeGreaterThan(0);

    // Check-ins today, with the right plural.
    const shop = await api<ShopReply>(server.baseUrl, 'GET', `/shop/?shop_username=${DEMO.shop}`);
    await expect.poll(() => page.locator('.tv-today').textContent()).toBe(checkInsTodayText(shop.body.today_checkins));
    expect(checkInsTodayText(shop.body.today_checkins)).toMatch(/^\d+ check-ins today$/);
    // The wait for "any barber" is the server's, with thirty people in line not "Now".
    expect(shop.body.any_barber_eta_range?.max_minutes).toBeGreaterThan(0);
    // Asked again on each try: the estimate moves with the clock.
    const anyWaitShown = async () =>
      (await page.locator('.tv-wait strong').textContent()) ===
      formatWait((await api<ShopReply>(server.baseUrl, 'GET', `/shop/?shop_username=${DEMO.shop}`)).body.any_barber_eta_range);
    await expect.poll(anyWaitShown).toBe(true);

    // The QR code to join, large enough to scan from a seat.
    const qr = page.getByTestId('join-qr').locator('svg');
    expect(await qr.count()).toBe(1);
    expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(200);
    expect(await page.locator('.tv-join-title').textContent()).toBe('Scan to join the line');

    // The board uses the whole height: both columns run from near the top to near the bottom.
    for (const column of await page.locator('.tv-column').all()) {
      const box = await column.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.y ?? TV.height).toBeLessThan(TV.height * 0.2);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(TV.height * 0.95);
    }
    // Thirty rows do not fit: the line scrolls on its own; no pointer on the TV.
    await page.locator('.tv-scroll[data-scrolling]').waitFor({ timeout: 30_000 });
    expect(await page.locator('.tv-line').evaluate((el) => getComputedStyle(el).animationName)).toBe('tv-scroll');
    expect(await page.locator('.tv').evaluate((el) => getComputedStyle(el).cursor)).toBe('none');

    // The TV and the customer's ticket say the same wait for the same person.
    const last = line[line.length - 1];
    expect(last).toBeDefined();
    const ticket = await api<{ response: PublicTicket }>(server.baseUrl, 'GET', `/check-in/${last?.token}/`);
    const row = rows.filter({ hasText: ticket.body.response.party_name });
    expect(await row.count()).toBe(1);
    await expect.poll(() => row.locator('.tv-detail').textContent()).toContain(formatWait(ticket.body.response.eta_range));
    await page.close();
  });
});
