import {
  hoursAt,
  hoursRefusal,
  hoursStatusLine,
  formatDayHours,
  OPENING_HOURS_MESSAGES,
  QUEUE_MESSAGES,
  type CheckInClosedReason,
  type PublicShop,
} from '@chairline/shared';
import { conflict } from '../../http/errors.js';
import type { GateFacts } from './opening-hours-repository.js';

// The facts are read in opening-hours-repository.ts; re-exported for the routes that gate check-ins.
export { gateFactsById, gateFactsByUsername, type GateFacts } from './opening-hours-repository.js';

export interface CheckInGate {
  open: boolean;
  reason: CheckInClosedReason | null;
  message: string | null;
  nextOpening: Date | null;
}

/**
 * Whether a customer (public page or kiosk) may check in at `now`, first reason first: the shop
 * paused its list, the hours say closed, the last-call window, the plan's monthly check-ins.
 * Staff adding a walk-in at the desk are not held by this gate.
 */
export function checkInGate(facts: GateFacts, now: Date, limitReached: boolean): CheckInGate {
  const hours = hoursAt(facts.opening_hours, facts.last_check_in_minutes, now, facts.zone);
  if (facts.walkins_paused_at !== null) {
    return { open: false, reason: 'paused', message: OPENING_HOURS_MESSAGES.paused(facts.walkins_pause_reason), nextOpening: null };
  }
  const refusal = hoursRefusal(hours, facts.last_check_in_minutes, now, facts.zone);
  if (refusal) return { open: false, ...refusal };
  if (limitReached) return { open: false, reason: 'limit_reached', message: QUEUE_MESSAGES.checkInLimitReached, nextOpening: null };
  return { open: true, reason: null, message: null, nextOpening: null };
}

/** The public shop reply's fields about hours and check-ins. */
export function publicHoursFields(
  facts: GateFacts,
  now: Date,
  limitReached: boolean,
): Required<Pick<PublicShop, 'check_in' | 'open_now' | 'today_hours' | 'closes_at' | 'hours_status' | 'changes_at'>> {
  const hours = hoursAt(facts.opening_hours, facts.last_check_in_minutes, now, facts.zone);
  const gate = checkInGate(facts, now, limitReached);
  return {
    check_in: { open: gate.open, reason: gate.reason, message: gate.message, next_opening: gate.nextOpening?.toISOString() ?? null },
    open_now: hours.openNow,
    today_hours: hours.today ? formatDayHours(hours.today) : null,
    closes_at: hours.openNow ? (hours.closesAt?.toISOString() ?? null) : null,
    hours_status: hoursStatusLine(hours, now, facts.zone),
    changes_at: hours.nextChangeAt?.toISOString() ?? null,
  };
}

/**
 * Refuses a customer's check-in (409, with the reason and the next opening) while the shop is
 * paused, closed or past its last call. The monthly limit is checked where the ticket is queued.
 */
export function refuseCheckInsOutsideHours(facts: GateFacts, now: Date): void {
  const gate = checkInGate(facts, now, false);
  if (!gate.open && gate.message) throw conflict(gate.message);
}
