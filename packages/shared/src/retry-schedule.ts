// How long a page waits before trying again after a failed refresh: doubling from about a second
// up to a cap, with random jitter so many phones in one shop do not retry in step.

/** Timers, given to the code that waits so tests can drive time by hand. */
export interface Scheduler {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The host's own timers (browser or Node); this package is compiled without either's types. */
const hostTimers = globalThis as unknown as Scheduler;

export const browserScheduler: Scheduler = {
  setTimeout: (run, ms) => hostTimers.setTimeout(run, ms),
  clearTimeout: (handle) => hostTimers.clearTimeout(handle),
};

export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 15_000;

/**
 * The wait before the next try after `failures` failed tries in a row (1 or more): the ceiling
 * doubles each time (1 s, 2 s, 4 s … 15 s) and the wait is a random point in its upper half, so it
 * never drops below half the ceiling and never exceeds the cap.
 */
export function retryDelay(failures: number, random: () => number = Math.random, firstMs = RETRY_FIRST_MS, maxMs = RETRY_MAX_MS): number {
  const step = Math.max(0, Math.floor(failures) - 1);
  const ceiling = Math.min(maxMs, firstMs * 2 ** Math.min(step, 30));
  const jitter = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * jitter);
}
