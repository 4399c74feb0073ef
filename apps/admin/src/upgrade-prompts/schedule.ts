// The upgrade prompts' timetable, free of React and the DOM so it can run on a fake clock.
//
// Rules:
// - each eligible prompt becomes due after its first delay, then again every repeat interval
//   (a fixed cadence from the first time; a prompt already waiting or showing is not queued twice);
// - due prompts wait in a queue and show one at a time, in the order they became due;
// - while blocked (a dialog is open, a drag is in progress, the user is on the plans screen) nothing
//   shows; a prompt that was showing goes back to the front of the queue and returns when unblocked;
// - a prompt with an auto-close time closes itself that long after it appeared.

export interface PromptTiming {
  firstDelayMs: number;
  /** null: shown once. */
  repeatMs: number | null;
  autoCloseMs?: number;
}

export type TimerHandle = unknown;

/** The time source; tests pass fake timers, the browser the real ones. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ScheduleState<K extends string> {
  /** The prompt on screen, or null. */
  active: K | null;
  /** When the active prompt appeared (clock time), for countdowns. */
  shownAt: number | null;
  /** Due prompts waiting their turn, first in line first. */
  queue: readonly K[];
  blocked: boolean;
}

export interface PromptScheduler<K extends string> {
  /** The prompts that may show now; newly eligible ones start their first delay from now. */
  setEligible(kinds: Iterable<K>): void;
  setBlocked(blocked: boolean): void;
  /** Closes the active prompt (by the user, or by its own countdown); the next due one may follow. */
  dismiss(kind?: K): void;
  getState(): ScheduleState<K>;
  subscribe(listener: (state: ScheduleState<K>) => void): () => void;
  /** Cancels every timer (the layout unmounts). */
  stop(): void;
}

export function createPromptScheduler<K extends string>(options: {
  timings: Record<K, PromptTiming>;
  clock?: Clock;
  /** Called when a prompt closes (not when it is only hidden by a block). */
  onDismiss?: (kind: K) => void;
}): PromptScheduler<K> {
  const { timings, clock = systemClock, onDismiss } = options;
  const eligible = new Set<K>();
  const dueTimers = new Map<K, TimerHandle>();
  const listeners = new Set<(state: ScheduleState<K>) => void>();
  let queue: K[] = [];
  let active: K | null = null;
  let shownAt: number | null = null;
  let blocked = false;
  let autoCloseTimer: TimerHandle | null = null;
  let stopped = false;

  const getState = (): ScheduleState<K> => ({ active, shownAt, queue: [...queue], blocked });
  const emit = () => {
    const state = getState();
    for (const listener of listeners) listener(state);
  };

  function clearAutoClose() {
    if (autoCloseTimer !== null) clock.clearTimeout(autoCloseTimer);
    autoCloseTimer = null;
  }

  function arm(kind: K, delay: number) {
    dueTimers.set(
      kind,
      clock.setTimeout(() => becomeDue(kind), delay),
    );
  }

  function becomeDue(kind: K) {
    dueTimers.delete(kind);
    if (stopped || !eligible.has(kind)) return;
    const { repeatMs } = timings[kind];
    if (repeatMs !== null) arm(kind, repeatMs);
    if (active !== kind && !queue.includes(kind)) queue.push(kind);
    if (!pump()) emit();
  }

  /** Shows the next due prompt if the screen is free; true when the state changed and was emitted. */
  function pump(): boolean {
    if (active !== null || blocked || queue.length === 0) return false;
    const next = queue.shift() as K;
    active = next;
    shownAt = clock.now();
    const { autoCloseMs } = timings[next];
    if (autoCloseMs !== undefined) autoCloseTimer = clock.setTimeout(() => dismiss(next), autoCloseMs);
    emit();
    return true;
  }

  function hideActive() {
    clearAutoClose();
    active = null;
    shownAt = null;
  }

  function dismiss(kind?: K) {
    if (active === null || (kind !== undefined && kind !== active)) return;
    const closed = active;
    hideActive();
    onDismiss?.(closed);
    if (!pump()) emit();
  }

  return {
    setEligible(kinds) {
      if (stopped) return;
      const next = new Set(kinds);
      let changed = false;
      for (const kind of eligible) {
        if (next.has(kind)) continue;
        eligible.delete(kind);
        const timer = dueTimers.get(kind);
        if (timer !== undefined) clock.clearTimeout(timer);
        dueTimers.delete(kind);
        if (queue.includes(kind)) {
          queue = queue.filter((k) => k !== kind);
          changed = true;
        }
        if (active === kind) {
          hideActive();
          changed = true;
        }
      }
      for (const kind of next) {
        if (eligible.has(kind)) continue;
        eligible.add(kind);
        arm(kind, timings[kind].firstDelayMs);
      }
      if (changed && !pump()) emit();
    },
    setBlocked(value) {
      if (stopped || value === blocked) return;
      blocked = value;
      if (blocked && active !== null) {
        queue.unshift(active);
        hideActive();
      }
      if (!pump()) emit();
    },
    dismiss,
    getState,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      for (const timer of dueTimers.values()) clock.clearTimeout(timer);
      dueTimers.clear();
      clearAutoClose();
      listeners.clear();
    },
  };
}
