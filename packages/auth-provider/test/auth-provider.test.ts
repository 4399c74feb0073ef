import { MESSAGES, STORAGE_KEYS } from '@chairline/shared';
import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../src/auth-provider.js';
import { memoryStorage } from '../src/storage.js';
import { createTokenStore } from '../src/tokens.js';
import { fakeHttp, json, sessionUser } from './fakes.js';

const NOW = 1_800_000_000_000;
const signedIn = {
  [STORAGE_KEYS.accessToken]: 'access-1',
  [STORAGE_KEYS.refreshToken]: 'refresh-1',
  [STORAGE_KEYS.lastTokenRefresh]: String(NOW - 60_000),
};
const loginReply = (role: 'admin' | 'manager' | 'employee' = 'admin') => ({
  status: 200,
  body: { access: 'access-2', refresh: 'refresh-2', user: sessionUser({ role }) },
});
const affiliateReply = {
  status: 200,
  body: {
    access: 'aff-access',
    refresh: 'aff-refresh',
    user: { id: 3, name: 'Ava', email: 'ava@aff.test', referral_code: 'AVA1', commission_percent: 20, payout_email: null, created_at: '2026-01-01', is_affiliate: true },
  },
};

function setup(initial: Record<string, string>, replies: Parameters<typeof fakeHttp>[0]) {
  const storage = memoryStorage(initial);
  const redirects: string[] = [];
  const redirect = (p: string) => void redirects.push(p);
  const tokens = createTokenStore({
    storage,
    refreshUrl: 'http://host/api/auth/refresh/',
    fetch: async () => json(401, { detail: 'expired' }),
    now: () => NOW,
    redirect,
  });
  const { http, calls } = fakeHttp(replies);
  const auth = createAuthProvider({ http, tokens, storage, redirect });
  return { auth, storage, calls, redirects };
}

describe('login', () => {
  it('stores access, refresh, lastTokenRefresh and the user, clears the marketing-popup and affiliate flags', async () => {
    const { auth, storage, calls } = setup(
      { [STORAGE_KEYS.marketingPopupShown]: 'true', [STORAGE_KEYS.affiliate]: 'true' },
      { 'POST /auth/login/': loginReply('manager') },
    );
    const result = await auth.login({ email: 'm@x.test', password: 'secret-pass' });
    expect(result).toEqual({ redirectTo: '/dashboard' });
    expect(calls).toEqual([{ method: 'POST', path: '/auth/login/', body: { email: 'm@x.test', password: 'secret-pass' }, public: true }]);
    expect(storage.dump()).toEqual({
      [STORAGE_KEYS.accessToken]: 'access-2',
      [STORAGE_KEYS.refreshToken]: 'refresh-2',
      [STORAGE_KEYS.lastTokenRefresh]: String(NOW),
    });
    expect(auth.peekSessionUser()?.role).toBe('manager');
    expect(await auth.getPermissions()).toBe('manager');
  });

  it("shows the server's detail on failure", async () => {
    const { auth, storage } = setup({}, { 'POST /auth/login/': { status: 401, body: { detail: MESSAGES.invalidCredentials } } });
    await expect(auth.login({ email: 'a@b.test', password: 'wrong-pass' })).rejects.toThrow(MESSAGES.invalidCredentials);
    expect(storage.dump()).toEqual({});
  });

  it("any other failure gives 'Something went wrong. Please try again later.'", async () => {
    const html = setup({}, { 'POST /auth/login/': { status: 502, body: '<html>Bad gateway</html>' } });
    await expect(html.auth.login({ email: 'a@b.test', password: 'x' })).rejects.toThrow('Something went wrong. Please try again later.');
    const offline = setup({}, { 'POST /auth/login/': new Error('No response received from server') });
    await expect(offline.auth.login({ email: 'a@b.test', password: 'x' })).rejects.toThrow(MESSAGES.somethingWrong);
    const noTokens = setup({}, { 'POST /auth/login/': { status: 200, body: { user: null } } });
    await expect(noTokens.auth.login({ email: 'a@b.test', password: 'x' })).rejects.toThrow(MESSAGES.somethingWrong);
  });

  it('affiliate login uses /api/affiliate/login/, sets the flag to the string true and lands on the affiliate dashboard', async () => {
    const { auth, storage, calls } = setup({}, { 'POST /affiliate/login/': affiliateReply });
    expect(await auth.login({ email: 'ava@aff.test', password: 'pw-123456', affiliate: true })).toEqual({
      redirectTo: '/affiliate/marketing/dashboard',
    });
    expect(calls[0]?.path).toBe('/affiliate/login/');
    expect(storage.getItem(STORAGE_KEYS.affiliate)).toBe('true');
    expect(auth.isAffiliate()).toBe(true);
    expect(await auth.getPermissions()).toBe('affiliate');
    expect((await auth.getIdentity()).fullName).toBe('Ava');
  });

  it('sign-up replies as login and signs the new shop owner in', async () => {
    const { auth, storage, calls } = setup({}, { 'POST /auth/signup/': loginReply('admin') });
    const body = { name: 'Nia', email: 'nia@x.test', password: 'long-password', shop_name: 'Fade', shop_username: 'fade' };
    expect(await auth.signup(body)).toEqual({ redirectTo: '/dashboard' });
    expect(calls[0]).toMatchObject({ path: '/auth/signup/', body, public: true });
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBe('access-2');
  });
});

describe('logout', () => {
  it('revokes the refresh token on the server, clears tokens, the affiliate flag and the PIN, and goes to /login', async () => {
    const { auth, storage, calls, redirects } = setup(
      { ...signedIn, [STORAGE_KEYS.pinValid]: '{}', [STORAGE_KEYS.marketingPopupShown]: 'true' },
      { 'POST /auth/logout/': { status: 200, body: { status: 1, response: 'ok' } } },
    );
    expect(await auth.logout()).toBe(false);
    expect(calls).toEqual([{ method: 'POST', path: '/auth/logout/', body: { refresh: 'refresh-1' }, public: true }]);
    expect(storage.dump()).toEqual({ [STORAGE_KEYS.marketingPopupShown]: 'true' });
    expect(redirects).toEqual(['/login']);
  });

  it('sends affiliates to /affiliate/marketing and clears their flag', async () => {
    const { auth, storage, redirects } = setup({ ...signedIn, [STORAGE_KEYS.affiliate]: 'true' }, { 'POST /auth/logout/': { status: 200, body: {} } });
    await auth.logout();
    expect(storage.getItem(STORAGE_KEYS.affiliate)).toBeNull();
    expect(redirects).toEqual(['/affiliate/marketing']);
  });

  it('still ends the local session when the server cannot be reached', async () => {
    const { auth, storage, redirects } = setup(signedIn, { 'POST /auth/logout/': new Error('offline') });
    await auth.logout();
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(redirects).toEqual(['/login']);
  });
});

describe('affiliate status', () => {
  it("is true only when the flag is the string 'true' and an access token exists", () => {
    expect(setup({ ...signedIn, [STORAGE_KEYS.affiliate]: 'true' }, {}).auth.isAffiliate()).toBe(true);
    expect(setup({ ...signedIn, [STORAGE_KEYS.affiliate]: '1' }, {}).auth.isAffiliate()).toBe(false);
    expect(setup({ ...signedIn, [STORAGE_KEYS.affiliate]: 'TRUE' }, {}).auth.isAffiliate()).toBe(false);
    expect(setup({ [STORAGE_KEYS.affiliate]: 'true' }, {}).auth.isAffiliate()).toBe(false);
    expect(setup({ [STORAGE_KEYS.affiliate]: 'true' }, {}).auth.hasAffiliateFlag()).toBe(true);
  });
});

describe('loading user data', () => {
  it('a non-null response loads the user; checkAuth then resolves', async () => {
    const { auth, calls } = setup(signedIn, { 'GET /auth/get-user-data/': { status: 200, body: { status: 1, response: sessionUser({ name: 'Jay' }) } } });
    await expect(auth.checkAuth()).resolves.toBeUndefined();
    const identity = await auth.getIdentity();
    expect(identity).toMatchObject({ id: 7, fullName: 'Jay', user: { name: 'Jay' } });
    expect(calls.filter((c) => c.path === '/auth/get-user-data/')).toHaveLength(1);
    expect(calls[0]?.public).toBe(false);
  });

  it('a null response is a login failure: the session is cleared and checkAuth rejects', async () => {
    const { auth, storage } = setup(signedIn, { 'GET /auth/get-user-data/': { status: 200, body: { status: 1, response: null } } });
    await expect(auth.checkAuth()).rejects.toMatchObject({ redirectTo: false });
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('a thrown error is a login failure too', async () => {
    const { auth } = setup(signedIn, { 'GET /auth/get-user-data/': new Error('offline') });
    await expect(auth.getSessionUser()).rejects.toThrow('offline');
    await expect(auth.checkAuth()).rejects.toBeDefined();
  });

  it('without any token checkAuth rejects without asking the server', async () => {
    const { auth, calls } = setup({}, {});
    await expect(auth.checkAuth()).rejects.toBeDefined();
    expect(calls).toEqual([]);
  });

  it('checkError rejects on 401 (react-admin logs out) and resolves on 403 (a refused action)', async () => {
    const { auth } = setup(signedIn, {});
    await expect(auth.checkError({ status: 401 })).rejects.toBeDefined();
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(auth.checkError(new Error('x'))).resolves.toBeUndefined();
  });
});

describe('roles to permissions through the shared canAccess', () => {
  const cases: Array<['admin' | 'manager' | 'employee', string, boolean]> = [
    ['admin', 'billing', true],
    ['admin', 'settings', true],
    ['admin', 'team', true],
    ['manager', 'team', true],
    ['manager', 'billing', false],
    ['manager', 'settings', false],
    ['manager', 'customers', true],
    ['employee', 'customers', false],
    ['employee', 'team', false],
    ['employee', 'my-invoices', true],
  ];
  it.each(cases)('%s on %s → %s', async (role, resource, allowed) => {
    const { auth } = setup(signedIn, { 'GET /auth/get-user-data/': { status: 200, body: { status: 1, response: sessionUser({ role }) } } });
    expect(await auth.canAccess({ action: 'list', resource })).toBe(allowed);
    expect(await auth.getPermissions()).toBe(role);
  });

  it('an affiliate may open only the affiliate area', async () => {
    const { auth } = setup({ ...signedIn, [STORAGE_KEYS.affiliate]: 'true' }, {});
    expect(await auth.canAccess({ action: 'list', resource: 'affiliate' })).toBe(true);
    expect(await auth.canAccess({ action: 'list', resource: 'walkins' })).toBe(false);
  });
});
