import type { Plan } from '@chairline/shared';
import type { Sql } from '../../db/database.js';

/** A plans row as stored (amounts in cents). */
export interface PlanRow {
  id: number;
  name: string;
  price_cents: number;
  currency: string;
  barber_limit: number;
  total_check_ins: number;
  trial_period_days: number;
  one_time: boolean;
  one_time_duration: number | null;
  billing_interval_unit: 'month' | 'year';
  billing_interval_count: number;
  discount: number;
  most_popular: boolean;
}

export const toPlan = (r: PlanRow): Plan => ({
  id: r.id,
  name: r.name,
  price: r.price_cents / 100,
  currency: r.currency,
  barber_limit: r.barber_limit,
  total_check_ins: r.total_check_ins,
  trial_period_days: r.trial_period_days,
  one_time: r.one_time,
  one_time_duration: r.one_time_duration,
  billing_interval_unit: r.billing_interval_unit,
  billing_interval_count: r.billing_interval_count,
  discount: r.discount,
  most_popular: r.most_popular,
});

export async function listActivePlans(sql: Sql): Promise<Plan[]> {
  const rows = await sql.query<PlanRow>('SELECT * FROM plans WHERE active ORDER BY sort_order, id');
  return rows.map(toPlan);
}

export async function basicPlanId(sql: Sql): Promise<number> {
  const rows = await sql.query<{ id: number }>("SELECT id FROM plans WHERE code = 'basic'");
  if (!rows[0]) throw new Error('The plan catalogue has no basic plan.');
  return rows[0].id;
}
