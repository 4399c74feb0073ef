import { z } from 'zod';

/** The session user, as GET /auth/get-user-data/ and login return it. */
export const sessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_no: z.string(),
  created_at: z.string(),
  booking_url: z.string(),
  profile_photo: z.string().nullable(),
  profile_pic: z.string().nullable(),
  is_subscription_active: z.boolean(),
  current_plan: z.number().int().nullable(),
  plan_name: z.string(),
  trial_days_remaining: z.number().int(),
  total_check_ins: z.number().int(),
  total_check_ins_this_month: z.number().int(),
  total_barbers: z.number().int(),
  barber_limit: z.number().int(),
  role: z.enum(['admin', 'manager', 'employee']),
  position: z.number().int().nullable(),
  shop_name: z.string(),
  shop_username: z.string(),
  shop_address: z.string(),
  shop_phone_number: z.string(),
  shop_is_owner: z.boolean(),
  shop_bluetick: z.boolean(),
  pin_applicable: z.boolean(),
  // Billing state beyond the fields above, for the trial and payment notices. Optional so that an
  // older server's reply still parses.
  subscription_status: z.enum(['trialing', 'active', 'past_due', 'canceled', 'expired', 'none']).optional(),
  /** ISO time the trial ends, while trialing. */
  trial_ends_at: z.string().nullable().optional(),
  /** ISO time a past-due subscription stops working, while past_due. */
  grace_ends_at: z.string().nullable().optional(),
  /** The shop's time zone in force (IANA name; UTC when the saved one is not recognised): every time shown is on this clock. */
  shop_time_zone: z.string().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginReply = z.object({ access: z.string(), refresh: z.string(), user: sessionUser });
export type LoginReply = z.infer<typeof loginReply>;
