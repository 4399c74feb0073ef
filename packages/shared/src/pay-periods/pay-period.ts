import { addDays, addMonths, differenceInCalendarDays, format, parseISO, startOfMonth, startOfWeek } from 'date-fns';

export type PaymentCycle = 'weekly' | 'biweekly' | 'monthly';

/** Two-week periods count from this Monday, so every shop's biweekly periods line up the same way. */
const BIWEEKLY_ANCHOR = parseISO('2024-01-01');

/**
 * The pay period (inclusive local dates, YYYY-MM-DD) that contains `day`: weeks start on Monday,
 * biweekly periods are anchored on 2024-01-01 (a Monday), months are calendar months.
 */
export function payPeriod(cycle: PaymentCycle, day: string): { start: string; end: string } {
  const d = parseISO(day);
  let start: Date;
  let next: Date;
  if (cycle === 'monthly') {
    start = startOfMonth(d);
    next = addMonths(start, 1);
  } else if (cycle === 'weekly') {
    start = startOfWeek(d, { weekStartsOn: 1 });
    next = addDays(start, 7);
  } else {
    const offset = Math.floor(differenceInCalendarDays(d, BIWEEKLY_ANCHOR) / 14) * 14;
    start = addDays(BIWEEKLY_ANCHOR, offset);
    next = addDays(start, 14);
  }
  return { start: format(start, 'yyyy-MM-dd'), end: format(addDays(next, -1), 'yyyy-MM-dd') };
}
