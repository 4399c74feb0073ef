import { BASIC_PLAN_NAME, UNLIMITED } from './constants.js';
import type { Plan } from './schemas/plans.js';

// The pure arithmetic and choices of the pricing / plans screen.

export type BillingInterval = 'month' | 'year';
export const DEFAULT_BILLING_INTERVAL: BillingInterval = 'month';

/** Price × (1 − discount/100), to 2 decimals. */
export function discountedPrice(price: number, discountPercent: number): number {
  if (!discountPercent) return round2(price);
  return round2(price * (1 - discountPercent / 100));
}

function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/**
 * The one money formatter: an amount in major units in its currency. Prices hide the decimals of a
 * whole amount ($29, $27.84); statements (balances, payouts, invoices) pass `cents: 'always'` so a
 * column of amounts lines up ($29.00).
 */
export function formatMoney(amount: number, currency = 'usd', options: { cents?: 'always' | 'when-needed' } = {}): string {
  const whole = options.cents !== 'always' && Number.isInteger(round2(amount));
  const digits = whole ? 0 : 2;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    // An unknown currency code: the number with the code after it.
    return `${amount.toFixed(digits)} ${currency.toUpperCase()}`;
  }
}

const isRecurring = (p: Plan) => !p.one_time;

/** The Monthly/Yearly toggle shows only when both monthly and yearly recurring plans exist. */
export function showIntervalToggle(plans: readonly Plan[]): boolean {
  const recurring = plans.filter(isRecurring);
  return recurring.some((p) => p.billing_interval_unit === 'month') && recurring.some((p) => p.billing_interval_unit === 'year');
}

/** The plans of the chosen interval, or the full list when none match. */
export function plansForInterval(plans: readonly Plan[], interval: BillingInterval): Plan[] {
  const matching = plans.filter((p) => isRecurring(p) && p.billing_interval_unit === interval);
  return matching.length > 0 ? matching : [...plans];
}

export interface PlanViewer {
  plan_name: string;
  trial_days_remaining: number;
  current_plan: number | null;
  is_subscription_active: boolean;
}

/** BASIC PLAN with trial_days_remaining below 1. */
export function isBasicTrialOver(user: Pick<PlanViewer, 'plan_name' | 'trial_days_remaining'> | null | undefined): boolean {
  return !!user && user.plan_name === BASIC_PLAN_NAME && user.trial_days_remaining < 1;
}

/** The cards to show: the interval's plans (with fallback), without BASIC PLAN once its trial is over. */
export function visiblePlans(
  plans: readonly Plan[],
  interval: BillingInterval,
  user: Pick<PlanViewer, 'plan_name' | 'trial_days_remaining'> | null | undefined,
): Plan[] {
  const list = showIntervalToggle(plans) ? plansForInterval(plans, interval) : [...plans];
  return isBasicTrialOver(user) ? list.filter((p) => p.name !== BASIC_PLAN_NAME) : list;
}

/** 'Choose Your Plan', or 'Unlock {product}' for a BASIC PLAN user whose trial is over. */
export function pricingTitle(user: Pick<PlanViewer, 'plan_name' | 'trial_days_remaining'> | null | undefined, productName: string): string {
  return isBasicTrialOver(user) ? `Unlock ${productName}` : 'Choose Your Plan';
}

/** -1 means unlimited. */
export function limitText(limit: number): string {
  return limit === UNLIMITED ? 'unlimited' : String(limit);
}

/** e.g. 'per month', 'every 3 months', 'one-time payment for 30 days'. */
export function billingText(plan: Pick<Plan, 'one_time' | 'one_time_duration' | 'billing_interval_unit' | 'billing_interval_count'>): string {
  if (plan.one_time) {
    return plan.one_time_duration ? `one-time payment for ${plan.one_time_duration} days` : 'one-time payment';
  }
  const count = Math.max(1, plan.billing_interval_count);
  return count === 1 ? `per ${plan.billing_interval_unit}` : `every ${count} ${plan.billing_interval_unit}s`;
}

export function trialText(days: number): string | null {
  if (days <= 0) return null;
  return days === 1 ? '1-day free trial' : `${days}-day free trial`;
}

export type PlanButton = { label: 'Get started' | 'Current plan' | 'Processing...'; disabled: boolean };

/** The current active plan is disabled; the plan being subscribed shows Processing. */
export function planButton(plan: Pick<Plan, 'id'>, user: Pick<PlanViewer, 'current_plan' | 'is_subscription_active'> | null | undefined, processingPlanId: number | null): PlanButton {
  if (processingPlanId === plan.id) return { label: 'Processing...', disabled: true };
  if (user && user.is_subscription_active && user.current_plan === plan.id) return { label: 'Current plan', disabled: true };
  return { label: 'Get started', disabled: processingPlanId !== null };
}

/** The feature lines of a plan card: employee limit, check-in limit, support. */
export function planFeatures(plan: Pick<Plan, 'barber_limit' | 'total_check_ins'>): string[] {
  return [`${limitText(plan.barber_limit)} employees`, `${limitText(plan.total_check_ins)} check-ins per month`, '24/7 Customer Support'];
}
