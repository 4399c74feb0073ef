import type { PaymentCycle } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { shopZoneSql } from '../../lib/shop-time-zone-repository.js';
import { cutsHairSql } from '../team/team-repository.js';

export async function setPayPeriodStart(sql: Sql, shopId: number, payPeriodStart: string): Promise<void> {
  await sql.query('UPDATE shops SET pay_period_start = $2::date WHERE id = $1', [shopId, payPeriodStart]);
}

/** False when the member is not the shop's or was removed. */
export async function updateMemberCommission(
  sql: Sql,
  shopId: number,
  barberId: number,
  paymentCycle: PaymentCycle,
  percentage: number,
): Promise<boolean> {
  const updated = await one(
    sql,
    `UPDATE barbers SET payment_cycle = $3, percentage = $4
      WHERE shop_id = $1 AND id = $2 AND archived_at IS NULL RETURNING id`,
    [shopId, barberId, paymentCycle, percentage],
  );
  return updated !== undefined;
}

/** The shop's first pay-period day (YYYY-MM-DD), if it has a shop row. */
export async function payPeriodAnchor(sql: Sql, shopId: number): Promise<string | undefined> {
  const row = await one<{ anchor: string }>(sql, "SELECT to_char(pay_period_start, 'YYYY-MM-DD') AS anchor FROM shops WHERE id = $1", [shopId]);
  return row?.anchor;
}

export interface CommissionPersonRow {
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
export async function commissionPeople(sql: Sql, shopId: number, earnersOnly: boolean): Promise<CommissionPersonRow[]> {
  return sql.query<CommissionPersonRow>(
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

/** A barber's paid invoices from `start` to `end` inclusive (the shop's local days): how many, and their total in cents. */
export function paidInvoiceSums(sql: Sql, shopId: number, barberId: number, start: string, end: string) {
  return one<{ invoices: number; paid: number }>(
    sql,
    `SELECT count(*)::int AS invoices, coalesce(sum(amount_cents), 0)::int AS paid
       FROM invoices
      WHERE shop_id = $1 AND barber_id = $2 AND status = 'paid'
        AND created_at >= ($3::date::timestamp AT TIME ZONE ${shopZoneSql('$1')})
        AND created_at < (($4::date + 1)::timestamp AT TIME ZONE ${shopZoneSql('$1')})`,
    [shopId, barberId, start, end],
  );
}
