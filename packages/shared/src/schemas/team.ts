import { z } from 'zod';
import { email, MAX_ID, password, personName, phoneNumber } from './common.js';
import { formBookingUrl } from './profile.js';

/** Multipart text fields arrive as strings: 'true'/'false', numbers as text. */
const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const PAYMENT_CYCLES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
const PAYMENT_CYCLE_MESSAGE = 'The payment cycle must be weekly, biweekly, semimonthly or monthly.';

/** The team form (POST /barbers/, PUT /barbers/{id}/). Role 'barber' means employee. */
export const teamMemberInput = z.object({
  name: personName,
  phone_number: phoneNumber,
  email: z.string({ error: 'Please enter email' }).trim().min(1, 'Please enter email').pipe(email),
  new_employee: formBoolean.default(false),
  booking_url: formBookingUrl.default(''),
  payment_cycle: z
    .string({ error: PAYMENT_CYCLE_MESSAGE })
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.enum(PAYMENT_CYCLES, { error: PAYMENT_CYCLE_MESSAGE }).optional()),
  percentage: z
    .union([z.string(), z.number()], { error: 'The percentage must be a number.' })
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z.coerce
        .number<string | number>({ error: 'The percentage must be a number.' })
        .min(0, 'The percentage must be between 0 and 100.')
        .max(100, 'The percentage must be between 0 and 100.')
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'The percentage can have at most two decimals.')
        .optional(),
    ),
  role: z
    .enum(['admin', 'manager', 'employee', 'barber'], { error: 'The role must be admin, manager, employee or barber.' })
    .default('employee')
    .transform((r) => (r === 'barber' ? 'employee' : r)),
  /**
   * Whether an owner, admin or manager cuts hair (takes walk-ins, counts as a barber). Absent keeps
   * the current choice; a barber always cuts hair.
   */
  cuts_hair: formBoolean.optional(),
});
export type TeamMemberInput = z.infer<typeof teamMemberInput>;

/** Team member / barber record. */
export const teamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  uemail: z.string(),
  booking_url: z.string(),
  payment_cycle: z.enum(PAYMENT_CYCLES),
  percentage: z.number(),
  role: z.enum(['admin', 'manager', 'employee']),
  new_employee: z.boolean(),
  profile_pic: z.string().nullable(),
  created_at: z.string(),
  is_owner: z.boolean(),
  position: z.number().int().nullable(),
  /** Cuts hair: in the rotation and on the Barbers page, counted by the plan's barber limit, earns commission. */
  cuts_hair: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;

const CHOOSE_MEMBER = 'Choose a team member.';
export const memberPasswordBody = z.object({
  // A number, or digits as text. Plain coercion would read a list such as [[1]] as member 1 and
  // change someone's password (the caller's own, ending their other sessions) by accident.
  id: z
    .union([z.number(), z.string().trim().regex(/^\d+$/)], { error: CHOOSE_MEMBER })
    .transform(Number)
    .pipe(z.number().int().positive(CHOOSE_MEMBER).max(MAX_ID, CHOOSE_MEMBER)),
  password,
});
