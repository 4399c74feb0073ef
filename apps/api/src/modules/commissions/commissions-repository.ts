import type { PaymentCycle } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

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
