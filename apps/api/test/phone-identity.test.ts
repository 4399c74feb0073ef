import { PHONE_MESSAGES, QUEUE_MESSAGES } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, type TestShop } from './support/factories.js';

// One phone, one identity: every spelling of a number is the same E.164 value, read in the shop's
// country, for the one-place-per-phone rule and for finding the shop's customer.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SPELLINGS = ['19175551001', '0019175551001', '+1 (917) 555-1001', '+19175551001'];

const phonesOf = async (shopId: number) =>
  (await t.db.query<{ phone: string }>('SELECT phone FROM walkin_tickets WHERE shop_id = $1 ORDER BY id', [shopId])).map((r) => r.phone);

function settingsOf(shop: TestShop) {
  return t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) });
}

async function putCountry(shop: TestShop, country: unknown, user = shop.admin) {
  const current = (await settingsOf(shop)).json().response;
  return t.app.inject({
    method: 'PUT',
    url: '/api/shop/settings/',
    headers: bearer(user),
    payload: { name: current.name, username: current.username, timezone: current.timezone, country },
  });
}

describe('one place in line per phone, however it is spelled', () => {
  it('takes the first spelling and refuses every other one (public check-in and the desk)', async () => {
    for (const first of [0, 2]) {
      const shop = await makeShop(t.app, t.db);
      const queued = await checkIn(t.app, shop.username, { phone_number: SPELLINGS[first] });
      expect(queued.statusCode).toBe(200);
      for (const spelling of SPELLINGS) {
        const again = await checkIn(t.app, shop.username, { phone_number: spelling });
        expect(again.statusCode, spelling).toBe(409);
        expect(again.json().response).toBe(PHONE_MESSAGES.alreadyInLine);
        const desk = await t.app.inject({
          method: 'POST',
          url: '/api/walkins/',
          headers: bearer(shop.admin),
          payload: { name: 'Desk Guest', phone_number: spelling },
        });
        expect(desk.statusCode, spelling).toBe(409);
        expect(desk.json().response).toBe(QUEUE_MESSAGES.phoneInLine);
      }
      expect(await phonesOf(shop.shopId)).toEqual(['+19175551001']);
    }
  });

  it('stores the desk walk-in phone as E.164 too', async () => {
    const shop = await makeShop(t.app, t.db);
    const desk = await t.app.inject({
      method: 'POST',
      url: '/api/walkins/',
      headers: bearer(shop.admin),
      payload: { name: 'Desk Guest', phone_number: '(917) 555-1009' },
    });
    expect(desk.statusCode).toBe(200);
    expect(desk.json().response.phone).toBe('+19175551009');
    // The board's search finds it by the number in any spelling, or by a fragment of its digits.
    for (const [search, found] of [['19175551009', 1], ['(917) 555-1009', 1], ['555-100', 1], ['+19175551009', 1], ['(917) 555-1008', 0]] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/walkins/?search=${encodeURIComponent(search)}`, headers: bearer(shop.admin) });
      expect(res.json().total, search).toBe(found);
    }
  });
});

describe('finding the shop customer by phone', () => {
  it('links check-ins in any spelling to the customer the back office saved in another', async () => {
    const shop = await makeShop(t.app, t.db);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: bearer(shop.admin),
      payload: { name: 'Ana Lima', phone: '(917) 555-1001' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().response.phone).toBe('+19175551001');
    const customerId = saved.json().response.id;

    for (const spelling of SPELLINGS) {
      const res = await checkIn(t.app, shop.username, { name: 'Ana L', phone_number: spelling });
      expect(res.statusCode, spelling).toBe(200);
      const row = await one<{ customer_id: number }>(t.db, 'SELECT customer_id FROM walkin_tickets WHERE token = $1', [res.json().response.token]);
      expect(row?.customer_id, spelling).toBe(customerId);
      expect((await t.app.inject({ method: 'POST', url: `/api/check-in/${res.json().response.token}/cancel/` })).statusCode).toBe(200);
    }
    const count = await one<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM customers WHERE shop_id = $1', [shop.shopId]);
    expect(count?.n).toBe(1);
  });

  it('refuses a second customer with the same phone spelled differently, and finds them by any spelling', async () => {
    const shop = await makeShop(t.app, t.db);
    const create = (phone: string) =>
      t.app.inject({ method: 'POST', url: '/api/customers/', headers: bearer(shop.admin), payload: { name: 'Ana Lima', phone } });
    expect((await create('+1 917 555 1001')).statusCode).toBe(200);
    const dup = await create('0019175551001');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().response).toBe('A customer with this phone number already exists.');
    for (const search of ['19175551001', '(917) 555-1001', '555-10']) {
      const found = await t.app.inject({ method: 'GET', url: `/api/customers/?search=${encodeURIComponent(search)}`, headers: bearer(shop.admin) });
      expect(found.json().total, search).toBe(1);
    }
    const bad = await create('12345678');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 0, response: PHONE_MESSAGES.invalidPhone });
  });
});

describe('a phone number that is not one', () => {
  it('is a 400 with a message for a person on check-in, and nothing is stored', async () => {
    const shop = await makeShop(t.app, t.db);
    for (const phone of ['123-4567', '+1 917 555 10011', '000 000 0']) {
      const res = await checkIn(t.app, shop.username, { phone_number: phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual({ status: 0, response: 'Please enter a valid phone number.' });
    }
    expect(await phonesOf(shop.shopId)).toEqual([]);
    const customers = await one<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM customers WHERE shop_id = $1', [shop.shopId]);
    expect(customers?.n).toBe(0);
  });
});

describe("the shop's country", () => {
  it('is US by default, is a setting of the shop, and reads local numbers in that country', async () => {
    const shop = await makeShop(t.app, t.db);
    const other = await makeShop(t.app, t.db);
    expect((await settingsOf(shop)).json().response.country).toBe('US');

    const saved = await putCountry(shop, 'gb');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().response.country).toBe('GB');
    expect((await settingsOf(shop)).json().response.country).toBe('GB');
    // Only the caller's shop changed.
    expect((await settingsOf(other)).json().response.country).toBe('US');

    const uk = await checkIn(t.app, shop.username, { phone_number: '07911 123456' });
    expect(uk.statusCode).toBe(200);
    expect(await phonesOf(shop.shopId)).toEqual(['+447911123456']);
    const us = await checkIn(t.app, other.username, { phone_number: '(917) 555-1001' });
    expect(us.statusCode).toBe(200);
    expect(await phonesOf(other.shopId)).toEqual(['+19175551001']);

    // Saving the settings without a country keeps it.
    expect((await putCountry(shop, undefined)).json().response.country).toBe('GB');
  });

  it('accepts only a known ISO 3166-1 alpha-2 code, and only from who may change settings', async () => {
    const shop = await makeShop(t.app, t.db);
    for (const bad of ['ZZ', 'USA', '', 'U1', 42, null]) {
      const res = await putCountry(shop, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toEqual({ status: 0, response: PHONE_MESSAGES.invalidCountry });
    }
    const barber = await shop.addMember('employee');
    const refused = await putCountry(shop, 'FR', barber);
    expect(refused.statusCode).toBe(403);
    const row = await one<{ country: string }>(t.db, 'SELECT country FROM shops WHERE id = $1', [shop.shopId]);
    expect(row?.country).toBe('US');
  });
});
