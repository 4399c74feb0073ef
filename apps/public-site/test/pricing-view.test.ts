import type { Plan } from '@chairline/shared';
import { describe, expect, it } from 'vitest';
import { cardShown, pricingView } from '../src/lib/pricing-view.js';

const base: Omit<Plan, 'id' | 'name' | 'price' | 'billing_interval_unit' | 'discount' | 'most_popular'> = {
  currency: 'usd',
  barber_limit: 6,
  total_check_ins: 1500,
  trial_period_days: 14,
  one_time: false,
  one_time_duration: null,
  billing_interval_count: 1,
};
// The plans the server seeds: BASIC, PRO and PREMIUM, the paid ones monthly and yearly.
const plans: Plan[] = [
  { ...base, id: 1, name: 'BASIC PLAN', price: 0, barber_limit: 2, total_check_ins: 200, billing_interval_unit: 'month', discount: 0, most_popular: false },
  { ...base, id: 2, name: 'PRO PLAN', price: 29, billing_interval_unit: 'month', discount: 0, most_popular: true },
  { ...base, id: 3, name: 'PRO PLAN', price: 348, billing_interval_unit: 'year', discount: 20, most_popular: true },
  { ...base, id: 4, name: 'PREMIUM PLAN', price: 59, barber_limit: -1, total_check_ins: -1, billing_interval_unit: 'month', discount: 0, most_popular: false },
  { ...base, id: 5, name: 'PREMIUM PLAN', price: 708, barber_limit: -1, total_check_ins: -1, billing_interval_unit: 'year', discount: 25, most_popular: false },
];

const namesFor = (interval: 'month' | 'year') =>
  pricingView(plans)
    .cards.filter((c) => cardShown(c, interval))
    .map((c) => c.name);

describe('the public pricing page', () => {
  it('shows each plan once per interval, Monthly by default', () => {
    const view = pricingView(plans);
    expect(view.toggle).toBe(true);
    expect(view.defaultInterval).toBe('month');
    expect(namesFor('month')).toEqual(['BASIC PLAN', 'PRO PLAN', 'PREMIUM PLAN']);
    expect(namesFor('year')).toEqual(['PRO PLAN', 'PREMIUM PLAN']);
  });

  it('strikes through the old price next to the discounted one; whole amounts hide decimals', () => {
    const proYearly = pricingView(plans).cards.find((c) => c.id === 3);
    expect(proYearly).toMatchObject({ price: '$278.40', oldPrice: '$348', discount: 20, billing: 'per year', trial: '14-day free trial', mostPopular: true, button: 'Get started' });
    const premiumYearly = pricingView(plans).cards.find((c) => c.id === 5);
    expect(premiumYearly).toMatchObject({ price: '$531', oldPrice: '$708' });
    expect(premiumYearly?.features).toEqual(['unlimited employees', 'unlimited check-ins per month', '24/7 Customer Support']);
    expect(pricingView(plans).cards.find((c) => c.id === 2)).toMatchObject({ price: '$29', oldPrice: null });
  });

  it('without both intervals there is no toggle and every plan shows', () => {
    const monthly = plans.filter((p) => p.billing_interval_unit === 'month');
    const view = pricingView(monthly);
    expect(view.toggle).toBe(false);
    expect(view.cards.every((c) => cardShown(c, 'month') && cardShown(c, 'year'))).toBe(true);
    expect(view.cards).toHaveLength(3);
  });

  it('falls back to the full list when no plan matches an interval (one-time plans only)', () => {
    const oneTime = plans.map((p) => ({ ...p, one_time: true, one_time_duration: 30 }));
    const view = pricingView(oneTime);
    expect(view.toggle).toBe(false);
    expect(view.cards.map((c) => c.billing)).toEqual(Array(5).fill('one-time payment for 30 days'));
  });
});
