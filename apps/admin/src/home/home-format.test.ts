import { describe, expect, it } from 'vitest';
import { hourLabel, monthLimitLabel, waitLabel } from './home-format';

describe('home labels', () => {
  it('formats the average wait', () => {
    expect(waitLabel(null)).toBe('—');
    expect(waitLabel(0.4)).toBe('< 1 min');
    expect(waitLabel(12.6)).toBe('13 min');
    expect(waitLabel(95)).toBe('1 h 35 min');
    expect(waitLabel(120)).toBe('2 h');
  });
  it('formats hours of the day', () => {
    expect(hourLabel(0)).toBe('12am');
    expect(hourLabel(9)).toBe('9am');
    expect(hourLabel(12)).toBe('12pm');
    expect(hourLabel(17)).toBe('5pm');
  });
  it('says unlimited for -1', () => {
    expect(monthLimitLabel(-1)).toBe('of unlimited');
    expect(monthLimitLabel(200)).toBe('of 200 on your plan');
  });
});
