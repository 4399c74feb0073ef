import { z } from 'zod';
import { isBareWebPrefix } from '../booking-links.js';
import { bookingUrl, personName, phoneNumber } from './common.js';

/** The forms start the booking link as 'http://': a bare http:// or https:// (any case) means no link. */
export const formBookingUrl = z
  .string({ error: 'The booking URL must be text.' })
  .trim()
  .transform((v) => (isBareWebPrefix(v) ? '' : v))
  .pipe(bookingUrl);

/**
 * POST /update-barber-profile/: name and phone are required, the booking link is
 * optional (absent = unchanged, empty or a bare scheme = none). Email is read-only here.
 */
export const profileUpdateInput = z.object({
  name: personName,
  phone_no: phoneNumber,
  booking_url: formBookingUrl.optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;
