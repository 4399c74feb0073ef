import { z } from 'zod';
import { BOOKING_URL_MESSAGE, isWebLink } from '../booking-links.js';
import { MAX_ID, NO_SUCH_RECORD, PERSON_NAME_RULE, PHONE_NUMBER_RULE } from '../check-in-rules.js';

export { MAX_ID, NO_SUCH_RECORD };

/** The success envelope of the API. */
export const envelope = <T extends z.ZodType>(response: T) =>
  z.object({ status: z.literal(1), response });

export const errorEnvelope = z.object({ status: z.literal(0), response: z.string() });
export const detailError = z.object({ detail: z.string() });

export const email = z
  .string({ error: 'Please enter an email address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address.' }).max(254, 'This email address is too long.'));

export const password = z
  .string({ error: 'Please enter a password.' })
  .min(8, 'The password must be at least 8 characters long.')
  .max(200, 'The password is too long.');

export const personName = z
  .string({ error: PERSON_NAME_RULE.missing })
  .trim()
  .min(1, PERSON_NAME_RULE.missing)
  .max(PERSON_NAME_RULE.max, PERSON_NAME_RULE.tooLong);

export const phoneNumber = z
  .string({ error: PHONE_NUMBER_RULE.missing })
  .trim()
  .min(1, PHONE_NUMBER_RULE.missing)
  .max(PHONE_NUMBER_RULE.max, PHONE_NUMBER_RULE.tooLong)
  .regex(PHONE_NUMBER_RULE.pattern, PHONE_NUMBER_RULE.invalid);

/**
 * A saved booking link is empty or a web link (http:// or https://); any other scheme (javascript:,
 * data:, mailto:, ftp:...) is refused, so no page ever offers it. The same rule decides what the
 * pages show (isOnlineBookingUrl).
 */
export const bookingUrl = z
  .string()
  .trim()
  .max(500, 'The booking URL is too long.')
  .refine((v) => v === '' || isWebLink(v), BOOKING_URL_MESSAGE);

