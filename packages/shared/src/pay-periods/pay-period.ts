import { addDays, addMonths, differenceInCalendarDays, format, getDaysInMonth, parseISO, setDate } from 'date-fns';

export type PaymentCycle = 'weekly' | 'biweekly' | 'semimonthly' | 'monthly';

/**
 * The first day of pay periods when a shop has chosen none: a Monday and the 1st of a month, so
 * weeks run Monday to Sunday, two-week periods line up the same way in every shop, and months are
 * calendar months.
 */
export const DEFAULT_PAY_PERIOD_START = '2024-01-01';

/** A new barber's commission when none is given: the usual 50/50 split of chair commission. */
export const DEFAULT_COMMISSION_PERCENTAGE = 50;

export interface PayPeriod {
  /** First day, inclusive, YYYY-MM-DD on the shop's calendar. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

const day = (d: Date) => format(d, 'yyyy-MM-dd');

/** The given day of the month of `d`, or the month's last day when it is shorter. */
const dayOfMonth = (d: Date, wanted: number) => setDate(d, Math.min(wanted, getDaysInMonth(d)));

/**
 * The pay period (inclusive local dates, YYYY-MM-DD) that contains `date`, for a shop whose pay
 * periods start on `anchor`:
 * - weekly and biweekly: blocks of 7 or 14 days counted from the anchor, forwards and backwards;
 * - semimonthly (twice a month): the 1st to the 15th, and the 16th to the month's last day;
 * - monthly: from the anchor's day of the month to the day before it in the next month (a day the
 *   month does not have, such as the 31st, is its last day).
 */
export function payPeriod(cycle: PaymentCycle, date: string, anchor: string = DEFAULT_PAY_PERIOD_START): PayPeriod {
  const d = parseISO(date);
  const a = parseISO(anchor);
  if (cycle === 'weekly' || cycle === 'biweekly') {
    const length = cycle === 'weekly' ? 7 : 14;
    const start = addDays(a, Math.floor(differenceInCalendarDays(d, a) / length) * length);
    return { start: day(start), end: day(addDays(start, length - 1)) };
  }
  if (cycle === 'semimonthly') {
    if (d.getDate() <= 15) return { start: day(setDate(d, 1)), end: day(setDate(d, 15)) };
    return { start: day(setDate(d, 16)), end: day(setDate(d, getDaysInMonth(d))) };
  }
  const anchorDay = a.getDate();
  let start = dayOfMonth(d, anchorDay);
  if (start > d) start = dayOfMonth(addMonths(setDate(d, 1), -1), anchorDay);
  const next = dayOfMonth(addMonths(setDate(start, 1), 1), anchorDay);
  return { start: day(start), end: day(addDays(next, -1)) };
}

/** The last pay period that has ended by `today` (the one just before the period containing it). */
export function lastCompletePayPeriod(cycle: PaymentCycle, today: string, anchor: string = DEFAULT_PAY_PERIOD_START): PayPeriod {
  const current = payPeriod(cycle, today, anchor);
  return payPeriod(cycle, day(addDays(parseISO(current.start), -1)), anchor);
}
