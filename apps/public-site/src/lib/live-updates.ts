import type { QueueEvent } from '@chairline/shared';
import { QUEUE_EVENT_NAME } from '@chairline/shared/queue-rules';
import { API_PATHS } from './api-contract.js';
import { queueEvent } from './reply-shapes.js';
import { createRefreshLoop, type LiveStatus } from './refresh-loop.js';
import { browserScheduler, RETRY_FIRST_MS, retryDelay, type Scheduler } from './retry-schedule.js';

// Keeps a page current: the shop's server-sent event stream says *that* something changed and the
// page refetches what it shows. While the stream is down (or the browser has no EventSource) the
// page polls instead. A failed refetch keeps the page's data and retries with back-off; the
// network coming back, the tab becoming visible or focused, and the stream reconnecting each
// refetch at once. Returns a stop function.

export type { LiveStatus } from './refresh-loop.js';

export interface LiveOptions {
  shopUsername: string;
  /**
   * Refetch what the page shows. `event` is null for a poll, a retry or a reconnect. Resolves to
   * false when the data could not be fetched (anything else counts as fresh data).
   */
  refresh: (event: QueueEvent | null) => Promise<boolean | void> | boolean | void;
  pollMs: number;
  /** 'retrying' while the last refetch failed, 'live' again once one succeeds. */
  onStatus?: (status: LiveStatus) => void;
  scheduler?: Scheduler;
}

/** Reopening a stream costs one request: try at least as often as the server's own `retry: 3000`. */
const STREAM_REOPEN_MAX_MS = 3_000;

export function followShop({ shopUsername, refresh, pollMs, onStatus, scheduler = browserScheduler }: LiveOptions): () => void {
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

  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let source: EventSource | null = null;
  let reopenTimer: unknown = null;
  let streamFailures = 0;
  let connectedBefore = false;
  let stopped = false;

  // While a retry is pending the back-off decides when to try; a poll would only hammer.
  const startPolling = () => {
    if (pollTimer === null) pollTimer = setInterval(() => loop.status() === 'live' && loop.request(), pollMs);
  };
  const stopPolling = () => {
    if (pollTimer !== null) clearInterval(pollTimer);
    pollTimer = null;
  };

  const connect = () => {
    if (stopped || typeof EventSource === 'undefined') return;
    const stream = new EventSource(API_PATHS.events(shopUsername));
    source = stream;
    stream.addEventListener('open', () => {
      stopPolling();
      streamFailures = 0;
      // Events sent while the stream was down are lost, and a failed refetch may be waiting on
      // its back-off: catch up at once.
      if (connectedBefore || loop.status() === 'retrying') loop.now();
      connectedBefore = true;
    });
    stream.addEventListener('error', () => {
      if (stopped || source !== stream) return;
      startPolling();
      // The stream dropping is the first sign of a lost network: check now rather than at the next poll.
      if (loop.status() === 'live') loop.request();
      // The browser retries a dropped stream by itself; one it gave up on is reopened with back-off.
      if (stream.readyState === EventSource.CLOSED) {
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
      const event = safeJson((message as MessageEvent<string>).data);
      lastEvent = queueEvent(event) ? event : lastEvent;
      loop.request();
    });
  };

  const reopenNow = () => {
    if (stopped || typeof EventSource === 'undefined' || source !== null) return;
    if (reopenTimer !== null) scheduler.clearTimeout(reopenTimer);
    reopenTimer = null;
    connect();
  };
  const onOnline = () => {
    reopenNow();
    loop.now();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') onOnline();
  };
  const onFocus = () => onOnline();
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onFocus);

  if (typeof EventSource === 'undefined') startPolling();
  else connect();

  return () => {
    stopped = true;
    loop.stop();
    stopPolling();
    if (reopenTimer !== null) scheduler.clearTimeout(reopenTimer);
    source?.close();
    source = null;
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('focus', onFocus);
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
