import { TZDate, tz } from '@date-fns/tz';
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

/** The zone itself when the device knows it, else the default (UTC). */
export function knownZone(timeZone: string | null | undefined): string {
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

// Reading and writing the shop's wall clock: a day ('yyyy-MM-dd') and a time ('HH:mm') typed in a
// form mean that day and time in the shop, whatever zone the device is in.

/** 'yyyy-MM-dd': the shop's calendar day of an instant (the value of a date input). */
export const shopDay = (value: string | number | Date, timeZone: string | null | undefined) => formatInShopZone(value, timeZone, 'yyyy-MM-dd');

/** 'HH:mm' (24-hour) on the shop's clock (the value of a time input). */
export const shopClock = (value: string | number | Date, timeZone: string | null | undefined) => formatInShopZone(value, timeZone, 'HH:mm');

/** Minutes since midnight on the shop's clock (0 for an instant that cannot be read). */
export function shopMinutes(value: string | number | Date, timeZone: string | null | undefined): number {
  const instant = value instanceof Date ? value : new Date(value);
  if (!isValid(instant)) return 0;
  const local = new TZDate(instant.getTime(), knownZone(timeZone));
  return local.getHours() * 60 + local.getMinutes();
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{2}):(\d{2})/;

/**
 * The instant of a wall-clock day ('yyyy-MM-dd') and time ('HH:mm') in the shop's zone, or null when
 * either cannot be read. A time skipped by a daylight-saving change moves forward by the gap.
 */
export function shopInstant(day: string, time: string, timeZone: string | null | undefined): Date | null {
  const d = DAY.exec(day);
  const t = CLOCK.exec(time);
  if (!d || !t) return null;
  const [year, month, date, hours, minutes] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [number, number, number, number, number];
  if (hours > 23 || minutes > 59) return null;
  const local = new TZDate(year, month - 1, date, hours, minutes, knownZone(timeZone));
  if (!isValid(local) || local.getDate() !== date) return null;
  return new Date(local.getTime());
}

// Days as 'yyyy-MM-dd' text are zone-free: moving by days and naming a day never read any clock.

function dayAtUtcNoon(day: string): Date {
  const d = DAY.exec(day);
  return d ? new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), 12)) : new Date(Number.NaN);
}

/** The day `n` days after (before, when negative) `day`. */
export function shiftDay(day: string, n: number): string {
  const at = dayAtUtcNoon(day);
  at.setUTCDate(at.getUTCDate() + n);
  return format(at, 'yyyy-MM-dd', { in: tz('UTC') });
}

/** The Monday of the week containing `day`. */
export function mondayOf(day: string): string {
  const weekday = dayAtUtcNoon(day).getUTCDay();
  return shiftDay(day, -((weekday + 6) % 7));
}

/** A day written with a date-fns `pattern` ("EEE, MMM d" → "Mon, Nov 23"). */
export const formatDay = (day: string, pattern: string) => formatInShopZone(dayAtUtcNoon(day), 'UTC', pattern);
