import type { CheckInInput } from '@chairline/shared';
import { checkInFieldErrors } from '@chairline/shared/check-in-rules';

export interface CheckInFields {
  name: string;
  phone: string;
  /** A barber id as text, or 'any'. */
  barber: string;
  serviceIds: number[];
}

export type FieldErrors = Partial<Record<'name' | 'phone_number' | 'barber_id' | 'service_ids', string>>;

/** Builds the POST /check-in/ body and checks it with the shared check-in rules before sending. */
export function buildCheckIn(
  shopUsername: string,
  fields: CheckInFields,
  source: 'online' | 'kiosk',
): { ok: true; input: CheckInInput } | { ok: false; errors: FieldErrors } {
  const barberId = fields.barber === 'any' || fields.barber === '' ? 'any' : Number(fields.barber);
  const input: CheckInInput = {
    shop_username: shopUsername,
    name: fields.name,
    phone_number: fields.phone,
    barber_id: typeof barberId === 'number' && !Number.isInteger(barberId) ? 'any' : barberId,
    service_ids: fields.serviceIds,
    source,
  };
  const checked = checkInFieldErrors(input);
  if (Object.keys(checked.errors).length === 0) return { ok: true, input: { ...input, name: checked.name, phone_number: checked.phone_number } };
  const { name, phone_number, barber_id, service_ids } = checked.errors;
  const errors: FieldErrors = { name, phone_number, barber_id, service_ids };
  for (const key of Object.keys(errors) as (keyof FieldErrors)[]) if (!errors[key]) delete errors[key];
  return { ok: false, errors };
}
