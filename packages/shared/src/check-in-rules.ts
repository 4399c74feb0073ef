// The rules of the check-in form's fields, without zod: the public pages check a check-in with
// `checkInFieldErrors` before sending it (`@chairline/shared/check-in-rules`), and the contract's
// schemas (schemas/common.ts, schemas/queue.ts) are built from the same limits and messages. A test
// holds the two to the same answers (test/check-in-rules.test.ts).

/** The largest id a row can have (a PostgreSQL integer); a larger number names no record. */
export const MAX_ID = 2_147_483_647;
export const NO_SUCH_RECORD = 'This record does not exist.';

export const PERSON_NAME_RULE = { max: 120, missing: 'Please enter a name', tooLong: 'The name is too long.' } as const;

export const PHONE_NUMBER_RULE = {
  max: 32,
  /** Digits with the usual separators and an optional leading +, at least 7 characters. */
  pattern: /^\+?[0-9 ().-]{7,}$/,
  missing: 'Please enter a phone number',
  tooLong: 'The phone number is too long.',
  invalid: 'Please enter a valid phone number.',
} as const;

export const MAX_CHECK_IN_SERVICES = 10;
export const TOO_MANY_SERVICES = 'Choose at most 10 services.';
export const CHOOSE_A_SHOP = 'Choose a shop.';

export interface CheckInFieldsInput {
  shop_username: string;
  name: string;
  phone_number: string;
  barber_id?: number | 'any' | null;
  service_ids?: number[];
}

export type CheckInFieldName = 'shop_username' | 'name' | 'phone_number' | 'barber_id' | 'service_ids';

const isRecordId = (id: number) => Number.isInteger(id) && id > 0 && id <= MAX_ID;

/** The first message of a text field's rules, in the order the contract checks them. */
function textError(value: string, rule: { max: number; missing: string; tooLong: string; pattern?: RegExp; invalid?: string }): string | undefined {
  if (value.length < 1) return rule.missing;
  if (value.length > rule.max) return rule.tooLong;
  if (rule.pattern && !rule.pattern.test(value)) return rule.invalid;
  return undefined;
}

/**
 * What is wrong with a check-in, one message per field (none: it can be sent), and its name and
 * phone number trimmed as the server will read them.
 */
export function checkInFieldErrors(input: CheckInFieldsInput): {
  errors: Partial<Record<CheckInFieldName, string>>;
  name: string;
  phone_number: string;
} {
  const errors: Partial<Record<CheckInFieldName, string>> = {};
  const shop = input.shop_username.trim();
  const name = input.name.trim();
  const phone = input.phone_number.trim();
  if (shop.length < 1) errors.shop_username = CHOOSE_A_SHOP;
  const nameError = textError(name, PERSON_NAME_RULE);
  if (nameError) errors.name = nameError;
  const phoneError = textError(phone, PHONE_NUMBER_RULE);
  if (phoneError) errors.phone_number = phoneError;
  if (typeof input.barber_id === 'number' && !isRecordId(input.barber_id)) errors.barber_id = NO_SUCH_RECORD;
  const services = input.service_ids ?? [];
  if (!services.every(isRecordId)) errors.service_ids = NO_SUCH_RECORD;
  else if (services.length > MAX_CHECK_IN_SERVICES) errors.service_ids = TOO_MANY_SERVICES;
  return { errors, name, phone_number: phone };
}
