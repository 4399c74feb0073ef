import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const me = (user: { access: string }) =>
  t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(user) }).then((r) => r.json().response);

describe('subscription state', () => {
  it('a new shop is on a BASIC PLAN trial, shown in billing with its history', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/subscription/', headers: bearer(shop.admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ plan_name: 'BASIC PLAN', status: 'trialing', is_subscription_active: true, price: 0 });
    expect(res.json().response.history.map((h: { kind: string }) => h.kind)).toEqual(['trial_started']);
  });

  it('once the trial is over the subscription is inactive; skip-payment continues on the BASIC PLAN', async () => {
    const shop = await makeShop(t.app, t.db);
    await t.db.query("UPDATE subscriptions SET trial_ends_at = now() - interval '1 day' WHERE shop_id = $1", [shop.shopId]);
    expect(await me(shop.admin)).toMatchObject({ is_subscription_active: false, trial_days_remaining: 0, plan_name: 'BASIC PLAN' });

    const skip = await t.app.inject({ method: 'POST', url: '/api/subscription/skip-payment/', headers: bearer(shop.admin) });
    expect(skip.json()).toEqual({ status: 1, response: 'You are on the BASIC PLAN.' });
    expect(await me(shop.admin)).toMatchObject({ is_subscription_active: true, plan_name: 'BASIC PLAN', barber_limit: 2 });
    const billing = await t.app.inject({ method: 'GET', url: '/api/billing/subscription/', headers: bearer(shop.admin) });
    expect(billing.json().response.history[0].kind).toBe('basic_plan_chosen');
  });

  it('billing and skip-payment are for the admin only', async () => {
    const shop = await makeShop(t.app, t.db);
    const manager = await shop.addMember('manager');
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/subscription/', headers: bearer(manager) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/subscription/skip-payment/', headers: bearer(manager) })).statusCode).toBe(403);
  });
});
