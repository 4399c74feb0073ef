import { describe, expect, it } from 'vitest';
import { createRefreshLoop, GROUP_MS, type LiveStatus } from '../src/refresh-loop.js';
import { retryDelay, RETRY_MAX_MS } from '../src/retry-schedule.js';
import { manualClock } from './manual-clock.js';

/** A load whose replies the test decides: ok or failed, one per call. */
function scriptedLoad() {
  const calls: number[] = [];
  let answer = true;
  return {
    calls,
    answer: (ok: boolean) => (answer = ok),
    load: (clock: { now: () => number }) => async () => {
      calls.push(clock.now());
      return answer;
    },
  };
}

describe('retryDelay: exponential back-off with jitter', () => {
  it('doubles its ceiling from 1 s and stays in the upper half of it', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 15_000]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, () => 0))).toEqual([500, 1_000, 2_000, 4_000, 7_500]);
    expect(retryDelay(2, () => 0.5)).toBe(1_500);
  });

  it('never goes above the 15 s cap, however many failures', () => {
    for (const n of [6, 10, 50, 1_000]) {
      expect(retryDelay(n, () => 1)).toBe(RETRY_MAX_MS);
      expect(retryDelay(n, () => 0)).toBe(RETRY_MAX_MS / 2);
    }
  });

  it('keeps a faulty random source inside the bounds', () => {
    expect(retryDelay(1, () => 7)).toBe(1_000);
    expect(retryDelay(1, () => -3)).toBe(500);
  });
});

describe('the refresh loop', () => {
  it('groups a burst of requests into one load', async () => {
    const clock = manualClock();
    const script = scriptedLoad();
    const loop = createRefreshLoop({ load: script.load(clock), scheduler: clock.scheduler });
    for (let i = 0; i < 5; i++) loop.request();
    await clock.advance(GROUP_MS);
    expect(script.calls).toEqual([GROUP_MS]);
    loop.stop();
  });

  it('after a failure reports "retrying", keeps trying with growing waits, and is live again after a success', async () => {
    const clock = manualClock();
    const script = scriptedLoad();
    const statuses: LiveStatus[] = [];
    const loop = createRefreshLoop({ load: script.load(clock), scheduler: clock.scheduler, random: () => 1, onStatus: (s) => statuses.push(s) });
    script.answer(false);
    loop.request();
    await clock.advance(GROUP_MS);
    expect(loop.status()).toBe('retrying');
    expect(statuses).toEqual(['retrying']);
    expect(clock.pending()).toEqual([1_000]);

    await clock.advance(1_000 + 2_000 + 4_000);
    // Tries at 100, then 1 s, 2 s and 4 s after each failure.
    expect(script.calls).toEqual([100, 1_100, 3_100, 7_100]);
    expect(loop.failures()).toBe(4);
    expect(clock.pending()).toEqual([8_000]);

    script.answer(true);
    await clock.advance(8_000);
    expect(loop.status()).toBe('live');
    expect(loop.failures()).toBe(0);
    expect(statuses).toEqual(['retrying', 'live']);
    // Live again: no retry waits.
    expect(clock.pending()).toEqual([]);
    loop.stop();
  });

  it('tries at once when asked (network back, tab visible, stream reconnected), skipping the back-off wait', async () => {
    const clock = manualClock();
    const script = scriptedLoad();
    const loop = createRefreshLoop({ load: script.load(clock), scheduler: clock.scheduler, random: () => 1 });
    script.answer(false);
    loop.request();
    await clock.advance(GROUP_MS);
    await clock.advance(1_000 + 2_000 + 4_000);
    expect(clock.pending()).toEqual([8_000]);
    script.answer(true);
    await clock.advance(500);
    loop.now();
    await clock.advance(GROUP_MS);
    expect(script.calls.at(-1)).toBe(7_100 + 500 + GROUP_MS);
    expect(loop.status()).toBe('live');
    expect(clock.pending()).toEqual([]);
    loop.stop();
  });

  it('runs one load at a time; a request during a load runs once more afterwards', async () => {
    const clock = manualClock();
    let release: (ok: boolean) => void = () => {};
    let calls = 0;
    const loop = createRefreshLoop({
      scheduler: clock.scheduler,
      load: () => {
        calls += 1;
        return new Promise<boolean>((resolve) => (release = resolve));
      },
    });
    loop.request();
    await clock.advance(GROUP_MS);
    expect(calls).toBe(1);
    loop.request();
    loop.now();
    await clock.advance(GROUP_MS * 5);
    expect(calls).toBe(1);
    release(true);
    await clock.advance(GROUP_MS);
    expect(calls).toBe(2);
    release(true);
    await clock.advance(GROUP_MS * 5);
    expect(calls).toBe(2);
    loop.stop();
  });

  it('counts a load that throws as a failure', async () => {
    const clock = manualClock();
    const loop = createRefreshLoop({
      scheduler: clock.scheduler,
      random: () => 0,
      load: () => Promise.reject(new Error('network down')),
    });
    loop.request();
    await clock.advance(GROUP_MS);
    expect(loop.status()).toBe('retrying');
    expect(clock.pending()).toEqual([500]);
    loop.stop();
  });

  it('does nothing more once stopped', async () => {
    const clock = manualClock();
    const script = scriptedLoad();
    const loop = createRefreshLoop({ load: script.load(clock), scheduler: clock.scheduler });
    script.answer(false);
    loop.request();
    await clock.advance(GROUP_MS);
    loop.stop();
    expect(clock.pending()).toEqual([]);
    loop.request();
    loop.now();
    await clock.advance(60_000);
    expect(script.calls).toEqual([GROUP_MS]);
  });
});
