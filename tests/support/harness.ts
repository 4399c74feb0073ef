import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LoginReply } from '@chairline/shared';
import { afterAll, beforeAll } from 'vitest';
import { api, DEMO, login, sessionStorageEntries, sharedLogin, type ApiReply } from './api.js';
import { contextWithSession, DESKTOP_VIEWPORT, launchBrowser } from './browser.js';
import { startServer, type RunningServer, type ServerOptions } from './server.js';

export type Viewport = { width: number; height: number };

export interface SignInOptions {
  password?: string;
  /**
   * A sign-in of its own instead of the person's shared one (`sharedLogin`): for a test that logs
   * out or changes the password, which would end the shared session for every other page.
   */
  ownSession?: boolean;
}

/** One browser test file's app: the built server, one Chromium, and what tests do with them. */
export interface TestApp {
  server: RunningServer;
  browser: Browser;
  baseUrl: string;
  /** A new browser context on the app (closed by `stop`); `javaScriptEnabled: false` for a page without scripts. */
  newContext(options?: { viewport?: Viewport; javaScriptEnabled?: boolean }): Promise<BrowserContext>;
  /** A new page at `path`, signed out (closed by `stop`); wait for the page's own heading after. */
  open(path: string, options?: { viewport?: Viewport }): Promise<Page>;
  /** A browser context signed in as `email` (closed by `stop`). */
  signedInContext(email: string, options?: SignInOptions & { viewport?: Viewport }): Promise<BrowserContext>;
  /** A page at `path` signed in as `email` (closed by `stop`). */
  openAs(email: string, path: string, options?: SignInOptions & { viewport?: Viewport }): Promise<Page>;
  /** An API call as a browser would make it; `as` signs in (the shared session) first. */
  api<T = unknown>(method: string, path: string, options?: { as?: string; token?: string; body?: unknown }): Promise<ApiReply<T>>;
  /** The shared sign-in's access token of `email`. */
  token(email: string, password?: string): Promise<string>;
  /** Closes every context, the browser and the server (and its data folder); each step runs even when one before failed. */
  stop(): Promise<void>;
}

export interface StartAppOptions extends ServerOptions {
  /** Launch Chromium too (default true); an API-only file passes false. */
  browser?: boolean;
}

const noBrowser = new Proxy({} as Browser, {
  get() {
    throw new Error('This app was started with { browser: false }.');
  },
});

/** Signs in with the person's shared session, or a new one of its own. */
function signInReply(baseUrl: string, email: string, options: SignInOptions): Promise<LoginReply> {
  return (options.ownSession ? login : sharedLogin)(baseUrl, email, options.password ?? DEMO.password);
}

/** The built server and Chromium, started side by side; `stop()` ends both. */
export async function startApp(options: StartAppOptions = {}): Promise<TestApp> {
  const { browser: wantBrowser = true, ...serverOptions } = options;
  const [serverResult, browserResult] = await Promise.allSettled([
    startServer(serverOptions),
    wantBrowser ? launchBrowser() : Promise.resolve(noBrowser),
  ]);
  // Whichever started is ended when the other failed: nothing outlives a failed start.
  if (serverResult.status === 'rejected' || browserResult.status === 'rejected') {
    if (serverResult.status === 'fulfilled') await serverResult.value.stop();
    if (browserResult.status === 'fulfilled' && wantBrowser) await browserResult.value.close();
    throw serverResult.status === 'rejected' ? serverResult.reason : (browserResult as PromiseRejectedResult).reason;
  }
  const server = serverResult.value;
  const browser = browserResult.value;
  const baseUrl = server.baseUrl;
  const contexts: BrowserContext[] = [];
  const track = (context: BrowserContext) => {
    contexts.push(context);
    return context;
  };

  const app: TestApp = {
    server,
    browser,
    baseUrl,
    async newContext({ viewport = DESKTOP_VIEWPORT, javaScriptEnabled = true } = {}) {
      return track(await browser.newContext({ baseURL: baseUrl, viewport, javaScriptEnabled }));
    },
    async open(path, { viewport } = {}) {
      const page = await (await app.newContext({ viewport })).newPage();
      await page.goto(path);
      return page;
    },
    async signedInContext(email, { viewport, ...signIn } = {}) {
      const reply = await signInReply(baseUrl, email, signIn);
      return track(await contextWithSession(browser, baseUrl, reply, { viewport }));
    },
    async openAs(email, path, options = {}) {
      const page = await (await app.signedInContext(email, options)).newPage();
      await page.goto(path);
      return page;
    },
    async api<T = unknown>(method: string, path: string, { as, token, body }: { as?: string; token?: string; body?: unknown } = {}) {
      const bearer = token ?? (as ? (await sharedLogin(baseUrl, as)).access : undefined);
      return api<T>(baseUrl, method, path, { token: bearer, body });
    },
    async token(email, password) {
      return (await sharedLogin(baseUrl, email, password)).access;
    },
    async stop() {
      try {
        await Promise.allSettled(contexts.map((c) => c.close()));
        if (wantBrowser) await browser.close();
      } finally {
        await server.stop();
      }
    },
  };
  return app;
}

/**
 * The file's app, started before its first test and stopped after its last: call at the top of a
 * test file. Its fields are read inside tests and hooks (they exist once `beforeAll` has run).
 */
export function useApp(options: StartAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await startApp(options);
  });
  afterAll(async () => {
    await current?.stop();
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('The app is not started yet: use it inside a test or a hook.');
      return current[key as keyof TestApp];
    },
  });
}

/**
 * Signs `page`'s context in as `email` for its next navigation: the tokens go where the back office
 * keeps them, as a sign-in through the form leaves them. Call before `page.goto`.
 */
export async function signIn(page: Page, baseUrl: string, email: string, options: SignInOptions = {}): Promise<void> {
  const reply = await signInReply(baseUrl, email, options);
  await page.context().addInitScript((items: Record<string, string>) => {
    // Only once per context: a later logout must not be undone by the next navigation.
    if (sessionStorage.getItem('__e2e_seeded')) return;
    sessionStorage.setItem('__e2e_seeded', '1');
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, sessionStorageEntries(reply));
}
