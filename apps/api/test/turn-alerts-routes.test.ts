import { ALERT_MESSAGES, QUEUE_MESSAGES, turnAlertReply } from '@chairline/shared';
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, unique, type TestShop } from './support/factories.js';

/** The customer's turn-alert choice: GET, PUT and DELETE /api/check-in/{token}/alerts/. */

let t: TestApp;
let shop: TestShop;
const browser = createECDH('prime256v1');
browser.generateKeys();
const subscription = {
  endpoint: 'https://push.example.test/send/abc',
  keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
};

beforeAll(async () => {
  // Email offered (as when SMTP_URL is set); SMS is not configured, so it is not offered.
  t = await startTestApp({ turnAlerts: { worker: false, email: true } });
  shop = await makeShop(t.app, t.db);
});
afterAll(() => t.close());

async function ticket() {
  const res = await checkIn(t.app, shop.username);
  return res.json<{ response: { token: string } }>().response.token;
}
const url = (token: string) => `/api/check-in/${token}/alerts/`;

describe('turn-alert settings', () => {
  it('answers no choice yet, what this server can send and the push key', async () => {
    const token = await ticket();
    const res = await t.app.inject({ method: 'GET', url: url(token) });
    expect(res.statusCode).toBe(200);
    const body = turnAlertReply.parse(res.json());
    expect(body.response).toMatchObject({ channel: null, when: null, email: null, available: { push: true, sms: false, email: true } });
    expect(body.response.push_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });

  it('saves an email choice and answers it masked; DELETE turns it off', async () => {
    const token = await ticket();
    const put = await t.app.inject({ method: 'PUT', url: url(token), payload: { channel: 'email', when: 'two_ahead', email: 'maria@example.test' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().response).toMatchObject({ channel: 'email', when: 'two_ahead', email: 'm***@example.test' });
    expect((await t.app.inject({ method: 'GET', url: url(token) })).json().response).toMatchObject({ channel: 'email', when: 'two_ahead' });
    const del = await t.app.inject({ method: 'DELETE', url: url(token) });
    expect(del.statusCode).toBe(200);
    expect(del.json().response).toMatchObject({ channel: null, when: null, email: null });
    expect((await t.app.inject({ method: 'GET', url: url(token) })).json().response.channel).toBeNull();
  });

  it('replaces an earlier choice (one per ticket)', async () => {
    const token = await ticket();
    await t.app.inject({ method: 'PUT', url: url(token), payload: { channel: 'email', when: 'next', email: 'a@example.test' } });
    const push = await t.app.inject({ method: 'PUT', url: url(token), payload: { channel: 'push', when: 'fifteen_minutes', push_subscription: subscription } });
    expect(push.json().response).toMatchObject({ channel: 'push', when: 'fifteen_minutes', email: null });
    const rows = await t.db.query('SELECT channel FROM turn_alerts t JOIN walkin_tickets w ON w.id = t.ticket_id WHERE w.token = $1', [token]);
    expect(rows).toEqual([{ channel: 'push' }]);
  });

  it('refuses, with a message, what cannot be sent', async () => {
    const token = await ticket();
    const cases: [object, string][] = [
      [{ channel: 'email', when: 'next' }, ALERT_MESSAGES.emailRequired],
      [{ channel: 'push', when: 'next' }, ALERT_MESSAGES.pushRequired],
      [{ channel: 'push', when: 'next', push_subscription: { ...subscription, keys: { p256dh: 'not-a-key', auth: 'short' } } }, ALERT_MESSAGES.pushInvalid],
      [{ channel: 'sms', when: 'next' }, ALERT_MESSAGES.channelUnavailable('sms')],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'PUT', url: url(token), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 0, response: message });
    }
    const bad = await t.app.inject({ method: 'PUT', url: url(token), payload: { channel: 'pigeon', when: 'next' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().response).toBe('channel must be one of: push, sms, email.');
    expect(await one(t.db, 'SELECT 1 FROM turn_alerts a JOIN walkin_tickets w ON w.id = a.ticket_id WHERE w.token = $1', [token])).toBeUndefined();
  });

  it('refuses a ticket that is no longer in line', async () => {
    const token = await ticket();
    await t.app.inject({ method: 'POST', url: `/api/check-in/${token}/cancel/` });
    const res = await t.app.inject({ method: 'PUT', url: url(token), payload: { channel: 'email', when: 'next', email: 'x@example.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, response: ALERT_MESSAGES.ticketNotWaiting });
  });

  it('answers 404 for an unknown token on every alert route', async () => {
    const token = unique('no-such-ticket-');
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: url(token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.ticketNotFound });
    }
    const put = await t.app.inject({ method: 'PUT', url: url(token), payload: { channel: 'email', when: 'next', email: 'x@example.test' } });
    expect(put.statusCode).toBe(404);
    const off = await t.app.inject({ method: 'GET', url: `${url(token)}off/` });
    expect(off.statusCode).toBe(404);
    const offPost = await t.app.inject({ method: 'POST', url: `${url(token)}off/` });
    expect(offPost.statusCode).toBe(404);
  });

  it('the email opt-out link only asks; its button (or a one-click unsubscribe POST) turns alerts off', async () => {
    const token = await ticket();
    await t.app.inject({ method: 'PUT', url: url(token), payload: { channel: 'email', when: 'next', email: 'a@example.test' } });
    // Opening the link (as a mail scanner would) changes nothing.
    const ask = await t.app.inject({ method: 'GET', url: `${url(token)}off/` });
    expect(ask.statusCode).toBe(200);
    expect(ask.headers['content-type']).toContain('text/html');
    expect(ask.body).toContain(`<h1>${ALERT_MESSAGES.offAskTitle}</h1>`);
    expect(ask.body).toContain('<form method="post">');
    expect(ask.headers['content-security-policy']).toContain("form-action 'self'");
    expect((await t.app.inject({ method: 'GET', url: url(token) })).json().response.channel).toBe('email');

    const res = await t.app.inject({
      method: 'POST',
      url: `${url(token)}off/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<h1>${ALERT_MESSAGES.offPageTitle}</h1>`);
    expect(res.body).toContain(`http://chairline.test/shop/${shop.username}/ticket/${token}`);
    expect((await t.app.inject({ method: 'GET', url: url(token) })).json().response.channel).toBeNull();
  });

  it('is rate-limited per address like the public check-in writes', async () => {
    const limited = await startTestApp({ turnAlerts: { worker: false }, rateLimits: { publicWrite: { max: 2, timeWindow: 60_000 } } });
    try {
      const other = await makeShop(limited.app, limited.db);
      const token = (await checkIn(limited.app, other.username)).json().response.token as string;
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) codes.push((await limited.app.inject({ method: 'DELETE', url: url(token) })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('staff cancel of the ticket is visible to its alerts (shop scope kept)', async () => {
    const token = await ticket();
    const id = (await one<{ id: number }>(t.db, 'SELECT id FROM walkin_tickets WHERE token = $1', [token]))?.id;
    const res = await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/cancel/`, headers: bearer(shop.admin) });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: url(token) })).statusCode).toBe(200);
  });
});
