import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay, formatShopDate, formatShopDateTime, formatShopTime, mondayOf, NO_TIME, shiftDay, shopClock, shopDay, shopInstant, shopMinutes } from '../src/shop-time.js';

// The process runs in Tokyo for this file, a zone none of the shops below is in: every result must
// come from the zone passed in, never from the machine's own.
const PROCESS_ZONE = 'Asia/Tokyo';
// This package has no Node types (it runs in browsers too); the test runner is Node.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
let savedTz: string | undefined;
beforeAll(() => {
  savedTz = env.TZ;
  env.TZ = PROCESS_ZONE;
});
afterAll(() => {
  if (savedTz === undefined) delete env.TZ;
  else env.TZ = savedTz;
});

describe("shop time: the shop's wall clock, whatever the device's zone", () => {
  it('runs in a process zone that differs from every shop zone used here', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(PROCESS_ZONE);
    // The device alone would say 8:30 AM on the 5th.
    expect(new Date('2030-03-04T23:30:00Z').getHours()).toBe(8);
  });

  it('puts an instant near midnight on the shop’s own day', () => {
    const lateEvening = '2030-03-04T23:30:00Z';
    expect(formatShopTime(lateEvening, 'Europe/London')).toBe('11:30 PM');
    expect(formatShopDate(lateEvening, 'Europe/London')).toBe('Mar 4, 2030');
    expect(formatShopDateTime(lateEvening, 'America/Los_Angeles')).toBe('Mar 4, 2030 3:30 PM');
    expect(formatShopDateTime(lateEvening, 'Pacific/Auckland')).toBe('Mar 5, 2030 12:30 PM');

    const justAfterMidnight = '2030-03-05T00:10:00Z';
    expect(formatShopDateTime(justAfterMidnight, 'Europe/London')).toBe('Mar 5, 2030 12:10 AM');
    expect(formatShopDateTime(justAfterMidnight, 'America/Los_Angeles')).toBe('Mar 4, 2030 4:10 PM');
  });

  it('follows the shop’s daylight-saving changes (spring forward and fall back)', () => {
    // London moves from GMT to BST at 01:00 UTC on Sunday 31 March 2030.
    expect(formatShopTime('2030-03-31T00:59:00Z', 'Europe/London')).toBe('12:59 AM');
    expect(formatShopTime('2030-03-31T01:00:00Z', 'Europe/London')).toBe('2:00 AM');
    // Los Angeles moves from PST to PDT at 10:00 UTC on Sunday 10 March 2030.
    expect(formatShopTime('2030-03-10T09:59:00Z', 'America/Los_Angeles')).toBe('1:59 AM');
    expect(formatShopTime('2030-03-10T10:00:00Z', 'America/Los_Angeles')).toBe('3:00 AM');
    // London goes back on Sunday 27 October 2030: 1:30 AM happens twice, an hour apart.
    expect(formatShopTime('2030-10-27T00:30:00Z', 'Europe/London')).toBe('1:30 AM');
    expect(formatShopTime('2030-10-27T01:30:00Z', 'Europe/London')).toBe('1:30 AM');
    expect(formatShopTime('2030-10-27T02:30:00Z', 'Europe/London')).toBe('2:30 AM');
  });

  it('takes ISO text, epoch milliseconds and Date objects alike', () => {
    const at = '2030-07-01T16:05:00Z';
    expect(formatShopDateTime(at, 'Europe/London')).toBe('Jul 1, 2030 5:05 PM');
    expect(formatShopDateTime(Date.parse(at), 'Europe/London')).toBe('Jul 1, 2030 5:05 PM');
    expect(formatShopDateTime(new Date(at), 'Europe/London')).toBe('Jul 1, 2030 5:05 PM');
  });

  it('shows UTC for a missing or unknown zone, and a dash for an unreadable instant', () => {
    expect(formatShopTime('2030-07-01T16:05:00Z', undefined)).toBe('4:05 PM');
    expect(formatShopTime('2030-07-01T16:05:00Z', 'Mars/Olympus_Mons')).toBe('4:05 PM');
    expect(formatShopTime('not a date', 'Europe/London')).toBe(NO_TIME);
  });
});

describe("typing the shop's wall clock into a form", () => {
  it('turns a day and time typed for the shop into the UTC instant', () => {
    expect(shopInstant('2026-11-23', '10:00', 'America/New_York')?.toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(shopInstant('2026-07-01', '10:00', 'America/New_York')?.toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(shopInstant('2026-11-23', '10:30', 'Asia/Kolkata')?.toISOString()).toBe('2026-11-23T05:00:00.000Z');
    // 11:00 typed for a London shop is 11:00 in London, whatever zone the device is in.
    expect(shopInstant('2030-07-01', '11:00', 'Europe/London')?.toISOString()).toBe('2030-07-01T10:00:00.000Z');
    expect(shopInstant('2030-01-15', '11:00', 'Europe/London')?.toISOString()).toBe('2030-01-15T11:00:00.000Z');
  });

  it('handles the days daylight saving time changes', () => {
    // 2026-03-08: New York springs forward at 02:00; 2026-11-01 it falls back.
    expect(shopInstant('2026-03-08', '09:00', 'America/New_York')?.toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(shopInstant('2026-11-01', '09:00', 'America/New_York')?.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    // 02:30 does not exist that morning: it moves forward by the hour skipped.
    expect(shopInstant('2026-03-08', '02:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('refuses a day or time it cannot read', () => {
    expect(shopInstant('', '10:00', 'Europe/London')).toBeNull();
    expect(shopInstant('2026-02-30', '10:00', 'Europe/London')).toBeNull();
    expect(shopInstant('2026-02-03', '25:00', 'Europe/London')).toBeNull();
    expect(shopInstant('2026-02-03', '', 'Europe/London')).toBeNull();
  });

  it('reads an instant back as the shop’s day, clock and minutes', () => {
    const at = '2026-11-24T03:30:00Z';
    expect(shopDay(at, 'America/New_York')).toBe('2026-11-23');
    expect(shopClock(at, 'America/New_York')).toBe('22:30');
    expect(shopMinutes(at, 'America/New_York')).toBe(22 * 60 + 30);
    expect(shopDay(at, 'Europe/Paris')).toBe('2026-11-24');
    expect(shopMinutes(at, 'Europe/Paris')).toBe(4 * 60 + 30);
  });

  it('moves by days, finds the Monday of a week and names a day, with no clock involved', () => {
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-03-29', 1)).toBe('2026-03-30');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(formatDay('2026-11-23', 'EEE, MMM d')).toBe('Mon, Nov 23');
  });
});
