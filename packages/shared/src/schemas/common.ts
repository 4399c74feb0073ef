import { z } from 'zod';
import { BOOKING_URL_MESSAGE, isWebLink } from '../booking-links.js';

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
  .string({ error: 'Please enter a name' })
  .trim()
  .min(1, 'Please enter a name')
  .max(120, 'The name is too long.');

export const phoneNumber = z
  .string({ error: 'Please enter a phone number' })
  .trim()
  .min(1, 'Please enter a phone number')
  .max(32, 'The phone number is too long.')
  .regex(/^\+?[0-9 ().-]{7,}$/, 'Please enter a valid phone number.');

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

/** The largest id a row can have (a PostgreSQL integer); a larger number names no record. */
export const MAX_ID = 2_147_483_647;
export const NO_SUCH_RECORD = 'This record does not exist.';
