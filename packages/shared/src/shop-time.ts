import { tz } from '@date-fns/tz';
import { format, isValid } from 'date-fns';

/**
 * Every date and time a person reads is shown on the shop's wall clock (the shop's time zone),
 * never the device's: a barber, an owner abroad and a customer's phone all see the same "10:05 AM".
 * The zone is always passed in; nothing here reads the process's or the browser's zone.
 */

/** "10:05 AM" */
export const SHOP_TIME_FORMAT = 'h:mm a';
/** "Mar 4, 2030" */
export const SHOP_DATE_FORMAT = 'MMM d, yyyy';
/** "Mar 4, 2030 10:05 AM" */
export const SHOP_DATE_TIME_FORMAT = `${SHOP_DATE_FORMAT} ${SHOP_TIME_FORMAT}`;

/** Shown in place of a time that cannot be read. */
export const NO_TIME = '—';

/** The zone a shop's times are shown in when the given one is missing or unknown. */
export const DEFAULT_SHOP_TIME_ZONE = 'UTC';

function knownZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_SHOP_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_SHOP_TIME_ZONE;
  }
}

/** An instant (ISO text, epoch milliseconds or Date) written with `pattern` in the shop's zone. */
export function formatInShopZone(value: string | number | Date, timeZone: string | null | undefined, pattern: string): string {
  const instant = value instanceof Date ? value : new Date(value);
  if (!isValid(instant)) return NO_TIME;
  return format(instant, pattern, { in: tz(knownZone(timeZone)) });
}

/** "10:05 AM" on the shop's clock. */
export const formatShopTime = (value: string | number | Date, timeZone: string | null | undefined) =>
  formatInShopZone(value, timeZone, SHOP_TIME_FORMAT);

/** "Mar 4, 2030": the shop's calendar day of the instant. */
export const formatShopDate = (value: string | number | Date, timeZone: string | null | undefined) =>
  formatInShopZone(value, timeZone, SHOP_DATE_FORMAT);

/** "Mar 4, 2030 10:05 AM" on the shop's clock. */
export const formatShopDateTime = (value: string | number | Date, timeZone: string | null | undefined) =>
  formatInShopZone(value, timeZone, SHOP_DATE_TIME_FORMAT);
