import { BASIC_PLAN_NAME, DEFAULT_BARBER_LIMIT, DEFAULT_CHECK_IN_LIMIT, knownZone, limitText, type SessionUser } from '@chairline/shared';
import { ADMIN_PATHS } from '@chairline/shared/routes';

// The persistent notice at the top of the back office about the shop's plan:
// - while the subscription is past due: a red notice with the end of the grace period, to billing;
// - while trialing: the day the trial ends;
// - once the trial is over on the free BASIC PLAN: what the shop keeps, with a link to the plans.
// A dismissal is remembered for that kind and date only, so the notice returns when things change.

export type PlanNoticeKind = 'past_due' | 'trial' | 'basic';

export interface PlanNotice {
  kind: PlanNoticeKind;
  severity: 'error' | 'info' | 'warning';
  text: string;
  link: { label: string; to: string };
  /** What a dismissal is remembered under: the kind and its date (or limits). */
  dismissKey: string;
}

export type NoticeUser = Pick<
  SessionUser,
  'plan_name' | 'trial_days_remaining' | 'total_check_ins' | 'barber_limit' | 'subscription_status' | 'trial_ends_at' | 'grace_ends_at'
> &
  Partial<Pick<SessionUser, 'shop_time_zone'>>;

const DAY_MS = 86_400_000;

function parseDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '12 December' (or 'December 12', as the locale writes it); the year only when it is not this one. */
export function formatNoticeDate(date: Date, locale: string | undefined, now: Date, timeZone?: string): string {
  // The shop's day (the device's when no shop zone is known), written the way the locale writes dates.
  const zone = timeZone ? { timeZone: knownZone(timeZone) } : {};
  const year = (d: Date) => new Intl.DateTimeFormat('en-US', { year: 'numeric', ...zone }).format(d);
  const sameYear = year(date) === year(now);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }), ...zone }).format(date);
}

/** The local calendar day, e.g. 2026-12-12 (dismissals are per day). */
function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function isTrialing(user: NoticeUser): boolean {
  if (user.subscription_status !== undefined) return user.subscription_status === 'trialing';
  return user.trial_days_remaining > 0;
}

/** The trial end: the server's time when given, else today plus the days remaining. */
export function trialEndDate(user: NoticeUser, now: Date): Date {
  return parseDate(user.trial_ends_at) ?? new Date(now.getTime() + Math.max(0, user.trial_days_remaining) * DAY_MS);
}

export function planNoticeFor(user: NoticeUser, now: Date, locale?: string): PlanNotice | null {
  if (user.subscription_status === 'past_due') {
    const graceEnd = parseDate(user.grace_ends_at);
    const until = graceEnd ? ` Your plan keeps working until ${formatNoticeDate(graceEnd, locale, now, user.shop_time_zone)}; update your payment method before then.` : ' Update your payment method to keep your plan.';
    return {
      kind: 'past_due',
      severity: 'error',
      text: `Your last payment failed.${until}`,
      link: { label: 'Go to billing', to: ADMIN_PATHS.billing },
      dismissKey: `past_due:${graceEnd ? dayKey(graceEnd) : 'open'}`,
    };
  }
  if (isTrialing(user)) {
    const end = trialEndDate(user, now);
    return {
      kind: 'trial',
      severity: 'info',
      text: `Your trial ends on ${formatNoticeDate(end, locale, now, user.shop_time_zone)}.`,
      link: { label: 'Choose a plan', to: ADMIN_PATHS.subscription },
      dismissKey: `trial:${dayKey(end)}`,
    };
  }
  if (user.plan_name === BASIC_PLAN_NAME && user.trial_days_remaining < 1) {
    const barbers = limitText(user.barber_limit ?? DEFAULT_BARBER_LIMIT);
    const checkIns = limitText(user.total_check_ins ?? DEFAULT_CHECK_IN_LIMIT);
    return {
      kind: 'basic',
      severity: 'warning',
      text: `Your trial is over. You keep the free ${BASIC_PLAN_NAME}: ${barbers} barbers and ${checkIns} check-ins a month.`,
      link: { label: 'Choose a plan', to: ADMIN_PATHS.subscription },
      dismissKey: `basic:${barbers}:${checkIns}`,
    };
  }
  return null;
}

/** Dismissed notices as stored: { kind: dismissKey }. Anything unreadable counts as none. */
export function readDismissed(raw: string | null): Partial<Record<PlanNoticeKind, string>> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const out: Partial<Record<PlanNoticeKind, string>> = {};
    for (const kind of ['past_due', 'trial', 'basic'] as const) {
      const key = (value as Record<string, unknown>)[kind];
      if (typeof key === 'string') out[kind] = key;
    }
    return out;
  } catch {
    return {};
  }
}

export function isDismissed(notice: PlanNotice, raw: string | null): boolean {
  return readDismissed(raw)[notice.kind] === notice.dismissKey;
}

export function withDismissal(notice: PlanNotice, raw: string | null): string {
  return JSON.stringify({ ...readDismissed(raw), [notice.kind]: notice.dismissKey });
}
