import { STORAGE_KEYS } from '@chairline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, sharedLogin } from './support/api.js';
import { PHONE_VIEWPORT } from './support/browser.js';
import { useApp } from './support/harness.js';

// /login is answered with the sign-in page already in its HTML (built ahead of time), then
// hydrated by the app: the form must be there before any script runs, and the hydrated page must
// be the same page, with what depends on the visitor (a kept email, a session) applied after. A new
// visitor's page loads the app when first touched; a kept email or a session loads it at once.

const app = useApp();

/** Script errors and console messages of a page (a hydration mismatch is reported as a console error). */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
  return problems;
}

/** Holds back the sign-in page's entry script until the returned function is called. */
async function holdTheAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/login-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('the prerendered sign-in page', () => {
  it('is in the HTML the server sends for /login, before any script', async () => {
    const res = await fetch(`${app.baseUrl}/login`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<form[^>]*aria-label="Sign in"/);
    expect(root).toMatch(/<h1[^>]*>Welcome back<\/h1>/);
    expect(root).toContain('Sign in to manage your shop.');
    expect(root).toMatch(/<input[^>]*name="email"/);
    expect(root).toMatch(/<input[^>]*name="password"/);
    // The other back-office pages still answer the app's plain page.
    const signup = await (await fetch(`${app.baseUrl}/signup`)).text();
    expect(signup).not.toContain('Welcome back');
  });

  it('shows the form, styled, with scripts turned off', async () => {
    const context = await app.newContext({ viewport: PHONE_VIEWPORT, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    expect(await page.getByRole('heading', { name: 'Welcome back' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    const button = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
    // MUI's styles are in the page: the full-width button spans the phone's column.
    expect(button && button.width > PHONE_VIEWPORT.width / 2).toBe(true);
  });

  it('loads the app only when a new visitor first touches the page, then hydrates', async () => {
    const context = await app.newContext({ viewport: PHONE_VIEWPORT });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // A frame and a task after the load: when the page loads the app at once, it has asked by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    const entryRequested = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/login-[\w-]+\.js$/.test(entry.name)));
    expect(await entryRequested()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { chairlineHydrating?: boolean }).chairlineHydrating ?? false)).toBe(false);
    await page.getByLabel('Email').click();
    await page.locator('form[data-google-config="ready"]').waitFor({ timeout: 60_000 });
    expect(await entryRequested()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { chairlineHydrating?: boolean }).chairlineHydrating ?? false)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('hydrates without a mismatch or an error, and the kept email comes in after', async () => {
    const context = await app.newContext({ viewport: PHONE_VIEWPORT });
    await context.addInitScript(() => localStorage.setItem('rememberedEmail', 'kept@chairline.test'));
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/login');
    // The page's answer to its config request is rendered: it is hydrated.
    await page.locator('form[data-google-config="ready"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByLabel('Email').inputValue(), { timeout: 30_000 }).toBe('kept@chairline.test');
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
    // The hydrated page answers: an empty password is refused by the page itself.
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Please fill all the fields.');
    // And it is the app: a link goes on without loading another page.
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    await page.getByRole('heading', { name: 'Create your shop' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('hydrates without a mismatch in a year after the page was built, and shows that year', async () => {
    const context = await app.newContext({ viewport: PHONE_VIEWPORT });
    const page = await context.newPage();
    const nextYear = new Date().getFullYear() + 1;
    await page.clock.install({ time: new Date(`${nextYear}-01-02T10:00:00Z`) });
    const problems = watchProblems(page);
    await page.goto('/login');
    await page.getByLabel('Email').click();
    await page.locator('form[data-google-config="ready"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByText(/^© \d{4} /).textContent(), { timeout: 30_000 }).toContain(`© ${nextYear} `);
    expect(problems).toEqual([]);
  });

  it('holds a sign-in sent before the scripts have loaded and sends it once they have, with what was typed', async () => {
    const context = await app.newContext({ viewport: PHONE_VIEWPORT });
    const page = await context.newPage();
    const problems = watchProblems(page);
    // The page's entry script is held back until the form has been filled in and sent.
    const release = await holdTheAppScript(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Not sent as a plain form (which would put the password in the address).
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => window.location.pathname)).toBe('/login');
    release();
    await page.getByText('Logged in successfully!').waitFor({ timeout: 60_000 });
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(problems).toEqual([]);
  });

  it('never wipes what was typed before the app took the page over, and sends it', async () => {
    const context = await app.newContext({ viewport: PHONE_VIEWPORT });
    // Every time a script empties a field that held something (a value or a tick) is noted: the
    // page's render after hydration once drew the fields from its empty starting state, so for a
    // moment they showed nothing and a tap on "Sign in" then sent empty fields.
    await context.addInitScript(() => {
      const wiped: string[] = [];
      (window as unknown as { wiped: string[] }).wiped = wiped;
      for (const property of ['value', 'checked'] as const) {
        const own = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, property);
        if (!own?.get || !own.set) throw new Error(`no ${property} property on inputs`);
        const { get, set } = own;
        Object.defineProperty(HTMLInputElement.prototype, property, {
          configurable: true,
          get() {
            return get.call(this);
          },
          set(next: unknown) {
            if (get.call(this) && !next) wiped.push(`${this.getAttribute('name')}.${property}`);
            set.call(this, next);
          },
        });
      }
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const release = await holdTheAppScript(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody-here@chairline.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    release();
    // The page is the app's own now: the render after the built HTML has been drawn.
    await page.locator('form[aria-label="Sign in"]:not([data-prerender-pass])').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { wiped: string[] }).wiped)).toEqual([]);
    expect(await page.getByLabel('Email').inputValue()).toBe('nobody-here@chairline.test');
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('No active account found with the given credentials');
    // The browser reports the refused sign-in (401) itself; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
  });

  it('keeps what is typed while the page hydrates, and signs in with it', async () => {
    const context = await app.newContext({ viewport: PHONE_VIEWPORT });
    // The password is typed at the very moment the app starts hydrating the page: that keystroke
    // lands in a field React has not taken over yet, and must not be lost.
    await context.addInitScript((password) => {
      let hydrating = false;
      Object.defineProperty(window, 'chairlineHydrating', {
        configurable: true,
        get: () => hydrating,
        set: (value: boolean) => {
          hydrating = value;
          const field = document.querySelector<HTMLInputElement>('input[name="password"]');
          if (!value || !field) return;
          field.value = password;
          field.dispatchEvent(new Event('input', { bubbles: true }));
        },
      });
    }, DEMO.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.locator('form[data-google-config="ready"]').waitFor({ timeout: 60_000 });
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Logged in successfully!').waitFor({ timeout: 60_000 });
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(problems).toEqual([]);
  });

  it('sends a signed-in visitor on to the dashboard', async () => {
    const reply = await sharedLogin(app.baseUrl, DEMO.admin);
    const context = await app.signedInContext(DEMO.admin);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken)).toBe(reply.access);
    expect(problems.filter((p) => /hydrat|Minified React error/i.test(p))).toEqual([]);
  });
});
