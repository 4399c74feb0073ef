import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop } from './support/factories.js';
import { AFFILIATE_PASSWORD, hooks, makeAffiliate, signupShop } from './support/affiliates.js';

const OPERATOR = 'operator@chairline.test';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { OPERATOR_EMAILS: OPERATOR } });
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('an affiliate sees only their own figures', () => {
  it('analytics, payouts and exports answer for the caller only', async () => {
    const a = await makeAffiliate(t.app);
    const b = await makeAffiliate(t.app);
    await t.app.inject({ method: 'POST', url: '/api/affiliate/clicks/', payload: { code: b.code, visitor_id: 'visitor-only-b-1' } });
    const shop = await signupShop(t.app, b.id);
    await hooks(t.db).paid(shop.shopId, 'in_only_b', 2900);
    const range = `?from=${today()}&to=${today()}`;

    const mine = (await t.app.inject({ method: 'GET', url: `/api/affiliate/analytics/${range}`, headers: bearer(a) })).json().response;
    expect(mine).toMatchObject({ clicks: 0, signups: 0, paying_shops: 0, commissions_total: 0 });
    const theirs = (await t.app.inject({ method: 'GET', url: `/api/affiliate/analytics/${range}`, headers: bearer(b) })).json().response;
    expect(theirs).toMatchObject({ clicks: 1, signups: 1, paying_shops: 1, commissions_total: 5.8, click_to_signup_rate: 100, signup_to_paying_rate: 100 });

    expect((await t.app.inject({ method: 'GET', url: '/api/affiliate/payouts/', headers: bearer(a) })).json().response).toMatchObject({ pending: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/affiliate/payouts/', headers: bearer(b) })).json().response).toMatchObject({ pending: 5.8 });

    const csvA = await t.app.inject({ method: 'GET', url: `/api/affiliate/analytics/export/${range}`, headers: bearer(a) });
    expect(csvA.body).toContain(`${today()},0,0`);
    const csvB = await t.app.inject({ method: 'GET', url: `/api/affiliate/analytics/export/${range}`, headers: bearer(b) });
    expect(csvB.body).toContain(`${today()},1,1`);
    expect(csvB.body).toContain(',5.80,0.00,5.80');
  });

  it('refuses a reversed or malformed date range with a clear message', async () => {
    const a = await makeAffiliate(t.app);
    const reversed = await t.app.inject({ method: 'GET', url: '/api/affiliate/analytics/?from=2026-02-01&to=2026-01-01', headers: bearer(a) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().response).toBe('The start date must be on or before the end date.');
    const bad = await t.app.inject({ method: 'GET', url: '/api/affiliate/analytics/?from=yesterday', headers: bearer(a) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('who may call what', () => {
  it('refuses affiliate tokens on shop endpoints and shop tokens on affiliate endpoints', async () => {
    const a = await makeAffiliate(t.app);
    const shop = await makeShop(t.app, t.db);
    for (const url of ['/api/auth/get-user-data/', '/api/billing/subscription/', '/api/customers/']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(a) })).statusCode, url).toBe(403);
    }
    for (const url of ['/api/affiliate/profile/', '/api/affiliate/analytics/', '/api/affiliate/payouts/', '/api/affiliate/payouts/export/']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(shop.admin) })).statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/affiliate/payouts/', headers: bearer(shop.admin) })).statusCode).toBe(403);
  });

  it('keeps operator actions for operators: visitors 401, shop admins, barbers and affiliates 403', async () => {
    const a = await makeAffiliate(t.app);
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee');
    const calls = [
      { method: 'GET' as const, url: '/api/operator/affiliates/' },
      { method: 'PUT' as const, url: `/api/operator/affiliates/${a.id}/rate/`, payload: { commission_percent: 90, commission_months: 12 } },
      { method: 'POST' as const, url: '/api/operator/payouts/1/paid/', payload: { reference: 'x' } },
      { method: 'POST' as const, url: '/api/operator/payouts/1/reject/', payload: { reason: 'x' } },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      for (const who of [a, shop.admin, barber]) {
        expect((await t.app.inject({ ...call, headers: bearer(who) })).statusCode, call.url).toBe(403);
      }
    }
    const rate = await t.db.query<{ commission_percent: number }>('SELECT commission_percent FROM affiliates WHERE id = $1', [a.id]);
    expect(rate[0]?.commission_percent).toBe(20);

    const ops = await makeShop(t.app, t.db);
    await t.db.query('UPDATE users SET email = $2 WHERE id = $1', [ops.admin.userId, OPERATOR]);
    expect((await t.app.inject({ method: 'GET', url: '/api/operator/affiliates/', headers: bearer(ops.admin) })).statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/operator/affiliates/${a.id}/rate/`,
      headers: bearer(ops.admin),
      payload: { commission_percent: 120, commission_months: 12 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().response).toBe('The commission rate must be between 0 and 100.');
    const missing = await t.app.inject({ method: 'POST', url: '/api/operator/payouts/999999/paid/', headers: bearer(ops.admin), payload: { reference: 'x' } });
    expect(missing.statusCode).toBe(404);
  });

  it('validates OPERATOR_EMAILS at start-up', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), OPERATOR_EMAILS: ' A@x.test , b@y.test ' }).operatorEmails).toEqual(['a@x.test', 'b@y.test']);
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), OPERATOR_EMAILS: 'ops@x.test, not-an-email' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) }).operatorEmails).toEqual([]);
  });
});

describe('the affiliate profile', () => {
  it('updates name, phone and payout email; the email stays', async () => {
    const a = await makeAffiliate(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/affiliate/profile/',
      headers: bearer(a),
      payload: { name: 'Riley P.', phone: '+1 555 123 4567', payout_email: 'Pay@Example.test', email: 'hijack@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ name: 'Riley P.', phone: '+1 555 123 4567', payout_email: 'pay@example.test', email: a.email });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/affiliate/profile/', headers: bearer(a), payload: { name: '', phone: '', payout_email: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().response).toBe('Please enter a name');
  });

  it('changes the password with the current one and signs out the other sessions only', async () => {
    const a = await makeAffiliate(t.app);
    const other = (
      await t.app.inject({ method: 'POST', url: '/api/affiliate/login/', payload: { email: a.email, password: AFFILIATE_PASSWORD } })
    ).json<{ refresh: string }>();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/affiliate/profile/password/',
      headers: bearer(a),
      payload: { current_password: 'not it at all', new_password: 'a brand new secret' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().response).toBe('Your current password is not correct.');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/affiliate/profile/password/',
      headers: bearer(a),
      payload: { current_password: AFFILIATE_PASSWORD, new_password: 'a brand new secret' },
    });
    expect(ok.statusCode).toBe(200);
    // Access tokens signed before the change are refused at once; the caller's own session goes on
    // through its refresh token.
    expect((await t.app.inject({ method: 'GET', url: '/api/affiliate/profile/', headers: bearer(a) })).statusCode).toBe(401);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: token } });
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect((await refresh(a.refresh)).statusCode).toBe(200);
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/affiliate/login/', payload: { email: a.email, password } });
    expect((await login(AFFILIATE_PASSWORD)).statusCode).toBe(401);
    expect((await login('a brand new secret')).statusCode).toBe(200);
  });
});
