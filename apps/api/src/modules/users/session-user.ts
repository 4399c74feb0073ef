import type { SessionUser } from '@chairline/shared';
import { BASIC_PLAN_NAME, normalizeRole } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { graceEndsAt, subscriptionActive, trialDaysLeft, type SubscriptionFacts } from '../billing/subscription-state.js';
import { sessionUserRow } from './users-repository.js';

/**
 * Is the shop's subscription in force now: paid and current, or in its trial. `accessEndsAt` is
 * the end of a one-time purchase (a recurring plan runs until Stripe says otherwise).
 */
export function subscriptionIsActive(
  status: string | null,
  trialEndsAt: Date | null,
  accessEndsAt: Date | null,
  now: Date,
  pastDueSince: Date | null = null,
): boolean {
  return subscriptionActive(
    { status, trial_ends_at: trialEndsAt, access_ends_at: accessEndsAt, past_due_since: pastDueSince, is_free: null },
    now,
  );
}

export function trialDaysRemaining(status: string | null, trialEndsAt: Date | null, now: Date): number {
  return trialDaysLeft({ status, trial_ends_at: trialEndsAt, access_ends_at: null, past_due_since: null, is_free: null }, now);
}

const STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
type StoredStatus = (typeof STATUSES)[number];
const isStatus = (s: string | null): s is StoredStatus => (STATUSES as readonly (string | null)[]).includes(s);

/**
 * The session user with its usage computed live: check-ins this month are counted from
 * the start of the month in the shop's own time zone.
 */
export async function loadSessionUser(sql: Sql, userId: number, now = new Date()): Promise<SessionUser | null> {
  const r = await sessionUserRow(sql, userId, now);
  if (!r) return null;
  const facts: SubscriptionFacts = {
    status: r.sub_status,
    trial_ends_at: r.trial_ends_at,
    access_ends_at: r.access_ends_at,
    past_due_since: r.past_due_since,
    is_free: r.plan_is_free,
  };
  const grace = graceEndsAt(facts);
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone_no: r.phone_no,
    created_at: r.created_at.toISOString(),
    booking_url: r.booking_url,
    profile_photo: r.profile_photo,
    profile_pic: r.profile_photo,
    is_subscription_active: subscriptionActive(facts, now),
    current_plan: r.plan_id,
    plan_name: r.plan_name ?? BASIC_PLAN_NAME,
    trial_days_remaining: trialDaysLeft(facts, now),
    total_check_ins: r.plan_check_ins ?? 200,
    total_check_ins_this_month: r.check_ins_this_month,
    total_barbers: r.barbers,
    barber_limit: r.plan_barber_limit ?? 2,
    role: normalizeRole(r.role),
    position: r.position,
    shop_name: r.shop_name,
    shop_username: r.shop_username,
    shop_address: r.shop_address,
    shop_phone_number: r.shop_phone_number,
    shop_is_owner: r.is_owner,
    shop_bluetick: r.shop_bluetick,
    pin_applicable: r.pin_enabled,
    subscription_status: isStatus(r.sub_status) ? r.sub_status : 'none',
    trial_ends_at: r.sub_status === 'trialing' ? (r.trial_ends_at?.toISOString() ?? null) : null,
    grace_ends_at: grace?.toISOString() ?? null,
    shop_time_zone: r.shop_time_zone,
  };
}
