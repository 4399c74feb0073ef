import type { CommissionEarner, CommissionRow, PaymentCycle, PayPeriod } from '@chairline/shared';
import { DEFAULT_PAY_PERIOD_START, formatInShopZone, lastCompletePayPeriod, normalizeRole, payPeriod } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { shopZoneSql, shopTimeZone } from '../../lib/shop-time-zone-repository.js';
import { cutsHairSql } from '../team/team-repository.js';

/** The shop's calendar: today in its time zone (from the injected clock) and where its pay periods start. */
export async function shopPayCalendar(sql: Sql, shopId: number, now: Date): Promise<{ today: string; anchor: string }> {
  const zone = await shopTimeZone(sql, shopId);
  const row = await one<{ anchor: string }>(sql, "SELECT to_char(pay_period_start, 'YYYY-MM-DD') AS anchor FROM shops WHERE id = $1", [shopId]);
  return { today: formatInShopZone(now, zone?.effective, 'yyyy-MM-dd'), anchor: row?.anchor ?? DEFAULT_PAY_PERIOD_START };
}

interface PersonRow {
  id: number;
  name: string;
  role: string;
  is_owner: boolean;
  payment_cycle: PaymentCycle;
  percentage: number;
  cuts_hair: boolean;
}

/**
 * The people who may earn commission in a shop: everyone who cuts hair now (barbers, and an owner,
 * admin or manager who chose to), and anyone with invoices, so a former barber's (or someone who
 * stopped cutting hair) past periods are never lost. `earnersOnly` keeps only those who cut hair.
 */
async function people(sql: Sql, shopId: number, earnersOnly: boolean): Promise<PersonRow[]> {
  return sql.query<PersonRow>(
    `SELECT b.id, b.name, coalesce(m.role, 'employee') AS role, coalesce(m.is_owner, false) AS is_owner, b.payment_cycle,
            b.percentage::float8 AS percentage,
            (b.archived_at IS NULL AND m.id IS NOT NULL AND ${cutsHairSql('b', 'm')}) AS cuts_hair
       FROM barbers b
       LEFT JOIN memberships m ON m.id = b.membership_id
      WHERE b.shop_id = $1
        AND ((b.archived_at IS NULL AND m.id IS NOT NULL AND ${cutsHairSql('b', 'm')})
             OR ($2::boolean = false AND EXISTS (SELECT 1 FROM invoices i WHERE i.barber_id = b.id AND i.status = 'paid')))
      ORDER BY b.name, b.id`,
    [shopId, earnersOnly],
  );
}

/** Everyone who earns commission, with their settings and the pay period that ended last. */
export async function commissionEarners(sql: Sql, shopId: number, now: Date): Promise<{ today: string; anchor: string; members: CommissionEarner[] }> {
  const { today, anchor } = await shopPayCalendar(sql, shopId, now);
  const rows = await people(sql, shopId, true);
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
  for (const b of await people(sql, shopId, false)) {
    const period: PayPeriod =
      options.from && options.to
        ? { start: options.from, end: options.to }
        : options.date
          ? payPeriod(b.payment_cycle, options.date, anchor)
          : lastCompletePayPeriod(b.payment_cycle, today, anchor);
    const sums = await one<{ invoices: number; paid: number }>(
      sql,
      `SELECT count(*)::int AS invoices, coalesce(sum(amount_cents), 0)::int AS paid
         FROM invoices
        WHERE shop_id = $1 AND barber_id = $2 AND status = 'paid'
          AND created_at >= ($3::date::timestamp AT TIME ZONE ${shopZoneSql('$1')})
          AND created_at < (($4::date + 1)::timestamp AT TIME ZONE ${shopZoneSql('$1')})`,
      [shopId, b.id, period.start, period.end],
    );
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
