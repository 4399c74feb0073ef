import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { ALERT_MESSAGES, turnAlertPushPayload, type PublicTicket, type TurnAlertSettings, type Walkin } from '@chairline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, login } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The ticket page's turn alerts in Chromium: choosing how and when to be told, reading the choice
// back after a reload, turning it off, refused input, the email's opt-out link, and the service
// worker that shows browser notifications. Email goes to a local SMTP server; SMS is "available"
// through Twilio settings that point at nothing (only availability matters here).

const PHONE = { width: 390, height: 844 } as const;

let server: RunningServer;
let browser: Browser;
let smtp: SMTPServer;
let staffToken: string;
const mails: string[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        mails.push(raw);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  [server, browser] = await Promise.all([
    startServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'e2e-auth-token',
        TWILIO_FROM: '+15550100000',
        // Port 9 (discard): nothing answers there; no text is sent by these tests.
        TWILIO_API_BASE: 'http://127.0.0.1:9',
      },
    }),
    launchBrowser(),
  ]);
  staffToken = (await login(server.baseUrl, DEMO.admin)).access;
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

let phoneCounter = 0;
/** A new waiting ticket at the demo shop (its own phone number), cancelled when the test ends. */
async function checkIn(name: string): Promise<PublicTicket> {
  phoneCounter += 1;
  const phone = `+1 555 013 ${String(1000 + phoneCounter + Math.floor(Math.random() * 8000)).padStart(4, '0')}`;
  const res = await api<{ response: PublicTicket }>(server.baseUrl, 'POST', '/check-in/', {
    body: { shop_username: DEMO.shop, name, phone_number: phone, barber_id: 'any', service_ids: [], source: 'online' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const ticket = res.body.response;
  onTestFinished(async () => {
    await api(server.baseUrl, 'POST', `/check-in/${ticket.token}/cancel/`);
  });
  return ticket;
}

async function alertsOf(token: string): Promise<TurnAlertSettings> {
  const res = await api<{ response: TurnAlertSettings }>(server.baseUrl, 'GET', `/check-in/${token}/alerts/`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response;
}

async function openTicket(token: string, permissions: string[] = []): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE });
  contexts.push(context);
  if (permissions.length > 0) await context.grantPermissions(permissions, { origin: server.baseUrl });
  const page = await context.newPage();
  await page.goto(`/shop/${DEMO.shop}/ticket/${token}`);
  await page.locator('[data-live]').waitFor({ timeout: 60_000 });
  return page;
}

/** axe's findings (WCAG 2.0 A/AA, 2.1 AA) on the page as it is now, one readable line per element. */
async function axeViolations(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${label}: ${v.id} ${v.help} at ${n.target.join(' ')}`));
}

const panel = (page: Page) => page.getByRole('region', { name: /turn alert/i });
const chooserHeading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Get a turn alert' });

describe('turn alerts on the ticket page', () => {
  it('saves an email alert, reads it back after a reload, and turns it off', async () => {
    const ticket = await checkIn('Riley Email');
    const page = await openTicket(ticket.token);
    await chooserHeading(page).waitFor({ timeout: 60_000 });

    // Every channel this server can send, each with its label; the three moments.
    for (const name of ['Browser notification', 'Text message', 'Email', "When I'm next", 'When 2 are ahead', '15 minutes before']) {
      expect(await panel(page).getByRole('radio', { name: new RegExp(`^${name}`) }).count(), name).toBe(1);
    }
    // Nothing spills sideways on a 390 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page, 'chooser')).toEqual([]);

    await panel(page).getByRole('radio', { name: /^Email/ }).check();
    await panel(page).getByLabel('Email address').fill('riley@example.com');
    await panel(page).getByRole('radio', { name: 'When 2 are ahead' }).check();
    await panel(page).getByRole('button', { name: 'Save' }).click();

    const sentence = "We'll email you at r***@example.com when 2 are ahead.";
    await panel(page).getByText(sentence).waitFor({ timeout: 30_000 });
    expect(await panel(page).getByRole('button', { name: 'Change' }).isVisible()).toBe(true);
    // Focus follows the saved choice so a screen reader reads it (moved just after the render that
    // shows it, so polled).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(sentence);
    expect(await alertsOf(ticket.token)).toMatchObject({ channel: 'email', when: 'two_ahead', email: 'r***@example.com' });
    expect(await axeViolations(page, 'chosen')).toEqual([]);

    // Read back from the server after a reload.
    await page.reload();
    await page.locator('[data-live]').waitFor({ timeout: 60_000 });
    await panel(page).getByText(sentence).waitFor({ timeout: 30_000 });

    // "Change" brings the chooser back with the saved moment; keeping it changes nothing.
    await panel(page).getByRole('button', { name: 'Change' }).click();
    expect(await panel(page).getByRole('radio', { name: 'When 2 are ahead' }).isChecked()).toBe(true);
    await panel(page).getByRole('button', { name: 'Keep my alert' }).click();
    await panel(page).getByText(sentence).waitFor();

    await panel(page).getByRole('button', { name: 'Turn off alerts' }).click();
    await chooserHeading(page).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('status').filter({ hasText: 'Turn alerts are off.' }).count()).toBe(1);
    expect(await alertsOf(ticket.token)).toMatchObject({ channel: null, when: null, email: null });
  });

  it('keeps a refused address next to its field, announced, with focus on it', async () => {
    const ticket = await checkIn('Sam Typo');
    const page = await openTicket(ticket.token);
    await chooserHeading(page).waitFor({ timeout: 60_000 });

    // Nothing chosen: the first wrong field is the channel.
    await panel(page).getByRole('button', { name: 'Save' }).click();
    await panel(page).getByText('Choose how we should tell you.').waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('channel');

    await panel(page).getByRole('radio', { name: /^Email/ }).check();
    const email = panel(page).getByLabel('Email address');
    await email.fill('sam@');
    await panel(page).getByRole('radio', { name: 'When I\'m next' }).check();
    await panel(page).getByRole('button', { name: 'Save' }).click();

    const error = panel(page).getByRole('alert').filter({ hasText: 'Enter an email address like name@example.com.' });
    await error.waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const errorId = await error.getAttribute('id');
    expect((await email.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    expect(await axeViolations(page, 'refused address')).toEqual([]);
    // Nothing was saved.
    expect((await alertsOf(ticket.token)).channel).toBeNull();

    // Fixed, the same form saves.
    await email.fill('sam@example.com');
    await panel(page).getByRole('button', { name: 'Save' }).click();
    await panel(page).getByText("We'll email you at s***@example.com when you're next.").waitFor({ timeout: 30_000 });
  });

  it("turns alerts off from the email's link", async () => {
    const ticket = await checkIn('Jo Optout');
    const saved = await api(server.baseUrl, 'PUT', `/check-in/${ticket.token}/alerts/`, {
      body: { channel: 'email', when: 'next', email: 'jo@example.com' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // The shop calls the customer: an email goes out with the opt-out link.
    const walkins = await api<{ response: Walkin[] }>(server.baseUrl, 'GET', '/walkins/?status=waiting&page_size=100', { token: staffToken });
    const walkin = walkins.body.response.find((w) => w.token === ticket.token);
    if (!walkin) throw new Error(`no walk-in for ${ticket.token}`);
    const barbers = await api<{ id: number; status: string }[]>(server.baseUrl, 'GET', `/barbers/?shop_username=${DEMO.shop}`);
    const barber = barbers.body.find((b) => b.status === 'available');
    if (!barber) throw new Error(`no available barber in ${JSON.stringify(barbers.body)}`);
    const called = await api(server.baseUrl, 'POST', `/walkins/${walkin.id}/call/`, { token: staffToken, body: { barber_id: barber.id } });
    expect(called.status, JSON.stringify(called.body)).toBe(200);
    onTestFinished(async () => {
      await api(server.baseUrl, 'POST', `/walkins/${walkin.id}/no-show/`, { token: staffToken });
    });

    const optOutPath = `/check-in/${ticket.token}/alerts/off/`;
    const optOutMail = () => mails.map(decodeQuotedPrintable).find((m) => m.includes('jo@example.com') && m.includes(optOutPath));
    await expect.poll(optOutMail, { timeout: 60_000 }).toBeDefined();
    const mail = optOutMail() ?? '';
    const link = mail.match(/https?:\/\/\S+\/alerts\/off\//)?.[0];
    expect(link).toBe(`${server.baseUrl}/api/check-in/${ticket.token}/alerts/off/`);

    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link ?? '');
    // Opening the link only asks: a mail scanner following it turns nothing off.
    await page.getByRole('heading', { level: 1, name: 'Turn off alerts?' }).waitFor({ timeout: 30_000 });
    expect((await alertsOf(ticket.token)).channel).toBe('email');
    await page.getByRole('button', { name: 'Turn off alerts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Alerts turned off' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Back to your ticket' }).click();
    await page.waitForURL(new RegExp(`/shop/${DEMO.shop}/ticket/${ticket.token}$`));
    await page.locator('[data-live]').waitFor({ timeout: 60_000 });
    expect((await alertsOf(ticket.token)).channel).toBeNull();
  });
});

describe('browser notifications', () => {
  it('serves the service worker as JavaScript from the site origin', async () => {
    const res = await fetch(`${server.baseUrl}/alerts-sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript\b/);
    expect(await res.text()).toContain("addEventListener('push'");
  });

  it('registers the worker for the ticket pages only when the customer picks "Browser notification"', async () => {
    const ticket = await checkIn('Ada Push');
    const page = await openTicket(ticket.token, ['notifications']);
    await chooserHeading(page).waitFor({ timeout: 60_000 });
    // Nothing is registered before the choice.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

    await panel(page).getByRole('radio', { name: /^Browser notification/ }).check();
    await panel(page).getByRole('radio', { name: "When I'm next" }).check();
    await panel(page).getByRole('button', { name: 'Save' }).click();

    // The worker is installed and active with the ticket pages' scope, under the page's own
    // Content-Security-Policy (a refused worker would never become ready).
    const ready = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL ?? null };
    });
    expect(ready).toEqual({ scope: `${server.baseUrl}/shop/${DEMO.shop}/ticket/`, script: `${server.baseUrl}/alerts-sw.js` });

    // Headless Chromium on a closed network reaches no push service, so subscribing cannot finish
    // here: the page says so plainly and keeps the other channels on offer.
    await panel(page)
      .getByRole('alert')
      .filter({ hasText: 'We could not set up notifications in this browser. Please try again, or choose another way to be told.' })
      .waitFor({ timeout: 60_000 });
    expect(await panel(page).getByRole('radio', { name: /^Text message/ }).isEnabled()).toBe(true);
    expect((await alertsOf(ticket.token)).channel).toBeNull();
  });

  it('shows a pushed alert as a notification that leads back to this site only', async () => {
    const ticket = await checkIn('Cy Pushed');
    const page = await openTicket(ticket.token, ['notifications']);
    await chooserHeading(page).waitFor({ timeout: 60_000 });
    await panel(page).getByRole('radio', { name: /^Browser notification/ }).check();
    await panel(page).getByRole('radio', { name: "When I'm next" }).check();
    await panel(page).getByRole('button', { name: 'Save' }).click();
    const scope = `${server.baseUrl}/shop/${DEMO.shop}/ticket/`;
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(scope);

    // Chromium itself hands the worker a push message (DevTools' push delivery), as the push
    // service would after the server's encrypted request; the payload is the server's contract.
    const cdp = await page.context().newCDPSession(page);
    // DevTools may list registrations of this scope from other open browser contexts too (earlier
    // tests' pages), and cannot tell which is this page's: every message goes to each of them, and
    // the notifications are read from this page's own registration.
    const registrations = new Set<string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (r.scopeURL === scope && !r.isDeleted) registrations.add(r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.size, { timeout: 30_000 }).toBeGreaterThan(0);
    const ticketUrl = `${server.baseUrl}/shop/${DEMO.shop}/ticket/${ticket.token}`;
    const messages = [
      turnAlertPushPayload.parse({ kind: 'near', title: ALERT_MESSAGES.next('Demo'), body: ALERT_MESSAGES.nextBody, url: ticketUrl, tag: 'ticket-1' }),
      // A link to another site is never opened from our notification: it leads to the ticket pages instead.
      { kind: 'called', title: 'Elsewhere', body: 'x', url: 'https://example.com/phish', tag: 'ticket-2' },
    ];
    // Delivered again on every look: a message handed over while the worker is still starting can be
    // dropped on a busy machine, and the same tag replaces a notification, never adds one.
    const deliverToAll = async () => {
      for (const registrationId of registrations) {
        for (const payload of messages) {
          // Another context's registration may be gone by now; only this page's outcome is asserted.
          await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.baseUrl, registrationId, data: JSON.stringify(payload) }).catch(() => undefined);
        }
      }
    };

    const shown = async () => {
      await deliverToAll();
      return page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications())
          .map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: string } | null)?.url ?? null }))
          .sort((a, b) => a.tag.localeCompare(b.tag)),
      );
    };
    await expect.poll(shown, { timeout: 30_000 }).toEqual([
      { title: ALERT_MESSAGES.next('Demo'), body: ALERT_MESSAGES.nextBody, tag: 'ticket-1', url: ticketUrl },
      { title: 'Elsewhere', body: 'x', tag: 'ticket-2', url: scope },
    ]);
    await cdp.detach();
  });

  it('says so plainly when notifications are not allowed', async () => {
    const ticket = await checkIn('Bo Blocked');
    const page = await openTicket(ticket.token);
    await chooserHeading(page).waitFor({ timeout: 60_000 });
    await panel(page).getByRole('radio', { name: /^Browser notification/ }).check();
    await panel(page).getByRole('radio', { name: 'When 2 are ahead' }).check();
    await panel(page).getByRole('button', { name: 'Save' }).click();
    await panel(page)
      .getByRole('alert')
      .filter({ hasText: 'Notifications are not allowed for this site. Allow them in your browser settings, or choose another way to be told.' })
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('push');
    expect((await alertsOf(ticket.token)).channel).toBeNull();
  });
});

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
