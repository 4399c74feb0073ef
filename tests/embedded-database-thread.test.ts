import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { api, DEMO } from './support/api.js';
import { startServer } from './support/server.js';

// The compiled server (`pnpm build`, `npm start`) runs the embedded database in a worker thread
// loaded from dist/db/pglite-worker.js, without tsx or any TypeScript loader.

const COMPILED = resolve(import.meta.dirname, '../apps/api/dist/db/pglite.js');

describe('the embedded database thread of the compiled build', () => {
  it('starts from dist/db/pglite-worker.js and leaves the event loop free during a slow statement', async () => {
    expect(existsSync(COMPILED), 'run `pnpm build` first').toBe(true);
    const { openPglite } = (await import(pathToFileURL(COMPILED).href)) as typeof import('../apps/api/src/db/pglite.js');
    const db = await openPglite(undefined, { worker: true });
    try {
      expect(await db.query('SELECT 1::int8 AS n, now() AS at')).toEqual([{ n: 1, at: expect.any(Date) }]);
      const finished: string[] = [];
      const slow = db.query('SELECT pg_sleep(2)').then(() => finished.push('slow statement'));
      await new Promise<void>((done) => setImmediate(done));
      finished.push('timer');
      await slow;
      expect(finished).toEqual(['timer', 'slow statement']);
    } finally {
      await db.close();
    }
  });

  it('serves reads and check-ins from a data folder, then stops cleanly and frees the folder', async () => {
    const server = await startServer();
    try {
      const shop = await api<{ status: number }>(server.baseUrl, 'GET', `/shop/?shop_username=${DEMO.shop}`);
      expect(shop.status).toBe(200);
      const checkIn = await api<{ status: number; response: { token: string } }>(server.baseUrl, 'POST', '/check-in/', {
        body: { shop_username: DEMO.shop, name: 'Thread Guest', phone_number: '+1 555 010 2030', barber_id: 'any', service_ids: [], source: 'online' },
      });
      expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
      const ticket = await api(server.baseUrl, 'GET', `/check-in/${checkIn.body.response.token}/`);
      expect(ticket.status).toBe(200);
      expect(existsSync(join(server.dataDir, 'chairline.lock'))).toBe(true);
      expect(await server.terminate()).toEqual({ code: 0, signal: null });
      // The server closed the database thread and released the folder on its way out.
      expect(existsSync(join(server.dataDir, 'chairline.lock'))).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
