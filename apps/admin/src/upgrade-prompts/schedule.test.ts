import { BASIC_PLAN_NAME } from '@chairline/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eligiblePrompts, PROMPT_TIMINGS, usageNeedsAlert, type PromptKind, type PromptUser } from './rules';
import { createPromptScheduler, systemClock, type PromptScheduler } from './schedule';

const S = 1000;
const MIN = 60 * S;

const basicUser: PromptUser = {
  plan_name: BASIC_PLAN_NAME,
  trial_days_remaining: 10,
  total_check_ins: 200,
  total_check_ins_this_month: 0,
  total_barbers: 0,
  barber_limit: 2,
};
const fresh = { affiliate: false, marketingShown: false };

let scheduler: PromptScheduler<PromptKind>;
let dismissed: PromptKind[];

/** A scheduler on vitest's fake timers, with every prompt the user may get. */
function start(user: PromptUser = basicUser, context = fresh) {
  dismissed = [];
  scheduler = createPromptScheduler<PromptKind>({ timings: PROMPT_TIMINGS, clock: systemClock, onDismiss: (k) => dismissed.push(k) });
  scheduler.setEligible(eligiblePrompts(user, context));
  return scheduler;
}
const active = () => scheduler.getState().active;
const advance = (ms: number) => vi.advanceTimersByTime(ms);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
});
afterEach(() => {
  scheduler?.stop();
  vi.useRealTimers();
});

describe('who gets upgrade prompts', () => {
  it('only BASIC PLAN users without an affiliate', () => {
    expect(eligiblePrompts(basicUser, fresh)).toEqual(['marketing-modal', 'toast-card', 'limited-popup', 'bottom-banner', 'corner-ribbon']);
    expect(eligiblePrompts({ ...basicUser, plan_name: 'PRO PLAN' }, fresh)).toEqual([]);
    expect(eligiblePrompts(basicUser, { affiliate: true, marketingShown: false })).toEqual([]);
    expect(eligiblePrompts(null, fresh)).toEqual([]);
  });

  it('shows nothing at all to an affiliate or a PRO user, however long the page stays open', () => {
    start(basicUser, { affiliate: true, marketingShown: false });
    advance(3 * 60 * MIN);
    expect(scheduler.getState()).toMatchObject({ active: null, queue: [] });
    scheduler.stop();
    start({ ...basicUser, plan_name: 'PRO PLAN' });
    advance(3 * 60 * MIN);
    expect(scheduler.getState()).toMatchObject({ active: null, queue: [] });
  });

  it('the marketing modal only until it has been closed once', () => {
    expect(eligiblePrompts(basicUser, { affiliate: false, marketingShown: true })).not.toContain('marketing-modal');
  });

  it('the gift ribbon needs at least 2 trial days', () => {
    expect(eligiblePrompts({ ...basicUser, trial_days_remaining: 2 }, fresh)).toContain('corner-ribbon');
    expect(eligiblePrompts({ ...basicUser, trial_days_remaining: 1 }, fresh)).not.toContain('corner-ribbon');
    expect(eligiblePrompts({ ...basicUser, trial_days_remaining: 0 }, fresh)).not.toContain('corner-ribbon');
  });

  it('the usage alert needs 80 % of check-ins or barbers; unlimited never alerts', () => {
    expect(usageNeedsAlert({ ...basicUser, total_check_ins_this_month: 159 })).toBe(false);
    expect(usageNeedsAlert({ ...basicUser, total_check_ins_this_month: 160 })).toBe(true);
    expect(usageNeedsAlert({ ...basicUser, total_barbers: 1 })).toBe(false);
    expect(usageNeedsAlert({ ...basicUser, total_barbers: 2 })).toBe(true);
    expect(usageNeedsAlert({ ...basicUser, total_check_ins: -1, total_check_ins_this_month: 10_000, barber_limit: -1, total_barbers: 50 })).toBe(false);
    expect(eligiblePrompts({ ...basicUser, total_check_ins_this_month: 160 }, fresh)).toContain('usage-alert');
    expect(eligiblePrompts({ ...basicUser, total_check_ins_this_month: 159 }, fresh)).not.toContain('usage-alert');
  });
});

describe('the prompt schedule', () => {
  it('shows the marketing modal 1.5 s after load, and never again once closed', () => {
    start();
    advance(1499);
    expect(active()).toBeNull();
    advance(1);
    expect(active()).toBe('marketing-modal');
    scheduler.dismiss();
    expect(dismissed).toEqual(['marketing-modal']);
    advance(24 * 60 * MIN);
    expect(dismissed.filter((k) => k === 'marketing-modal')).toHaveLength(1);
  });

  it('first delays: toast card 5 s, bottom banner 8 s, alert 10 s, ribbon 12 s, limited popup 15 s, one at a time', () => {
    start({ ...basicUser, total_check_ins_this_month: 180 }, { affiliate: false, marketingShown: true });
    advance(4999);
    expect(active()).toBeNull();
    advance(1);
    expect(active()).toBe('toast-card');
    advance(10 * S); // t = 15 s: everything else is due, still only the card shows
    expect(scheduler.getState()).toMatchObject({ active: 'toast-card', queue: ['bottom-banner', 'usage-alert', 'corner-ribbon', 'limited-popup'] });
    advance(5 * S); // t = 20 s: the card counted down its 15 s and closed itself
    expect(dismissed).toEqual(['toast-card']);
    expect(active()).toBe('bottom-banner');
    advance(30 * MIN); // nobody closes the banner: nothing stacks on it
    expect(active()).toBe('bottom-banner');
    scheduler.dismiss();
    expect(active()).toBe('usage-alert');
    scheduler.dismiss();
    expect(active()).toBe('corner-ribbon');
    scheduler.dismiss();
    expect(active()).toBe('limited-popup');
  });

  it('repeats each prompt at its own interval', () => {
    const cases: [PromptKind, number, number][] = [
      ['toast-card', 5 * S, 30 * MIN],
      ['usage-alert', 10 * S, 60 * MIN],
      ['limited-popup', 15 * S, 120 * MIN],
      ['bottom-banner', 8 * S, 45 * MIN],
      ['corner-ribbon', 12 * S, 90 * MIN],
    ];
    for (const [kind, first, repeat] of cases) {
      dismissed = [];
      scheduler = createPromptScheduler<PromptKind>({ timings: PROMPT_TIMINGS, clock: systemClock });
      scheduler.setEligible([kind]);
      advance(first - 1);
      expect(active(), kind).toBeNull();
      advance(1);
      expect(active(), kind).toBe(kind);
      scheduler.dismiss();
      advance(repeat - 1);
      expect(active(), kind).toBeNull();
      advance(1);
      expect(active(), kind).toBe(kind);
      scheduler.dismiss();
      advance(repeat);
      expect(active(), `${kind} third time`).toBe(kind);
      scheduler.stop();
    }
  });

  it('the corner card closes itself after its 15 s countdown', () => {
    scheduler = createPromptScheduler<PromptKind>({ timings: PROMPT_TIMINGS, clock: systemClock, onDismiss: (k) => dismissed.push(k) });
    dismissed = [];
    scheduler.setEligible(['toast-card']);
    advance(5 * S);
    expect(scheduler.getState()).toMatchObject({ active: 'toast-card', shownAt: Date.now() });
    advance(15 * S - 1);
    expect(active()).toBe('toast-card');
    advance(1);
    expect(active()).toBeNull();
    expect(dismissed).toEqual(['toast-card']);
  });

  it('waits while a dialog is open or a drag is in progress, then shows what became due', () => {
    start(basicUser, { affiliate: false, marketingShown: true });
    scheduler.setBlocked(true);
    advance(9 * S);
    expect(scheduler.getState()).toMatchObject({ active: null, queue: ['toast-card', 'bottom-banner'], blocked: true });
    scheduler.setBlocked(false);
    expect(active()).toBe('toast-card');
  });

  it('hides the prompt on screen when a dialog opens and brings it back after', () => {
    start(basicUser, { affiliate: false, marketingShown: true });
    advance(5 * S);
    expect(active()).toBe('toast-card');
    advance(3 * S); // banner due behind it
    scheduler.setBlocked(true);
    expect(scheduler.getState()).toMatchObject({ active: null, queue: ['toast-card', 'bottom-banner'] });
    advance(60 * S); // its countdown is paused with it
    expect(dismissed).toEqual([]);
    scheduler.setBlocked(false);
    expect(active()).toBe('toast-card');
    expect(scheduler.getState().shownAt).toBe(Date.now());
  });

  it('a prompt that stops being eligible leaves the screen and the queue (usage went down, plan upgraded)', () => {
    start({ ...basicUser, total_check_ins_this_month: 170 }, { affiliate: false, marketingShown: true });
    scheduler.setBlocked(true);
    advance(10 * S);
    expect(scheduler.getState().queue).toContain('usage-alert');
    scheduler.setEligible(eligiblePrompts({ ...basicUser, total_check_ins_this_month: 10 }, { affiliate: false, marketingShown: true }));
    expect(scheduler.getState().queue).not.toContain('usage-alert');
    scheduler.setEligible(eligiblePrompts({ ...basicUser, plan_name: 'PRO PLAN' }, fresh));
    scheduler.setBlocked(false);
    advance(3 * 60 * MIN);
    expect(scheduler.getState()).toMatchObject({ active: null, queue: [] });
  });

  it('notifies subscribers and stops every timer on stop()', () => {
    start();
    const seen: (PromptKind | null)[] = [];
    scheduler.subscribe((s) => seen.push(s.active));
    advance(1500);
    expect(seen).toEqual(['marketing-modal']);
    scheduler.stop();
    advance(3 * 60 * MIN);
    expect(seen).toEqual(['marketing-modal']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
