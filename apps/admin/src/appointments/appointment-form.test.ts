import { describe, expect, it } from 'vitest';
import { toFormValues, toPayload } from './appointment-form';

describe('appointment form values', () => {
  it('sends the start in UTC and the end from the duration', () => {
    const payload = toPayload({ barber_id: 3, service_ids: [1], day: '2026-11-24', time: '11:00', duration: 45, notes: 'Fade' }, 'America/New_York');
    expect(payload).toEqual({
      barber_id: 3,
      customer_id: null,
      service_ids: [1],
      starts_at: '2026-11-24T16:00:00.000Z',
      ends_at: '2026-11-24T16:45:00.000Z',
      notes: 'Fade',
    });
  });

  it('reads 11:00 typed for a London shop as 11:00 in London', () => {
    expect(toPayload({ barber_id: 3, day: '2030-07-01', time: '11:00', duration: 30 }, 'Europe/London').starts_at).toBe('2030-07-01T10:00:00.000Z');
    expect(toPayload({ barber_id: 3, day: '2030-01-15', time: '11:00', duration: 30 }, 'Europe/London').starts_at).toBe('2030-01-15T11:00:00.000Z');
  });

  it('sends a walk-up name and phone instead of a customer id', () => {
    const payload = toPayload(
      { barber_id: 3, customer_id: 9, customer_kind: 'walkup', customer_name: ' Nina ', customer_phone: ' 07700 900123 ', day: '2030-07-01', time: '11:00', duration: 30 },
      'Europe/London',
    );
    expect(payload).toMatchObject({ customer_id: null, customer_name: 'Nina', customer_phone: '07700 900123' });
    const onFile = toPayload({ barber_id: 3, customer_id: 9, customer_kind: 'file', customer_name: 'Left over', day: '2030-07-01', time: '11:00' }, 'Europe/London');
    expect(onFile).toMatchObject({ customer_id: 9 });
    expect(onFile).not.toHaveProperty('customer_name');
  });

  it('shows a stored appointment as the shop’s date, time and minutes', () => {
    const values = toFormValues({ starts_at: '2026-11-24T16:00:00.000Z', ends_at: '2026-11-24T16:30:00.000Z', status: 'booked' }, 'America/New_York');
    expect(values).toMatchObject({ day: '2026-11-24', time: '11:00', duration: 30, status: 'booked', customer_kind: 'file' });
  });
});
