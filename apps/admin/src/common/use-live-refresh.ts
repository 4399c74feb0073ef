import { POLL_NEXT_BARBER_MS, QUEUE_EVENT_NAME } from '@chairline/shared';
import { useEffect, useRef, useState } from 'react';

/** How long a page that lets the stream make its first load waits for the stream to open. */
const FIRST_LOAD_WAIT_MS = 3000;

/**
 * Calls `refresh` whenever the shop's queue changes: server-sent events from
 * GET /api/events/?shop_username= (event `queue`), with polling every 10 s while the stream is
 * down. Bursts of events (a call-next publishes several) collapse into one refetch.
 */
export function useLiveRefresh(
  shopUsername: string | null | undefined,
  refresh: () => void,
  options: { loadsFirst?: boolean } = {},
): { live: boolean } {
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const [live, setLive] = useState(false);
  const loadsFirst = options.loadsFirst ?? false;

  useEffect(() => {
    if (!shopUsername) {
      if (loadsFirst) refreshRef.current();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    // With loadsFirst the page's first load is made here, once: when the stream opens (so it also
    // covers anything that changed before the stream listened), at once when the stream fails, or
    // after FIRST_LOAD_WAIT_MS if it has not opened by then. Without it the page loads by itself and
    // the stream's opening refreshes again to catch up.
    let firstLoadDone = !loadsFirst;
    let firstLoadTimer: ReturnType<typeof setTimeout> | undefined;
    const firstLoad = () => {
      if (firstLoadDone) return false;
      firstLoadDone = true;
      clearTimeout(firstLoadTimer);
      refreshRef.current();
      return true;
    };
    if (loadsFirst) firstLoadTimer = setTimeout(firstLoad, FIRST_LOAD_WAIT_MS);
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => refreshRef.current(), 150);
    };
    const source = new EventSource(`/api/events/?shop_username=${encodeURIComponent(shopUsername)}`);
    source.addEventListener(QUEUE_EVENT_NAME, soon);
    source.onopen = () => {
      setLive(true);
      if (!firstLoad()) soon(); // catch up on what changed while the stream was down
    };
    source.onerror = () => {
      setLive(false);
      firstLoad();
    };
    const poll = setInterval(() => {
      if (source.readyState !== EventSource.OPEN) refreshRef.current();
    }, POLL_NEXT_BARBER_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(firstLoadTimer);
      clearInterval(poll);
      source.close();
    };
  }, [shopUsername, loadsFirst]);

  return { live };
}
