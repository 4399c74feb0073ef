import { describe, expect, it } from 'vitest';
import { USAGE_COLORS, barberUsage, checkInUsage, usageBand, usageBar } from './usage';

describe('usage bar colour bands', () => {
  it('is green to yellow under 50 %', () => {
    const bar = usageBar(40, 100, 200);
    expect(bar.percent).toBe(40);
    expect(bar.band).toBe('low');
    expect([bar.from, bar.to]).toEqual([USAGE_COLORS.green, USAGE_COLORS.yellow]);
  });

  it('is yellow to orange from 50 to under 75 %', () => {
    const bar = usageBar(60, 100, 200);
    expect(bar.band).toBe('medium');
    expect([bar.from, bar.to]).toEqual([USAGE_COLORS.yellow, USAGE_COLORS.orange]);
  });

  it('is orange to red from 75 %', () => {
    const bar = usageBar(90, 100, 200);
    expect(bar.band).toBe('high');
    expect([bar.from, bar.to]).toEqual([USAGE_COLORS.orange, USAGE_COLORS.red]);
  });

  it('switches exactly at 50 and 75', () => {
    expect(usageBand(49.9)).toBe('low');
    expect(usageBand(50)).toBe('medium');
    expect(usageBand(74.9)).toBe('medium');
    expect(usageBand(75)).toBe('high');
  });

  it('caps the percentage at 100', () => {
    const bar = usageBar(250, 200, 200);
    expect(bar.percent).toBe(100);
    expect(bar.band).toBe('high');
    expect(bar.label).toBe('250 / 200');
  });
});

describe('usage defaults and unlimited', () => {
  it('uses 200 check-ins and 2 barbers when the limits are missing', () => {
    expect(checkInUsage({ total_check_ins_this_month: 100 })).toMatchObject({ limit: 200, percent: 50, label: '100 / 200' });
    expect(barberUsage({ total_barbers: 1 })).toMatchObject({ limit: 2, percent: 50, label: '1 / 2' });
  });

  it('counts missing usage as zero', () => {
    expect(checkInUsage({})).toMatchObject({ used: 0, percent: 0, band: 'low', label: '0 / 200' });
  });

  it('shows unlimited for -1 with an empty bar', () => {
    const bar = checkInUsage({ total_check_ins_this_month: 5000, total_check_ins: -1 });
    expect(bar).toMatchObject({ unlimited: true, percent: 0, label: '5000 / unlimited' });
    expect(barberUsage({ total_barbers: 9, barber_limit: -1 }).label).toBe('9 / unlimited');
  });

  it('reads the session user fields', () => {
    const user = { total_check_ins_this_month: 150, total_check_ins: 200, total_barbers: 3, barber_limit: 5 };
    expect(checkInUsage(user).percent).toBe(75);
    expect(barberUsage(user).percent).toBe(60);
  });
});
