import {
  billingText,
  DEFAULT_BILLING_INTERVAL,
  discountedPrice,
  formatMoney,
  planButton,
  planFeatures,
  showIntervalToggle,
  trialText,
  visiblePlans,
  type BillingInterval,
  type Plan,
} from '@chairline/shared';

// The public /pricing page, rendered on the server with the same rules as the back office's plans
// screen. Every plan appears once; each card lists the billing intervals it belongs to, and a tiny
// script shows the cards of the chosen interval (Monthly by default).

export interface PlanCardView {
  id: number;
  name: string;
  price: string;
  /** The price before the discount, struck through; null without a discount. */
  oldPrice: string | null;
  discount: number;
  billing: string;
  trial: string | null;
  features: string[];
  mostPopular: boolean;
  /** The toggle positions that show this card (empty without a toggle: always shown). */
  intervals: BillingInterval[];
  button: string;
}

export interface PricingView {
  toggle: boolean;
  defaultInterval: BillingInterval;
  cards: PlanCardView[];
}

const INTERVALS: BillingInterval[] = ['month', 'year'];

function cardView(plan: Plan, intervals: BillingInterval[]): PlanCardView {
  return {
    id: plan.id,
    name: plan.name,
    price: formatMoney(discountedPrice(plan.price, plan.discount), plan.currency),
    oldPrice: plan.discount > 0 ? formatMoney(plan.price, plan.currency) : null,
    discount: plan.discount,
    billing: billingText(plan),
    trial: trialText(plan.trial_period_days),
    features: planFeatures(plan),
    mostPopular: plan.most_popular,
    intervals,
    // A visitor has no plan: every card reads 'Get started' and leads to the login page.
    button: planButton(plan, null, null).label,
  };
}

/** The cards for a visitor (nobody signed in, so no trial-over rule applies). */
export function pricingView(plans: readonly Plan[]): PricingView {
  const toggle = showIntervalToggle(plans);
  if (!toggle) return { toggle, defaultInterval: DEFAULT_BILLING_INTERVAL, cards: plans.map((p) => cardView(p, [])) };
  const shownIn = new Map<number, BillingInterval[]>();
  for (const interval of INTERVALS) {
    for (const p of visiblePlans(plans, interval, null)) shownIn.set(p.id, [...(shownIn.get(p.id) ?? []), interval]);
  }
  const cards = plans.filter((p) => shownIn.has(p.id)).map((p) => cardView(p, shownIn.get(p.id) ?? []));
  return { toggle, defaultInterval: DEFAULT_BILLING_INTERVAL, cards };
}

/** Whether a card shows for the chosen interval. */
export function cardShown(card: Pick<PlanCardView, 'intervals'>, interval: BillingInterval): boolean {
  return card.intervals.length === 0 || card.intervals.includes(interval);
}
