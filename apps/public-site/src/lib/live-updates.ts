import { QUEUE_EVENT_NAME, queueEvent, type QueueEvent } from '@chairline/shared';
import { API_PATHS } from './api-contract.js';

// Keeps a page current: the shop's server-sent event stream says *that* something changed and the
// page refetches what it shows. While the stream is down (or the browser has no EventSource) the
// page polls instead (spec §4). Returns a stop function.

export interface LiveOptions {
  shopUsername: string;
  /** Refetch what the page shows. `event` is null for a poll or a reconnect. */
  refresh: (event: QueueEvent | null) => void;
  pollMs: number;
}

/** Events arriving together (a call-next moves several tickets) cause one refetch, not a burst. */
const COALESCE_MS = 100;

export function followShop({ shopUsername, refresh: refreshNow, pollMs }: LiveOptions): () => void {
  let pending: ReturnType<typeof setTimeout> | null = null;
  let lastEvent: QueueEvent | null = null;
  const refresh = (event: QueueEvent | null) => {
    lastEvent = event ?? lastEvent;
    if (pending !== null) return;
    pending = setTimeout(() => {
      pending = null;
      const event = lastEvent;
      lastEvent = null;
      refreshNow(event);
    }, COALESCE_MS);
  };
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let source: EventSource | null = null;
  let stopped = false;

  const startPolling = () => {
    if (pollTimer === null) pollTimer = setInterval(() => refresh(null), pollMs);
  };
  const stopPolling = () => {
    if (pollTimer !== null) clearInterval(pollTimer);
    pollTimer = null;
  };

  const onVisible = () => {
    if (document.visibilityState === 'visible') refresh(null);
  };
  document.addEventListener('visibilitychange', onVisible);

  if (typeof EventSource === 'undefined') {
    startPolling();
  } else {
    let opened = false;
    source = new EventSource(API_PATHS.events(shopUsername));
    source.addEventListener('open', () => {
      stopPolling();
      // Events sent while the stream was down are lost: catch up once.
      if (opened) refresh(null);
      opened = true;
    });
    source.addEventListener('error', () => {
      if (stopped) return;
      startPolling();
    });
    source.addEventListener(QUEUE_EVENT_NAME, (message) => {
      const parsed = queueEvent.safeParse(safeJson((message as MessageEvent<string>).data));
      refresh(parsed.success ? parsed.data : null);
    });
  }

  return () => {
    stopped = true;
    stopPolling();
    if (pending !== null) clearTimeout(pending);
    source?.close();
    document.removeEventListener('visibilitychange', onVisible);
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
