import { z } from 'zod';

/** The success envelope of the API (DESIGN.md §4). */
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

/** Booking links are honoured only when they start with http:// (or https://) — spec §5. */
export const bookingUrl = z
  .string()
  .trim()
  .max(500, 'The booking URL is too long.')
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'The booking URL must start with http:// or https://');

/** The largest id a row can have (a PostgreSQL integer); a larger number names no record. */
export const MAX_ID = 2_147_483_647;
export const NO_SUCH_RECORD = 'This record does not exist.';
