import { DEFAULT_SHOP_COUNTRY, normalizePhone, PHONE_MESSAGES } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';

// Every customer phone the server stores or matches goes through here: E.164 in the shop's country
// (packages/shared/src/phone.ts), so one person is one phone however it was typed.

/** The shop's country (ISO 3166-1 alpha-2), the region of numbers typed without a country code. */
export async function shopCountry(sql: Sql, shopId: number): Promise<string> {
  const row = await one<{ country: string }>(sql, 'SELECT country FROM shops WHERE id = $1', [shopId]);
  return row?.country ?? DEFAULT_SHOP_COUNTRY;
}

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
