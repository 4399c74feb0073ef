import { describe, expect, it } from 'vitest';
import { formatEtaRange } from '../src/schemas/queue.js';
import { checkInsTodayText, formatWait, isWaitNow } from '../src/wait-text.js';

const r = (min_minutes: number, max_minutes: number) => ({ min_minutes, max_minutes });

describe('formatWait: one wording of a wait on every screen', () => {
  it('says "Now" for no wait and "—" for no estimate', () => {
    expect(formatWait(r(0, 0))).toBe('Now');
    expect(formatWait(null)).toBe('—');
    expect(formatWait(undefined)).toBe('—');
    expect(isWaitNow(r(0, 0))).toBe(true);
    expect(isWaitNow(r(0, 5))).toBe(false);
    expect(isWaitNow(null)).toBe(false);
  });

  it('gives one figure for a narrow range', () => {
    expect(formatWait(r(15, 25))).toBe('about 20 min');
    expect(formatWait(r(0, 5))).toBe('about 5 min');
    expect(formatWait(r(0, 10))).toBe('about 5 min');
    expect(formatWait(r(20, 20))).toBe('about 20 min');
    expect(formatWait(r(60, 70))).toBe('about 1 h 5 min');
  });

  it('gives a range in minutes under an hour, in hours and minutes beyond', () => {
    expect(formatWait(r(20, 40))).toBe('20–40 min');
    expect(formatWait(r(0, 15))).toBe('under 15 min');
    expect(formatWait(r(45, 75))).toBe('45 min – 1 h 15 min');
    expect(formatWait(r(70, 100))).toBe('1 h 10 min – 1 h 40 min');
    expect(formatWait(r(120, 180))).toBe('2 h – 3 h');
  });

  it('caps long waits: never thousands of minutes', () => {
    expect(formatWait(r(180, 225))).toBe('more than 3 hours');
    expect(formatWait(r(4500, 7500))).toBe('more than 3 hours');
    expect(formatWait(r(150, 190))).toBe('more than 2 h 30 min');
    expect(formatWait(r(175, 181))).toBe('more than 2 h 55 min');
    expect(formatWait(r(170, 180))).toBe('about 2 h 55 min');
  });

  it('is what formatEtaRange says, so older callers read the same', () => {
    for (const eta of [r(0, 0), r(15, 25), r(20, 40), r(70, 100), r(4500, 7500), null]) {
      expect(formatEtaRange(eta)).toBe(formatWait(eta));
    }
  });

  it('counts check-ins with the right plural', () => {
    expect(checkInsTodayText(0)).toBe('0 check-ins today');
    expect(checkInsTodayText(1)).toBe('1 check-in today');
    expect(checkInsTodayText(2)).toBe('2 check-ins today');
  });
});
