import { publicBarber, publicService, shopReply } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC_REPLY_TTL_MS } from '../src/modules/queue/public/public-reply-cache.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, type TestShop } from './support/factories.js';
import { pngImage } from './support/images.js';
import { multipart } from './support/multipart.js';

// The public shop replies are kept per shop and answered with an ETag; every kind of change of the
// shop must give a new body and a new ETag at once, and nothing else may. The clock is pinned, so
// an entry never expires by age here unless a test moves the clock.
let t: TestApp;
let now = new Date('2026-11-24T15:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
});
afterAll(() => t.close());

type Path = 'shop/' | 'barbers/' | 'shop/services/' | 'queue/';

async function read(path: Path, username: string, etag?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/${path}?shop_username=${username}`,
    headers: etag ? { 'if-none-match': etag } : {},
  });
  return { status: res.statusCode, etag: String(res.headers.etag ?? ''), cacheControl: res.headers['cache-control'], body: res.body, res };
}

/** Reads, then asserts the reply is a fresh one: a new ETag, and a 200 for the old one. */
async function expectChanged(path: Path, username: string, before: { etag: string; body: string }) {
  const after = await read(path, username, before.etag);
  expect(after.status).toBe(200);
  expect(after.etag).not.toBe(before.etag);
  expect(after.body).not.toBe(before.body);
  return after;
}

async function expectUnchanged(path: Path, username: string, before: { etag: string }) {
  const again = await read(path, username, before.etag);
  expect(again.status).toBe(304);
  expect(again.body).toBe('');
  expect(again.etag).toBe(before.etag);
}

/** Andre's entry in a /barbers/ reply. */
const andre = (r: { res: { json: () => unknown } }) =>
  z.array(publicBarber).parse(r.res.json()).find((b) => b.id === barber.barberId);

let shop: TestShop;
let barber: Awaited<ReturnType<TestShop['addMember']>>;
beforeAll(async () => {
  shop = await makeShop(t.app, t.db, { timezone: 'America/Chicago' });
  barber = await shop.addMember('employee', 'Andre');
});

describe('public shop replies, kept per shop', () => {
  it('answer a strong ETag with no-cache, and 304 without a body while nothing changed', async () => {
    for (const path of ['shop/', 'barbers/', 'shop/services/', 'queue/'] as const) {
      const first = await read(path, shop.username);
      expect(first.status).toBe(200);
      expect(first.etag).toMatch(/^"[\w-]+"$/);
      expect(first.cacheControl).toBe('no-cache');
      expect(first.res.headers['content-type']).toBe('application/json; charset=utf-8');
      const second = await read(path, shop.username);
      expect(second.etag).toBe(first.etag);
      expect(second.body).toBe(first.body);
      await expectUnchanged(path, shop.username, first);
      // A list of tags, and a weak form of the same tag, match too.
      expect((await read(path, shop.username, `"other", W/${first.etag}`)).status).toBe(304);
      expect((await read(path, shop.username, '"other"')).status).toBe(200);
    }
    // The bodies are the replies' own shapes.
    expect(shopReply.parse((await read('shop/', shop.username)).res.json()).response.name).toBe(`Shop ${shop.username}`);
    expect(z.array(publicBarber).parse((await read('barbers/', shop.username)).res.json()).map((b) => b.name)).toContain('Andre');
    expect(z.array(publicService).parse((await read('shop/services/', shop.username)).res.json())).toEqual([]);
  });

  it('change with a check-in, a call, a rotation change and a pause, and not with another shop’s', async () => {
    let shopRead = await read('shop/', shop.username);
    let barbers = await read('barbers/', shop.username);
    let queue = await read('queue/', shop.username);

    const other = await makeShop(t.app, t.db);
    expect((await checkIn(t.app, other.username)).statusCode).toBe(200);
    await expectUnchanged('shop/', shop.username, shopRead);
    await expectUnchanged('barbers/', shop.username, barbers);

    // Check-in: today's check-ins, the barbers' waiting counts and the line.
    expect((await checkIn(t.app, shop.username, { name: 'Luis Ortega' })).statusCode).toBe(200);
    shopRead = await expectChanged('shop/', shop.username, shopRead);
    expect(shopRead.res.json().today_checkins).toBe(1);
    barbers = await expectChanged('barbers/', shop.username, barbers);
    expect(andre(barbers)?.waiting_count).toBe(1);
    queue = await expectChanged('queue/', shop.username, queue);
    expect(queue.res.json().response.waiting_count).toBe(1);

    // Call next: the line empties.
    const called = await t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: bearer(barber), payload: {} });
    expect(called.statusCode).toBe(200);
    barbers = await expectChanged('barbers/', shop.username, barbers);
    expect(andre(barbers)?.waiting_count).toBe(0);
    queue = await expectChanged('queue/', shop.username, queue);

    // Rotation: the barber goes on a break.
    const status = await t.app.inject({
      method: 'POST',
      url: `/api/barbers/${barber.barberId}/status/`,
      headers: bearer(shop.admin),
      payload: { status: 'break' },
    });
    expect(status.statusCode).toBe(200);
    barbers = await expectChanged('barbers/', shop.username, barbers);
    expect(andre(barbers)?.status).toBe('break');

    // Pause: check-ins close.
    const pause = await t.app.inject({ method: 'POST', url: '/api/walkins/pause/', headers: bearer(shop.admin), payload: { reason: 'Full' } });
    expect(pause.statusCode).toBe(200);
    shopRead = await expectChanged('shop/', shop.username, shopRead);
    expect(shopRead.res.json().response.check_in).toMatchObject({ open: false, reason: 'paused' });
    const resume = await t.app.inject({ method: 'POST', url: '/api/walkins/resume/', headers: bearer(shop.admin) });
    expect(resume.statusCode).toBe(200);
    shopRead = await expectChanged('shop/', shop.username, shopRead);
    expect(shopRead.res.json().response.check_in.open).toBe(true);
  });

  it('change with the settings, the logo and the services', async () => {
    let shopRead = await read('shop/', shop.username);
    const current = (await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) })).json().response;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings/',
      headers: bearer(shop.admin),
      payload: {
        name: 'Cached Cuts',
        username: current.username,
        address: '2 Main St',
        phone_number: '+1 555 010 0000',
        timezone: current.timezone,
        opening_hours: current.opening_hours,
        pin_enabled: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    shopRead = await expectChanged('shop/', shop.username, shopRead);
    expect(shopRead.res.json().response).toMatchObject({ name: 'Cached Cuts', address: '2 Main St' });

    const { payload, headers } = multipart({}, { field: 'shop_logo', filename: 'logo.png', contentType: 'image/png', data: await pngImage(64, 48) });
    const upload = await t.app.inject({ method: 'POST', url: '/api/shop/settings/logo/', payload, headers: { ...headers, ...bearer(shop.admin) } });
    expect(upload.statusCode).toBe(200);
    shopRead = await expectChanged('shop/', shop.username, shopRead);
    expect(shopRead.res.json().response.shop_logo).toMatch(/^\/uploads\//);

    let services = await read('shop/services/', shop.username);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/services/',
      headers: bearer(shop.admin),
      payload: { name: 'Fade', estimated_minutes: 30, price: 25 },
    });
    expect(made.statusCode).toBe(200);
    services = await expectChanged('shop/services/', shop.username, services);
    expect(services.res.json()).toMatchObject([{ name: 'Fade', estimated_minutes: 30 }]);
    const id = made.json().response.id as number;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${id}/`,
      headers: bearer(shop.admin),
      payload: { name: 'Fade', estimated_minutes: 45, price: 25 },
    });
    expect(edited.statusCode).toBe(200);
    services = await expectChanged('shop/services/', shop.username, services);
    expect(services.res.json()).toMatchObject([{ estimated_minutes: 45 }]);

    // A refused write changes nothing.
    const refused = await t.app.inject({ method: 'POST', url: '/api/services/', headers: bearer(shop.admin), payload: { name: '' } });
    expect(refused.statusCode).toBe(400);
    await expectUnchanged('shop/services/', shop.username, services);
  });

  it('are built again when the opening hours flip check-ins, and at most every few seconds otherwise', async () => {
    const hours = await makeShop(t.app, t.db, { timezone: 'UTC' });
    const open = { closed: false, open: '09:00', close: '17:00' };
    const week = { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open, sun: open };
    await t.db.query('UPDATE shops SET opening_hours = $2::jsonb WHERE id = $1', [hours.shopId, JSON.stringify(week)]);
    const saved = now;
    try {
      now = new Date('2026-11-24T16:59:57Z');
      const before = await read('shop/', hours.username);
      expect(before.res.json().response.check_in.open).toBe(true);
      now = new Date('2026-11-24T16:59:59Z');
      await expectUnchanged('shop/', hours.username, before);
      // Closing time: sooner than the entry's age limit, and no one announced a change.
      now = new Date('2026-11-24T17:00:00Z');
      const after = await expectChanged('shop/', hours.username, before);
      expect(after.res.json().response.check_in).toMatchObject({ open: false, reason: 'closed' });

      // Any entry is built again once it is PUBLIC_REPLY_TTL_MS old, even with nothing announced.
      const builtBefore = t.app.publicReplies.misses;
      await read('barbers/', hours.username);
      now = new Date(now.getTime() + PUBLIC_REPLY_TTL_MS - 1);
      await read('barbers/', hours.username);
      expect(t.app.publicReplies.misses).toBe(builtBefore + 1);
      now = new Date(now.getTime() + 1);
      await read('barbers/', hours.username);
      expect(t.app.publicReplies.misses).toBe(builtBefore + 2);
    } finally {
      now = saved;
    }
  });

  it('build a reply once for requests that arrive together', async () => {
    const busy = await makeShop(t.app, t.db);
    const builtBefore = t.app.publicReplies.misses;
    const replies = await Promise.all(Array.from({ length: 5 }, () => read('barbers/', busy.username)));
    expect(new Set(replies.map((r) => r.etag)).size).toBe(1);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(t.app.publicReplies.misses).toBe(builtBefore + 1);
  });

  it('never keep an unknown shop, and find a shop by its former username with its current reply', async () => {
    const missing = await read('shop/', 'no-such-shop-here');
    expect(missing.status).toBe(404);
    expect(missing.res.headers.etag).toBeUndefined();

    const renamed = await makeShop(t.app, t.db);
    const before = await read('shop/', renamed.username);
    const current = (await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(renamed.admin) })).json().response;
    const newName = `${renamed.username}-new`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings/',
      headers: bearer(renamed.admin),
      payload: { ...current, username: newName, pin_enabled: false },
    });
    expect(saved.statusCode).toBe(200);
    const byFormer = await expectChanged('shop/', renamed.username, before);
    expect(byFormer.res.json().response.username).toBe(newName);
    // Kept under the former name too, and forgotten by the next change of the shop.
    const again = await read('shop/', renamed.username);
    expect(again.etag).toBe(byFormer.etag);
    expect((await checkIn(t.app, newName)).statusCode).toBe(200);
    expect((await expectChanged('shop/', renamed.username, again)).res.json().today_checkins).toBe(1);
  });

  it('send a compressed copy to a client that accepts one, with its own ETag, and 304 for it', async () => {
    const big = await makeShop(t.app, t.db);
    for (let i = 0; i < 12; i++) await big.addMember('employee', `Barber number ${i} with a long name`);
    const plain = await read('barbers/', big.username);
    expect(plain.body.length).toBeGreaterThan(1024);
    const res = await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${big.username}`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    const gzipTag = String(res.headers.etag);
    expect(gzipTag).toBe(`${plain.etag.slice(0, -1)}-gzip"`);
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(res.rawPayload).toString()).toBe(plain.body);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/barbers/?shop_username=${big.username}`,
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': gzipTag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(`${plain.etag.slice(0, -1)}-br"`);
  });
});
