import { describe, expect, it } from 'vitest';
import { graceEndsAt, subscriptionActive, subscriptionLocked, trialDaysLeft, type SubscriptionFacts } from '../src/modules/billing/subscription-state.js';

const DAY = 86_400_000;
const now = new Date('2026-12-01T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
const facts = (f: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  status: 'active',
  trial_ends_at: null,
  access_ends_at: null,
  past_due_since: null,
  is_free: false,
  ...f,
});

describe('subscription state rules', () => {
  it('a trial is in force until its end, with whole days left rounded up', () => {
    const trial = facts({ status: 'trialing', trial_ends_at: at(2.5), is_free: true });
    expect(subscriptionActive(trial, now)).toBe(true);
    expect(trialDaysLeft(trial, now)).toBe(3);
    expect(subscriptionActive(trial, at(3))).toBe(false);
    // A free plan whose trial ended is not locked: it keeps the BASIC PLAN limits.
    expect(subscriptionLocked(trial, at(3))).toBe(false);
  });

  it('past_due works for 7 days from the first failure, then a paid plan is locked', () => {
    const pastDue = facts({ status: 'past_due', past_due_since: now });
    expect(graceEndsAt(pastDue)).toEqual(at(7));
    expect(subscriptionActive(pastDue, at(6.9))).toBe(true);
    expect(subscriptionLocked(pastDue, at(6.9))).toBe(false);
    expect(subscriptionActive(pastDue, at(7))).toBe(false);
    expect(subscriptionLocked(pastDue, at(7))).toBe(true);
  });

  it('a one-time purchase ends with its access; a recurring plan runs until Stripe says otherwise', () => {
    expect(subscriptionActive(facts({ access_ends_at: at(30) }), at(29))).toBe(true);
    expect(subscriptionLocked(facts({ access_ends_at: at(30) }), at(30))).toBe(true);
    expect(subscriptionActive(facts({}), at(400))).toBe(true);
  });

  it('canceled is not in force; no subscription at all is never locked', () => {
    expect(subscriptionActive(facts({ status: 'canceled', is_free: true }), now)).toBe(false);
    expect(subscriptionLocked(facts({ status: 'canceled', is_free: true }), now)).toBe(false);
    expect(subscriptionLocked(facts({ status: null, is_free: null }), now)).toBe(false);
  });
});
