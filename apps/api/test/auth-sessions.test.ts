import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_GRACE_MS } from '../src/modules/auth/tokens.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop } from './support/factories.js';

// The token clock (expiry, grace window); tests move it forward instead of sleeping.
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ sessionClock: () => new Date(clock) });
});
afterAll(() => t.close());

const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: token } });

describe('POST /api/auth/refresh/', () => {
  it('answers a new access token and a rotated refresh token', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const res = await refresh(admin.refresh);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    expect(body.refresh).not.toBe(admin.refresh);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(body) });
    expect(me.json().response.id).toBe(admin.userId);
    expect((await refresh(body.refresh)).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is presented again after the grace window', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const first = (await refresh(admin.refresh)).json();
    // Within the window the same client gets the same successor back (two tabs refreshing together).
    const twin = await refresh(admin.refresh);
    expect(twin.statusCode).toBe(200);
    expect(twin.json().refresh).toBe(first.refresh);
    clock += REFRESH_GRACE_MS + 1;
    const replay = await refresh(admin.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'Your session has expired. Please sign in again.' });
    // The thief's replay also kills the legitimate holder's newer token.
    expect((await refresh(first.refresh)).statusCode).toBe(401);
  });

  it('refuses an unknown, empty or expired refresh token', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    const empty = await refresh('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('The refresh token is missing.');
    const { admin } = await makeShop(t.app, t.db);
    await t.db.query('UPDATE refresh_tokens SET expires_at = $2 WHERE subject_id = $1', [admin.userId, new Date(clock - 60_000)]);
    expect((await refresh(admin.refresh)).statusCode).toBe(401);
  });

  it('keeps other sessions of the same user alive', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: admin.email, password: 'correct horse battery' },
    });
    await refresh(admin.refresh);
    clock += REFRESH_GRACE_MS + 1;
    await refresh(admin.refresh); // reuse: kills the first family only
    expect((await refresh(other.json().refresh)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout/', () => {
  it('revokes the refresh token so it can no longer refresh', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: admin.refresh } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, response: 'You have been logged out.' });
    expect((await refresh(admin.refresh)).statusCode).toBe(401);
  });

  it('answers the same for an unknown token, revealing nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: 'nope' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/auth/signup/', () => {
  const valid = (suffix: string) => ({
    name: 'Ana Owner',
    email: `ana-${suffix}@example.test`,
    password: 'a good long password',
    shop_name: 'Ana Cuts',
    shop_username: `ana-cuts-${suffix}`,
  });

  it('creates the shop and its admin and answers as login', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup/', payload: valid('one') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh', 'user']);
    expect(body.user).toMatchObject({
      name: 'Ana Owner',
      email: 'ana-one@example.test',
      role: 'admin',
      shop_name: 'Ana Cuts',
      shop_username: 'ana-cuts-one',
      shop_is_owner: true,
      plan_name: 'BASIC PLAN',
      trial_days_remaining: 14,
      is_subscription_active: true,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'ana-one@example.test', password: 'a good long password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('normalises the email and username to lower case', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      payload: { ...valid('two'), email: '  ANA-TWO@Example.TEST ', shop_username: 'ANA-Cuts-Two' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'ana-two@example.test', shop_username: 'ana-cuts-two' });
  });

  it('refuses a duplicate email with 409 and writes nothing', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/signup/', payload: valid('three') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      payload: { ...valid('three'), shop_username: 'another-shop-three' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'An account with this email already exists.' });
    const shops = await t.db.query("SELECT 1 FROM shops WHERE username = 'another-shop-three'");
    expect(shops).toHaveLength(0);
  });

  it('refuses a taken shop username with 409', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/signup/', payload: valid('four') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      payload: { ...valid('four'), email: 'someone-else-four@example.test' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'This shop username is already taken.' });
    expect(await t.db.query("SELECT 1 FROM users WHERE email = 'someone-else-four@example.test'")).toHaveLength(0);
  });

  it.each([
    ['api', 'This shop username is reserved. Please choose another one.'],
    ['dashboard', 'This shop username is reserved. Please choose another one.'],
    ['shop', 'This shop username is reserved. Please choose another one.'],
    ['store', 'This shop username is reserved. Please choose another one.'],
    ['login', 'This shop username is reserved. Please choose another one.'],
    ['my shop', 'The shop username may use only lowercase letters, digits and dashes, and must start and end with a letter or digit.'],
    ['-edge', 'The shop username may use only lowercase letters, digits and dashes, and must start and end with a letter or digit.'],
    ['ab', 'The shop username must be at least 3 characters long.'],
  ])('refuses the shop username %j with a clear message', async (shop_username, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      payload: { ...valid('five'), shop_username },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: message });
  });

  it.each([
    ['a short password', { password: 'short' }, 'The password must be at least 8 characters long.'],
    ['a bad email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['no name', { name: '' }, 'Please enter a name'],
    ['no shop name', { shop_name: ' ' }, 'Please enter the shop name.'],
  ])('refuses %s with a clear message', async (_what, change, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup/', payload: { ...valid('six'), ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: message });
  });

  it('is rate-limited per address', async () => {
    const limited = await startTestApp({ rateLimits: { signup: { max: 2, timeWindow: 60_000 } } });
    try {
      const codes: number[] = [];
      for (const s of ['r1', 'r2', 'r3']) {
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/auth/signup/', payload: valid(s) })).statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/login/ rate limit', () => {
  it('answers 429 with a message after too many attempts', async () => {
    const limited = await startTestApp({ rateLimits: { login: { max: 3, timeWindow: 60_000 } } });
    try {
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'a@b.test', password: 'guess' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: 'Too many attempts. Please wait a moment and try again.' });
    } finally {
      await limited.close();
    }
  });
});
