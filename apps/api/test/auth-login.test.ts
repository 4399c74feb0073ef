import { sessionUser } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, PASSWORD, unique } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/login/', () => {
  it('answers access, refresh and the session user, field by field', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: shop.admin.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh', 'user']);
    expect(Object.keys(body.user).sort()).toEqual(Object.keys(sessionUser.shape).sort());
    expect(body.user).toMatchObject({
      email: shop.admin.email,
      role: 'admin',
      shop_username: shop.username,
      shop_is_owner: true,
      plan_name: 'BASIC PLAN',
      is_subscription_active: true,
      trial_days_remaining: 14,
      total_check_ins: 200,
      barber_limit: 2,
      total_check_ins_this_month: 0,
      // The owner starts in the rotation, so takes walk-ins: one of the plan's barber seats.
      total_barbers: 1,
      position: 0,
      pin_applicable: false,
    });
  });

  it('refuses a wrong password with 401 and detail', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: shop.admin.email, password: 'wrong password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'No active account found with the given credentials' });
  });

  it('refuses an unknown email exactly like a wrong password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: `${unique('nobody')}@example.test`, password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'No active account found with the given credentials' });
  });

  it.each([
    ['missing fields', {}],
    ['empty email', { email: '', password: 'x' }],
    ['empty password', { email: 'a@b.test', password: '' }],
    ['wrong types', { email: 42, password: ['x'] }],
  ])('answers 400 with the user-facing message for %s', async (_name, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Please fill all the fields.' });
  });

  it('answers 400, not 500, to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.test", "password":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The request body is not valid JSON.' });
  });

  it('answers 413 to an oversized body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The request is too large.' });
  });

  it('answers 415 to a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/not supported/);
  });
});

describe('GET /api/auth/get-user-data/', () => {
  it('returns the session user under response', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/?timezone=Europe/Paris', headers: bearer(shop.admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(sessionUser.parse(body.response).id).toBe(shop.admin.userId);
  });

  it('computes usage live: barbers and check-ins this month', async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'America/New_York' });
    await shop.addMember('employee');
    const manager = await shop.addMember('manager');
    // A manager out of the rotation (at the front desk) does not take walk-ins: no seat.
    await t.db.query('UPDATE barbers SET in_rotation = false, position = NULL WHERE id = $1', [manager.barberId]);
    await t.db.query(
      `INSERT INTO walkin_tickets (shop_id, token, party_name, source, checked_in_at)
       VALUES ($1, $2, 'A', 'online', now()), ($1, $3, 'B', 'online', now() - interval '40 days')`,
      [shop.shopId, unique('tok'), unique('tok')],
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(shop.admin) });
    // The owner (in the rotation) and the barber take walk-ins.
    expect(res.json().response).toMatchObject({ total_barbers: 2, total_check_ins_this_month: 1 });
  });

  it('refuses a missing, malformed or forged token with 401', async () => {
    for (const authorization of [undefined, 'Bearer', 'Bearer not-a-jwt', 'Basic abc']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-user-data/',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(0);
    }
  });
});

describe('unknown routes', () => {
  it('answer 404 with a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, response: 'Not found.' });
  });
});
