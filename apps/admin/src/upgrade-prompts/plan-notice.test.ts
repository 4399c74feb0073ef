import { BASIC_PLAN_NAME } from '@chairline/shared';
import { describe, expect, it } from 'vitest';
import { isDismissed, planNoticeFor, withDismissal, type NoticeUser } from './plan-notice';

const now = new Date(2026, 10, 28, 9, 0); // 28 November 2026, local time
const trialing: NoticeUser = { plan_name: BASIC_PLAN_NAME, trial_days_remaining: 14, total_check_ins: 200, barber_limit: 2 };

describe('the plan notice', () => {
  it('while trialing says when the trial ends, in the locale format, from trial_ends_at', () => {
    const notice = planNoticeFor({ ...trialing, subscription_status: 'trialing', trial_ends_at: new Date(2026, 11, 12, 15, 0).toISOString() }, now, 'en-GB');
    expect(notice).toMatchObject({ kind: 'trial', severity: 'info', text: 'Your trial ends on 12 December.', dismissKey: 'trial:2026-12-12' });
    expect(notice?.link.to).toBe('/dashboard/settings/subscription');
    expect(planNoticeFor({ ...trialing, trial_ends_at: new Date(2026, 11, 12).toISOString() }, now, 'en-US')?.text).toBe('Your trial ends on December 12.');
  });

  it("names the shop's day of the trial end, not the device's", () => {
    // 23:30 UTC on 12 December is already the 13th in Tokyo and still the 12th in Los Angeles.
    const end = '2026-12-12T23:30:00Z';
    expect(planNoticeFor({ ...trialing, trial_ends_at: end, shop_time_zone: 'Asia/Tokyo' }, now, 'en-GB')?.text).toBe('Your trial ends on 13 December.');
    expect(planNoticeFor({ ...trialing, trial_ends_at: end, shop_time_zone: 'America/Los_Angeles' }, now, 'en-GB')?.text).toBe('Your trial ends on 12 December.');
  });

  it('falls back to today plus the trial days remaining, and writes the year when it is not this one', () => {
    expect(planNoticeFor({ ...trialing, trial_days_remaining: 14 }, now, 'en-GB')?.text).toBe('Your trial ends on 12 December.');
    expect(planNoticeFor({ ...trialing, trial_days_remaining: 40 }, now, 'en-GB')?.text).toBe('Your trial ends on 7 January 2027.');
  });

  it('once the trial is over on the BASIC PLAN, says what the shop keeps', () => {
    const notice = planNoticeFor({ ...trialing, trial_days_remaining: 0, subscription_status: 'active' }, now, 'en-GB');
    expect(notice).toMatchObject({ kind: 'basic', text: 'Your trial is over. You keep the free BASIC PLAN: 2 barbers and 200 check-ins a month.' });
    expect(notice?.link).toEqual({ label: 'Choose a plan', to: '/dashboard/settings/subscription' });
  });

  it('past due: red, with the grace end and a link to billing', () => {
    const notice = planNoticeFor(
      { ...trialing, plan_name: 'PRO PLAN', trial_days_remaining: 0, subscription_status: 'past_due', grace_ends_at: new Date(2026, 11, 3, 12).toISOString() },
      now,
      'en-GB',
    );
    expect(notice).toMatchObject({ kind: 'past_due', severity: 'error', dismissKey: 'past_due:2026-12-03' });
    expect(notice?.text).toBe('Your last payment failed. Your plan keeps working until 3 December; update your payment method before then.');
    expect(notice?.link).toEqual({ label: 'Go to billing', to: '/dashboard/billing' });
  });

  it('nothing for a paid, active plan', () => {
    expect(planNoticeFor({ ...trialing, plan_name: 'PRO PLAN', trial_days_remaining: 0, total_check_ins: 1500, barber_limit: 6 }, now, 'en-GB')).toBeNull();
    expect(planNoticeFor({ ...trialing, plan_name: 'PRO PLAN', trial_days_remaining: 0, subscription_status: 'active' }, now, 'en-GB')).toBeNull();
  });

  it('a dismissal holds for that kind and date only', () => {
    const first = planNoticeFor({ ...trialing, trial_ends_at: new Date(2026, 11, 12).toISOString() }, now, 'en-GB');
    if (!first) throw new Error('expected a notice');
    const stored = withDismissal(first, null);
    expect(isDismissed(first, stored)).toBe(true);
    const later = planNoticeFor({ ...trialing, trial_ends_at: new Date(2026, 11, 20).toISOString() }, now, 'en-GB');
    if (!later) throw new Error('expected a notice');
    expect(isDismissed(later, stored)).toBe(false);
    const pastDue = planNoticeFor({ ...trialing, subscription_status: 'past_due', grace_ends_at: null }, now, 'en-GB');
    if (!pastDue) throw new Error('expected a notice');
    expect(isDismissed(pastDue, stored)).toBe(false);
    expect(isDismissed(pastDue, withDismissal(pastDue, stored))).toBe(true);
    expect(isDismissed(first, withDismissal(pastDue, stored))).toBe(true);
    expect(isDismissed(first, 'not json')).toBe(false);
  });
});
