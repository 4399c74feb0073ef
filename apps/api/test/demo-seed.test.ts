import { isOnlineBookingUrl } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoShop } from '../src/seed/demo-shop.js';
import { startTestApp, type TestApp } from './support/app.js';

// Every test reads the shop seeded here on an empty database, never one another test made.
let t: TestApp;
let demo: Awaited<ReturnType<typeof seedDemoShop>>;
beforeAll(async () => {
  t = await startTestApp();
  demo = await seedDemoShop(t.db);
});
afterAll(() => t.close());

describe('the demo shop', () => {
  it('is made on first start, and every printed login works', async () => {
    expect(demo).not.toBeNull();
    expect(demo?.logins.map((l) => l.role)).toEqual(['admin', 'manager', 'barber', 'barber', 'barber']);
    for (const login of demo?.logins ?? []) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: login.email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, login.email).toBe(200);
    }
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'admin@chairline.test', password: DEMO_PASSWORD },
    });
    expect(admin.json().user).toMatchObject({
      shop_username: 'demo',
      shop_name: 'Fade Factory',
      role: 'admin',
      plan_name: 'PRO PLAN',
      is_subscription_active: true,
      total_barbers: 3,
      shop_bluetick: true,
    });
  });

  it('has services, customers, past tickets and invoices', async () => {
    const counts = await t.db.query<{ services: number; customers: number; tickets: number; invoices: number }>(
      `SELECT (SELECT count(*)::int FROM services) AS services, (SELECT count(*)::int FROM customers) AS customers,
              (SELECT count(*)::int FROM walkin_tickets WHERE status = 'done') AS tickets, (SELECT count(*)::int FROM invoices) AS invoices`,
    );
    expect(counts[0]).toEqual({ services: 5, customers: 6, tickets: 12, invoices: 12 });
  });

  it('gives the barbers an https:// booking link, which the public page shows as a QR code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/barbers/?shop_username=demo' });
    const barbers: { name: string; booking_url: string }[] = res.json();
    expect(barbers).toHaveLength(3);
    for (const b of barbers) {
      expect(b.booking_url, b.name).toBe('https://booksy.com/');
      expect(isOnlineBookingUrl(b.booking_url, 'http://localhost:3000'), b.name).toBe(true);
    }
  });

  it('is not made again once a shop exists', async () => {
    expect(await seedDemoShop(t.db)).toBeNull();
    expect(await t.db.query("SELECT 1 FROM shops WHERE username = 'demo'")).toHaveLength(1);
  });
});
