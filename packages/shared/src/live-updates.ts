import { QUEUE_EVENT_NAME } from './queue-rules.js';
import { createRefreshLoop, type LiveStatus } from './refresh-loop.js';
import { browserScheduler, RETRY_FIRST_MS, retryDelay, type Scheduler } from './retry-schedule.js';
import type { QueueEvent } from './schemas/queue.js';

// The one live-update client of every screen that shows a shop's queue (public pages and the back
// office). The shop's server-sent event stream says *that* something changed and the screen
// refetches what it shows. Events arriving together become one refetch. While the stream is down
// (or the browser has no EventSource) the screen polls instead. A failed refetch keeps the
// screen's data and retries with back-off; the network coming back, the tab becoming visible or
// focused, and the stream reconnecting each refetch at once, since events sent while the stream
// was down are lost.

export type { LiveStatus } from './refresh-loop.js';

/** The stream's URL for one shop. */
export const shopEventsUrl = (shopUsername: string) => `/api/events/?shop_username=${encodeURIComponent(shopUsername)}`;

/** The part of the browser's EventSource the client uses. */
export interface LiveStream {
  readonly readyState: number;
  addEventListener(type: string, listener: (message: { data?: unknown }) => void): void;
  close(): void;
}

/** What the client needs from the browser; tests give their own. */
export interface LiveEnvironment {
  /** Opens the event stream, or null where the browser has none (the screen polls instead). */
  openStream: ((url: string) => LiveStream) | null;
  /** Calls `wake` when the network comes back or the tab is shown or focused; returns an unsubscribe. */
  onWake: (wake: () => void) => () => void;
}

/** EventSource's readyState once the browser has given up on a stream. */
const STREAM_CLOSED = 2;

interface BrowserGlobals {
  EventSource?: new (url: string) => LiveStream;
  document?: { visibilityState: string; addEventListener(t: string, f: () => void): void; removeEventListener(t: string, f: () => void): void };
  addEventListener?: (t: string, f: () => void) => void;
  removeEventListener?: (t: string, f: () => void) => void;
}

export function browserEnvironment(): LiveEnvironment {
  const g = globalThis as BrowserGlobals;
  const Source = g.EventSource;
  return {
    openStream: Source ? (url) => new Source(url) : null,
    onWake(wake) {
      const onVisible = () => {
        if (g.document?.visibilityState === 'visible') wake();
      };
      g.document?.addEventListener('visibilitychange', onVisible);
      g.addEventListener?.('online', wake);
      g.addEventListener?.('focus', wake);
      return () => {
        g.document?.removeEventListener('visibilitychange', onVisible);
        g.removeEventListener?.('online', wake);
        g.removeEventListener?.('focus', wake);
      };
    },
  };
}

export interface LiveOptions {
  shopUsername: string;
  /**
   * Refetch what the screen shows. `event` is the latest event of the group, or null for a poll, a
   * retry or a catch-up. Resolves to false when the data could not be fetched (anything else counts
   * as fresh data).
   */
  refresh: (event: QueueEvent | null) => Promise<boolean | void> | boolean | void;
  pollMs: number;
  /** Checks an event's shape; an event that fails it still triggers a refetch, without its details. */
  readEvent?: (data: unknown) => QueueEvent | null;
  /** 'retrying' while the last refetch failed, 'live' again once one succeeds. */
  onStatus?: (status: LiveStatus) => void;
  /** Whether the stream is open (false while the screen polls). */
  onStream?: (open: boolean) => void;
  /**
   * 'screen' (default): the screen has loaded its data by itself; every opening of the stream
   * refetches once to catch up. 'with-stream': the first load is made here, when the stream opens (so it covers
   * everything that changed before the stream listened), at once when the stream fails, or after
   * `firstLoadWaitMs` if it has not opened by then.
   */
  firstLoad?: 'screen' | 'with-stream';
  firstLoadWaitMs?: number;
  scheduler?: Scheduler;
  environment?: LiveEnvironment;
}

/** Reopening a stream costs one request: try at least as often as the server's own `retry: 3000`. */
const STREAM_REOPEN_MAX_MS = 3_000;
export const FIRST_LOAD_WAIT_MS = 3_000;

/** Follows one shop's queue until the returned stop function is called. */
export function followShop(options: LiveOptions): () => void {
  const { shopUsername, refresh, pollMs, readEvent, onStatus, onStream, scheduler = browserScheduler } = options;
  const environment = options.environment ?? browserEnvironment();
  let lastEvent: QueueEvent | null = null;
  const loop = createRefreshLoop({
    scheduler,
    onStatus,
    load: async () => {
      const event = lastEvent;
      lastEvent = null;
      return (await refresh(event)) !== false;
    },
  });

  let pollTimer: unknown = null;
  let source: LiveStream | null = null;
  let reopenTimer: unknown = null;
  let firstLoadTimer: unknown = null;
  let streamFailures = 0;
  let firstLoadPending = options.firstLoad === 'with-stream';
  let stopped = false;

  /** Makes the pending first load now; false when it was made already. */
  const firstLoad = () => {
    if (!firstLoadPending) return false;
    firstLoadPending = false;
    if (firstLoadTimer !== null) scheduler.clearTimeout(firstLoadTimer);
    firstLoadTimer = null;
    loop.now();
    return true;
  };

  // A poll repeats itself until the stream opens. While a retry is pending the back-off decides
  // when to try; a poll would only hammer.
  const poll = () => {
    pollTimer = scheduler.setTimeout(() => {
      if (loop.status() === 'live') loop.request();
      poll();
    }, pollMs);
  };
  const startPolling = () => {
    if (pollTimer === null) poll();
  };
  const stopPolling = () => {
    if (pollTimer !== null) scheduler.clearTimeout(pollTimer);
    pollTimer = null;
  };

  const connect = () => {
    if (stopped || !environment.openStream) return;
    const stream = environment.openStream(shopEventsUrl(shopUsername));
    source = stream;
    stream.addEventListener('open', () => {
      if (stopped || source !== stream) return;
      stopPolling();
      streamFailures = 0;
      onStream?.(true);
      // Whatever changed before the stream listened (or while it was down) was never announced.
      if (!firstLoad()) loop.now();
    });
    stream.addEventListener('error', () => {
      if (stopped || source !== stream) return;
      onStream?.(false);
      startPolling();
      // The stream dropping is the first sign of a lost network: check now rather than at the next poll.
      if (!firstLoad() && loop.status() === 'live') loop.request();
      // The browser retries a dropped stream by itself; one it gave up on is reopened with back-off.
      if (stream.readyState === STREAM_CLOSED) {
        stream.close();
        source = null;
        streamFailures += 1;
        reopenTimer = scheduler.setTimeout(() => {
          reopenTimer = null;
          connect();
        }, retryDelay(streamFailures, Math.random, RETRY_FIRST_MS, STREAM_REOPEN_MAX_MS));
      }
    });
    stream.addEventListener(QUEUE_EVENT_NAME, (message) => {
      if (stopped || source !== stream) return;
      lastEvent = (readEvent && typeof message.data === 'string' ? readEvent(safeJson(message.data)) : null) ?? lastEvent;
      // An event before the first load is covered by it.
      if (!firstLoadPending) loop.request();
    });
  };

  const wake = () => {
    if (stopped) return;
    if (environment.openStream && source === null) {
      if (reopenTimer !== null) scheduler.clearTimeout(reopenTimer);
      reopenTimer = null;
      connect();
    }
    if (!firstLoad()) loop.now();
  };
  const stopWaking = environment.onWake(wake);

  if (firstLoadPending) firstLoadTimer = scheduler.setTimeout(firstLoad, options.firstLoadWaitMs ?? FIRST_LOAD_WAIT_MS);
  if (environment.openStream) connect();
  else {
    firstLoad();
    startPolling();
  }

  return () => {
    stopped = true;
    loop.stop();
    stopPolling();
    if (reopenTimer !== null) scheduler.clearTimeout(reopenTimer);
    if (firstLoadTimer !== null) scheduler.clearTimeout(firstLoadTimer);
    source?.close();
    source = null;
    stopWaking();
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
