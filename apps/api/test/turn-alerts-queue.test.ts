import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { startTestApp, type TestApp } from './support/app.js';
import { chooseAlerts, joinLine, staffActs, ticketId } from './support/alert-flows.js';
import { startPushService, type PushService } from './support/alert-peers.js';
import { makeShop } from './support/factories.js';

/**
 * The alert queue is durable and sends each event once: a restart between queueing and sending
 * still sends exactly once, two workers (two apps on one database) never send one job twice, and
 * the background worker sends without anyone draining.
 */

const now = new Date('2030-03-04T15:00:00Z');
let push: PushService;
let t: TestApp;
const others: FastifyInstance[] = [];

/** Another app on the same database: a restarted server, or a second process. */
async function sameDatabaseApp(worker = false) {
  const app = await buildApp({ config: t.config, db: t.db, logger: false, clock: () => now, turnAlerts: { worker } });
  await app.ready();
  others.push(app);
  return app;
}

beforeAll(async () => {
  push = await startPushService();
  t = await startTestApp({ clock: () => now, turnAlerts: { worker: false } });
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t.close();
  await push.close();
});

const requestsTo = (endpoint: string) => push.received.filter((r) => r.path === new URL(endpoint).pathname).length;

describe('the alert queue', () => {
  it('sends exactly once after a restart between queueing and sending', async () => {
    const first = await sameDatabaseApp();
    const shop = await makeShop(first, t.db);
    const token = await joinLine(first, shop);
    const sub = push.subscription();
    await chooseAlerts(first, token, { channel: 'push', when: 'next', push_subscription: { endpoint: sub.endpoint, keys: sub.keys } });
    const queued = await t.db.query('SELECT status, attempts FROM alert_jobs WHERE ticket_id = $1', [await ticketId(t.db, token)]);
    expect(queued).toEqual([{ status: 'pending', attempts: 0 }]);
    await first.close();
    expect(requestsTo(sub.endpoint)).toBe(0);

    const restarted = await sameDatabaseApp();
    await restarted.turnAlerts.drain();
    expect(requestsTo(sub.endpoint)).toBe(1);
    await restarted.turnAlerts.drain();
    await t.app.turnAlerts.drain();
    expect(requestsTo(sub.endpoint)).toBe(1);
  });

  it('two workers draining at once send each alert once', async () => {
    const second = await sameDatabaseApp();
    const shop = await makeShop(t.app, t.db);
    const subs = [];
    for (let i = 0; i < 6; i += 1) {
      const token = await joinLine(t.app, shop);
      const sub = push.subscription();
      await chooseAlerts(t.app, token, { channel: 'push', when: 'next', push_subscription: { endpoint: sub.endpoint, keys: sub.keys } });
      subs.push(sub);
      // Each is first in line when choosing (a "next" alert queued), then called before anything
      // was sent: the called alert goes out, the stale "next" one is skipped.
      await staffActs(t.app, t.db, shop, token, 'call');
    }
    await Promise.all([t.app.turnAlerts.drain(), second.turnAlerts.drain(), t.app.turnAlerts.drain(), second.turnAlerts.drain()]);
    const counts = subs.map((s) => requestsTo(s.endpoint));
    expect(counts).toEqual([1, 1, 1, 1, 1, 1]);
    const jobs = await t.db.query<{ kind: string; status: string; n: number }>(
      `SELECT j.kind, j.status, count(*)::int AS n FROM alert_jobs j JOIN walkin_tickets w ON w.id = j.ticket_id
        WHERE w.shop_id = $1 GROUP BY j.kind, j.status ORDER BY j.kind`,
      [shop.shopId],
    );
    expect(jobs).toEqual([
      { kind: 'called', status: 'sent', n: 6 },
      { kind: 'near', status: 'skipped', n: 6 },
    ]);
  });

  it('the background worker sends without a drain', async () => {
    const worker = await sameDatabaseApp(true);
    const shop = await makeShop(worker, t.db);
    const token = await joinLine(worker, shop);
    const sub = push.subscription();
    await chooseAlerts(worker, token, { channel: 'push', when: 'next', push_subscription: { endpoint: sub.endpoint, keys: sub.keys } });
    await expect.poll(() => requestsTo(sub.endpoint), { timeout: 60_000, interval: 100 }).toBe(1);
    await worker.close();
    await t.app.turnAlerts.drain();
    expect(requestsTo(sub.endpoint)).toBe(1);
  });
});
