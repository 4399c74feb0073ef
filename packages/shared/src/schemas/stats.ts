import { z } from 'zod';

/** Home of the back office: today at a glance, and charts over the last 30 days (shop time zone). */
export const shopStats = z.object({
  today: z.object({
    waiting: z.number().int(),
    in_service: z.number().int(),
    served: z.number().int(),
    check_ins: z.number().int(),
    /** Minutes from check-in to being called, over today's called tickets; null when none. */
    average_wait_minutes: z.number().nullable(),
  }),
  month: z.object({ check_ins: z.number().int(), limit: z.number().int() }),
  check_ins_per_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
  busiest_hours: z.array(z.object({ hour: z.number().int(), count: z.number().int() })),
  turns_per_barber: z.array(z.object({ barber_id: z.number().int(), name: z.string(), turns: z.number().int() })),
});
export type ShopStats = z.infer<typeof shopStats>;

export const subscriptionEvent = z.object({
  id: z.number().int(),
  kind: z.string(),
  plan_name: z.string().nullable(),
  amount: z.number().nullable(),
  detail: z.string(),
  created_at: z.string(),
});

export const billingSummary = z.object({
  plan_id: z.number().int(),
  plan_name: z.string(),
  status: z.string(),
  is_subscription_active: z.boolean(),
  trial_ends_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  billing_interval_unit: z.string(),
  history: z.array(subscriptionEvent),
});
