import type { FieldErrors } from './check-in-form.js';

// The check-in form goes step by step: services (when the shop lists any), then the barber, then
// the name and phone number. A refused submit goes back to the step of the first wrong field.

export type CheckInStep = 'services' | 'barber' | 'details';
export type CheckInField = keyof FieldErrors;

export const STEP_TITLES: Record<CheckInStep, string> = {
  services: 'Services',
  barber: 'Barber',
  details: 'Name and phone',
};

/** Fields in the order the form asks for them. */
export const FIELD_ORDER: readonly CheckInField[] = ['service_ids', 'barber_id', 'name', 'phone_number'];

const FIELD_STEP: Record<CheckInField, CheckInStep> = {
  service_ids: 'services',
  barber_id: 'barber',
  name: 'details',
  phone_number: 'details',
};

export function checkInSteps(hasServices: boolean): CheckInStep[] {
  return hasServices ? ['services', 'barber', 'details'] : ['barber', 'details'];
}

export function stepLabel(index: number, steps: readonly CheckInStep[]): string {
  return `Step ${index + 1} of ${steps.length}`;
}

/** The first field (in the form's order) with an error, and the step index that shows it. */
export function firstWrongField(errors: FieldErrors, steps: readonly CheckInStep[]): { field: CheckInField; step: number } | null {
  const field = FIELD_ORDER.find((f) => errors[f]);
  if (!field) return null;
  const step = steps.indexOf(FIELD_STEP[field]);
  return { field, step: step === -1 ? steps.length - 1 : step };
}

/** The error messages in the form's order, for the announcement. */
export function errorMessages(errors: FieldErrors): string[] {
  return FIELD_ORDER.flatMap((f) => (errors[f] ? [errors[f]] : []));
}
