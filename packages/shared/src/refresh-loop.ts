import { retryDelay, type Scheduler } from './retry-schedule.js';

// The refresh cycle of a live page. Requests arriving together are grouped into one load; only one
// load runs at a time (a request during a load runs once more after it). A failed load keeps what
// the page shows, reports 'retrying' and tries again after a growing, jittered wait; `now()` skips
// that wait (the network came back, the tab became visible, the event stream reconnected).

export type LiveStatus = 'live' | 'retrying';

export interface RefreshLoopOptions {
  /** Fetches what the page shows; true when it got fresh data. A thrown error counts as a failure. */
  load: () => Promise<boolean>;
  onStatus?: (status: LiveStatus) => void;
  scheduler: Scheduler;
  random?: () => number;
  /** Requests within this window become one load. */
  groupMs?: number;
}

export interface RefreshLoop {
  /** Refetch soon (grouped with other requests in the window). */
  request(): void;
  /** Refetch without waiting for the back-off. */
  now(): void;
  status(): LiveStatus;
  /** Failed loads in a row. */
  failures(): number;
  stop(): void;
}

export const GROUP_MS = 100;

export function createRefreshLoop({ load, onStatus, scheduler, random = Math.random, groupMs = GROUP_MS }: RefreshLoopOptions): RefreshLoop {
  let grouping: unknown = null;
  let retryTimer: unknown = null;
  let loading = false;
  let again = false;
  let failures = 0;
  let status: LiveStatus = 'live';
  let stopped = false;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    onStatus?.(next);
  };
  const clearRetry = () => {
    if (retryTimer !== null) scheduler.clearTimeout(retryTimer);
    retryTimer = null;
  };

  const run = async () => {
    grouping = null;
    if (stopped) return;
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    clearRetry();
    let ok = false;
    try {
      ok = await load();
    } catch {
      ok = false;
    }
    loading = false;
    if (stopped) return;
    if (ok) {
      failures = 0;
      setStatus('live');
    } else {
      failures += 1;
      setStatus('retrying');
      retryTimer = scheduler.setTimeout(() => {
        retryTimer = null;
        void run();
      }, retryDelay(failures, random));
    }
    if (again) {
      again = false;
      request();
    }
  };

  const request = () => {
    if (stopped || grouping !== null) return;
    grouping = scheduler.setTimeout(() => void run(), groupMs);
  };

  return {
    request,
    now() {
      if (stopped) return;
      clearRetry();
      request();
    },
    status: () => status,
    failures: () => failures,
    stop() {
      stopped = true;
      clearRetry();
      if (grouping !== null) scheduler.clearTimeout(grouping);
      grouping = null;
    },
  };
}
