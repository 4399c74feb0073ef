import { POLL_NEXT_BARBER_MS, QUEUE_EVENT_NAME } from '@chairline/shared';
import { useEffect, useRef, useState } from 'react';

/**
 * Calls `refresh` whenever the shop's queue changes: server-sent events from
 * GET /api/events/?shop_username= (event `queue`), with polling every 10 s while the stream is
 * down. Bursts of events (a call-next publishes several) collapse into one refetch.
 */
export function useLiveRefresh(shopUsername: string | null | undefined, refresh: () => void): { live: boolean } {
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!shopUsername) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => refreshRef.current(), 150);
    };
    const source = new EventSource(`/api/events/?shop_username=${encodeURIComponent(shopUsername)}`);
    source.addEventListener(QUEUE_EVENT_NAME, soon);
    source.onopen = () => {
      setLive(true);
      soon(); // catch up on what changed while the stream was down
    };
    source.onerror = () => setLive(false);
    const poll = setInterval(() => {
      if (source.readyState !== EventSource.OPEN) refreshRef.current();
    }, POLL_NEXT_BARBER_MS);
    return () => {
      clearTimeout(timer);
      clearInterval(poll);
      source.close();
    };
  }, [shopUsername]);

  return { live };
}
