import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from 'playwright-core';
import { timeZoneNotRecognised, type LoginReply } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.js';
import { DESKTOP_VIEWPORT, launchBrowser, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// A shop renamed after printing its QR codes: the old addresses lead to its new page (kiosk mode
// kept). Its stored time zone is one the database does not know any more: the shop still works in
// UTC and Settings says so. Real server, real Chromium.

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/api');
const UNKNOWN_ZONE = 'US/Pacific-New';
const stamp = Date.now().toString(36);
const OLD = `corner-${stamp}`;
const NEW = `corner-cuts-${stamp}`;
const SHOP_NAME = 'Corner Cuts';
const OWNER = { email: `owner-${stamp}@example.test`, password: 'a long enough password' };

let dataDir: string;
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

/**
 * Writes the zone straight into the stopped server's embedded database, as a zone saved before it
 * was validated (or dropped by a newer time-zone database) would be. The API refuses to save it.
 */
function storeZoneDirectly(username: string, zone: string) {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    const [dir, zone, username] = process.argv.slice(1);
    const db = await PGlite.create({ dataDir: dir });
    const res = await db.query('UPDATE shops SET timezone = $1 WHERE username = $2', [zone, username]);
    await db.close();
    if (res.affectedRows !== 1) throw new Error('shop not found');`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script, join(dataDir, 'pgdata'), zone, username], { cwd: API_DIR });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'chairline-e2e-renamed-'));
  const first = await startServer({ env: { DATA_DIR: dataDir } });
  try {
    const signup = await api<LoginReply>(first.baseUrl, 'POST', '/auth/signup/', {
      body: { name: 'Rae Owner', email: OWNER.email, password: OWNER.password, shop_name: SHOP_NAME, shop_username: OLD },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    const token = signup.body.access;
    const settings = await api<{ response: Record<string, unknown> }>(first.baseUrl, 'GET', '/shop/settings/', { token });
    const renamed = await api(first.baseUrl, 'PUT', '/shop/settings/', { token, body: { ...settings.body.response, username: NEW } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  } finally {
    await first.stop();
  }
  storeZoneDirectly(NEW, UNKNOWN_ZONE);
  [server, browser] = await Promise.all([startServer({ env: { DATA_DIR: dataDir } }), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("a renamed shop's old addresses", () => {
  it('redirect permanently to the same page under the new username, query kept', async () => {
    const cases: [string, string][] = [
      [`/shop/${OLD}?kiosk=1`, `/shop/${NEW}?kiosk=1`],
      [`/store/${OLD}`, `/store/${NEW}`],
      [`/shop/${OLD}/barbers?tabStyle=table`, `/shop/${NEW}/barbers?tabStyle=table`],
      [`/store/${OLD}/employees`, `/store/${NEW}/employees`],
      [`/shop/${OLD}/display`, `/shop/${NEW}/display`],
    ];
    for (const [from, to] of cases) {
      const res = await fetch(`${server.baseUrl}${from}`, { redirect: 'manual' });
      expect(`${from} → ${res.status} ${res.headers.get('location')}`).toBe(`${from} → 301 ${to}`);
    }
  });

  it('lead an old kiosk link in Chromium to the renamed shop in kiosk mode', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP_VIEWPORT });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`/shop/${OLD}?kiosk=1`);
    await page.getByRole('heading', { level: 1, name: SHOP_NAME }).waitFor();
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(`/shop/${NEW}?kiosk=1`);
    expect(await page.title()).toBe(`Check in · ${SHOP_NAME}`);
  });
});

describe('a stored time zone the database does not know', () => {
  it('shows a warning on Settings and the zone in force (UTC) in the field', async () => {
    const context = await signedInContext(browser, server.baseUrl, OWNER.email, { password: OWNER.password });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/dashboard/settings/settings');
    const warning = page.getByRole('alert').filter({ hasText: 'is not recognised any more' });
    await warning.waitFor();
    expect(await warning.textContent()).toBe(timeZoneNotRecognised(UNKNOWN_ZONE, 'UTC'));
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('UTC');
  });
});
