import { STORAGE_KEYS } from '@chairline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO } from './support/api.js';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The sign-in pages and the routing rules in Chromium against the built app.

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const SHOTS = process.env.E2E_SCREENSHOTS;

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
  options: { viewport?: { width: number; height: number }; storage?: Record<string, string>; baseUrl?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: options.baseUrl ?? server.baseUrl, viewport: options.viewport ?? DESKTOP_VIEWPORT });
  contexts.push(context);
  if (options.storage) {
    await context.addInitScript((items: Record<string, string>) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
    }, options.storage);
  }
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** What GET /api/auth/config/ answers the page's origin (the login page asks it on mount). */
async function googleConfig(page: Page): Promise<unknown> {
  return page.evaluate(async () => (await fetch('/api/auth/config/')).json());
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('login screen', () => {
  it("shows the login texts; no Google button when Google is not configured", async () => {
    const page = await open('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await googleConfig(page)).toEqual({ status: 1, response: { google_client_id: null } });
    // Without Google the app loads when the visitor first touches the page; then its own request
    // for the config has been answered and its outcome is rendered.
    await page.getByLabel('Email').click();
    await page.locator('form[data-google-config="ready"]').waitFor({ timeout: 60_000 });
    expect(await page.getByLabel('Email').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.getByText("Don't have an account?").textContent()).toContain("Don't have an account? Sign up");
    expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(await page.getByText('Welcome to', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Chairline', { exact: true }).last().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(await page.getByText('Or continue with').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-desktop.png`, fullPage: true });
  });

  it("empty fields give 'Please fill all the fields.' without a request", async () => {
    const page = await open('/login');
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/auth/login/') && requests.push(r.url()));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Please fill all the fields.');
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Please fill all the fields.');
    expect(requests).toEqual([]);
  });

  it("a wrong password shows the server's detail and stores nothing", async () => {
    const page = await open('/login');
    await signIn(page, DEMO.admin, 'not-the-password');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('No active account found with the given credentials');
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.accessToken)).toBeNull();
    expect(pathOf(page)).toBe('/login');
  });

  it("signs an admin in: 'Logged in successfully!', tokens stored, then /dashboard", async () => {
    const page = await open('/login');
    await signIn(page, DEMO.admin, DEMO.password);
    await page.getByText('Logged in successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const stored = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.lastTokenRefresh,
    ]);
    expect(stored[0]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // a JWT
    expect(stored[1]).toMatch(/^[\w.-]{20,}$/);
    expect(Math.abs(Date.now() - Number(stored[2]))).toBeLessThan(60_000);
  });

  it('a barber lands on the employee dashboard after login', async () => {
    const page = await open('/login');
    await signIn(page, 'marcus@chairline.test', DEMO.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('navigation', { name: 'Employee menu' }).waitFor();
    expect(await page.getByText('Main Menu').isVisible()).toBe(true);
  });

  it('is one column on a phone: the side panel is hidden, the form fits', async () => {
    const page = await open('/login', { viewport: PHONE_VIEWPORT });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByText('Welcome to', { exact: true }).isVisible()).toBe(false);
    const box = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE_VIEWPORT.width).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-phone.png`, fullPage: true });
  });
});

describe('routing rules', () => {
  it('an unauthenticated visitor on a dashboard path gets the login screen', async () => {
    const page = await open('/dashboard/customers');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByText('Welcome to', { exact: true }).isVisible()).toBe(true);
  });

  it('with the affiliate flag stored, the login screen is the affiliate variant', async () => {
    const page = await open('/dashboard', { storage: { [STORAGE_KEYS.affiliate]: 'true' } });
    await page.waitForURL((url) => url.pathname === '/affiliate/marketing');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByText('Chairline Affiliates').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/affiliate/marketing/signup');
  });

  it('a signed-in user on /login goes to /dashboard', async () => {
    const context = await signedInContext(browser, server.baseUrl, DEMO.manager);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('a refused token refresh removes both tokens and goes through /logout/ to /login', async () => {
    const page = await open('/dashboard', { storage: { [STORAGE_KEYS.refreshToken]: 'revoked-or-made-up' } });
    await page.waitForURL((url) => url.pathname === '/login');
    // Read storage once the login screen shows: right at the URL change the document may still be replaced.
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const tokens = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken]);
    expect(tokens).toEqual([null, null]);
  });

  it('/logout/ ends the session (the refresh token is revoked on the server) and shows /login', async () => {
    const context = await signedInContext(browser, server.baseUrl, DEMO.admin);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/dashboard');
    const refresh = await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.refreshToken);
    await page.goto('/logout/');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.accessToken)).toBeNull();
    const reuse = await api(server.baseUrl, 'POST', '/auth/refresh/', { body: { refresh } });
    expect(reuse.status).toBe(401);
  });
});

describe('affiliates (the affiliate area)', () => {
  it('sign up, land on the affiliate dashboard with the referral link; dashboard paths redirect there; logout goes to /affiliate/marketing', async () => {
    const page = await open('/affiliate/marketing/signup');
    await page.getByLabel('Full name').fill('Ava Stone');
    // Exact: the form also has an optional "Payout email".
    await page.getByLabel('Email', { exact: true }).fill('ava@affiliates.test');
    await page.getByLabel('Password', { exact: true }).fill('ava-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/affiliate/marketing/dashboard');
    await page.getByText('Chairline Affiliates').first().waitFor();
    const link = await page.getByLabel('Landing page link', { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/\\?ref=.+`));
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.affiliate)).toBe('true');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/affiliate-dashboard.png`, fullPage: true });

    await page.goto('/dashboard/team');
    await page.waitForURL((url) => url.pathname === '/affiliate/marketing/dashboard');

    await page.getByRole('button', { name: 'User menu' }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['My Profile', 'Analytics', 'Payouts', 'Logout']);
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    // The profile is a form now: the email shows read-only in its field.
    const emailField = page.getByLabel('Email', { exact: true });
    expect(await emailField.inputValue()).toBe('ava@affiliates.test');
    expect(await emailField.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/affiliate/marketing');
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.affiliate)).toBeNull();
  });

  it('the affiliate login has no Google button and signs the affiliate in', async () => {
    const signup = await api(server.baseUrl, 'POST', '/affiliate/signup/', { body: { name: 'Ben Cole', email: 'ben@affiliates.test', password: 'ben-password-1' } });
    expect(signup.status).toBe(200);
    const page = await open('/affiliate/marketing');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByText('Or continue with').count()).toBe(0);
    await signIn(page, 'ben@affiliates.test', 'ben-password-1');
    await page.waitForURL((url) => url.pathname === '/affiliate/marketing/dashboard');
    await page.getByRole('heading', { name: /Welcome, Ben/ }).waitFor();
  });
});

describe('sign-up and password recovery', () => {
  it('creates a shop from /signup and lands on its dashboard', async () => {
    const page = await open('/signup');
    await page.getByLabel('Full name').fill('Nia Hart');
    await page.getByLabel('Email').fill('nia@hartcuts.test');
    await page.getByLabel('Password', { exact: true }).fill('nia-password-1');
    await page.getByLabel('Shop name').fill('Hart Cuts');
    expect(await page.getByLabel('Shop username').inputValue()).toBe('hart-cuts');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/get-user-data/', { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
      return (await res.json()) as { response: { shop_username: string; role: string } };
    });
    expect(me.response).toMatchObject({ shop_username: 'hart-cuts', role: 'admin' });
  });

  it("sign-up refuses a taken shop username with the server's message", async () => {
    const page = await open('/signup');
    await page.getByLabel('Full name').fill('Other Person');
    await page.getByLabel('Email').fill('other@person.test');
    await page.getByLabel('Password', { exact: true }).fill('other-password-1');
    await page.getByLabel('Shop name').fill('Demo');
    await page.getByLabel('Shop username').fill('demo');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('This shop username is already taken.');
  });

  it('forgot password answers the same message; a reset link without a valid token is refused', async () => {
    const page = await open('/forgot-password');
    await page.getByLabel('Email').fill('nobody@nowhere.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'reset' }).waitFor();
    expect(await page.getByText("If an account exists for that email, we've sent a link to reset the password.").isVisible()).toBe(true);

    const reset = await open('/reset-password/?token=not-a-real-token');
    await reset.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await reset.getByLabel('Confirm new password').fill('brand-new-pass');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await reset.getByRole('alert').waitFor();
    expect(await reset.getByRole('alert').textContent()).toBe('This password reset link is invalid or has expired.');
  });
});

describe('Google sign-in configured at run time (GOOGLE_CLIENT_ID on the server)', () => {
  const CLIENT_ID = 'test-client.apps.googleusercontent.com';
  let google: RunningServer;

  beforeAll(async () => {
    google = await startServer({ env: { GOOGLE_CLIENT_ID: CLIENT_ID } });
  });
  afterAll(async () => {
    await google?.stop();
  });

  it("shows 'Or continue with' and the Google button area on /login; the form still signs in without Google's script", async () => {
    const page = await open('/login', { baseUrl: google.baseUrl });
    // Nothing is touched: with Google configured the app (which draws the button) loads at once.
    await page.getByText('Or continue with').waitFor();
    expect(await googleConfig(page)).toEqual({ status: 1, response: { google_client_id: CLIENT_ID } });
    expect(await page.getByTestId('google-button').count()).toBe(1);
    // Google's script cannot load here (no network): the password form must work regardless.
    await signIn(page, DEMO.admin, DEMO.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('never shows Google on the affiliate login, and does not even ask', async () => {
    const context = await browser.newContext({ baseURL: google.baseUrl, viewport: DESKTOP_VIEWPORT });
    contexts.push(context);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/auth/config/') && asked.push(r.url()));
    await page.goto('/affiliate/marketing');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // The affiliate page settles on not asking Google at all.
    await page.locator('form[data-google-config="off"]').waitFor({ timeout: 60_000 });
    expect(await page.getByText('Sign in to your affiliate account.').isVisible()).toBe(true);
    expect(await page.getByText('Or continue with').count()).toBe(0);
    expect(await page.getByTestId('google-button').count()).toBe(0);
    expect(asked).toEqual([]);
  });
});
