import { useEffect, useState } from 'react';
import { useSession } from '../layout/session';
import { apiGet } from '../settings/api';

/** The shop's IANA zone (public GET /shop/), falling back to the browser's while it loads. */
export function useShopTimeZone(): { timeZone: string; ready: boolean } {
  const { user } = useSession();
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    apiGet<{ timezone: string }>('/shop/', { shop_username: user.shop_username })
      .then((shop) => live && setZone(shop.timezone))
      .catch(() => live && setZone(browser));
    return () => {
      live = false;
    };
  }, [user.shop_username, browser]);
  return { timeZone: zone ?? browser, ready: zone !== null };
}
