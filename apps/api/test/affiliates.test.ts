import { affiliateProfile } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, unique } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signup = (payload: object) => t.app.inject({ method: 'POST', url: '/api/affiliate/signup/', payload });

describe('affiliate accounts', () => {
  it('sign up, log in, refresh and read their profile', async () => {
    const email = `${unique('aff')}@example.test`;
    const created = await signup({ name: 'Riley Partner', email, password: 'partner password' });
    expect(created.statusCode).toBe(200);
    expect(affiliateProfile.parse(created.json().user)).toMatchObject({ email, name: 'Riley Partner', is_affiliate: true });
    expect(created.json().user.referral_code).toMatch(/^rileypar-[0-9a-f]{6}$/);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/affiliate/login/',
      payload: { email: email.toUpperCase(), password: 'partner password' },
    });
    expect(login.statusCode).toBe(200);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: login.json().refresh } });
    expect(refreshed.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/affiliate/profile/', headers: bearer(refreshed.json()) });
    expect(me.json()).toMatchObject({ status: 1, response: { email } });
  });

  it('refuses a wrong password with 401 detail, and a duplicate email with 409', async () => {
    const email = `${unique('aff')}@example.test`;
    await signup({ name: 'A', email, password: 'partner password' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/affiliate/login/', payload: { email, password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'No active account found with the given credentials' });
    const again = await signup({ name: 'B', email, password: 'partner password' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'An account with this email already exists.' });
  });

  it('are not shop users: an affiliate token cannot read shop session data, and shop staff cannot use affiliate login', async () => {
    const email = `${unique('aff')}@example.test`;
    const aff = (await signup({ name: 'C', email, password: 'partner password' })).json();
    const asShop = await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(aff) });
    expect(asShop.statusCode).toBe(403);
    const shop = await makeShop(t.app, t.db);
    const staffAsAffiliate = await t.app.inject({
      method: 'POST',
      url: '/api/affiliate/login/',
      payload: { email: shop.admin.email, password: 'correct horse battery' },
    });
    expect(staffAsAffiliate.statusCode).toBe(401);
    const staffProfile = await t.app.inject({ method: 'GET', url: '/api/affiliate/profile/', headers: bearer(shop.admin) });
    expect(staffProfile.statusCode).toBe(403);
  });

  it('validates sign-up fields with clear messages', async () => {
    const res = await signup({ name: 'D', email: 'bad', password: 'partner password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Please enter a valid email address.' });
  });
});
