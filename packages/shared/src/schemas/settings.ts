import { z } from 'zod';
import { PIN_LENGTH } from '../constants.js';
import { PHONE_MESSAGES } from '../messages.js';
import { isShopCountry } from '../phone.js';
import { shopName, shopUsername } from './auth.js';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written as HH:MM, for example 09:30.');

export const dayHours = z
  .object({ closed: z.boolean().default(false), open: clock.default('09:00'), close: clock.default('18:00') })
  .refine((d) => d.closed || d.open < d.close, 'The closing time must be after the opening time.');

export const openingHours = z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours.optional()])) as Record<
  (typeof WEEKDAYS)[number],
  z.ZodOptional<typeof dayHours>
>);
export type OpeningHours = z.infer<typeof openingHours>;

export const pin = z
  .string({ error: `The PIN must be ${PIN_LENGTH} characters.` })
  .length(PIN_LENGTH, `The PIN must be ${PIN_LENGTH} characters.`)
  .regex(/^\S+$/, 'The PIN cannot contain spaces.');

export const shopSettingsInput = z.object({
  name: shopName,
  username: shopUsername,
  address: z.string().trim().max(300, 'The address is too long.').default(''),
  phone_number: z
    .string()
    .trim()
    .max(32, 'The phone number is too long.')
    .refine((v) => v === '' || /^\+?[0-9 ().-]{7,}$/.test(v), 'Please enter a valid phone number.')
    .default(''),
  timezone: z.string().refine(isTimeZone, 'Please choose a valid time zone, for example America/New_York.'),
  opening_hours: openingHours.default({}),
  pin_enabled: z.boolean().default(false),
  /** A new PIN; needed when turning the PIN on for the first time. */
  pin: pin.optional(),
  /** ISO 3166-1 alpha-2: the region of customer phone numbers typed without a country code. Absent: unchanged. */
  country: z
    .string({ error: PHONE_MESSAGES.invalidCountry })
    .trim()
    .toUpperCase()
    .refine(isShopCountry, PHONE_MESSAGES.invalidCountry)
    .optional(),
  /** Check-ins stop this many minutes before closing (0: until closing). Absent: unchanged. */
  last_check_in_minutes: z
    .number({ error: 'The last check-in must be a whole number of minutes.' })
    .int('The last check-in must be a whole number of minutes.')
    .min(0, 'The last check-in must be between 0 and 720 minutes before closing.')
    .max(720, 'The last check-in must be between 0 and 720 minutes before closing.')
    .optional(),
});
export type ShopSettingsInput = z.infer<typeof shopSettingsInput>;

export const shopSettings = z.object({
  name: z.string(),
  username: z.string(),
  address: z.string(),
  phone_number: z.string(),
  shop_logo: z.string().nullable(),
  bluetick: z.boolean(),
  timezone: z.string(),
  opening_hours: openingHours,
  pin_enabled: z.boolean(),
  pin_set: z.boolean(),
  country: z.string(),
  /** False when the saved zone is not recognised any more; "today" then follows `effective_timezone` (UTC). */
  timezone_recognised: z.boolean(),
  /** The zone in force: the saved one, or UTC while the saved one is not recognised. */
  effective_timezone: z.string(),
  /** Check-ins stop this many minutes before closing (0: until closing). */
  last_check_in_minutes: z.number().int(),
});
export type ShopSettings = z.infer<typeof shopSettings>;

export const verifyPinBody = z.object({ pin: z.string({ error: 'Please enter the PIN.' }).min(1, 'Please enter the PIN.') });

export const supportMessageInput = z.object({
  subject: z.string({ error: 'Please enter a subject.' }).trim().min(1, 'Please enter a subject.').max(200, 'The subject is too long.'),
  message: z
    .string({ error: 'Please write your message.' })
    .trim()
    .min(1, 'Please write your message.')
    .max(5000, 'The message is too long (5000 characters at most).'),
});
export const supportMessage = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: z.string(),
  from: z.string(),
});
