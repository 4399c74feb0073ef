import { getCountries, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

// One phone identity for the whole product: every customer phone that is stored or matched is
// E.164 (`+19175551001`), read with the shop's country as the region of numbers written without a
// country code. So `19175551001`, `0019175551001`, `+1 (917) 555-1001` and `+19175551001` are one
// customer, one place in line, in a US shop.

export type ShopCountry = CountryCode;

/** The country of a shop that never chose one (ISO 3166-1 alpha-2). */
export const DEFAULT_SHOP_COUNTRY: ShopCountry = 'US';

/** A country a shop can be in: an ISO 3166-1 alpha-2 code whose phone numbering is known. */
export const isShopCountry = (value: string): value is ShopCountry => /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);

/** Every country a shop can choose, by code. A function, so bundles that never ask leave the list out. */
export const shopCountries = (): ShopCountry[] => getCountries();

// Digits with the usual separators and an optional leading +; anything else (letters, an
// extension) is not a phone number a customer is matched by.
const PHONE_TEXT = /^\+?[0-9 ().\-/]+$/;

function possibleE164(text: string, region: ShopCountry): string | null {
  const parsed = parsePhoneNumberFromString(text, region);
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * The E.164 form of a phone number as a person typed it, or null when it is not a phone number.
 * Numbers without a country code are read in `country` (the shop's; the default when unknown).
 * `00` is taken as the international prefix wherever the country's own prefix differs (a visitor
 * typing it as at home). A number is accepted when its length is possible for its country: the
 * library's ranges of assigned numbers go stale, and a real customer must never be turned away.
 */
export function normalizePhone(raw: string, country: string): string | null {
  const text = raw.trim();
  if (!PHONE_TEXT.test(text)) return null;
  const region = isShopCountry(country) ? country : DEFAULT_SHOP_COUNTRY;
  const national = possibleE164(text, region);
  if (national) return national;
  const digits = text.replace(/\D/g, '');
  return digits.startsWith('00') ? possibleE164(`+${digits.slice(2)}`, region) : null;
}
