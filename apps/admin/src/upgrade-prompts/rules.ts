import {
  BASIC_PLAN_NAME,
  DEFAULT_BARBER_LIMIT,
  DEFAULT_CHECK_IN_LIMIT,
  MARKETING_MODAL_DELAY_MS,
  CORNER_CARD_COUNTDOWN_MS,
  RIBBON_MIN_TRIAL_DAYS,
  UNLIMITED,
  UPGRADE_PROMPT_SCHEDULE,
  USAGE_ALERT_THRESHOLD_PERCENT,
  type SessionUser,
} from '@chairline/shared';
import type { PromptTiming } from './schedule';
import { ADMIN_PATHS } from '@chairline/shared/routes';

// Which upgrade prompts a back-office user gets. They exist to move shops off the free BASIC PLAN,
// so only BASIC PLAN users see them, and never an affiliate (affiliates do not run a shop).

export const PROMPT_KINDS = ['marketing-modal', 'toast-card', 'usage-alert', 'limited-popup', 'bottom-banner', 'corner-ribbon'] as const;
export type PromptKind = (typeof PROMPT_KINDS)[number];

/** First delay and repeat of each prompt; the marketing modal shows once, the corner card closes itself. */
export const PROMPT_TIMINGS: Record<PromptKind, PromptTiming> = {
  'marketing-modal': { firstDelayMs: MARKETING_MODAL_DELAY_MS, repeatMs: null },
  'toast-card': { ...UPGRADE_PROMPT_SCHEDULE.toastCard, autoCloseMs: CORNER_CARD_COUNTDOWN_MS },
  'usage-alert': UPGRADE_PROMPT_SCHEDULE.usageAlert,
  'limited-popup': UPGRADE_PROMPT_SCHEDULE.limitedPopup,
  'bottom-banner': UPGRADE_PROMPT_SCHEDULE.bottomBanner,
  'corner-ribbon': UPGRADE_PROMPT_SCHEDULE.cornerRibbon,
};

/** Where every upgrade prompt leads. */
export const UPGRADE_PATH = ADMIN_PATHS.subscription;

export type PromptUser = Pick<
  SessionUser,
  'plan_name' | 'trial_days_remaining' | 'total_check_ins' | 'total_check_ins_this_month' | 'total_barbers' | 'barber_limit'
>;

export interface PromptContext {
  /** An affiliate is present (the stored affiliate flag with an access token). */
  affiliate: boolean;
  /** The marketing modal was closed since the last login. */
  marketingShown: boolean;
}

/** used / limit is at least the alert threshold; an unlimited (-1) limit never alerts. */
export function usageAtThreshold(used: number | null | undefined, limit: number | null | undefined, defaultLimit: number): boolean {
  const max = limit ?? defaultLimit;
  if (max === UNLIMITED) return false;
  const count = Math.max(0, used ?? 0);
  if (max <= 0) return count > 0;
  return count * 100 >= max * USAGE_ALERT_THRESHOLD_PERCENT;
}

/** Check-ins this month or barbers at 80 % or more of the plan's limit. */
export function usageNeedsAlert(user: PromptUser): boolean {
  return (
    usageAtThreshold(user.total_check_ins_this_month, user.total_check_ins, DEFAULT_CHECK_IN_LIMIT) ||
    usageAtThreshold(user.total_barbers, user.barber_limit, DEFAULT_BARBER_LIMIT)
  );
}

/** The prompts this user may get now (none for affiliates or anyone not on the BASIC PLAN). */
export function eligiblePrompts(user: PromptUser | null | undefined, context: PromptContext): PromptKind[] {
  if (!user || context.affiliate || user.plan_name !== BASIC_PLAN_NAME) return [];
  return PROMPT_KINDS.filter((kind) => {
    if (kind === 'marketing-modal') return !context.marketingShown;
    if (kind === 'usage-alert') return usageNeedsAlert(user);
    if (kind === 'corner-ribbon') return user.trial_days_remaining >= RIBBON_MIN_TRIAL_DAYS;
    return true;
  });
}
