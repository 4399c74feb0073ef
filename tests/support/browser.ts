import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { login, sessionStorageEntries } from './api.js';

/** Debian's Chromium (never a downloaded browser); flags for a closed network and no GPU. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
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
