import { existsSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, sharedLogin } from './support/api.js';
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

/**
 * A GET that shows the bytes as sent: fetch() asks for compression itself and undoes it, so these
 * requests go through node:http with exactly the headers given.
 */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('sends a built script as its brotli copy to a browser that accepts it, and as it is otherwise', async () => {
    // /dashboard's page names its entry in a <script src> (/login's loads it from an inline script).
    const page = await (await get('/dashboard')).text();
    const script = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script, 'the back office page names its entry script').toBeDefined();
    const plain = await rawGet(script!);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toContain('javascript');
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await rawGet(script!, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await rawGet(script!, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('gzips a large JSON reply of the API and leaves a small one as it is', async () => {
    const { access } = await sharedLogin(server.baseUrl, DEMO.admin);
    const auth = { authorization: `Bearer ${access}` };
    const plain = await rawGet('/api/walkins/', auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const gz = await rawGet('/api/walkins/', { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toContain('application/json');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));

    const small = await rawGet('/api/health/', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the event stream: an event arrives while the stream stays open', async () => {
    let received = '';
    let sawEvent: () => void = () => undefined;
    const event = new Promise<void>((resolve) => (sawEvent = resolve));
    let connected: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (connected = resolve));
    let headers: IncomingHttpHeaders = {};
    const req = request(`${server.baseUrl}/api/events/?shop_username=${DEMO.shop}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      headers = res.headers;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        received += chunk;
        if (received.includes(': connected')) connected();
        if (received.includes('event: queue')) sawEvent();
      });
    });
    req.on('error', () => undefined); // destroyed below
    req.end();
    onTestFinished(() => {
      req.destroy();
    });
    await opened;
    expect(headers['content-type']).toContain('text/event-stream');
    expect(headers['content-encoding']).toBeUndefined();

    const checkIn = await api<{ response: { token: string } }>(server.baseUrl, 'POST', '/check-in/', {
      body: { shop_username: DEMO.shop, name: 'Stream Check', phone_number: '555-010-7171' },
    });
    expect(checkIn.status).toBe(200);
    onTestFinished(async () => {
      await api(server.baseUrl, 'POST', `/check-in/${checkIn.body.response.token}/cancel/`);
    });
    // A compressor would hold these few bytes until the stream ends; they arrive on their own.
    await event;
    expect(received).toMatch(/event: queue\ndata: \{/);
  });
});

describe('shutting down', () => {
  it('ends on SIGTERM with exit code 0, closing open event streams and releasing the data folder', async () => {
    const own = await startServer({ seedDemo: true });
    onTestFinished(() => own.stop());
    expect(existsSync(join(own.dataDir, 'chairline.lock'))).toBe(true);

    let streamEnded: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (streamEnded = resolve));
    let opened: () => void = () => undefined;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const req = request(`${own.baseUrl}/api/events/?shop_username=${DEMO.shop}`, (res) => {
      res.on('data', () => opened());
      res.on('end', () => streamEnded());
      res.on('error', () => streamEnded());
    });
    req.on('error', () => streamEnded());
    req.end();
    await open;

    const exit = await own.terminate();
    expect(exit, own.output()).toEqual({ code: 0, signal: null });
    await ended;
    expect(existsSync(join(own.dataDir, 'chairline.lock'))).toBe(false);
  });
});
