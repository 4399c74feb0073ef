import type { CommissionEarner, CommissionRow, PayPeriod } from '@chairline/shared';
import { DEFAULT_PAY_PERIOD_START, formatInShopZone, lastCompletePayPeriod, normalizeRole, payPeriod } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { shopTimeZone } from '../../lib/shop-time-zone-repository.js';
import { commissionPeople, paidInvoiceSums, payPeriodAnchor } from '../commissions/commissions-repository.js';

/** The shop's calendar: today in its time zone (from the injected clock) and where its pay periods start. */
export async function shopPayCalendar(sql: Sql, shopId: number, now: Date): Promise<{ today: string; anchor: string }> {
  const zone = await shopTimeZone(sql, shopId);
  const anchor = await payPeriodAnchor(sql, shopId);
  return { today: formatInShopZone(now, zone?.effective, 'yyyy-MM-dd'), anchor: anchor ?? DEFAULT_PAY_PERIOD_START };
}

/** Everyone who earns commission, with their settings and the pay period that ended last. */
export async function commissionEarners(sql: Sql, shopId: number, now: Date): Promise<{ today: string; anchor: string; members: CommissionEarner[] }> {
  const { today, anchor } = await shopPayCalendar(sql, shopId, now);
  const rows = await commissionPeople(sql, shopId, true);
  return {
    today,
    anchor,
    members: rows.map((r) => {
      const last = lastCompletePayPeriod(r.payment_cycle, today, anchor);
      return {
        barber_id: r.id,
        name: r.name,
        role: normalizeRole(r.role),
        is_owner: r.is_owner,
        payment_cycle: r.payment_cycle,
        percentage: Number(r.percentage),
        last_period_start: last.start,
        last_period_end: last.end,
      };
    }),
  };
}

/**
 * Commission per person for a pay period: their paid invoices of the period times their
 * percentage, rounded to the cent. By default each person's last complete pay period (their own
 * cycle, counted from the shop's first pay-period day, in the shop's time zone); `date` gives the
 * period containing that day instead, and `from`/`to` one range for everyone. Listed: everyone who
 * cuts hair, and anyone else only for a period in which they have paid invoices.
 */
export async function commissionReport(
  sql: Sql,
  shopId: number,
  options: { date?: string; from?: string; to?: string },
  now: Date,
): Promise<CommissionRow[]> {
  const { today, anchor } = await shopPayCalendar(sql, shopId, now);
  const rows: CommissionRow[] = [];
  for (const b of await commissionPeople(sql, shopId, false)) {
    const period: PayPeriod =
      options.from && options.to
        ? { start: options.from, end: options.to }
        : options.date
          ? payPeriod(b.payment_cycle, options.date, anchor)
          : lastCompletePayPeriod(b.payment_cycle, today, anchor);
    const sums = await paidInvoiceSums(sql, shopId, b.id, period.start, period.end);
    const invoices = sums?.invoices ?? 0;
    if (!b.cuts_hair && invoices === 0) continue;
    const paid = sums?.paid ?? 0;
    const percentage = Number(b.percentage);
    rows.push({
      barber_id: b.id,
      barber: b.name,
      payment_cycle: b.payment_cycle,
      percentage,
      period_start: period.start,
      period_end: period.end,
      invoices,
      paid_total: paid / 100,
      commission: Math.round((paid * percentage) / 100) / 100,
    });
  }
  return rows;
}
