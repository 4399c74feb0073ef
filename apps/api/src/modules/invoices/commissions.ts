import type { CommissionRow, PaymentCycle } from '@chairline/shared';
import { payPeriod } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { effectiveZoneOf, shopZoneSql } from '../../lib/shop-time-zone.js';

/**
 * Commission per barber for a pay period: the paid invoices of the period times the barber's
 * percentage. Each barber's period follows their own payment cycle unless a range is given.
 */
export async function commissionReport(
  sql: Sql,
  shopId: number,
  options: { date?: string; from?: string; to?: string },
): Promise<CommissionRow[]> {
  const today = await one<{ day: string }>(
    sql,
    `SELECT to_char(now() AT TIME ZONE ${effectiveZoneOf('timezone')}, 'YYYY-MM-DD') AS day FROM shops WHERE id = $1`,
    [shopId],
  );
  const day = options.date ?? today?.day ?? new Date().toISOString().slice(0, 10);
  const barbers = await sql.query<{ id: number; name: string; payment_cycle: PaymentCycle; percentage: number }>(
    `SELECT b.id, b.name, b.payment_cycle, b.percentage FROM barbers b
      WHERE b.shop_id = $1 AND (b.archived_at IS NULL OR EXISTS (SELECT 1 FROM invoices i WHERE i.barber_id = b.id))
      ORDER BY b.name, b.id`,
    [shopId],
  );
  const rows: CommissionRow[] = [];
  for (const b of barbers) {
    const period = options.from && options.to ? { start: options.from, end: options.to } : payPeriod(b.payment_cycle, day);
    const sums = await one<{ invoices: number; paid: number }>(
      sql,
      `SELECT count(*)::int AS invoices, coalesce(sum(amount_cents), 0)::int AS paid
         FROM invoices
        WHERE shop_id = $1 AND barber_id = $2 AND status = 'paid'
          AND created_at >= ($3::date::timestamp AT TIME ZONE ${shopZoneSql('$1')})
          AND created_at < (($4::date + 1)::timestamp AT TIME ZONE ${shopZoneSql('$1')})`,
      [shopId, b.id, period.start, period.end],
    );
    const paid = sums?.paid ?? 0;
    rows.push({
      barber_id: b.id,
      barber: b.name,
      payment_cycle: b.payment_cycle,
      percentage: b.percentage,
      period_start: period.start,
      period_end: period.end,
      invoices: sums?.invoices ?? 0,
      paid_total: paid / 100,
      commission: Math.round((paid * b.percentage) / 100) / 100,
    });
  }
  return rows;
}
