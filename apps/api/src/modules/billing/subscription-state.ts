import { PAST_DUE_GRACE_DAYS } from '@chairline/shared';

const DAY_MS = 86_400_000;

/** What decides whether a shop's subscription is in force, as stored on its row. */
export interface SubscriptionFacts {
  status: string | null;
  trial_ends_at: Date | null;
  /** End of a one-time purchase's access; NULL for recurring and free plans. */
  access_ends_at: Date | null;
  past_due_since: Date | null;
  is_free: boolean | null;
}

/** A past-due subscription keeps working for the grace period counted from the first failed renewal. */
export function graceEndsAt(f: SubscriptionFacts): Date | null {
  if (f.status !== 'past_due' || !f.past_due_since) return null;
  return new Date(f.past_due_since.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
}

/**
 * In force now: a trial before its end, an active plan (a one-time purchase until its access
 * ends; a recurring one until Stripe says otherwise), or a past-due one within its grace period.
 */
export function subscriptionActive(f: SubscriptionFacts, now: Date): boolean {
  switch (f.status) {
    case 'trialing':
      return f.trial_ends_at !== null && f.trial_ends_at > now;
    case 'active':
      return f.access_ends_at === null || f.access_ends_at > now;
    case 'past_due': {
      const grace = graceEndsAt(f);
      return grace === null || grace > now;
    }
    default:
      return false;
  }
}

/**
 * A paid plan that is no longer in force (payment failed past the grace period, a one-time
 * purchase ended): staff writes and online check-ins stop until the shop pays or moves to the free
 * plan. A free plan whose trial ended is never locked: it keeps the BASIC PLAN limits.
 */
export function subscriptionLocked(f: SubscriptionFacts, now: Date): boolean {
  return f.status !== null && f.is_free === false && !subscriptionActive(f, now);
}

export function trialDaysLeft(f: SubscriptionFacts, now: Date): number {
  if (f.status !== 'trialing' || !f.trial_ends_at) return 0;
  return Math.max(0, Math.ceil((f.trial_ends_at.getTime() - now.getTime()) / DAY_MS));
}
