import { MESSAGES, PROFILE_PHOTO_MAX_BYTES } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, type TestShop } from './support/factories.js';
import { pngImage } from './support/images.js';
import { multipart, type FilePart } from './support/multipart.js';

let t: TestApp;
let shop: TestShop;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeShop(t.app, t.db);
});
afterAll(() => t.close());

const update = (user: { access: string }, fields: Record<string, string>, file?: FilePart) => {
  const { payload, headers } = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/update-barber-profile/', payload, headers: { ...headers, ...bearer(user) } });
};
const me = async (user: { access: string }) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(user) })).json().response;

describe('POST /api/update-barber-profile/', () => {
  it('updates name, phone, booking link and photo; get-user-data and the barber record show them', async () => {
    const barber = await shop.addMember('employee');
    const res = await update(
      barber,
      { name: '  Jay Fade ', phone_no: '555-010-2030', booking_url: 'https://book.example/jay' },
      { field: 'profile_photo', filename: 'me.png', contentType: 'image/png', data: await pngImage(120, 90) },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, response: 'Profile updated successfully' });

    const user = await me(barber);
    expect(user.name).toBe('Jay Fade');
    expect(user.phone_no).toBe('555-010-2030');
    expect(user.booking_url).toBe('https://book.example/jay');
    expect(user.profile_photo).toMatch(/^\/uploads\/profile-photo-[0-9a-f-]{36}\.webp$/);
    expect(user.profile_pic).toBe(user.profile_photo);
    expect(user.email).toBe(barber.email);

    const record = await one<{ name: string; phone_number: string; booking_url: string; profile_pic: string }>(
      t.db,
      'SELECT name, phone_number, booking_url, profile_pic FROM barbers WHERE id = $1',
      [barber.barberId],
    );
    expect(record).toEqual({ name: 'Jay Fade', phone_number: '555-010-2030', booking_url: 'https://book.example/jay', profile_pic: user.profile_photo });

    const served = await t.app.inject({ method: 'GET', url: user.profile_photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const upload = await one<{ kind: string; user_id: number; shop_id: number }>(t.db, 'SELECT kind, user_id, shop_id FROM uploads WHERE path = $1', [
      user.profile_photo,
    ]);
    expect(upload).toEqual({ kind: 'profile_photo', user_id: barber.userId, shop_id: shop.shopId });
  });

  it('keeps the photo when none is sent, clears a bare http:// booking link, ignores the email', async () => {
    const manager = await shop.addMember('manager');
    await update(manager, { name: 'M', phone_no: '5550102030' }, { field: 'profile_photo', filename: 'a.jpg', contentType: 'image/jpeg', data: await pngImage() });
    const before = await me(manager);
    const res = await update(manager, { name: 'Mo Manager', phone_no: '555 010 9999', booking_url: 'http://', email: 'hijack@example.test' });
    expect(res.statusCode).toBe(200);
    const after = await me(manager);
    expect(after.profile_photo).toBe(before.profile_photo);
    expect(after.name).toBe('Mo Manager');
    expect(after.booking_url).toBe('');
    expect(after.email).toBe(manager.email);
  });

  it('accepts a JSON body too (no photo)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/update-barber-profile/',
      payload: { name: 'Owner Name', phone_no: '+1 555 010 1111' },
      headers: bearer(shop.admin),
    });
    expect(res.statusCode).toBe(200);
    expect((await me(shop.admin)).name).toBe('Owner Name');
  });

  it('refuses missing name or phone and a booking link without http(s) with the user-facing messages; nothing changes', async () => {
    const barber = await shop.addMember('employee', 'Steady Name');
    const noName = await update(barber, { name: '  ', phone_no: '5550102030' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ status: 0, response: 'Please enter a name' });
    const noPhone = await update(barber, { name: 'X' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toEqual({ status: 0, response: 'Please enter a phone number' });
    const badUrl = await update(barber, { name: 'X', phone_no: '5550102030', booking_url: 'book.example/x' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ status: 0, response: 'The booking URL must start with http:// or https://' });
    expect((await me(barber)).name).toBe('Steady Name');
  });

  it('saves an https:// booking link (Booksy, Calendly...) and the public barber list shows it', async () => {
    const barber = await shop.addMember('employee', 'Https Barber');
    const res = await update(barber, { name: 'Https Barber', phone_no: '5550102030', booking_url: ' https://booksy.com/en-us/12345_https-barber ' });
    expect(res.statusCode).toBe(200);
    expect((await me(barber)).booking_url).toBe('https://booksy.com/en-us/12345_https-barber');
    const listed = await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` });
    expect(listed.statusCode).toBe(200);
    const row = (listed.json() as { id: number; booking_url: string }[]).find((b) => b.id === barber.barberId);
    expect(row?.booking_url).toBe('https://booksy.com/en-us/12345_https-barber');
    const bare = await update(barber, { name: 'Https Barber', phone_no: '5550102030', booking_url: 'https://' });
    expect(bare.statusCode).toBe(200);
    expect((await me(barber)).booking_url).toBe('');
  });

  it('refuses a javascript:, data:, mailto: or ftp: booking link with 400 and a clear message; nothing changes', async () => {
    const barber = await shop.addMember('employee', 'Safe Links');
    await update(barber, { name: 'Safe Links', phone_no: '5550102030', booking_url: 'https://calendly.com/safe' });
    for (const url of ['javascript:alert(document.cookie)', 'JAVASCRIPT:alert(1)', 'data:text/html,hi', 'mailto:safe@example.test', 'ftp://files.example/safe']) {
      const res = await update(barber, { name: 'Changed Name', phone_no: '5550109999', booking_url: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ status: 0, response: 'The booking URL must start with http:// or https://' });
    }
    const user = await me(barber);
    expect(user).toMatchObject({ name: 'Safe Links', phone_no: '5550102030', booking_url: 'https://calendly.com/safe' });
    const record = await one<{ name: string; booking_url: string }>(t.db, 'SELECT name, booking_url FROM barbers WHERE id = $1', [barber.barberId]);
    expect(record).toEqual({ name: 'Safe Links', booking_url: 'https://calendly.com/safe' });
  });

  it('refuses a non-image photo and a 5 MB + 1 byte photo with the user-facing messages, and changes nothing', async () => {
    const barber = await shop.addMember('employee', 'Photo Person');
    const html = await update(barber, { name: 'Changed', phone_no: '5550102030' }, { field: 'profile_photo', filename: 'me.png', contentType: 'image/png', data: Buffer.from('<html><body>hi</body></html>') });
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ status: 0, response: MESSAGES.imageType });
    const big = await update(
      barber,
      { name: 'Changed', phone_no: '5550102030' },
      { field: 'profile_photo', filename: 'me.png', contentType: 'image/png', data: Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 1, 1) },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ status: 0, response: MESSAGES.imageSize });
    const user = await me(barber);
    expect(user.name).toBe('Photo Person');
    expect(user.profile_photo).toBeNull();
  });

  it('answers malformed bodies with 4xx messages and visitors with 401', async () => {
    const barber = await shop.addMember('employee');
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/update-barber-profile/',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json', ...bearer(barber) },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().status).toBe(0);
    const array = await t.app.inject({ method: 'POST', url: '/api/update-barber-profile/', payload: [1, 2], headers: bearer(barber) });
    expect(array.statusCode).toBe(400);
    const nested = await t.app.inject({ method: 'POST', url: '/api/update-barber-profile/', payload: { name: { a: 1 }, phone_no: '5550102030' }, headers: bearer(barber) });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().response).toBe('The field name must be text.');
    const empty = await t.app.inject({ method: 'POST', url: '/api/update-barber-profile/', headers: bearer(barber) });
    expect(empty.statusCode).toBe(415);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/update-barber-profile/', payload: { name: 'x', phone_no: '5550102030' } });
    expect(visitor.statusCode).toBe(401);
  });
});
