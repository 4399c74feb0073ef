import { normalizePhone, PHONE_MESSAGES } from '@chairline/shared';
import { badRequest } from '../../http/errors.js';

// Every customer phone the server stores or matches goes through here: E.164 in the shop's country
// (packages/shared/src/phone.ts), so one person is one phone however it was typed.

// The shop's country is read with the shop's settings; re-exported for the callers that format phones.
export { shopCountry } from '../settings/settings-repository.js';

/** The stored form of a typed customer phone; a 400 for a person when it is not a phone number. */
export function customerPhone(typed: string, country: string): string {
  const phone = normalizePhone(typed, country);
  if (!phone) throw badRequest(PHONE_MESSAGES.invalidPhone);
  return phone;
}

/**
 * The digits a search looks for among stored (E.164) phones: a whole number as the shop's country
 * reads it ('(718) 555-0101' finds +17185550101), else the digits of a fragment ('555-01').
 */
export function phoneSearchDigits(search: string, country: string): string {
  return (normalizePhone(search, country) ?? search).replace(/\D/g, '');
}
