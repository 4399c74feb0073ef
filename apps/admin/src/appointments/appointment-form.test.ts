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

  it('shows a stored appointment as the shop’s date, time and minutes', () => {
    const values = toFormValues({ starts_at: '2026-11-24T16:00:00.000Z', ends_at: '2026-11-24T16:30:00.000Z', status: 'booked' }, 'America/New_York');
    expect(values).toMatchObject({ day: '2026-11-24', time: '11:00', duration: 30, status: 'booked' });
  });
});
