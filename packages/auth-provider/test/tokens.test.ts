import { STORAGE_KEYS, TOKEN_REFRESH_THRESHOLD_MS } from '@chairline/shared';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../src/storage.js';
import { createTokenStore, LOGOUT_PATH } from '../src/tokens.js';
import { fakeRefreshFetch, json } from './fakes.js';

const NOW = 1_800_000_000_000;
const REFRESH_URL = 'https://shop.example/api/auth/refresh/';

function setup(initial: Record<string, string>, reply: () => Response | Promise<Response> = () => json(200, { access: 'new-access', refresh: 'new-refresh' })) {
  const storage = memoryStorage(initial);
  const { fetch, requests } = fakeRefreshFetch(reply);
  const redirects: string[] = [];
  const tokens = createTokenStore({ storage, refreshUrl: REFRESH_URL, fetch, now: () => NOW, redirect: (p) => redirects.push(p) });
  return { storage, tokens, requests, redirects };
}

const fresh = { [STORAGE_KEYS.accessToken]: 'old-access', [STORAGE_KEYS.refreshToken]: 'old-refresh', [STORAGE_KEYS.lastTokenRefresh]: String(NOW - 1000) };

describe('token freshness', () => {
  it('uses the stored access token without a request while the last refresh is recent', async () => {
    const { tokens, requests } = setup(fresh);
    expect(await tokens.getAccessToken()).toBe('old-access');
    expect(requests).toHaveLength(0);
  });

  it('refreshes when no access token is stored: POST {refresh} to the refresh URL, stores access, rotated refresh and the time', async () => {
    const { tokens, requests, storage } = setup({ [STORAGE_KEYS.refreshToken]: 'old-refresh' });
    expect(await tokens.getAccessToken()).toBe('new-access');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(REFRESH_URL);
    expect(requests[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(requests[0]?.init?.body))).toEqual({ refresh: 'old-refresh' });
    expect(storage.dump()).toMatchObject({
      [STORAGE_KEYS.accessToken]: 'new-access',
      [STORAGE_KEYS.refreshToken]: 'new-refresh',
      [STORAGE_KEYS.lastTokenRefresh]: String(NOW),
    });
  });

  it('refreshes when the last refresh is older than 3 days (259200000 ms), not at exactly 3 days', async () => {
    expect(TOKEN_REFRESH_THRESHOLD_MS).toBe(259_200_000);
    const atThreshold = setup({ ...fresh, [STORAGE_KEYS.lastTokenRefresh]: String(NOW - TOKEN_REFRESH_THRESHOLD_MS) });
    expect(await atThreshold.tokens.getAccessToken()).toBe('old-access');
    expect(atThreshold.requests).toHaveLength(0);

    const stale = setup({ ...fresh, [STORAGE_KEYS.lastTokenRefresh]: String(NOW - TOKEN_REFRESH_THRESHOLD_MS - 1) });
    expect(await stale.tokens.getAccessToken()).toBe('new-access');
    expect(stale.requests).toHaveLength(1);
  });

  it('refreshes when the last refresh time is missing or not a number', async () => {
    const { tokens, requests } = setup({ ...fresh, [STORAGE_KEYS.lastTokenRefresh]: 'yesterday' });
    expect(await tokens.getAccessToken()).toBe('new-access');
    expect(requests).toHaveLength(1);
  });

  it('keeps the stored refresh token when the reply carries only {access}', async () => {
    const { tokens, storage } = setup({ [STORAGE_KEYS.refreshToken]: 'old-refresh' }, () => json(200, { access: 'only-access' }));
    expect(await tokens.getAccessToken()).toBe('only-access');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('old-refresh');
  });

  it('without a refresh token removes both tokens, makes no request and does not redirect', async () => {
    const { tokens, requests, storage, redirects } = setup({ [STORAGE_KEYS.accessToken]: 'orphan' , [STORAGE_KEYS.lastTokenRefresh]: '1' });
    expect(await tokens.getAccessToken()).toBeNull();
    expect(requests).toHaveLength(0);
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(redirects).toEqual([]);
  });

  it('a refused refresh (non-ok) removes both tokens and sends the browser to /logout/', async () => {
    const { tokens, storage, redirects } = setup({ [STORAGE_KEYS.refreshToken]: 'revoked' }, () => json(401, { detail: 'Your session has expired.' }));
    expect(await tokens.getAccessToken()).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(redirects).toEqual([LOGOUT_PATH]);
    expect(LOGOUT_PATH).toBe('/logout/');
  });

  it('a refresh that throws (network) removes both tokens and sends the browser to /logout/', async () => {
    const { tokens, storage, redirects } = setup({ [STORAGE_KEYS.refreshToken]: 'r' }, () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await tokens.getAccessToken()).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(redirects).toEqual(['/logout/']);
  });

  it('a 200 reply without an access token counts as a failed refresh', async () => {
    const { tokens, redirects } = setup({ [STORAGE_KEYS.refreshToken]: 'r' }, () => json(200, { nothing: true }));
    expect(await tokens.getAccessToken()).toBeNull();
    expect(redirects).toEqual(['/logout/']);
  });

  it('concurrent requests share one refresh (a rotated refresh token must not be reused)', async () => {
    let release: (r: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const { tokens, requests } = setup({ [STORAGE_KEYS.refreshToken]: 'r' }, () => pending);
    const all = Promise.all([tokens.getAccessToken(), tokens.getAccessToken(), tokens.getAccessToken()]);
    release(json(200, { access: 'shared', refresh: 'r2' }));
    expect(await all).toEqual(['shared', 'shared', 'shared']);
    expect(requests).toHaveLength(1);
  });
});
