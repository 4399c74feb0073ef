import { POLL_NEXT_BARBER_MS } from '@chairline/shared/constants';
import { followShop } from '@chairline/shared/live-updates';
import { useEffect, useRef, useState } from 'react';

/**
 * Calls `refresh` whenever the shop's queue changes, through the live-update client the public
 * pages use too (events grouped into one refetch, polling every 10 s while the stream is down,
 * catching up when it reopens or the tab comes back). `live` is whether the stream is open.
 * With `loadsFirst` the screen's first load is made here, when the stream opens.
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
    return followShop({
      shopUsername,
      pollMs: POLL_NEXT_BARBER_MS,
      refresh: () => refreshRef.current(),
      onStream: setLive,
      firstLoad: loadsFirst ? 'with-stream' : 'screen',
    });
  }, [shopUsername, loadsFirst]);

  return { live };
}
