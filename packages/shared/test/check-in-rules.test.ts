import { describe, expect, it } from 'vitest';
import { checkInFieldErrors, type CheckInFieldsInput } from '../src/check-in-rules.js';
import { checkInInput } from '../src/schemas/queue.js';

// The public pages check a check-in without zod; the server checks it with the contract's schema.
// Both must give the same first message for each field.

function schemaErrors(input: CheckInFieldsInput): Record<string, string> {
  const parsed = checkInInput.safeParse(input);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return errors;
}

const base: CheckInFieldsInput = { shop_username: 'demo', name: 'Drew Lane', phone_number: '+1 555 010 2020', barber_id: 'any', service_ids: [] };
const cases: [string, Partial<CheckInFieldsInput>][] = [
  ['a valid check-in', {}],
  ['a barber by id', { barber_id: 12 }],
  ['no barber', { barber_id: null }],
  ['an empty name', { name: '   ' }],
  ['a long name', { name: 'x'.repeat(121) }],
  ['a name of 120 characters', { name: 'x'.repeat(120) }],
  ['an empty phone', { phone_number: '' }],
  ['letters for a phone', { phone_number: 'call me' }],
  ['a short phone', { phone_number: '12345' }],
  ['a long phone', { phone_number: '1'.repeat(33) }],
  ['a long phone of letters', { phone_number: 'a'.repeat(40) }],
  ['a phone with separators', { phone_number: ' (555) 010-2020 ' }],
  ['too many services', { service_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }],
  ['ten services', { service_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }],
  ['a service id out of range', { service_ids: [2_147_483_648] }],
  ['a barber id out of range', { barber_id: 2_147_483_648 }],
  ['no shop', { shop_username: ' ' }],
  ['everything wrong', { shop_username: '', name: '', phone_number: 'x', service_ids: [2_147_483_648] }],
];

describe('check-in rules without zod', () => {
  // The page only sends ids it was given; a zero or negative one (zod's generic "Too small"
  // message on the server) reads as a record that does not exist.
  it('refuse an id that is not positive as no such record', () => {
    expect(checkInFieldErrors({ ...base, barber_id: 0, service_ids: [-1] }).errors).toEqual({
      barber_id: 'This record does not exist.',
      service_ids: 'This record does not exist.',
    });
  });

  for (const [what, change] of cases) {
    it(`agree with the contract's schema on ${what}`, () => {
      const input = { ...base, ...change };
      const { errors, name, phone_number } = checkInFieldErrors(input);
      const expected = schemaErrors(input);
      expect(errors).toEqual(expected);
      const parsed = checkInInput.safeParse(input);
      if (parsed.success) expect({ name, phone_number }).toEqual({ name: parsed.data.name, phone_number: parsed.data.phone_number });
    });
  }
});
