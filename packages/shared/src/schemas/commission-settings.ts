import { z } from 'zod';
import { PAYMENT_CYCLES } from './team.js';

/**
 * Commission settings (GET/PUT /api/commissions/settings/, PUT /api/commissions/members/{id}/):
 * the first day of the shop's pay periods, and each commission earner's pay cycle and percentage.
 * Managers read them; only admins change them.
 */
export const COMMISSION_MESSAGES = {
  percentageNumber: 'The percentage must be a number.',
  percentageRange: 'The percentage must be between 0 and 100.',
  percentageDecimals: 'The percentage can have at most two decimals.',
  cycle: 'The payment cycle must be weekly, biweekly, semimonthly or monthly.',
  startDate: 'The first day of the pay periods must be a date written as YYYY-MM-DD.',
  adminsOnly: 'Only an admin can change commission settings.',
  memberNotFound: 'This team member does not exist.',
  saved: 'Commission settings saved.',
} as const;

/** What each pay cycle is called on screen. */
export const PAY_CYCLE_LABELS: Record<(typeof PAYMENT_CYCLES)[number], string> = {
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  semimonthly: 'Twice a month (1st–15th, 16th–end)',
  monthly: 'Monthly',
};

/** A percentage from 0 to 100 with at most two decimals, as a number or as text (forms). */
export const commissionPercentage = z
  .union([z.number(), z.string().trim().min(1, COMMISSION_MESSAGES.percentageNumber)], { error: COMMISSION_MESSAGES.percentageNumber })
  .refine((v) => typeof v === 'number' || /^-?\d+(\.\d+)?$/.test(v), COMMISSION_MESSAGES.percentageNumber)
  .transform(Number)
  .pipe(
    z
      .number({ error: COMMISSION_MESSAGES.percentageNumber })
      .refine(Number.isFinite, COMMISSION_MESSAGES.percentageNumber)
      .refine((v) => v >= 0 && v <= 100, COMMISSION_MESSAGES.percentageRange)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, COMMISSION_MESSAGES.percentageDecimals),
  );

export const payCycle = z.enum(PAYMENT_CYCLES, { error: COMMISSION_MESSAGES.cycle });

export const commissionMemberInput = z.object({
  payment_cycle: payCycle,
  percentage: commissionPercentage,
});
export type CommissionMemberInput = z.input<typeof commissionMemberInput>;

export const commissionShopInput = z.object({
  pay_period_start: z.iso.date({ error: COMMISSION_MESSAGES.startDate }),
});
export type CommissionShopInput = z.input<typeof commissionShopInput>;

export const commissionEarner = z.object({
  barber_id: z.number().int(),
  name: z.string(),
  role: z.enum(['admin', 'manager', 'employee']),
  is_owner: z.boolean(),
  payment_cycle: payCycle,
  percentage: z.number(),
  /** The pay period that ended last, which the report shows by default. */
  last_period_start: z.string(),
  last_period_end: z.string(),
});
export type CommissionEarner = z.infer<typeof commissionEarner>;

export const commissionSettings = z.object({
  pay_period_start: z.string(),
  /** Today on the shop's calendar (its time zone). */
  today: z.string(),
  /** Whether the caller may change the settings (admins only). */
  can_edit: z.boolean(),
  /** Everyone who earns commission: the people who cut hair. */
  members: z.array(commissionEarner),
});
export type CommissionSettings = z.infer<typeof commissionSettings>;
