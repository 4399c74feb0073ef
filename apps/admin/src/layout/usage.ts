import { DEFAULT_BARBER_LIMIT, DEFAULT_CHECK_IN_LIMIT, UNLIMITED } from '@chairline/shared';

// Usage bars of the user menu.

export type UsageBand = 'low' | 'medium' | 'high';

export interface UsageBar {
  used: number;
  /** The plan limit after defaults; -1 means unlimited. */
  limit: number;
  unlimited: boolean;
  /** 0–100, capped at 100. */
  percent: number;
  band: UsageBand;
  /** Gradient start and end colours of the band. */
  from: string;
  to: string;
  /** 'used / limit' or 'used / unlimited'. */
  label: string;
}

export const USAGE_COLORS = {
  green: '#22c55e',
  yellow: '#eab308',
  orange: '#f97316',
  red: '#ef4444',
} as const;

const BAND_COLORS: Record<UsageBand, { from: string; to: string }> = {
  low: { from: USAGE_COLORS.green, to: USAGE_COLORS.yellow },
  medium: { from: USAGE_COLORS.yellow, to: USAGE_COLORS.orange },
  high: { from: USAGE_COLORS.orange, to: USAGE_COLORS.red },
};

/** under 50 % green→yellow, 50 to under 75 % yellow→orange, 75 % and above orange→red. */
export function usageBand(percent: number): UsageBand {
  if (percent < 50) return 'low';
  if (percent < 75) return 'medium';
  return 'high';
}

export function usageBar(used: number | null | undefined, limit: number | null | undefined, defaultLimit: number): UsageBar {
  const count = Math.max(0, used ?? 0);
  const effectiveLimit = limit ?? defaultLimit;
  if (effectiveLimit === UNLIMITED) {
    return { used: count, limit: UNLIMITED, unlimited: true, percent: 0, band: 'low', ...BAND_COLORS.low, label: `${count} / unlimited` };
  }
  const raw = effectiveLimit > 0 ? (count / effectiveLimit) * 100 : count > 0 ? 100 : 0;
  const percent = Math.min(100, Math.round(raw));
  const band = usageBand(percent);
  return { used: count, limit: effectiveLimit, unlimited: false, percent, band, ...BAND_COLORS[band], label: `${count} / ${effectiveLimit}` };
}

export interface UsageFields {
  total_check_ins_this_month?: number | null;
  total_check_ins?: number | null;
  total_barbers?: number | null;
  barber_limit?: number | null;
}

export function checkInUsage(user: UsageFields): UsageBar {
  return usageBar(user.total_check_ins_this_month, user.total_check_ins, DEFAULT_CHECK_IN_LIMIT);
}

export function barberUsage(user: UsageFields): UsageBar {
  return usageBar(user.total_barbers, user.barber_limit, DEFAULT_BARBER_LIMIT);
}
