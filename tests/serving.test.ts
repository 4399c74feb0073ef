import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const get = (path: string) => fetch(`${server.baseUrl}${path}`);

describe('one port serves the API and both front ends', () => {
  it('answers the API', async () => {
    const res = await get('/api/health/');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 1, database: 'pglite' });
  });

  it('answers the back office page for every back-office route, never cached', async () => {
    for (const path of ['/login', '/signup', '/forgot-password', '/reset-password/abc', '/logout/', '/dashboard', '/dashboard/team', '/affiliate/marketing/dashboard']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toMatch(/<div id="root">/);
    }
  });

  it('renders the public shop page on the server with the shop data', async () => {
    const res = await get('/shop/demo');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Fade Factory');
  });

  it('serves the landing page and legal pages', async () => {
    for (const path of ['/', '/privacy-policy', '/terms-and-services']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
    }
  });

  it('answers 404 with a message for unknown paths and missing assets, never a stack trace', async () => {
    for (const path of ['/no-such-page', '/assets/missing.js', '/api/no-such-endpoint/']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
  });
});
