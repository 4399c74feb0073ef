import { z } from 'zod';
import { RESERVED_USERNAMES } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { invitedBy } from './affiliates.js';
import { email, password, personName } from './common.js';

export const shopUsername = z
  .string({ error: 'Please choose a shop username.' })
  .trim()
  .toLowerCase()
  .min(3, 'The shop username must be at least 3 characters long.')
  .max(40, 'The shop username must be at most 40 characters long.')
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    'The shop username may use only lowercase letters, digits and dashes, and must start and end with a letter or digit.',
  )
  .refine((v) => !(RESERVED_USERNAMES as readonly string[]).includes(v), MESSAGES.usernameReserved);

export const shopName = z
  .string({ error: 'Please enter the shop name.' })
  .trim()
  .min(1, 'Please enter the shop name.')
  .max(120, 'The shop name is too long.');

export const loginBody = z.object({
  email: z.string({ error: MESSAGES.fillAllFields }).trim().min(1, MESSAGES.fillAllFields),
  password: z.string({ error: MESSAGES.fillAllFields }).min(1, MESSAGES.fillAllFields),
});
export type LoginBody = z.infer<typeof loginBody>;

const SIGNUP_TIME_ZONE_MESSAGE = 'Please choose a valid time zone, for example America/New_York.';

/** A zone name the browsers' time-zone data knows (the same check as the shop settings). */
function isIanaTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A new shop's IANA time zone (the browser's by default on the form). Absent: UTC. */
const newShopTimeZone = z
  .string({ error: SIGNUP_TIME_ZONE_MESSAGE })
  .refine(isIanaTimeZone, SIGNUP_TIME_ZONE_MESSAGE)
  .optional();

export const signupBody = z.object({
  name: personName,
  email,
  password,
  shop_name: shopName,
  shop_username: shopUsername,
  /** The affiliate of the visitor's stored invite, or -1: the new shop is attributed to them. */
  invited_by: invitedBy.optional(),
  timezone: newShopTimeZone,
});
export type SignupBody = z.infer<typeof signupBody>;

export const refreshBody = z.object({
  refresh: z.string({ error: 'The refresh token is missing.' }).min(1, 'The refresh token is missing.'),
});
export const refreshReply = z.object({ access: z.string(), refresh: z.string() });

export const logoutBody = z.object({ refresh: z.string().min(1).optional() });

export const googleBody = z.object({
  token: z.string({ error: 'The Google token is missing.' }).min(1, 'The Google token is missing.'),
  /** Only when the Google account has no Chairline account yet: creates a shop for it. */
  shop_name: shopName.optional(),
  shop_username: shopUsername.optional(),
  /** The new shop's time zone, as on the sign-up form; ignored for an existing account. */
  timezone: newShopTimeZone,
});

/** What the sign-in pages need from the server's run-time config; a Google client id is public by design. */
export const authConfig = z.object({ google_client_id: z.string().nullable() });
export type AuthConfig = z.infer<typeof authConfig>;

export const forgotPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({
  token: z.string({ error: MESSAGES.resetInvalid }).min(1, MESSAGES.resetInvalid),
  password,
});
