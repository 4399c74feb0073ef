import { describe, expect, it } from 'vitest';
import { formatClockTime, hoursAt, hoursRefusal, hoursStatusLine, type OpeningHours } from '../src/index.js';

// The opening-hours rule on the shop's wall clock, with fixed instants (no wall clock).
const NY = 'America/New_York';
const open = (o: string, c: string) => ({ closed: false, open: o, close: c });
const shut = { closed: true, open: '09:00', close: '18:00' };

describe('hoursAt', () => {
  it('keeps a shop without any hours open around the clock', () => {
    expect(hoursAt({}, 30, new Date('2030-03-04T08:47:00Z'), NY)).toMatchObject({ hoursSet: false, openNow: true, lastCall: false, nextChangeAt: null });
  });

  it('treats a day without an entry as open all day when other days have hours', () => {
    const hours: OpeningHours = { mon: open('09:00', '17:00') };
    // Tuesday 5 March 2030, 03:00 in New York.
    const h = hoursAt(hours, 0, new Date('2030-03-05T08:00:00Z'), NY);
    expect(h).toMatchObject({ hoursSet: true, openNow: true, today: null, closesAt: null });
    expect(h.nextChangeAt?.toISOString()).toBe('2030-03-06T05:00:00.000Z');
  });

  it('names the same weekday a week on as "next"', () => {
    const hours: OpeningHours = { mon: open('09:00', '17:00'), tue: shut, wed: shut, thu: shut, fri: shut, sat: shut, sun: shut };
    const now = new Date('2030-03-04T22:30:00Z'); // Monday 17:30 in New York, after closing
    const h = hoursAt(hours, 0, now, NY);
    expect(h.openNow).toBe(false);
    expect(h.nextOpening?.toISOString()).toBe('2030-03-11T13:00:00.000Z'); // DST began on 10 March: 09:00 is UTC-4
    expect(hoursRefusal(h, 0, now, NY)?.message).toBe("We're closed now. We open again next Monday at 9:00 am.");
    expect(hoursStatusLine(h, now, NY)).toBe('Closed now · opens next Monday 9:00 am');
  });

  it('keeps hours on a day of 25 hours (New York leaves DST on 3 November 2030)', () => {
    const hours: OpeningHours = { sun: open('09:00', '17:00') };
    const h = hoursAt(hours, 0, new Date('2030-11-03T14:00:00Z'), NY); // 09:00 EST
    expect(h.openNow).toBe(true);
    expect(h.closesAt?.toISOString()).toBe('2030-11-03T22:00:00.000Z');
    expect(hoursAt(hours, 0, new Date('2030-11-03T13:59:00Z'), NY).openNow).toBe(false);
  });
});

describe('formatClockTime', () => {
  it('writes 12-hour times with am/pm', () => {
    expect(['00:00', '09:05', '12:00', '13:30', '23:59'].map(formatClockTime)).toEqual(['12:00 am', '9:05 am', '12:00 pm', '1:30 pm', '11:59 pm']);
  });
});
