import { z } from 'zod';

export const billingIntervalUnit = z.enum(['month', 'year']);

/** A plan as the product shows it. Prices are in currency units; -1 means unlimited. */
export const plan = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  barber_limit: z.number().int(),
  total_check_ins: z.number().int(),
  trial_period_days: z.number().int(),
  one_time: z.boolean(),
  one_time_duration: z.number().int().nullable(),
  billing_interval_unit: billingIntervalUnit,
  billing_interval_count: z.number().int(),
  discount: z.number(),
  most_popular: z.boolean(),
});
export type Plan = z.infer<typeof plan>;
export const planList = z.array(plan);
