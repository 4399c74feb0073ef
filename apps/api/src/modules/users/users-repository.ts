import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { effectiveZoneOf } from '../../lib/shop-time-zone.js';
import { walkinBarbersCountSql } from '../team/team-repository.js';

/** The shop's effective time zone (UTC when the saved one is not recognised). */
const zone = effectiveZoneOf('s.timezone');

export interface SessionRow {
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
 * The session user's account, shop, plan and subscription, with its usage counted live: check-ins
 * from the start of `now`'s month in the shop's own time zone, and the barbers who take walk-ins.
 */
export function sessionUserRow(sql: Sql, userId: number, now: Date) {
  return one<SessionRow>(
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
}
