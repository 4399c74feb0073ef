import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES, PROFILE_PHOTO_MAX_BYTES } from '@chairline/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, type TestShop } from './support/factories.js';
import { jpegWithExif, pngImage } from './support/images.js';
import { multipart } from './support/multipart.js';

let t: TestApp;
let shop: TestShop;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeShop(t.app, t.db);
});
afterAll(() => t.close());

const uploadLogo = (user: { access: string }, file?: Parameters<typeof multipart>[1], fields: Record<string, string> = {}) => {
  const { payload, headers } = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/shop/settings/logo/', payload, headers: { ...headers, ...bearer(user) } });
};

describe('POST /api/shop/settings/logo/ (shop logo upload)', () => {
  it('accepts a real PNG, re-encodes it as WebP, records it and serves it from /uploads/', async () => {
    const res = await uploadLogo(shop.admin, { field: 'shop_logo', filename: 'logo.png', contentType: 'image/png', data: await pngImage(64, 48) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    const path: string = body.response.shop_logo;
    expect(path).toMatch(/^\/uploads\/shop-logo-[0-9a-f-]{36}\.webp$/);
    expect(body.response.username).toBe(shop.username);

    const served = await t.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([64, 48]);

    const rows = await t.db.query<{ kind: string; shop_id: number; user_id: number; mime_type: string; width: number; height: number; bytes: number }>(
      'SELECT kind, shop_id, user_id, mime_type, width, height, bytes FROM uploads WHERE path = $1',
      [path],
    );
    expect(rows).toEqual([
      { kind: 'shop_logo', shop_id: shop.shopId, user_id: shop.admin.userId, mime_type: 'image/webp', width: 64, height: 48, bytes: served.rawPayload.length },
    ]);

    const settings = await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) });
    expect(settings.json().response.shop_logo).toBe(path);
  });

  it('shrinks a large JPEG to at most 1024 px and drops its metadata (EXIF)', async () => {
    const jpeg = await jpegWithExif(2000, 1500);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await uploadLogo(shop.admin, { field: 'shop_logo', filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg });
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().response.shop_logo });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 768]);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses an HTML file renamed .png, whatever type it claims, with the user-facing message', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const before = await t.db.query('SELECT id FROM uploads');
    const res = await uploadLogo(shop.admin, { field: 'shop_logo', filename: 'logo.png', contentType: 'image/png', data: html });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, response: MESSAGES.imageType });
    expect(await t.db.query('SELECT id FROM uploads')).toHaveLength(before.length);
  });

  it('refuses an SVG (a document, not a picture) and a truncated PNG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const svgRes = await uploadLogo(shop.admin, { field: 'shop_logo', filename: 'logo.svg', contentType: 'image/svg+xml', data: svg });
    expect(svgRes.statusCode).toBe(400);
    expect(svgRes.json().response).toBe(MESSAGES.imageType);
    const png = await pngImage(300, 300);
    const cut = await uploadLogo(shop.admin, { field: 'shop_logo', filename: 'cut.png', contentType: 'image/png', data: png.subarray(0, 60) });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().response).toBe(MESSAGES.imageType);
  });

  it('refuses 5 MB + 1 byte with 413 and the user-facing message; exactly 5 MB is not refused for its size', async () => {
    const png = await pngImage(32, 32);
    const over = Buffer.concat([png, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 1 - png.length, 0)]);
    const res = await uploadLogo(shop.admin, { field: 'shop_logo', filename: 'big.png', contentType: 'image/png', data: over });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 0, response: MESSAGES.imageSize });
    // A PNG followed by padding up to the limit still decodes: the limit is "more than 5 MB".
    const atLimit = Buffer.concat([png, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES - png.length, 0)]);
    const ok = await uploadLogo(shop.admin, { field: 'shop_logo', filename: 'edge.png', contentType: 'image/png', data: atLimit });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a picture with a huge canvas (decompression bomb) as not an image', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(PROFILE_PHOTO_MAX_BYTES);
    const res = await uploadLogo(shop.admin, { field: 'shop_logo', filename: 'bomb.png', contentType: 'image/png', data: bomb });
    expect(res.statusCode).toBe(400);
    expect(res.json().response).toBe(MESSAGES.imageType);
  });

  it('answers a form without a file, a file in the wrong field, JSON and a broken form with 4xx messages', async () => {
    const none = await uploadLogo(shop.admin, undefined, { note: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().response).toBe(MESSAGES.imageType);
    const wrong = await uploadLogo(shop.admin, { field: 'logo', filename: 'a.png', contentType: 'image/png', data: await pngImage() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().response).toBe('Send the image in the "shop_logo" field.');
    const json = await t.app.inject({ method: 'POST', url: '/api/shop/settings/logo/', payload: { shop_logo: 'x' }, headers: bearer(shop.admin) });
    expect(json.statusCode).toBe(415);
    expect(json.json().status).toBe(0);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/shop/settings/logo/',
      payload: '--abc\r\nContent-Disposition: form-data; name="shop_logo"; filename="a.png"\r\n\r\nunfinished',
      headers: { 'content-type': 'multipart/form-data; boundary=abc', ...bearer(shop.admin) },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect(typeof broken.json().response).toBe('string');
  });

  it('lets only the admin change the logo, and removing it clears the path', async () => {
    const manager = await shop.addMember('manager');
    const refused = await uploadLogo(manager, { field: 'shop_logo', filename: 'a.png', contentType: 'image/png', data: await pngImage() });
    expect(refused.statusCode).toBe(403);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/shop/settings/logo/', headers: bearer(shop.admin) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().response.shop_logo).toBeNull();
  });

  it('stores files under server-made names only (the client file name never reaches the disk)', async () => {
    const res = await uploadLogo(shop.admin, { field: 'shop_logo', filename: '../../evil.png', contentType: 'image/png', data: await pngImage() });
    expect(res.statusCode).toBe(200);
    const path: string = res.json().response.shop_logo;
    expect(path).not.toContain('evil');
    expect(existsSync(join(t.app.uploadsDir, path.replace('/uploads/', '')))).toBe(true);
    expect(existsSync(join(t.app.uploadsDir, '..', '..', 'evil.png'))).toBe(false);
  });
});
