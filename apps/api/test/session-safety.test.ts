import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { sha256, REFRESH_GRACE_MS } from '../src/modules/auth/tokens.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, PASSWORD, type TestUser } from './support/factories.js';

// Sessions: concurrent refreshes, the rotation grace window, logout, password change and reset,
// and the claims an access token must carry. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.

// The token clock (expiry, grace window); tests move it forward instead of sleeping.
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ sessionClock: () => new Date(clock) });
});
afterAll(() => t.close());

const TAB = { 'user-agent': 'Mozilla/5.0 (tablet at the door)' };
const THIEF = { 'user-agent': 'curl/8.0', 'x-forwarded-for': '198.51.100.7' };

const refresh = (token: string, headers: Record<string, string> = TAB) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: token }, headers });
const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer({ access }) });
const login = async (email: string): Promise<TestUser> => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password: PASSWORD }, headers: TAB });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ access: string; refresh: string; user: { id: number } }>();
  return { userId: body.user.id, email, access: body.access, refresh: body.refresh };
};

describe('refresh: concurrent callers and the grace window', () => {
  it('20 concurrent refreshes with one token all succeed with the same successor, and the session goes on', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const replies = await Promise.all(Array.from({ length: 20 }, () => refresh(admin.refresh)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const successors = new Set(replies.map((r) => r.json<{ refresh: string }>().refresh));
    expect(successors.size).toBe(1);
    const [successor] = [...successors];
    expect(successor).not.toBe(admin.refresh);
    for (const r of replies) expect((await me(r.json<{ access: string }>().access)).statusCode).toBe(200);
    // The family still works: the successor rotates, and nothing was revoked.
    const next = await refresh(successor ?? '');
    expect(next.statusCode).toBe(200);
    expect((await me(next.json<{ access: string }>().access)).json().response.id).toBe(admin.userId);
    const revoked = await t.db.query('SELECT 1 FROM refresh_tokens WHERE subject_id = $1 AND revoked_at IS NOT NULL', [admin.userId]);
    expect(revoked).toHaveLength(0);
  });

  it('answers the same successor to the same client within the window, following a quick second rotation', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const first = (await refresh(admin.refresh)).json<{ refresh: string }>();
    const second = (await refresh(first.refresh)).json<{ refresh: string }>();
    clock += REFRESH_GRACE_MS - 1000;
    const late = await refresh(admin.refresh);
    expect(late.statusCode).toBe(200);
    // The chain is followed to the live token; no extra live token is created in the family.
    expect(late.json().refresh).toBe(second.refresh);
    const live = await t.db.query('SELECT 1 FROM refresh_tokens WHERE subject_id = $1 AND used_at IS NULL AND revoked_at IS NULL', [
      admin.userId,
    ]);
    expect(live).toHaveLength(1);
  });

  it('a stolen token reused after the grace window revokes the whole family', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const legit = (await refresh(admin.refresh)).json<{ access: string; refresh: string }>();
    clock += REFRESH_GRACE_MS + 1;
    const replay = await refresh(admin.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'Your session has expired. Please sign in again.' });
    // The holder's newer token and its access token die with the family.
    expect((await refresh(legit.refresh)).statusCode).toBe(401);
    expect((await me(legit.access)).statusCode).toBe(401);
  });

  it('a spent token presented within the window by another client is reuse: the family is revoked', async () => {
    const stolen = await startTestApp({ env: { TRUST_PROXY: 'true' }, sessionClock: () => new Date(clock) });
    try {
      const { admin } = await makeShop(stolen.app, stolen.db);
      const post = (token: string, headers: Record<string, string>) =>
        stolen.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: token }, headers });
      const legit = (await post(admin.refresh, { ...TAB, 'x-forwarded-for': '203.0.113.5' })).json<{ refresh: string }>();
      expect((await post(admin.refresh, THIEF)).statusCode).toBe(401);
      expect((await post(legit.refresh, { ...TAB, 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(401);
    } finally {
      await stolen.close();
    }
  });
});

describe('logout', () => {
  it('revokes the whole refresh family and ends its access token at once', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const rotated = (await refresh(admin.refresh)).json<{ access: string; refresh: string }>();
    const other = await login(admin.email);
    // Logging out with the older token of the family still ends the whole family.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: admin.refresh } });
    expect(res.statusCode).toBe(200);
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    expect((await me(rotated.access)).statusCode).toBe(401);
    expect((await me(admin.access)).statusCode).toBe(401);
    // Another device's session is untouched.
    expect((await me(other.access)).statusCode).toBe(200);
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });
});

describe('password change and reset', () => {
  it('a change by the member ends every other session at once; the session it was made from goes on', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee');
    const phone = await login(barber.email);
    const admin = shop.admin;
    const adminPhone = await login(admin.email);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/team/update-team-member-password/',
      headers: bearer(admin),
      payload: { id: (await one<{ id: number }>(t.db, 'SELECT b.id FROM barbers b JOIN memberships m ON m.id = b.membership_id WHERE m.user_id = $1', [admin.userId]))?.id, password: 'a brand new password' },
    });
    expect(change.statusCode).toBe(200);
    // The other device: its access token is refused at once and its refresh token is dead.
    expect((await me(adminPhone.access)).statusCode).toBe(401);
    expect((await refresh(adminPhone.refresh)).statusCode).toBe(401);
    // The caller: older access tokens are refused too, but its refresh family lives on.
    expect((await me(admin.access)).statusCode).toBe(401);
    const renewed = await refresh(admin.refresh);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json<{ access: string }>().access)).json().response.id).toBe(admin.userId);
    // Someone else's sessions are not touched.
    expect((await me(phone.access)).statusCode).toBe(200);
  });

  it("an admin setting a barber's password ends every session of that barber", async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee');
    const tablet = await login(barber.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/team/update-team-member-password/',
      headers: bearer(shop.admin),
      payload: { id: barber.barberId, password: 'another new password' },
    });
    expect(res.statusCode).toBe(200);
    for (const session of [barber, tablet]) {
      expect((await me(session.access)).statusCode).toBe(401);
      expect((await refresh(session.refresh)).statusCode).toBe(401);
    }
    expect((await me(shop.admin.access)).statusCode).toBe(200);
  });

  it('reads only a number (or digits) as the member whose password changes, never a list', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/team/update-team-member-password/',
      headers: bearer(shop.admin),
      payload: { id: [[1]], password: 'a brand new password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, response: 'Choose a team member.' });
    expect((await me(shop.admin.access)).statusCode).toBe(200);
  });

  it('a reset ends every session: access tokens refused, refresh tokens dead', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const second = await login(admin.email);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password/', payload: { email: admin.email } });
    const link = t.mails.at(-1)?.text.match(/reset-password\/([^\s/?]+)/)?.[1] ?? '';
    expect(link).not.toBe('');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/',
      payload: { token: decodeURIComponent(link), password: 'reset to something new' },
    });
    expect(reset.statusCode).toBe(200);
    for (const session of [admin, second]) {
      expect((await me(session.access)).statusCode).toBe(401);
      expect((await refresh(session.refresh)).statusCode).toBe(401);
    }
    const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: admin.email, password: 'reset to something new' } });
    expect((await me(fresh.json<{ access: string }>().access)).statusCode).toBe(200);
  });

  it('affiliates follow the same rule: ending their sessions refuses their access and refresh tokens', async () => {
    const email = `aff-${Date.now()}@example.test`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/affiliate/signup/',
      payload: { name: 'Ari Affiliate', email, password: 'affiliate password' },
    });
    expect(signup.statusCode).toBe(200);
    const session = signup.json<{ access: string; refresh: string }>();
    const profile = () => t.app.inject({ method: 'GET', url: '/api/affiliate/profile/', headers: bearer(session) });
    expect((await profile()).statusCode).toBe(200);
    const row = await one<{ id: number }>(t.db, 'SELECT id FROM affiliates WHERE email = $1', [email]);
    await t.db.transaction((tx) => t.app.tokens.endOtherSessions(tx, { kind: 'affiliate', id: row?.id ?? 0 }));
    expect((await profile()).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });
});

describe('access token claims', () => {
  const key = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');
  const forge = (claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT) =>
    build(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('chairline').setAudience('chairline-api')).sign(key);

  it('refuses a token signed with the real key but without exp, iat or a numeric subject', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const now = Math.floor(clock / 1000);
    const sub = String(admin.userId);
    const valid = await forge({ typ: 'user', ver: 0 }, (j) => j.setSubject(sub).setIssuedAt(now).setExpirationTime(now + 600));
    expect((await me(valid)).statusCode).toBe(200);
    const cases = [
      await forge({ typ: 'user', ver: 0 }, (j) => j.setSubject(sub).setIssuedAt(now)),
      await forge({ typ: 'user', ver: 0 }, (j) => j.setSubject(sub).setExpirationTime(now + 600)),
      await forge({ typ: 'user', ver: 0 }, (j) => j.setIssuedAt(now).setExpirationTime(now + 600)),
      await forge({ typ: 'user', ver: 0, sub: Number(sub) }, (j) => j.setIssuedAt(now).setExpirationTime(now + 600)),
      await forge({ typ: 'user', ver: 0, exp: String(now + 600) }, (j) => j.setSubject(sub).setIssuedAt(now)),
      await forge({ typ: 'user', ver: 0 }, (j) => j.setSubject(`${sub}.5`).setIssuedAt(now).setExpirationTime(now + 600)),
      await forge({ typ: 'user', ver: '0' }, (j) => j.setSubject(sub).setIssuedAt(now).setExpirationTime(now + 600)),
    ];
    for (const token of cases) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses an access token once it is past its expiry on the injected clock', async () => {
    const { admin } = await makeShop(t.app, t.db);
    expect((await me(admin.access)).statusCode).toBe(200);
    clock += t.config.accessTokenTtlMinutes * 60_000 + 1000;
    expect((await me(admin.access)).statusCode).toBe(401);
  });

  it('stores only hashes of refresh tokens and a sealed successor that the database alone cannot open', async () => {
    const { admin } = await makeShop(t.app, t.db);
    const next = (await refresh(admin.refresh)).json<{ refresh: string }>();
    const rows = await t.db.query<{ token_hash: string; successor_sealed: string | null }>(
      'SELECT token_hash, successor_sealed FROM refresh_tokens WHERE subject_id = $1 ORDER BY id',
      [admin.userId],
    );
    expect(rows.map((r) => r.token_hash)).toEqual([sha256(admin.refresh), sha256(next.refresh)]);
    expect(rows[0]?.successor_sealed).toBeTruthy();
    expect(rows[0]?.successor_sealed).not.toContain(next.refresh);
  });
});
