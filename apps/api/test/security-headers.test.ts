import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspHash } from '../src/http/page-script-hashes.js';
import { startTestApp, type TestApp } from './support/app.js';
import { makeShop, type TestShop } from './support/factories.js';
import { pngImage } from './support/images.js';

/**
 * Security headers on every kind of response. The front ends are small stand-ins for the built
 * ones, written to a temporary folder: an admin index.html and a prerendered public page, each
 * with an inline script (whose hash the policy must name), an asset, and an Astro-like handler.
 */

const ADMIN_INLINE = "window.__chairlineBoot = 'admin';";
const PUBLIC_INLINE = "window.__chairlineBoot = 'public';";
const ASTRO_HANDLER = `
export const handler = (req, res, next) => {
  if (!req.url.startsWith('/shop/')) return next();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><title>Shop</title><h1>Shop page</h1>');
};
`;

let root: string;
function builtFrontEnds() {
  root = mkdtempSync(join(tmpdir(), 'chairline-headers-'));
  const admin = join(root, 'admin');
  const publicSite = join(root, 'public-site');
  mkdirSync(join(admin, 'assets'), { recursive: true });
  mkdirSync(join(publicSite, 'client', '_astro'), { recursive: true });
  mkdirSync(join(publicSite, 'server'), { recursive: true });
  writeFileSync(
    join(admin, 'index.html'),
    `<!doctype html><html><head><script>${ADMIN_INLINE}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(admin, 'assets', 'app.js'), 'console.log(1);');
  writeFileSync(join(publicSite, 'client', 'index.html'), `<!doctype html><html><head><script>${PUBLIC_INLINE}</script></head><body><h1>Chairline</h1></body></html>`);
  writeFileSync(join(publicSite, 'client', '_astro', 'page.js'), 'export {};');
  writeFileSync(join(publicSite, 'server', 'entry.mjs'), ASTRO_HANDLER);
  return { admin, publicSite };
}

const DATA_CSP = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";

let http: TestApp;
let https: TestApp;
let shop: TestShop;
let uploadUrl: string;

beforeAll(async () => {
  const frontEnds = builtFrontEnds();
  http = await startTestApp({
    frontEnds,
    env: { DISPLAY_FRAME_ANCESTORS: 'https://tv.example.com https://*.signage.example', GOOGLE_CLIENT_ID: 'headers.apps.googleusercontent.com' },
  });
  https = await startTestApp({ frontEnds, env: { PUBLIC_URL: 'https://chairline.example.com' } });
  shop = await makeShop(http.app, http.db);
  // An image as uploads are stored: a server-made name under the uploads folder.
  writeFileSync(join(http.app.uploadsDir, 'photo-test.png'), await pngImage(8, 8));
  uploadUrl = '/uploads/photo-test.png';
});
afterAll(async () => {
  await http?.close();
  await https?.close();
  rmSync(root, { recursive: true, force: true });
});

const header = (res: LightMyRequestResponse, name: string) => res.headers[name]?.toString();

/** The directives of a Content-Security-Policy header, by name. */
function directives(res: LightMyRequestResponse): Record<string, string[]> {
  const csp = header(res, 'content-security-policy') ?? '';
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** The headers every response carries, page or data. */
function expectCommonHeaders(res: LightMyRequestResponse) {
  expect(header(res, 'x-content-type-options')).toBe('nosniff');
  expect(header(res, 'referrer-policy')).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(header(res, 'cross-origin-opener-policy')).toMatch(/^same-origin/);
  expect(header(res, 'x-powered-by')).toBeUndefined();
  expect(header(res, 'strict-transport-security')).toBeUndefined();
}

/** A data answer: nothing runs, nobody frames it. */
function expectDataHeaders(res: LightMyRequestResponse) {
  expectCommonHeaders(res);
  expect(header(res, 'content-security-policy')).toBe(DATA_CSP);
  expect(header(res, 'x-frame-options')).toBe('DENY');
  expect(header(res, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
}

/** An HTML page: our own files and the built inline scripts only, framed by nobody. */
function expectPageHeaders(res: LightMyRequestResponse, inlineScript: string) {
  expectCommonHeaders(res);
  const csp = directives(res);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src']).toContain("'self'");
  expect(csp['script-src']).toContain(cspHash(inlineScript));
  expect(csp['script-src']).not.toContain("'unsafe-inline'");
  expect(csp['script-src']).not.toContain("'unsafe-eval'");
  expect(csp['script-src-attr']).toEqual(["'none'"]);
  expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(header(res, 'x-frame-options')).toBe('DENY');
}

describe('data answers: JSON, errors, 404, images, assets, event streams', () => {
  it('a JSON answer', async () => {
    const res = await http.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expectDataHeaders(res);
  });

  it('an error answer (bad JSON, a refused caller)', async () => {
    const bad = await http.app.inject({ method: 'POST', url: '/api/check-in/', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(bad.statusCode).toBe(400);
    expectDataHeaders(bad);
    const refused = await http.app.inject({ method: 'GET', url: '/api/customers/' });
    expect(refused.statusCode).toBe(401);
    expectDataHeaders(refused);
  });

  it('a 404, an unknown asset and a malformed URL the router refuses', async () => {
    for (const url of ['/api/no-such-route/', '/assets/no-such-file.js', '/uploads/no-such-file.png', '/api/customers/%E0%A4%A/', '/nothing-here']) {
      const res = await http.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expectDataHeaders(res);
    }
  });

  it('an uploaded image is never sniffed as another type', async () => {
    const res = await http.app.inject({ method: 'GET', url: uploadUrl });
    expect(res.statusCode).toBe(200);
    expect(header(res, 'content-type')).toBe('image/png');
    expectDataHeaders(res);
  });

  it('a static asset of each front end', async () => {
    for (const url of ['/assets/app.js', '/_astro/page.js']) {
      const res = await http.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(header(res, 'content-type'), url).toMatch(/javascript/);
      expectDataHeaders(res);
    }
  });

  it('an event stream (read over real HTTP: it never ends by itself)', async () => {
    const base = await http.app.listen({ host: '127.0.0.1', port: 0 });
    const abort = new AbortController();
    try {
      const res = await fetch(`${base}/api/events/?shop_username=${shop.username}`, { signal: abort.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe(DATA_CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    } finally {
      abort.abort();
    }
  });
});

describe('HTML pages', () => {
  it('a prerendered public page names the hash of its inline script', async () => {
    const res = await http.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(header(res, 'content-type')).toMatch(/^text\/html/);
    expectPageHeaders(res, PUBLIC_INLINE);
    expect(directives(res)['connect-src']).toEqual(["'self'"]);
    // Google sign-in belongs to the back office only.
    expect(header(res, 'content-security-policy')).not.toContain('accounts.google.com');
  });

  it('a public page rendered on request (hijacked reply) keeps the headers', async () => {
    const res = await http.app.inject({ method: 'GET', url: `/shop/${shop.username}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Shop page</h1>');
    expectPageHeaders(res, PUBLIC_INLINE);
    expect(header(res, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('a ticket page, whose address holds the ticket token, sends no referrer at all', async () => {
    const res = await http.app.inject({ method: 'GET', url: `/shop/${shop.username}/ticket/abcdefghijklmnop` });
    expect(res.statusCode).toBe(200);
    expectPageHeaders(res, PUBLIC_INLINE);
    expect(header(res, 'referrer-policy')).toBe('no-referrer');
  });

  it('the back office (every route answers its index.html) names the hash of its inline script and allows Google sign-in', async () => {
    for (const url of ['/login', '/dashboard', '/dashboard/walkin-management', '/affiliate/marketing']) {
      const res = await http.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expectPageHeaders(res, ADMIN_INLINE);
      const csp = directives(res);
      expect(csp['script-src'], url).toContain('https://accounts.google.com/gsi/client');
      expect(csp['frame-src'], url).toEqual(['https://accounts.google.com/gsi/']);
      expect(csp['connect-src'], url).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
      // The sign-in pop-up reports back to this page.
      expect(header(res, 'cross-origin-opener-policy'), url).toBe('same-origin-allow-popups');
      expect(csp['script-src'], url).not.toContain(cspHash(PUBLIC_INLINE));
    }
  });

  it('without GOOGLE_CLIENT_ID the back office allows nothing of Google', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res);
    expect(csp['script-src']).toEqual(["'self'", cspHash(ADMIN_INLINE)]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(header(res, 'cross-origin-opener-policy')).toBe('same-origin');
  });

  it('the password-reset page, whose address holds the reset token, sends no referrer', async () => {
    const res = await http.app.inject({ method: 'GET', url: '/reset-password/some-reset-token' });
    expect(res.statusCode).toBe(200);
    expect(header(res, 'referrer-policy')).toBe('no-referrer');
  });
});

describe('the TV display page may be framed only by the sites in DISPLAY_FRAME_ANCESTORS', () => {
  it('names the allowed sites and sends no X-Frame-Options (it cannot name several)', async () => {
    for (const url of [`/shop/${shop.username}/display`, `/shop/${shop.username}/display/`]) {
      const res = await http.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(directives(res)['frame-ancestors'], url).toEqual(['https://tv.example.com', 'https://*.signage.example']);
      expect(header(res, 'x-frame-options'), url).toBeUndefined();
      expect(directives(res)['script-src'], url).toContain(cspHash(PUBLIC_INLINE));
    }
  });

  it('every other page of the same server stays unframeable', async () => {
    for (const url of [`/shop/${shop.username}`, `/shop/${shop.username}/display/extra`, `/shop/${shop.username}/ticket/display`, '/', '/login']) {
      const res = await http.app.inject({ method: 'GET', url });
      expect(directives(res)['frame-ancestors'], url).toEqual(["'none'"]);
      expect(header(res, 'x-frame-options'), url).toBe('DENY');
    }
  });

  it('is unframeable too when the variable is not set', async () => {
    const res = await https.app.inject({ method: 'GET', url: `/shop/${shop.username}/display` });
    expect(res.statusCode).toBe(200);
    expect(directives(res)['frame-ancestors']).toEqual(["'none'"]);
    expect(header(res, 'x-frame-options')).toBe('DENY');
  });
});

describe('HSTS follows PUBLIC_URL', () => {
  it('is sent on every kind of response when PUBLIC_URL is https', async () => {
    for (const url of ['/api/health/', '/api/no-such-route/', '/login', '/', '/assets/app.js', '/api/customers/%E0%A4%A/']) {
      const res = await https.app.inject({ method: 'GET', url });
      expect(header(res, 'strict-transport-security'), url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is never sent when PUBLIC_URL is http (a shop on its local network)', async () => {
    for (const url of ['/api/health/', '/login', '/', uploadUrl]) {
      const res = await http.app.inject({ method: 'GET', url });
      expect(header(res, 'strict-transport-security'), url).toBeUndefined();
    }
  });
});

describe('configuration', () => {
  it('refuses a DISPLAY_FRAME_ANCESTORS entry that is not an origin, in plain words', async () => {
    const { loadConfig } = await import('../src/config/env.js');
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: root };
    expect(() => loadConfig({ ...base, DISPLAY_FRAME_ANCESTORS: "https://ok.example 'unsafe-inline'" })).toThrow(
      /DISPLAY_FRAME_ANCESTORS must list origins such as https:\/\/tv\.example\.com/,
    );
    expect(loadConfig({ ...base, DISPLAY_FRAME_ANCESTORS: '  https://a.example   http://b.example:8080 ' }).displayFrameAncestors).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(loadConfig(base).displayFrameAncestors).toEqual([]);
  });
});
