import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { STORAGE_KEYS, type LoginReply } from '@chairline/shared';
import { login, sessionStorageEntries, sharedLogin } from './api.js';

/** Debian's Chromium (never a downloaded browser); flags for a closed network and no GPU. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How long a page's action or wait may take before it fails: Playwright's own default is 30 s, and
 * on a loaded 2-core CI machine one slow page load or a retried request has taken longer than
 * that. Waiting longer costs nothing when the page is quick.
 */
export const PAGE_TIMEOUT_MS = 60_000;

/** Chromium, whose every context (however a test makes it) waits up to PAGE_TIMEOUT_MS. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(PAGE_TIMEOUT_MS);
    return context;
  };
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const PHONE_VIEWPORT = { width: 375, height: 740 } as const;
export const DESKTOP_VIEWPORT = { width: 1280, height: 860 } as const;

/** A browser context already signed in as `email` (tokens put where the auth provider keeps them). */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  email: string,
  options: { viewport?: { width: number; height: number }; password?: string } = {},
): Promise<BrowserContext> {
  const reply = await login(baseUrl, email, options.password);
  return contextWithSession(browser, baseUrl, reply, options);
}

/**
 * The same with the person's shared sign-in (`sharedLogin`): no new login per context, so a file
 * may open as many pages as it needs without meeting the login rate limit. Not for a test that
 * logs out or changes the password: use `signedInContext` there.
 */
export async function sharedSignedInContext(
  browser: Browser,
  baseUrl: string,
  email: string,
  options: { viewport?: { width: number; height: number }; password?: string } = {},
): Promise<BrowserContext> {
  const reply = await sharedLogin(baseUrl, email, options.password);
  return contextWithSession(browser, baseUrl, reply, options);
}

/** A browser context whose pages start with `reply`'s tokens where the auth provider keeps them. */
export async function contextWithSession(
  browser: Browser,
  baseUrl: string,
  reply: Pick<LoginReply, 'access' | 'refresh'>,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: options.viewport ?? DESKTOP_VIEWPORT });
  const entries = sessionStorageEntries(reply);
  await context.addInitScript((items: Record<string, string>) => {
    // Only once per context: a later logout must not be undone by the next navigation.
    if (sessionStorage.getItem('__e2e_seeded')) return;
    sessionStorage.setItem('__e2e_seeded', '1');
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
  return context;
}

/**
 * Marks the marketing modal as already shown in this context (the flag the back office sets when it
 * is closed), so a BASIC PLAN shop's pages are not covered by it 1.5 s after load.
 */
export async function skipMarketingPopup(context: BrowserContext): Promise<void> {
  await context.addInitScript((key: string) => localStorage.setItem(key, 'true'), STORAGE_KEYS.marketingPopupShown);
}
