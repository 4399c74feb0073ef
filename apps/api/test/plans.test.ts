import { plan } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/subscription/plans/', () => {
  it('lists the catalogue with every Plan field, public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/plans/' });
    expect(res.statusCode).toBe(200);
    const plans = res.json();
    expect(plans.length).toBeGreaterThanOrEqual(5);
    for (const p of plans) expect(Object.keys(p).sort()).toEqual(Object.keys(plan.shape).sort());
    expect(plans[0]).toMatchObject({ name: 'BASIC PLAN', price: 0, barber_limit: 2, total_check_ins: 200 });
  });

  it('has monthly and yearly paid plans, a discount, a most popular plan and unlimited limits', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/subscription/plans/' })).json();
    const units = new Set(plans.map((p: { billing_interval_unit: string }) => p.billing_interval_unit));
    expect(units).toEqual(new Set(['month', 'year']));
    expect(plans.some((p: { discount: number }) => p.discount > 0)).toBe(true);
    expect(plans.some((p: { most_popular: boolean }) => p.most_popular)).toBe(true);
    expect(plans.some((p: { barber_limit: number; total_check_ins: number }) => p.barber_limit === -1 && p.total_check_ins === -1)).toBe(true);
    expect(plans.every((p: { trial_period_days: number }) => p.trial_period_days > 0)).toBe(true);
  });
});

describe('GET /api/health/', () => {
  it('answers ok with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, response: 'ok' });
  });
});

describe('GET /api/docs/json', () => {
  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/auth/login/'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(login.responses['200'].content['application/json'].schema.properties.user.properties).toHaveProperty(
      'trial_days_remaining',
    );
  });
});
