import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer } from './support/factories.js';
import { hooks, ledger, makeAffiliate, referrerOf, signupShop } from './support/affiliates.js';

let t: TestApp;
let clock = new Date('2026-03-10T12:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ clock: () => clock });
});
afterAll(() => t.close());

const MONTH_MS = 30.5 * 86_400_000;

describe('attribution of a new shop to an affiliate', () => {
  it('sign-up with a valid invite attributes the shop, and the affiliate sees the sign-up', async () => {
    const a = await makeAffiliate(t.app);
    const shop = await signupShop(t.app, a.id);
    expect(await referrerOf(t.db, shop.shopId)).toBe(a.id);
    const sub = await t.db.query<{ invited_by_affiliate_id: number }>('SELECT invited_by_affiliate_id FROM subscriptions WHERE shop_id = $1', [shop.shopId]);
    expect(sub[0]?.invited_by_affiliate_id).toBe(a.id);
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({ method: 'GET', url: `/api/affiliate/analytics/?from=${today}&to=${today}`, headers: bearer(a) });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ signups: 1, trials: 1, paying_shops: 0 });
  });

  it('ignores -1, an unknown affiliate and no invite without refusing the sign-up', async () => {
    for (const invite of [-1, 2_000_000_000, undefined]) {
      const shop = await signupShop(t.app, invite);
      expect(shop.shopId).toBeGreaterThan(0);
      expect(await referrerOf(t.db, shop.shopId)).toBeNull();
    }
  });

  it('refuses self-referral: the affiliate signing up a shop with their own email or payout email', async () => {
    const a = await makeAffiliate(t.app);
    const own = await signupShop(t.app, a.id, a.email);
    expect(await referrerOf(t.db, own.shopId)).toBeNull();

    const b = await makeAffiliate(t.app);
    const payoutEmail = `payout-${b.email}`;
    await t.app.inject({ method: 'PUT', url: '/api/affiliate/profile/', headers: bearer(b), payload: { name: 'B', phone: '', payout_email: payoutEmail } });
    const viaPayout = await signupShop(t.app, b.id, payoutEmail);
    expect(await referrerOf(t.db, viaPayout.shopId)).toBeNull();
    // …and through subscribe too.
    await hooks(t.db).attribute(viaPayout.shopId, b.id);
    expect(await referrerOf(t.db, viaPayout.shopId)).toBeNull();
  });

  it('the last valid invite wins until the shop pays; after that the attribution never moves', async () => {
    const first = await makeAffiliate(t.app);
    const second = await makeAffiliate(t.app);
    const third = await makeAffiliate(t.app);
    const shop = await signupShop(t.app, first.id);
    await hooks(t.db).attribute(shop.shopId, second.id);
    expect(await referrerOf(t.db, shop.shopId)).toBe(second.id);
    // Redelivered subscribe: same answer, nothing else changes.
    await hooks(t.db).attribute(shop.shopId, second.id);
    expect(await referrerOf(t.db, shop.shopId)).toBe(second.id);
    // An unknown id on subscribe does not remove a valid attribution.
    await hooks(t.db).attribute(shop.shopId, -1);
    expect(await referrerOf(t.db, shop.shopId)).toBe(second.id);

    await hooks(t.db).paid(shop.shopId, 'in_last_valid_1', 2900);
    await hooks(t.db).attribute(shop.shopId, third.id);
    expect(await referrerOf(t.db, shop.shopId)).toBe(second.id);
    expect(await ledger(t.db, third.id)).toEqual([]);
  });

  it('never attributes a shop that already pays for a plan', async () => {
    const a = await makeAffiliate(t.app);
    const shop = await signupShop(t.app);
    await t.db.query(
      "UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'pro-monthly'), status = 'active' WHERE shop_id = $1",
      [shop.shopId],
    );
    await hooks(t.db).attribute(shop.shopId, a.id);
    expect(await referrerOf(t.db, shop.shopId)).toBeNull();
  });

  it('pays commission only within the affiliate’s commission months after attribution', async () => {
    const a = await makeAffiliate(t.app);
    const shop = await signupShop(t.app, a.id);
    const attributedAt = new Date('2025-01-15T10:00:00Z');
    await t.db.query('UPDATE affiliate_referrals SET attributed_at = $2 WHERE shop_id = $1', [shop.shopId, attributedAt]);
    await hooks(t.db).paid(shop.shopId, 'in_window_11', 2900, new Date(attributedAt.getTime() + 11 * MONTH_MS));
    await hooks(t.db).paid(shop.shopId, 'in_window_13', 2900, new Date(attributedAt.getTime() + 13 * MONTH_MS));
    expect((await ledger(t.db, a.id)).map((r) => r.source_key)).toEqual(['invoice:in_window_11']);

    // A shorter term set by an operator applies to the affiliate's later invoices.
    await t.db.query('UPDATE affiliates SET commission_months = 3 WHERE id = $1', [a.id]);
    await hooks(t.db).paid(shop.shopId, 'in_window_4', 2900, new Date(attributedAt.getTime() + 4 * MONTH_MS));
    expect((await ledger(t.db, a.id)).map((r) => r.source_key)).toEqual(['invoice:in_window_11']);
  });
});

describe('referral clicks', () => {
  const click = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/affiliate/clicks/', payload, headers });
  const clicks = async (affiliateId: number) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM referral_clicks WHERE affiliate_id = $1', [affiliateId]))[0]?.n;

  it('answers the invite to store: the affiliate id and an expiry 30 days from now', async () => {
    const a = await makeAffiliate(t.app);
    const res = await click({ code: a.code.toUpperCase(), visitor_id: 'visitor-aaaa-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({ id: a.id, expires_at: clock.getTime() + 30 * 86_400_000 });
  });

  it('counts one click per visitor and day, and keeps no personal data', async () => {
    const a = await makeAffiliate(t.app);
    clock = new Date('2026-03-10T08:00:00Z');
    await click({ code: a.code, visitor_id: 'visitor-bbbb-1' });
    clock = new Date('2026-03-10T23:00:00Z');
    await click({ code: a.code, visitor_id: 'visitor-bbbb-1' });
    expect(await clicks(a.id)).toBe(1);
    await click({ code: a.code, visitor_id: 'visitor-cccc-2' });
    expect(await clicks(a.id)).toBe(2);
    clock = new Date('2026-03-11T08:00:00Z');
    await click({ code: a.code, visitor_id: 'visitor-bbbb-1' });
    expect(await clicks(a.id)).toBe(3);

    // Without a browser id: the same address and browser count once a day.
    const ua = { 'user-agent': 'Mozilla/5.0 test' };
    await click({ code: a.code }, ua);
    await click({ code: a.code }, ua);
    expect(await clicks(a.id)).toBe(4);

    const rows = await t.db.query<Record<string, unknown>>('SELECT * FROM referral_clicks WHERE affiliate_id = $1', [a.id]);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('visitor-bbbb-1');
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('Mozilla');
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['affiliate_id', 'created_at', 'day', 'id', 'landing_path', 'visitor_hash']);
  });

  it('answers 404 for an unknown code and stores nothing', async () => {
    const res = await click({ code: 'nobody-000000', visitor_id: 'visitor-dddd-1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, response: 'This referral link is not valid.' });
  });

  it('is rate-limited per address', async () => {
    const limited = await startTestApp({ rateLimits: { publicWrite: { max: 2, timeWindow: 60_000 } } });
    try {
      const a = await makeAffiliate(limited.app);
      const send = () => limited.app.inject({ method: 'POST', url: '/api/affiliate/clicks/', payload: { code: a.code } });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
