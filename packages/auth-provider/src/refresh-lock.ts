// Refreshing is single-flight across the tabs of one browser. The server rotates refresh tokens, so
// two tabs waking up together must not both spend the same one: one tab refreshes while the others
// wait, then they read the tokens it stored. The Web Locks API gives an exclusive lock shared by
// every tab of the origin; where it is missing, tabs announce their refresh on a BroadcastChannel.
// (The server also answers a just-rotated token for a few seconds, so a race left over is harmless.)

/** Runs a refresh while no other tab of this browser runs one. */
export interface RefreshLock {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

/** The part of `navigator.locks` (LockManager) used here. */
export interface LocksLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export const REFRESH_LOCK_NAME = 'chairline-token-refresh';

/** How long a tab waits for another tab's announced refresh before going ahead itself. */
export const OTHER_TAB_REFRESH_WAIT_MS = 10_000;

const STARTED = 'refresh-started';
const FINISHED = 'refresh-finished';

export function webLocksRefreshLock(locks: LocksLike): RefreshLock {
  return { run: (fn) => locks.request(REFRESH_LOCK_NAME, fn) };
}

/**
 * The fallback without Web Locks: a tab announces its refresh; a tab that heard an announcement
 * waits until that tab says it finished (or OTHER_TAB_REFRESH_WAIT_MS passed) before it goes on.
 */
export function broadcastRefreshLock(channel: ChannelLike, waitMs = OTHER_TAB_REFRESH_WAIT_MS): RefreshLock {
  let otherTab: { done: Promise<void>; finish: () => void } | null = null;
  channel.addEventListener('message', (event) => {
    if (event.data === STARTED && !otherTab) {
      let finish = () => undefined as void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      const timer = setTimeout(() => release(), waitMs);
      const release = () => {
        clearTimeout(timer);
        otherTab = null;
        finish();
      };
      otherTab = { done, finish: release };
    } else if (event.data === FINISHED) {
      otherTab?.finish();
    }
  });
  let mine: Promise<unknown> = Promise.resolve();
  return {
    run<T>(fn: () => Promise<T>): Promise<T> {
      const turn = mine.then(async () => {
        while (otherTab) await otherTab.done;
        channel.postMessage(STARTED);
        try {
          return await fn();
        } finally {
          channel.postMessage(FINISHED);
        }
      });
      mine = turn.catch(() => undefined);
      return turn;
    },
  };
}

/** Web Locks where the browser has them, else a BroadcastChannel, else this tab alone. */
export function browserRefreshLock(): RefreshLock {
  const locks = (globalThis.navigator as { locks?: LocksLike } | undefined)?.locks;
  if (locks && typeof locks.request === 'function') return webLocksRefreshLock(locks);
  if (typeof globalThis.BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(REFRESH_LOCK_NAME);
    // Node (tests) keeps a listening channel's process alive; browsers have no unref.
    (channel as unknown as { unref?: () => void }).unref?.();
    return broadcastRefreshLock(channel);
  }
  return { run: (fn) => fn() };
}
