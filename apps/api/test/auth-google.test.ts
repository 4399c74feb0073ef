import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { makeShop, PASSWORD, unique } from './support/factories.js';

/**
 * Google sign-in against ID tokens signed by a local RSA key, handed to the real verifier
 * (google-auth-library) as Google's certificate set would be: the only stub is Google itself.
 */
const CLIENT_ID = 'chairline-test.apps.googleusercontent.com';
const KID = 'test-key-1';
let t: TestApp;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;

interface Claims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  aud?: string;
  iss?: string;
  iat?: number;
  exp?: number;
}

function idToken(claims: Claims = {}, key: CryptoKey = googleKey, kid = KID) {
  const now = Math.floor(Date.now() / 1000);
  const { aud = CLIENT_ID, iss = 'https://accounts.google.com', iat = now, exp = now + 3600, ...rest } = claims;
  return new SignJWT({ email_verified: true, name: 'Gina Google', ...rest })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(iss)
    .setAudience(aud)
    .setSubject(claims.sub ?? unique('google-sub-'))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
}

const google = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/google/', payload });

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const pem = await exportSPKI(pair.publicKey);
  t = await startTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID }, googleCerts: async () => ({ [KID]: pem }) });
});
afterAll(() => t.close());

describe('POST /api/auth/google/', () => {
  it('signs up a new Google user with shop details and answers the login reply', async () => {
    const email = `${unique('gina')}@gmail.test`;
    const sub = unique('sub-');
    const shopUsername = unique('gshop-');
    const res = await google({ token: await idToken({ sub, email }), shop_name: 'Gina Cuts', shop_username: shopUsername, timezone: 'America/Chicago' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh', 'user']);
    expect(typeof body.access).toBe('string');
    expect(typeof body.refresh).toBe('string');
    expect(body.user).toMatchObject({ email, name: 'Gina Google', role: 'admin', shop_name: 'Gina Cuts', shop_username: shopUsername, shop_is_owner: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: { authorization: `Bearer ${body.access}` } });
    expect(me.json().response.id).toBe(body.user.id);

    // The shop keeps the time zone the sign-up sent; without one it would be UTC.
    expect(body.user.shop_time_zone).toBe('America/Chicago');

    // The same Google account signs in again without shop details.
    const again = await google({ token: await idToken({ sub, email }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(body.user.id);
  });

  it('refuses a time zone that does not exist, creating nothing', async () => {
    const email = `${unique('zone')}@gmail.test`;
    const res = await google({ token: await idToken({ email }), shop_name: 'Nowhere Cuts', shop_username: unique('zone-'), timezone: 'Mars/Olympus_Mons' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Please choose a valid time zone, for example America/New_York.' });
    expect(await one(t.db, 'SELECT 1 FROM users WHERE email = $1', [email])).toBeUndefined();
  });

  it('does not create an account for an email Google has not verified', async () => {
    const email = `${unique('unverified')}@gmail.test`;
    const res = await google({ token: await idToken({ email, email_verified: false }), shop_name: 'Squat', shop_username: unique('squat-') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Google has not verified this email address. Sign up with your email and a password instead.' });
    expect(await one(t.db, 'SELECT 1 FROM users WHERE email = $1', [email])).toBeUndefined();
  });

  it('asks an unknown Google account to sign up first (no shop details)', async () => {
    const res = await google({ token: await idToken({ email: `${unique('new')}@gmail.test` }) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No account uses this Google email yet. Sign up to create your shop.' });
  });

  it('rejects a token for another audience, an expired one, a badly signed one, another issuer, an unknown key and garbage', async () => {
    const now = Math.floor(Date.now() / 1000);
    const email = `${unique('x')}@gmail.test`;
    const tokens = [
      await idToken({ email, aud: 'someone-else.apps.googleusercontent.com' }),
      await idToken({ email, iat: now - 7200, exp: now - 3600 }),
      await idToken({ email }, strangerKey),
      await idToken({ email, iss: 'https://evil.example' }),
      await idToken({ email }, googleKey, 'unknown-kid'),
      'not.a.jwt',
      'garbage',
    ];
    for (const token of tokens) {
      const res = await google({ token, shop_name: 'Nope', shop_username: unique('nope-') });
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toEqual({ detail: 'Google login failed!' });
    }
    // A token whose signature is swapped from another valid token is refused too.
    const [h, p] = (await idToken({ email })).split('.');
    const sig = (await idToken({ email: 'other@gmail.test' })).split('.')[2];
    expect((await google({ token: `${h}.${p}.${sig}` })).statusCode).toBe(401);
    expect(await one(t.db, 'SELECT 1 FROM users WHERE email = $1', [email])).toBeUndefined();
  });

  it('answers a missing or malformed body with 400 and a detail', async () => {
    const missing = await google({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'The Google token is missing.' });
    const notJson = await t.app.inject({ method: 'POST', url: '/api/auth/google/', payload: '{"token":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(typeof notJson.json().detail).toBe('string');
  });

  it('never takes over a password account when Google does not vouch for the email', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await google({ token: await idToken({ email: shop.admin.email, email_verified: false }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'An account with this email already exists. Sign in with your password.' });
    const row = await one<{ google_sub: string | null }>(t.db, 'SELECT google_sub FROM users WHERE id = $1', [shop.admin.userId]);
    expect(row?.google_sub).toBeNull();
    // Without the claim at all it is not verified either.
    const token = await new SignJWT({ name: 'X', email: shop.admin.email })
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setIssuer('accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject(unique('sub-'))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(googleKey);
    expect((await google({ token })).statusCode).toBe(409);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: shop.admin.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('links a password account when Google says the email is verified, and keeps it linked to that Google account only', async () => {
    const shop = await makeShop(t.app, t.db);
    const sub = unique('sub-');
    const res = await google({ token: await idToken({ sub, email: shop.admin.email.toUpperCase() }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(shop.admin.userId);
    const row = await one<{ google_sub: string; email_verified: boolean }>(t.db, 'SELECT google_sub, email_verified FROM users WHERE id = $1', [shop.admin.userId]);
    expect(row).toEqual({ google_sub: sub, email_verified: true });
    const otherGoogle = await google({ token: await idToken({ sub: unique('sub-'), email: shop.admin.email }) });
    expect(otherGoogle.statusCode).toBe(409);
  });
});

describe('Google sign-in on a server without GOOGLE_CLIENT_ID', () => {
  it('says it is not set up (503), not a server error', async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/api/auth/google/', payload: { token: await idToken() } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'Google sign-in is not set up on this server.' });
    } finally {
      await plain.close();
    }
  });
});

describe('GET /api/auth/config/ (public run-time config for the sign-in pages)', () => {
  it('gives the configured Google client id to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, response: { google_client_id: CLIENT_ID } });
  });

  it('answers null when GOOGLE_CLIENT_ID is not set', async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/config/' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, response: { google_client_id: null } });
    } finally {
      await plain.close();
    }
  });
});
