import { STORAGE_KEYS } from '@chairline/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { broadcastRefreshLock, REFRESH_LOCK_NAME, webLocksRefreshLock, type LocksLike, type RefreshLock } from '../src/refresh-lock.js';
import { memoryStorage, type KeyValueStorage } from '../src/storage.js';
import { createTokenStore } from '../src/tokens.js';
import { json } from './fakes.js';

// Two tabs of one browser: two token stores over one localStorage, each with its own lock client
// of one shared lock, and one refresh endpoint that rotates tokens as the server does.

/** An exclusive lock manager with the Web Locks semantics (callbacks run one at a time, in order). */
function fakeLockManager(): LocksLike & { names: string[] } {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      names.push(name);
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** The refresh endpoint: answers after `release()`, rotating r0 → r1 → r2... and refusing spent tokens. */
function refreshServer() {
  let generation = 0;
  const presented: string[] = [];
  const waiting: Array<() => void> = [];
  const fetch = async (_url: string, init?: RequestInit) => {
    const { refresh } = JSON.parse(String(init?.body)) as { refresh: string };
    presented.push(refresh);
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (refresh !== `r${generation}`) return json(401, { detail: 'Your session has expired. Please sign in again.' });
    generation += 1;
    return json(200, { access: `a${generation}`, refresh: `r${generation}` });
  };
  /** Lets every request received so far answer, and waits until the stores have handled them. */
  const release = async () => {
    for (let i = 0; i < 20 && waiting.length === 0; i++) await Promise.resolve();
    for (const answer of waiting.splice(0)) answer();
  };
  return { fetch, presented, release, waiting };
}

function tab(storage: KeyValueStorage, server: ReturnType<typeof refreshServer>, lock: RefreshLock) {
  const redirects: string[] = [];
  const tokens = createTokenStore({ storage, refreshUrl: 'https://shop.example/api/auth/refresh/', fetch: server.fetch, lock, redirect: (p) => redirects.push(p) });
  return { tokens, redirects };
}

const signedIn = () => memoryStorage({ [STORAGE_KEYS.refreshToken]: 'r0', [STORAGE_KEYS.lastTokenRefresh]: '1' });

/** Answers requests as they arrive until `done` settles. */
async function serve<T>(server: ReturnType<typeof refreshServer>, done: Promise<T>): Promise<T> {
  let settled = false;
  void done.finally(() => (settled = true));
  while (!settled) {
    await server.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return done;
}

const channels: BroadcastChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) c.close();
});

describe('refresh is single-flight across tabs', () => {
  it('with Web Locks: two tabs waking up together send one refresh; the waiting tab reads the stored tokens', async () => {
    const storage = signedIn();
    const server = refreshServer();
    const locks = fakeLockManager();
    const a = tab(storage, server, webLocksRefreshLock(locks));
    const b = tab(storage, server, webLocksRefreshLock(locks));
    const both = Promise.all([a.tokens.getAccessToken(), b.tokens.getAccessToken(), a.tokens.getAccessToken(), b.tokens.getAccessToken()]);
    expect(await serve(server, both)).toEqual(['a1', 'a1', 'a1', 'a1']);
    expect(server.presented).toEqual(['r0']);
    expect(locks.names.every((n) => n === REFRESH_LOCK_NAME)).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1');
    expect([...a.redirects, ...b.redirects]).toEqual([]);
  });

  it('without coordination the same two tabs would spend one refresh token twice (what the lock prevents)', async () => {
    const storage = signedIn();
    const server = refreshServer();
    const alone: RefreshLock = { run: (fn) => fn() };
    const a = tab(storage, server, alone);
    const b = tab(storage, server, alone);
    await serve(server, Promise.all([a.tokens.getAccessToken(), b.tokens.getAccessToken()]));
    expect(server.presented).toEqual(['r0', 'r0']);
  });

  it('after a 401, a tab renews with the token another tab already stored, or refreshes once itself', async () => {
    const storage = signedIn();
    const server = refreshServer();
    const locks = fakeLockManager();
    const a = tab(storage, server, webLocksRefreshLock(locks));
    const b = tab(storage, server, webLocksRefreshLock(locks));
    expect(await serve(server, a.tokens.getAccessToken())).toBe('a1');
    // Both tabs sent a1 and were refused (the password was changed on this device).
    const renewed = Promise.all([a.tokens.renew('a1'), b.tokens.renew('a1'), b.tokens.renew('a1')]);
    expect(await serve(server, renewed)).toEqual(['a2', 'a2', 'a2']);
    expect(server.presented).toEqual(['r0', 'r1']);
    // A request still holding a1 later gets the stored a2 without any refresh.
    expect(await a.tokens.renew('a1')).toBe('a2');
    expect(server.presented).toHaveLength(2);
  });

  it('a refused refresh in one tab ends the session in the waiting tab too, without spending anything more', async () => {
    const storage = memoryStorage({ [STORAGE_KEYS.refreshToken]: 'revoked', [STORAGE_KEYS.lastTokenRefresh]: '1' });
    const server = refreshServer();
    const locks = fakeLockManager();
    const a = tab(storage, server, webLocksRefreshLock(locks));
    const b = tab(storage, server, webLocksRefreshLock(locks));
    expect(await serve(server, Promise.all([a.tokens.getAccessToken(), b.tokens.getAccessToken()]))).toEqual([null, null]);
    expect(server.presented).toEqual(['revoked']);
    expect(a.redirects).toEqual(['/logout/']);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('with a BroadcastChannel (no Web Locks): the tab that heard another tab start waits for it and reads its tokens', async () => {
    const storage = signedIn();
    const server = refreshServer();
    const [channelA, channelB] = [new BroadcastChannel(REFRESH_LOCK_NAME), new BroadcastChannel(REFRESH_LOCK_NAME)];
    channels.push(channelA, channelB);
    const a = tab(storage, server, broadcastRefreshLock(channelA));
    const b = tab(storage, server, broadcastRefreshLock(channelB));
    const first = a.tokens.getAccessToken();
    // Tab B wakes up once tab A's announcement has reached it.
    await new Promise<void>((resolve) => channelB.addEventListener('message', () => resolve(), { once: true }));
    const second = b.tokens.getAccessToken();
    expect(await serve(server, Promise.all([first, second]))).toEqual(['a1', 'a1']);
    expect(server.presented).toEqual(['r0']);
  });

  it('with a BroadcastChannel, a tab whose partner never says it finished goes ahead after the wait', async () => {
    const storage = signedIn();
    const server = refreshServer();
    const [silent, channelB] = [new BroadcastChannel(REFRESH_LOCK_NAME), new BroadcastChannel(REFRESH_LOCK_NAME)];
    channels.push(silent, channelB);
    const b = tab(storage, server, broadcastRefreshLock(channelB, 30));
    const heard = new Promise<void>((resolve) => channelB.addEventListener('message', () => resolve(), { once: true }));
    silent.postMessage('refresh-started');
    await heard;
    expect(await serve(server, b.tokens.getAccessToken())).toBe('a1');
    expect(server.presented).toEqual(['r0']);
  });
});
