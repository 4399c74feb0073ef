import { describe, expect, it } from 'vitest';
import { buildCheckIn } from '../src/lib/check-in-form.js';
import { checkInSteps, errorMessages, firstWrongField, stepLabel } from '../src/lib/check-in-steps.js';

describe('the check-in steps', () => {
  it('asks services, then the barber, then name and phone; without services, two steps', () => {
    expect(checkInSteps(true)).toEqual(['services', 'barber', 'details']);
    expect(checkInSteps(false)).toEqual(['barber', 'details']);
    expect(stepLabel(1, checkInSteps(true))).toBe('Step 2 of 3');
    expect(stepLabel(0, checkInSteps(false))).toBe('Step 1 of 2');
  });

  it('sends a refused submit back to the step of the first wrong field, in the form\'s order', () => {
    const steps = checkInSteps(true);
    const refused = buildCheckIn('demo', { name: 'Drew Lane', phone: 'call me', barber: 'any', serviceIds: [] }, 'online');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(firstWrongField(refused.errors, steps)).toEqual({ field: 'phone_number', step: 2 });
    expect(errorMessages(refused.errors)).toEqual(['Please enter a valid phone number.']);

    const both = buildCheckIn('demo', { name: '', phone: 'call me', barber: 'any', serviceIds: [] }, 'online');
    if (both.ok) throw new Error('expected a refusal');
    expect(firstWrongField(both.errors, steps)?.field).toBe('name');
    expect(errorMessages(both.errors)).toEqual(['Please enter a name', 'Please enter a valid phone number.']);

    expect(firstWrongField({ barber_id: 'Choose a barber', name: 'x' }, steps)).toEqual({ field: 'barber_id', step: 1 });
    expect(firstWrongField({ barber_id: 'Choose a barber' }, checkInSteps(false))).toEqual({ field: 'barber_id', step: 0 });
    expect(firstWrongField({}, steps)).toBeNull();
  });
});
