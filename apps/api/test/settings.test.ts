import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, unique } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SUPPORT_EMAIL: 'help@chairline.test' } });
});
afterAll(() => t.close());

const settingsBody = (username: string, change: object = {}) => ({
  name: 'Corner Cuts',
  username,
  address: '1 Main St',
  phone_number: '+1 555 010 0000',
  timezone: 'America/Chicago',
  opening_hours: { mon: { open: '09:00', close: '18:00' }, sun: { closed: true } },
  pin_enabled: false,
  ...change,
});

describe('shop settings', () => {
  it('are read and saved by the admin; the session user reflects them', async () => {
    const shop = await makeShop(t.app, t.db);
    const username = unique('corner-');
    const put = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', headers: bearer(shop.admin), payload: settingsBody(username) });
    expect(put.statusCode).toBe(200);
    expect(put.json().response).toMatchObject({ name: 'Corner Cuts', username, timezone: 'America/Chicago', pin_enabled: false, pin_set: false });
    expect(put.json().response.opening_hours.sun).toEqual({ closed: true, open: '09:00', close: '18:00' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(shop.admin) });
    expect(me.json().response).toMatchObject({ shop_name: 'Corner Cuts', shop_username: username, shop_address: '1 Main St' });
  });

  it.each([
    [{ timezone: 'Mars/Olympus' }, 'Please choose a valid time zone, for example America/New_York.'],
    [{ username: 'dashboard' }, 'This shop username is reserved. Please choose another one.'],
    [{ opening_hours: { mon: { open: '18:00', close: '09:00' } } }, 'The closing time must be after the opening time.'],
    [{ opening_hours: { mon: { open: '9am', close: '18:00' } } }, 'Times are written as HH:MM, for example 09:30.'],
    [{ pin_enabled: true }, 'Please choose a 4-character PIN to turn the PIN on.'],
    [{ pin_enabled: true, pin: '12345' }, 'The PIN must be 4 characters.'],
  ])('refuse %j with a clear message and change nothing', async (change, message) => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings/',
      headers: bearer(shop.admin),
      payload: settingsBody(unique('s-'), change),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, response: message });
    const after = await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) });
    expect(after.json().response).toMatchObject({ username: shop.username, timezone: 'UTC' });
  });

  it("refuse another shop's username with 409", async () => {
    const a = await makeShop(t.app, t.db);
    const b = await makeShop(t.app, t.db);
    const res = await t.app.inject({ method: 'PUT', url: '/api/shop/settings/', headers: bearer(a.admin), payload: settingsBody(b.username) });
    expect(res.statusCode).toBe(409);
    expect(res.json().response).toBe('This shop username is already taken.');
  });

  it('are for the admin only', async () => {
    const shop = await makeShop(t.app, t.db);
    const manager = await shop.addMember('manager');
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(manager) })).statusCode).toBe(403);
  });
});

describe('the shop PIN', () => {
  it('is off by default: verify-pin passes and pin_applicable is false', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee');
    const res = await t.app.inject({ method: 'POST', url: '/api/verify-pin/', headers: bearer(barber), payload: { pin: '0000' } });
    expect(res.json()).toEqual({ status: 1, response: 'No PIN is required in this shop.' });
  });

  it('once set, is checked by the server: right PIN status 1, wrong PIN status 0 with a message', async () => {
    const shop = await makeShop(t.app, t.db);
    await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings/',
      headers: bearer(shop.admin),
      payload: settingsBody(shop.username, { pin_enabled: true, pin: '4821' }),
    });
    const barber = await shop.addMember('employee');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(barber) });
    expect(me.json().response.pin_applicable).toBe(true);
    const ok = await t.app.inject({ method: 'POST', url: '/api/verify-pin/', headers: bearer(barber), payload: { pin: '4821' } });
    expect(ok.json()).toEqual({ status: 1, response: 'PIN verified.' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/verify-pin/', headers: bearer(barber), payload: { pin: '1111' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ status: 0, response: 'Incorrect PIN. Please try again.' });
    const stored = await t.db.query<{ pin_hash: string }>('SELECT pin_hash FROM shops WHERE id = $1', [shop.shopId]);
    expect(stored[0]?.pin_hash).not.toContain('4821');
  });

  it('resists guessing: attempts are rate-limited', async () => {
    const limited = await startTestApp({ rateLimits: { pin: { max: 3, timeWindow: 60_000 } } });
    try {
      const shop = await makeShop(limited.app, limited.db);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/verify-pin/', headers: bearer(shop.admin), payload: { pin: '9999' } })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('support messages', () => {
  it('are stored for the shop and emailed to the support inbox', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/',
      headers: bearer(shop.admin),
      payload: { subject: 'Kiosk question', message: 'How do I lock the tablet?' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.message).toMatch(/reached our support team/);
    const mail = t.mails.at(-1);
    expect(mail).toMatchObject({ to: 'help@chairline.test' });
    expect(mail?.subject).toContain('Kiosk question');
    expect(mail?.text).toContain(shop.username);
    const list = await t.app.inject({ method: 'GET', url: '/api/support/', headers: bearer(shop.admin) });
    expect(list.json().response.map((m: { subject: string }) => m.subject)).toEqual(['Kiosk question']);
    const other = await makeShop(t.app, t.db);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/support/', headers: bearer(other.admin) });
    expect(theirs.json().total).toBe(0);
  });

  it('need a subject and a message', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/support/', headers: bearer(shop.admin), payload: { subject: 'Hi', message: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().response).toBe('Please write your message.');
  });
});
