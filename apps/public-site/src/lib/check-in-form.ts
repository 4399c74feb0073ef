import { checkInInput, type CheckInInput } from '@chairline/shared';

export interface CheckInFields {
  name: string;
  phone: string;
  /** A barber id as text, or 'any'. */
  barber: string;
  serviceIds: number[];
}

export type FieldErrors = Partial<Record<'name' | 'phone_number' | 'barber_id' | 'service_ids', string>>;

/** Builds the POST /check-in/ body and checks it with the shared schema before sending. */
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
  const parsed = checkInInput.safeParse(input);
  if (parsed.success) return { ok: true, input: { ...input, name: parsed.data.name, phone_number: parsed.data.phone_number } };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === 'name' || key === 'phone_number' || key === 'barber_id' || key === 'service_ids') && !errors[key]) {
      errors[key] = issue.message;
    }
  }
  return { ok: false, errors };
}
