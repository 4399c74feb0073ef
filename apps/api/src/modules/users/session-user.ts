import type { SessionUser } from '@chairline/shared';
import { BASIC_PLAN_NAME, normalizeRole } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { effectiveZoneOf } from '../../lib/shop-time-zone.js';
import { walkinBarbersCountSql } from '../team/team-repository.js';
import { graceEndsAt, subscriptionActive, trialDaysLeft, type SubscriptionFacts } from '../billing/subscription-state.js';

/** The shop's effective time zone (UTC when the saved one is not recognised). */
const zone = effectiveZoneOf('s.timezone');

interface SessionRow {
  id: number;
  name: string;
  email: string;
  phone_no: string;
  created_at: Date;
  booking_url: string;
  profile_photo: string | null;
  role: string;
  is_owner: boolean;
  position: number | null;
  shop_name: string;
  shop_username: string;
  shop_address: string;
  shop_phone_number: string;
  shop_bluetick: boolean;
  pin_enabled: boolean;
  plan_id: number | null;
  plan_name: string | null;
  plan_is_free: boolean | null;
  plan_barber_limit: number | null;
  plan_check_ins: number | null;
  sub_status: string | null;
  trial_ends_at: Date | null;
  current_period_end: Date | null;
  access_ends_at: Date | null;
  past_due_since: Date | null;
  check_ins_this_month: number;
  barbers: number;
  shop_time_zone: string;
}

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
  const r = await one<SessionRow>(
    sql,
    `SELECT u.id, u.name, u.email, u.phone_no, u.created_at, u.booking_url, u.profile_photo,
            m.role, m.is_owner, b.position,
            s.name AS shop_name, s.username AS shop_username, s.address AS shop_address,
            s.phone_number AS shop_phone_number, s.bluetick AS shop_bluetick, s.pin_enabled,
            p.id AS plan_id, p.name AS plan_name, p.is_free AS plan_is_free,
            p.barber_limit AS plan_barber_limit, p.total_check_ins AS plan_check_ins,
            sub.status AS sub_status, sub.trial_ends_at, sub.current_period_end, sub.access_ends_at, sub.past_due_since,
            (SELECT count(*)::int FROM walkin_tickets t
              WHERE t.shop_id = s.id
                AND t.checked_in_at >= (date_trunc('month', $2::timestamptz AT TIME ZONE ${zone}) AT TIME ZONE ${zone})
            ) AS check_ins_this_month,
            ${walkinBarbersCountSql('s.id')} AS barbers,
            ${zone} AS shop_time_zone
       FROM users u
       JOIN memberships m ON m.user_id = u.id
       JOIN shops s ON s.id = m.shop_id
       LEFT JOIN barbers b ON b.membership_id = m.id
       LEFT JOIN subscriptions sub ON sub.shop_id = s.id
       LEFT JOIN plans p ON p.id = sub.plan_id
      WHERE u.id = $1`,
    [userId, now],
  );
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
