import { STORAGE_KEYS, TOKEN_REFRESH_THRESHOLD_MS } from '@chairline/shared';
import type { KeyValueStorage } from './storage.js';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface TokenStoreOptions {
  storage: KeyValueStorage;
  /** POST {host}/api/auth/refresh/ (spec §7). */
  refreshUrl: string;
  fetch?: FetchLike;
  now?: () => number;
  /** Sends the browser elsewhere (window.location.assign). */
  redirect: (path: string) => void;
}

export const LOGOUT_PATH = '/logout/';

export interface TokenStore {
  /** The stored access token, without refreshing. */
  peekAccessToken(): string | null;
  getRefreshToken(): string | null;
  /** The access token to send: refreshed first when none is stored or the last refresh is over 3 days old. */
  getAccessToken(): Promise<string | null>;
  needsRefresh(): boolean;
  /** Runs one refresh (concurrent callers share it). Null when the session is gone. */
  refresh(): Promise<string | null>;
  save(access: string, refresh?: string | null): void;
  clear(): void;
}

/**
 * Token freshness (spec §4, §8, §9). The server rotates refresh tokens and revokes a family whose
 * old token is reused, so concurrent requests must share one refresh rather than race.
 */
export function createTokenStore(options: TokenStoreOptions): TokenStore {
  const { storage, refreshUrl, redirect } = options;
  const now = options.now ?? (() => Date.now());
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
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
    inFlight ??= runRefresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    peekAccessToken: () => storage.getItem(STORAGE_KEYS.accessToken),
    getRefreshToken: () => storage.getItem(STORAGE_KEYS.refreshToken),
    getAccessToken: async () => (needsRefresh() ? refresh() : storage.getItem(STORAGE_KEYS.accessToken)),
    needsRefresh,
    refresh,
    save,
    clear,
  };
}
