import { DEFAULT_SHOP_TIME_ZONE } from '@chairline/shared';
import { useSession } from '../layout/session';

/**
 * The shop's time zone in force (from the signed-in session, refreshed when the settings change).
 * Every date and time the back office shows or reads from a form is on this clock, never the device's.
 */
export function useShopTimeZone(): string {
  return useSession().user.shop_time_zone ?? DEFAULT_SHOP_TIME_ZONE;
}
