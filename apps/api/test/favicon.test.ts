import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /favicon.ico', () => {
  it('answers the product mark as an icon file (16 and 32 pixels), cacheable for a day', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const ico = res.rawPayload;
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    expect(count).toBe(2);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = 6 + 16 * i;
      const length = ico.readUInt32LE(at + 8);
      const offset = ico.readUInt32LE(at + 12);
      const meta = await sharp(ico.subarray(offset, offset + length)).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(ico.readUInt8(at));
      sizes.push(meta.width ?? 0);
    }
    expect(sizes).toEqual([16, 32]);
  });

  it('answers HEAD too, and the same bytes twice', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/favicon.ico' });
    expect(head.statusCode).toBe(200);
    const a = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    const b = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
  });
});
