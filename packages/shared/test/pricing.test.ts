import { describe, expect, it } from 'vitest';
import {
  billingText,
  discountedPrice,
  formatMoney,
  isBasicTrialOver,
  limitText,
  planButton,
  plansForInterval,
  pricingTitle,
  showIntervalToggle,
  trialText,
  visiblePlans,
} from '../src/pricing.js';
import type { Plan } from '../src/schemas/plans.js';

const plan = (over: Partial<Plan> & Pick<Plan, 'id' | 'name'>): Plan => ({
  price: 10,
  currency: 'usd',
  barber_limit: 2,
  total_check_ins: 200,
  trial_period_days: 14,
  one_time: false,
  one_time_duration: null,
  billing_interval_unit: 'month',
  billing_interval_count: 1,
  discount: 0,
  most_popular: false,
  ...over,
});

const basic = plan({ id: 1, name: 'BASIC PLAN', price: 0 });
const proMonth = plan({ id: 2, name: 'PRO PLAN', price: 29 });
const proYear = plan({ id: 3, name: 'PRO PLAN', price: 348, billing_interval_unit: 'year', discount: 20 });
const lifetime = plan({ id: 4, name: 'LIFETIME', price: 499, one_time: true, one_time_duration: 365, billing_interval_unit: 'year' });

describe('discountedPrice', () => {
  it('applies the percent discount to 2 decimals', () => {
    expect(discountedPrice(348, 20)).toBe(278.4);
    expect(discountedPrice(29.99, 15)).toBe(25.49);
    expect(discountedPrice(10, 33)).toBe(6.7);
  });
  it('leaves the price alone without a discount', () => {
    expect(discountedPrice(29, 0)).toBe(29);
  });
});

describe('formatMoney', () => {
  it('hides decimals for whole amounts and shows two otherwise', () => {
    expect(formatMoney(29, 'usd')).toBe('$29');
    expect(formatMoney(278.4, 'usd')).toBe('$278.40');
    expect(formatMoney(0, 'usd')).toBe('$0');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
  });
  it('falls back to the code for an unknown currency', () => {
    expect(formatMoney(5, 'zzzz')).toBe('5 ZZZZ');
  });
});

describe('interval toggle and filtering', () => {
  it('shows the toggle only when monthly and yearly recurring plans both exist', () => {
    expect(showIntervalToggle([basic, proMonth, proYear])).toBe(true);
    expect(showIntervalToggle([basic, proMonth])).toBe(false);
    // A one-time plan billed "per year" is not a yearly recurring plan.
    expect(showIntervalToggle([basic, lifetime])).toBe(false);
  });
  it('keeps the plans of the chosen interval', () => {
    expect(plansForInterval([basic, proMonth, proYear], 'month').map((p) => p.id)).toEqual([1, 2]);
    expect(plansForInterval([basic, proMonth, proYear], 'year').map((p) => p.id)).toEqual([3]);
  });
  it('falls back to the full list when no plan matches', () => {
    expect(plansForInterval([basic, proMonth], 'year').map((p) => p.id)).toEqual([1, 2]);
  });
  it('shows every plan when there is no toggle', () => {
    expect(visiblePlans([basic, proMonth, lifetime], 'month', null).map((p) => p.id)).toEqual([1, 2, 4]);
  });
});

describe('trial over on the BASIC PLAN', () => {
  const over = { plan_name: 'BASIC PLAN', trial_days_remaining: 0 };
  const running = { plan_name: 'BASIC PLAN', trial_days_remaining: 3 };
  it('is true only on the BASIC PLAN with under 1 trial day', () => {
    expect(isBasicTrialOver(over)).toBe(true);
    expect(isBasicTrialOver(running)).toBe(false);
    expect(isBasicTrialOver({ plan_name: 'PRO PLAN', trial_days_remaining: 0 })).toBe(false);
    expect(isBasicTrialOver(null)).toBe(false);
  });
  it('hides the BASIC PLAN card and changes the title', () => {
    expect(visiblePlans([basic, proMonth, proYear], 'month', over).map((p) => p.id)).toEqual([2]);
    expect(visiblePlans([basic, proMonth, proYear], 'month', running).map((p) => p.id)).toEqual([1, 2]);
    expect(pricingTitle(over, 'Chairline')).toBe('Unlock Chairline');
    expect(pricingTitle(running, 'Chairline')).toBe('Choose Your Plan');
  });
});

describe('card texts', () => {
  it('says unlimited for -1', () => {
    expect(limitText(-1)).toBe('unlimited');
    expect(limitText(6)).toBe('6');
  });
  it('describes billing and trial', () => {
    expect(billingText(proMonth)).toBe('per month');
    expect(billingText(proYear)).toBe('per year');
    expect(billingText({ ...proMonth, billing_interval_count: 3 })).toBe('every 3 months');
    expect(billingText(lifetime)).toBe('one-time payment for 365 days');
    expect(trialText(14)).toBe('14-day free trial');
    expect(trialText(0)).toBeNull();
  });
});

describe('plan button', () => {
  const user = { current_plan: 2, is_subscription_active: true };
  it('disables the current active plan', () => {
    expect(planButton(proMonth, user, null)).toEqual({ label: 'Current plan', disabled: true });
  });
  it('offers the others, unless the subscription is inactive', () => {
    expect(planButton(proYear, user, null)).toEqual({ label: 'Get started', disabled: false });
    expect(planButton(proMonth, { ...user, is_subscription_active: false }, null)).toEqual({ label: 'Get started', disabled: false });
  });
  it('shows Processing... on the plan being subscribed and blocks the rest', () => {
    expect(planButton(proYear, user, 3)).toEqual({ label: 'Processing...', disabled: true });
    expect(planButton(basic, user, 3)).toEqual({ label: 'Get started', disabled: true });
  });
});
