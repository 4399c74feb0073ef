import { ALERT_MESSAGES, turnAlertPushPayload } from '@chairline/shared';
import type { FastifyBaseLogger } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { createMailer } from '../src/modules/auth/mailer.js';
import { startTestApp, type TestApp } from './support/app.js';
import { chooseAlerts, customerCancels, joinLine, mailText, staffActs, ticketId } from './support/alert-flows.js';
import { decryptPush, startFakeTwilio, startPushService, startSmtp, type FakeTwilio, type PushService } from './support/alert-peers.js';
import { checkIn, makeShop } from './support/factories.js';

/**
 * Each channel against a local peer speaking its real protocol: a web push service receiving the
 * encrypted request, the real twilio SDK talking to a local Twilio API, an SMTP server.
 */

const now = new Date('2030-03-04T15:00:00Z');

describe('web push', () => {
  let push: PushService;
  let t: TestApp;
  beforeAll(async () => {
    push = await startPushService();
    t = await startTestApp({ clock: () => now, turnAlerts: { worker: false } });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('keeps its VAPID keys in the data folder and offers the public one', async () => {
    const file = join(t.config.dataDir, 'vapid.json');
    expect(existsSync(file)).toBe(true);
    const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string };
    const shop = await makeShop(t.app, t.db);
    const token = await joinLine(t.app, shop);
    const res = await t.app.inject({ method: 'GET', url: `/api/check-in/${token}/alerts/` });
    expect(res.json().response.push_public_key).toBe(keys.publicKey);
  });

  it('posts an encrypted aes128gcm message with a VAPID signature to the subscription endpoint', async () => {
    const shop = await makeShop(t.app, t.db);
    const token = await joinLine(t.app, shop);
    const sub = push.subscription();
    await chooseAlerts(t.app, token, { channel: 'push', when: 'next', push_subscription: { endpoint: sub.endpoint, keys: sub.keys } });
    const before = push.received.length;
    await t.app.turnAlerts.drain();
    const got = push.received.slice(before);
    expect(got).toHaveLength(1);
    const request = got[0];
    if (!request) throw new Error('no push request');
    expect(request.method).toBe('POST');
    expect(request.path).toBe(new URL(sub.endpoint).pathname);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{80,}$/);
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.body.length).toBeGreaterThan(100);
    expect(request.body.toString('utf8')).not.toContain('next');
    const payload = turnAlertPushPayload.parse(JSON.parse(decryptPush(request.body, sub)));
    expect(payload).toMatchObject({
      kind: 'near',
      title: ALERT_MESSAGES.next(`Shop ${shop.username}`),
      url: `http://chairline.test/shop/${shop.username}/ticket/${token}`,
    });
    await t.app.turnAlerts.drain();
    expect(push.received.length).toBe(before + 1);
  });

  it('drops a subscription the push service says is gone (410), without retrying', async () => {
    const shop = await makeShop(t.app, t.db);
    const token = await joinLine(t.app, shop);
    const sub = push.subscription();
    push.failNext(410);
    await chooseAlerts(t.app, token, { channel: 'push', when: 'next', push_subscription: { endpoint: sub.endpoint, keys: sub.keys } });
    const before = push.received.length;
    await t.app.turnAlerts.drain();
    expect(push.received.length).toBe(before + 1);
    expect((await t.app.inject({ method: 'GET', url: `/api/check-in/${token}/alerts/` })).json().response.channel).toBeNull();
    const job = await one<{ status: string; attempts: number }>(t.db, 'SELECT status, attempts FROM alert_jobs WHERE ticket_id = $1', [
      await ticketId(t.db, token),
    ]);
    expect(job).toEqual({ status: 'skipped', attempts: 1 });
    now.setTime(now.getTime() + 60 * 60_000);
    await t.app.turnAlerts.drain();
    expect(push.received.length).toBe(before + 1);
  });
});

describe('SMS through the twilio SDK and a local Twilio API', () => {
  let twilioApi: FakeTwilio;
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    twilioApi = await startFakeTwilio();
    // Everything the app logs, at the most detailed level, to look for phone numbers in it.
    const logger = { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } };
    t = await startTestApp({
      clock: () => now,
      logger,
      turnAlerts: { worker: false },
      env: {
        TWILIO_ACCOUNT_SID: twilioApi.accountSid,
        TWILIO_AUTH_TOKEN: twilioApi.authToken,
        TWILIO_FROM: twilioApi.from,
        TWILIO_API_BASE: twilioApi.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await twilioApi.close();
  });

  const inbound = (params: Record<string, string>, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound/',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(twilioApi.authToken, 'http://chairline.test/api/sms/inbound/', params),
      },
      payload: new URLSearchParams(params).toString(),
    });

  it('texts the alert, the ticket link to a number already in line, honours STOP, and never logs the number', async () => {
    const shop = await makeShop(t.app, t.db);
    const shopName = `Shop ${shop.username}`;
    const ahead = await joinLine(t.app, shop);
    const mine = await joinLine(t.app, shop, { phone_number: '(415) 555-0199' });
    const settings = await t.app.inject({ method: 'GET', url: `/api/check-in/${mine}/alerts/` });
    expect(settings.json().response.available).toEqual({ push: true, sms: true, email: false });
    await chooseAlerts(t.app, mine, { channel: 'sms', when: 'next' });
    await t.app.turnAlerts.drain();
    expect(twilioApi.messages).toHaveLength(0);

    await customerCancels(t.app, ahead);
    await t.app.turnAlerts.drain();
    expect(twilioApi.messages).toHaveLength(1);
    const alert = twilioApi.messages[0];
    expect(alert).toMatchObject({ accountSid: twilioApi.accountSid, To: '+14155550199', From: twilioApi.from });
    expect(alert?.Body).toContain(ALERT_MESSAGES.next(shopName));
    expect(alert?.Body).toContain(`http://chairline.test/shop/${shop.username}/ticket/${mine}`);
    expect(alert?.Body).toContain(ALERT_MESSAGES.smsOptOut);

    // Someone checks in with this number again: refused, and the number gets its ticket link, once.
    expect((await checkIn(t.app, shop.username, { phone_number: '+1 415-555-0199' })).statusCode).toBe(409);
    await t.app.turnAlerts.drain();
    expect(twilioApi.messages).toHaveLength(2);
    expect(twilioApi.messages[1]).toMatchObject({ To: '+14155550199' });
    expect(twilioApi.messages[1]?.Body).toContain(ALERT_MESSAGES.ticketLink(shopName));
    expect(twilioApi.messages[1]?.Body).toContain(`/shop/${shop.username}/ticket/${mine}`);
    expect((await checkIn(t.app, shop.username, { phone_number: '4155550199' })).statusCode).toBe(409);
    await t.app.turnAlerts.drain();
    expect(twilioApi.messages).toHaveLength(2);

    // A forged STOP is refused; Twilio's signed one turns the alerts off.
    const forged = await inbound({ From: '+14155550199', Body: 'STOP' }, 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ status: 0, response: ALERT_MESSAGES.badSignature });
    const stop = await inbound({ MessageSid: 'SM1', AccountSid: twilioApi.accountSid, From: '+14155550199', To: twilioApi.from, Body: ' Stop ' });
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toContain('text/xml');
    expect((await t.app.inject({ method: 'GET', url: `/api/check-in/${mine}/alerts/` })).json().response.channel).toBeNull();
    await staffActs(t.app, t.db, shop, mine, 'call');
    await t.app.turnAlerts.drain();
    expect(twilioApi.messages).toHaveLength(2);

    const log = logLines.join('\n');
    expect(log).toContain('turn alert sent');
    for (const spelling of [/4\D{0,3}1\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}0\D{0,3}1\D{0,3}9\D{0,3}9/, /5550199/, /555-0199/]) {
      expect(log).not.toMatch(spelling);
    }
  });

  it('honours STOP from the ticket\'s number however the sender spells it', async () => {
    const shop = await makeShop(t.app, t.db);
    const mine = await joinLine(t.app, shop, { phone_number: '415 555 0177' });
    await chooseAlerts(t.app, mine, { channel: 'sms', when: 'next' });
    const stop = await inbound({ MessageSid: 'SM2', AccountSid: twilioApi.accountSid, From: '+1 (415) 555-0177', To: twilioApi.from, Body: 'STOP' });
    expect(stop.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/check-in/${mine}/alerts/` })).json().response.channel).toBeNull();
  });

  it('retries a failing provider with growing waits, then sends once', async () => {
    const shop = await makeShop(t.app, t.db);
    const token = await joinLine(t.app, shop, { phone_number: '+1 415 555 0142' });
    twilioApi.failNext(500, 503);
    const before = twilioApi.messages.length;
    await chooseAlerts(t.app, token, { channel: 'sms', when: 'next' });
    const id = await ticketId(t.db, token);
    const job = () =>
      one<{ status: string; attempts: number; last_error: string | null; run_at: Date }>(
        t.db,
        'SELECT status, attempts, last_error, run_at FROM alert_jobs WHERE ticket_id = $1',
        [id],
      );
    await t.app.turnAlerts.drain();
    expect(await job()).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMS provider answered 500' });
    expect((await job())?.run_at.getTime()).toBe(now.getTime() + 30_000);
    // Not due yet: nothing is tried.
    await t.app.turnAlerts.drain();
    expect((await job())?.attempts).toBe(1);
    now.setTime(now.getTime() + 30_000);
    await t.app.turnAlerts.drain();
    expect(await job()).toMatchObject({ status: 'pending', attempts: 2, last_error: 'SMS provider answered 503' });
    expect((await job())?.run_at.getTime()).toBe(now.getTime() + 60_000);
    now.setTime(now.getTime() + 60_000);
    await t.app.turnAlerts.drain();
    expect(await job()).toMatchObject({ status: 'sent', attempts: 3 });
    expect(twilioApi.messages.length).toBe(before + 1);
    expect(twilioApi.messages.at(-1)?.To).toBe('+14155550142');
    expect(logLines.join('\n')).not.toMatch(/5550142|555\D0142/);
  });
});

describe('email through SMTP', () => {
  it('arrives with the ticket link and a link that turns alerts off', async () => {
    const smtp = await startSmtp();
    const silent = { info() {}, error() {} } as unknown as FastifyBaseLogger;
    const t = await startTestApp({
      clock: () => now,
      mailer: createMailer(smtp.url, 'Chairline <alerts@chairline.test>', silent),
      env: { SMTP_URL: smtp.url },
      turnAlerts: { worker: false },
    });
    try {
      const shop = await makeShop(t.app, t.db);
      const token = await joinLine(t.app, shop);
      await chooseAlerts(t.app, token, { channel: 'email', when: 'next', email: 'maria@example.test' });
      await t.app.turnAlerts.drain();
      expect(smtp.messages).toHaveLength(1);
      const mail = smtp.messages[0];
      expect(mail?.to).toEqual(['maria@example.test']);
      const text = mailText(mail?.raw ?? '');
      expect(text).toContain(`Subject: ${ALERT_MESSAGES.next(`Shop ${shop.username}`)}`);
      expect(text).toContain(`http://chairline.test/shop/${shop.username}/ticket/${token}`);
      const optOut = `http://chairline.test/api/check-in/${token}/alerts/off/`;
      expect(text).toContain(`${ALERT_MESSAGES.emailOptOut}\r\n${optOut}`);
      // Mail apps offer one-click unsubscribe from these headers; it POSTs to the same link.
      // (long headers are folded onto a second line)
      expect(text.replace(/\r\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${optOut}>`);
      expect(text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const off = await t.app.inject({ method: 'POST', url: new URL(optOut).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(off.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/check-in/${token}/alerts/` })).json().response.channel).toBeNull();
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('SMS without a provider', () => {
  it('only logs that a text would go to the ticket, never the number', async () => {
    const logLines: string[] = [];
    const logger = { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } };
    const t = await startTestApp({ clock: () => now, logger, turnAlerts: { worker: false } });
    try {
      const shop = await makeShop(t.app, t.db);
      const token = await joinLine(t.app, shop, { phone_number: '+1 415 555 0163' });
      expect((await checkIn(t.app, shop.username, { phone_number: '415.555.0163' })).statusCode).toBe(409);
      await t.app.turnAlerts.drain();
      const id = await ticketId(t.db, token);
      const job = await one(t.db, 'SELECT kind, status, last_error FROM alert_jobs WHERE ticket_id = $1', [id]);
      expect(job).toEqual({ kind: 'ticket_link', status: 'skipped', last_error: 'no SMS provider is configured' });
      const log = logLines.join('\n');
      expect(log).toContain(`SMS for ticket ${id} not sent`);
      expect(log).not.toMatch(/4\D{0,3}1\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}0\D{0,3}1\D{0,3}6\D{0,3}3/);
      const settings = await t.app.inject({ method: 'GET', url: `/api/check-in/${token}/alerts/` });
      expect(settings.json().response.available.sms).toBe(false);
    } finally {
      await t.close();
    }
  });
});
