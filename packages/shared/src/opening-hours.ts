import { TZDate } from '@date-fns/tz';
import { WEEKDAYS, type OpeningHours } from './schemas/settings.js';

// When a shop takes check-ins, from its weekly opening hours, read on the shop's own wall clock
// (its time zone, whatever the server's or the visitor's). Pure: the caller passes the instant.
//
// - No hours set for any day: the shop is open around the clock (shops that never filled in their
//   hours are not locked out).
// - A day without an entry, while other days have one: no limit that day (open all day), as for
//   appointments. A day marked closed: no check-ins that day.
// - Open from `open` (included) to `close` (excluded); hours cannot run past midnight (the closing
//   time must come after the opening time on the same day).
// - Last call: with N > 0 minutes, check-ins stop N minutes before closing.
// - DST: the decision uses the local wall-clock time, so a day that is 23 or 25 hours long keeps
//   its hours; an opening time that does not exist that day (in the spring-forward gap) moves to
//   the next time that does.

type Weekday = (typeof WEEKDAYS)[number];

export const LAST_CHECK_IN_MAX_MINUTES = 720;

export interface HoursNow {
  /** False when the shop has set no hours at all: always open. */
  hoursSet: boolean;
  /** Inside today's opening hours (or a day with no limit). */
  openNow: boolean;
  /** Open, but inside the last-call window: no new check-ins. */
  lastCall: boolean;
  /** Today's hours, null when closed today or when today has no limit. */
  today: { open: string; close: string } | null;
  /** Today's closing instant while open now (null on a day without a limit). */
  closesAt: Date | null;
  /** The last instant a check-in is taken today (closing minus the last-call minutes). */
  lastCheckInAt: Date | null;
  /** While no check-in is taken by the hours: the next opening; null when open or never. */
  nextOpening: Date | null;
  /** The next instant at which the answer above changes by the clock alone. */
  nextChangeAt: Date | null;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function weekdayOf(date: TZDate): Weekday {
  // getDay(): 0 = Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(date.getDay() + 6) % 7] as Weekday;
}

/** The instant of a local wall-clock time `days` after the local date of `base`. */
function localInstant(base: TZDate, days: number, hhmm: string, timeZone: string): Date {
  const at = new TZDate(base.getFullYear(), base.getMonth(), base.getDate() + days, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)), timeZone);
  return new Date(at.getTime());
}

export function hasOpeningHours(hours: OpeningHours): boolean {
  return WEEKDAYS.some((d) => hours[d] !== undefined);
}

/** The first opening strictly after the local date of `local` (up to a week ahead), or null. */
function nextOpeningAfterToday(hours: OpeningHours, local: TZDate, timeZone: string): Date | null {
  for (let days = 1; days <= 7; days++) {
    const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + days, 12, 0, timeZone);
    const entry = hours[weekdayOf(day)];
    if (!entry) return localInstant(local, days, '00:00', timeZone);
    if (!entry.closed) return localInstant(local, days, entry.open, timeZone);
  }
  return null;
}

export function hoursAt(hours: OpeningHours, lastCheckInMinutes: number, now: Date, timeZone: string): HoursNow {
  const none: HoursNow = {
    hoursSet: false,
    openNow: true,
    lastCall: false,
    today: null,
    closesAt: null,
    lastCheckInAt: null,
    nextOpening: null,
    nextChangeAt: null,
  };
  if (!hasOpeningHours(hours)) return none;
  const local = new TZDate(now.getTime(), timeZone);
  const minutes = local.getHours() * 60 + local.getMinutes();
  const entry = hours[weekdayOf(local)];
  const midnight = () => localInstant(local, 1, '00:00', timeZone);
  if (!entry) return { ...none, hoursSet: true, nextChangeAt: midnight() };
  if (entry.closed) {
    const nextOpening = nextOpeningAfterToday(hours, local, timeZone);
    return { ...none, hoursSet: true, openNow: false, nextOpening, nextChangeAt: nextOpening };
  }
  const today = { open: entry.open, close: entry.close };
  const closesAt = localInstant(local, 0, entry.close, timeZone);
  if (minutes < minutesOf(entry.open)) {
    const nextOpening = localInstant(local, 0, entry.open, timeZone);
    return { ...none, hoursSet: true, openNow: false, today, nextOpening, nextChangeAt: nextOpening };
  }
  if (minutes >= minutesOf(entry.close)) {
    const nextOpening = nextOpeningAfterToday(hours, local, timeZone);
    return { ...none, hoursSet: true, openNow: false, today, nextOpening, nextChangeAt: nextOpening };
  }
  const lastCall = Math.max(0, Math.min(lastCheckInMinutes, LAST_CHECK_IN_MAX_MINUTES));
  const lastCheckInAt = new Date(closesAt.getTime() - lastCall * 60_000);
  if (lastCall > 0 && now.getTime() >= lastCheckInAt.getTime()) {
    return {
      ...none,
      hoursSet: true,
      lastCall: true,
      today,
      closesAt,
      lastCheckInAt,
      nextOpening: nextOpeningAfterToday(hours, local, timeZone),
      nextChangeAt: closesAt,
    };
  }
  return { ...none, hoursSet: true, today, closesAt, lastCheckInAt, nextChangeAt: lastCall > 0 ? lastCheckInAt : closesAt };
}

// ---------- wording ----------

/** '09:00' → '9:00 am', '12:30' → '12:30 pm', '00:00' → '12:00 am'. */
export function formatClockTime(hhmm: string): string {
  const h = Number(hhmm.slice(0, 2));
  const suffix = h < 12 ? 'am' : 'pm';
  return `${h % 12 === 0 ? 12 : h % 12}:${hhmm.slice(3, 5)} ${suffix}`;
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** '9:00 am – 7:00 pm'. */
export const formatDayHours = (day: { open: string; close: string }) => `${formatClockTime(day.open)} – ${formatClockTime(day.close)}`;

/** The wall-clock 'HH:MM' of an instant in a zone. */
function clockOf(at: Date, timeZone: string): string {
  const local = new TZDate(at.getTime(), timeZone);
  return `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
}

/** 'today', 'Tuesday' (within the coming week) or 'next Tuesday' (the same weekday a week on). */
export function dayWord(at: Date, now: Date, timeZone: string): string {
  const a = new TZDate(at.getTime(), timeZone);
  const n = new TZDate(now.getTime(), timeZone);
  const days = Math.round(
    (Date.UTC(a.getFullYear(), a.getMonth(), a.getDate()) - Date.UTC(n.getFullYear(), n.getMonth(), n.getDate())) / 86_400_000,
  );
  const name = DAY_NAMES[a.getDay()] ?? '';
  if (days === 0) return 'today';
  return days >= 7 ? `next ${name}` : name;
}

/** 'Tuesday at 9:00 am'. */
export const formatOpening = (at: Date, now: Date, timeZone: string) => `${dayWord(at, now, timeZone)} at ${formatClockTime(clockOf(at, timeZone))}`;

export const CHECK_IN_CLOSED_REASONS = ['closed', 'last_call', 'paused', 'limit_reached'] as const;
export type CheckInClosedReason = (typeof CHECK_IN_CLOSED_REASONS)[number];

export const OPENING_HOURS_MESSAGES = {
  closed: (next: string | null) => (next ? `We're closed now. We open again ${next}.` : "We're closed now."),
  lastCall: (minutes: number, close: string, next: string | null) =>
    `We've stopped taking check-ins for today: the last check-in is ${minutes} minutes before we close at ${close}.` +
    (next ? ` We open again ${next}.` : ''),
  paused: (reason: string | null) => (reason ? `Check-ins are paused: ${reason}` : 'Check-ins are paused right now. Please ask at the front desk.'),
  pauseReasonTooLong: 'The reason is too long (200 characters at most).',
  lastCheckInMinutes: `The last check-in must be between 0 and ${LAST_CHECK_IN_MAX_MINUTES} minutes before closing.`,
} as const;

/** The header line: 'Open now · closes at 7:00 pm', 'Closed now · opens Tuesday 9:00 am'; null without hours. */
export function hoursStatusLine(h: HoursNow, now: Date, timeZone: string): string | null {
  if (!h.hoursSet) return null;
  if (h.openNow) return h.closesAt ? `Open now · closes at ${formatClockTime(clockOf(h.closesAt, timeZone))}` : 'Open now';
  if (!h.nextOpening) return 'Closed now';
  return `Closed now · opens ${dayWord(h.nextOpening, now, timeZone)} ${formatClockTime(clockOf(h.nextOpening, timeZone))}`;
}

/** Why the hours refuse a check-in now (closed or last call) and the message, or null when they allow it. */
export function hoursRefusal(
  h: HoursNow,
  lastCheckInMinutes: number,
  now: Date,
  timeZone: string,
): { reason: 'closed' | 'last_call'; message: string; nextOpening: Date | null } | null {
  const next = h.nextOpening ? formatOpening(h.nextOpening, now, timeZone) : null;
  if (!h.openNow) return { reason: 'closed', message: OPENING_HOURS_MESSAGES.closed(next), nextOpening: h.nextOpening };
  if (h.lastCall && h.today) {
    return {
      reason: 'last_call',
      message: OPENING_HOURS_MESSAGES.lastCall(lastCheckInMinutes, formatClockTime(h.today.close), next),
      nextOpening: h.nextOpening,
    };
  }
  return null;
}
