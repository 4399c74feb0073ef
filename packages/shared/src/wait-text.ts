import { formatEstimatedTime } from './durations.js';
import type { WaitRange as EtaRange } from './queue-rules.js';

// No zod here: the public pages import this module on its own (`@chairline/shared/wait-text`).

/** Waits longer than this are not promised to the minute: they read "more than 3 hours". */
export const WAIT_CAP_MINUTES = 180;
/** A range at most this wide reads as one figure ("about 20 min"). */
export const NARROW_WAIT_MINUTES = 10;

const round5 = (m: number) => Math.max(5, Math.round(m / 5) * 5);

/**
 * The one wording of a wait on every screen (ticket, shop page, kiosk, TV, staff board):
 * - no estimate: "—"; nothing ahead: "Now";
 * - a narrow range: one figure, "about 20 min";
 * - under an hour: "20–40 min"; over an hour: "1 h 10 min – 1 h 40 min";
 * - past three hours: "more than 3 hours" (or "more than 2 h 30 min" when only the top is past it),
 *   never thousands of minutes.
 */
export function formatWait(eta: EtaRange | null | undefined): string {
  if (!eta) return '—';
  const min = Math.max(0, Math.min(eta.min_minutes, eta.max_minutes));
  const max = Math.max(0, eta.max_minutes, eta.min_minutes);
  if (max <= 0) return 'Now';
  if (min >= WAIT_CAP_MINUTES) return `more than ${WAIT_CAP_MINUTES / 60} hours`;
  if (max > WAIT_CAP_MINUTES) return `more than ${formatEstimatedTime(round5(min))}`;
  if (max - min <= NARROW_WAIT_MINUTES) return `about ${formatEstimatedTime(round5((min + max) / 2))}`;
  if (min <= 0) return `under ${formatEstimatedTime(max)}`;
  if (max < 60) return `${min}–${max} min`;
  return `${formatEstimatedTime(min)} – ${formatEstimatedTime(max)}`;
}

/** True when the range means "no wait": the barber or the line is free now. */
export const isWaitNow = (eta: EtaRange | null | undefined) => eta !== null && eta !== undefined && eta.max_minutes <= 0;

/** "1 check-in today", "2 check-ins today". */
export const checkInsTodayText = (count: number) => `${count} ${count === 1 ? 'check-in' : 'check-ins'} today`;

/** "1 waiting", "2 waiting" reads the same; "1 person", "2 people" does not. */
export const peopleText = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;
