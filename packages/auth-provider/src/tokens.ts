import { STORAGE_KEYS, TOKEN_REFRESH_THRESHOLD_MS } from '@chairline/shared';
import { browserRefreshLock, type RefreshLock } from './refresh-lock.js';
import type { KeyValueStorage } from './storage.js';
import { ADMIN_PATHS } from '@chairline/shared/routes';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface TokenStoreOptions {
  storage: KeyValueStorage;
  /** POST {host}/api/auth/refresh/. */
  refreshUrl: string;
  fetch?: FetchLike;
  now?: () => number;
  /** Sends the browser elsewhere (window.location.assign). */
  redirect: (path: string) => void;
  /** Keeps refreshes of the browser's tabs one at a time (default: Web Locks, else BroadcastChannel). */
  lock?: RefreshLock;
}

export const LOGOUT_PATH = `${ADMIN_PATHS.logout}/`;

export interface TokenStore {
  /** The stored access token, without refreshing. */
  peekAccessToken(): string | null;
  getRefreshToken(): string | null;
  /** The access token to send: refreshed first when none is stored or the last refresh is over 3 days old. */
  getAccessToken(): Promise<string | null>;
  needsRefresh(): boolean;
  /** Runs one refresh (concurrent callers and other tabs share it). Null when the session is gone. */
  refresh(): Promise<string | null>;
  /**
   * A fresh access token after the server refused `rejected` (401): the one another tab already
   * stored, else a refresh. Null when the session is gone.
   */
  renew(rejected: string): Promise<string | null>;
  save(access: string, refresh?: string | null): void;
  clear(): void;
}

/**
 * Token freshness. The server rotates refresh tokens and revokes a family whose
 * old token is reused, so concurrent requests of this tab share one refresh, and the tabs of the
 * browser take turns: a tab that waited reads the tokens the other tab stored instead of spending
 * the same refresh token again.
 */
export function createTokenStore(options: TokenStoreOptions): TokenStore {
  const { storage, refreshUrl, redirect } = options;
  const now = options.now ?? (() => Date.now());
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const lock = options.lock ?? browserRefreshLock();
  let inFlight: Promise<string | null> | null = null;

  const clear = () => {
    storage.removeItem(STORAGE_KEYS.accessToken);
    storage.removeItem(STORAGE_KEYS.refreshToken);
  };

  const save = (access: string, refresh?: string | null) => {
    storage.setItem(STORAGE_KEYS.accessToken, access);
    if (refresh) storage.setItem(STORAGE_KEYS.refreshToken, refresh);
    storage.setItem(STORAGE_KEYS.lastTokenRefresh, String(now()));
  };

  const needsRefresh = () => {
    if (!storage.getItem(STORAGE_KEYS.accessToken)) return true;
    const last = Number(storage.getItem(STORAGE_KEYS.lastTokenRefresh));
    return !Number.isFinite(last) || last <= 0 || now() - last > TOKEN_REFRESH_THRESHOLD_MS;
  };

  const failed = () => {
    clear();
    redirect(LOGOUT_PATH);
    return null;
  };

  async function runRefresh(): Promise<string | null> {
    const refresh = storage.getItem(STORAGE_KEYS.refreshToken);
    if (!refresh) {
      clear();
      return null;
    }
    try {
      const response = await doFetch(refreshUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!response.ok) return failed();
      const body = (await response.json()) as { access?: unknown; refresh?: unknown };
      if (typeof body.access !== 'string' || body.access === '') return failed();
      save(body.access, typeof body.refresh === 'string' ? body.refresh : null);
      return body.access;
    } catch {
      return failed();
    }
  }

  const refresh = () => {
    if (inFlight) return inFlight;
    // What this tab holds before waiting its turn: another tab may rotate it meanwhile.
    const seen = storage.getItem(STORAGE_KEYS.refreshToken);
    inFlight = lock
      .run(async () => {
        const current = storage.getItem(STORAGE_KEYS.refreshToken);
        const access = storage.getItem(STORAGE_KEYS.accessToken);
        if (current && current !== seen && access) return access;
        return runRefresh();
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const renew = async (rejected: string) => {
    const stored = storage.getItem(STORAGE_KEYS.accessToken);
    if (stored && stored !== rejected) return stored;
    return refresh();
  };

  return {
    peekAccessToken: () => storage.getItem(STORAGE_KEYS.accessToken),
    getRefreshToken: () => storage.getItem(STORAGE_KEYS.refreshToken),
    getAccessToken: async () => (needsRefresh() ? refresh() : storage.getItem(STORAGE_KEYS.accessToken)),
    needsRefresh,
    refresh,
    renew,
    save,
    clear,
  };
}
