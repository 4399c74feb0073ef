import { describe, expect, it } from 'vitest';
import { addDays, startOfWeek, zonedDate, zonedMinutes, zonedTime, zonedToInstant } from './shop-time';

describe('shop time zone arithmetic', () => {
  it('turns a wall-clock time in the shop zone into the UTC instant', () => {
    expect(zonedToInstant('2026-11-23', '10:00', 'America/New_York').toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(zonedToInstant('2026-07-01', '10:00', 'America/New_York').toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(zonedToInstant('2026-11-23', '10:30', 'Asia/Kolkata').toISOString()).toBe('2026-11-23T05:00:00.000Z');
  });

  it('handles the days daylight saving time changes', () => {
    // 2026-03-08: New York springs forward at 02:00; 2026-11-01 it falls back.
    expect(zonedToInstant('2026-03-08', '09:00', 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(zonedToInstant('2026-11-01', '09:00', 'America/New_York').toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });

  it('reads an instant back as the shop’s date, time and minutes', () => {
    const at = new Date('2026-11-24T03:30:00Z');
    expect(zonedDate(at, 'America/New_York')).toBe('2026-11-23');
    expect(zonedTime(at, 'America/New_York')).toBe('22:30');
    expect(zonedMinutes(at, 'America/New_York')).toBe(22 * 60 + 30);
    expect(zonedDate(at, 'Europe/Paris')).toBe('2026-11-24');
  });

  it('moves by days and finds the Monday of a week', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23');
  });
});
