import type { TeamMember } from '@chairline/shared';
import { BASIC_PLAN_NAME, DEFAULT_BARBER_LIMIT, normalizeRole } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

interface MemberRow {
  id: number;
  name: string;
  phone_number: string;
  email: string;
  uemail: string;
  booking_url: string;
  payment_cycle: TeamMember['payment_cycle'];
  percentage: number;
  role: string;
  new_employee: boolean;
  profile_pic: string | null;
  created_at: Date;
  is_owner: boolean;
  position: number | null;
  user_id: number;
  membership_id: number;
  cuts_hair: boolean;
}

export type MemberFacts = Pick<MemberRow, 'id' | 'user_id' | 'membership_id' | 'is_owner' | 'email' | 'cuts_hair'> & { role: TeamMember['role'] };

/**
 * Who cuts hair: every barber (role `employee`), and an owner, admin or manager who chose to (which
 * puts them in the rotation). The one rule behind the Team screen's barbers, the rotation, the
 * public and Barbers page lists, the plan's barber limit and the commission report.
 */
export const cutsHairSql = (barber: string, membership: string) => `(${barber}.position IS NOT NULL OR ${membership}.role = 'employee')`;

// A team member is a barber record with a login; archived records (removed members) have none.
const SELECT = `
  SELECT b.id, b.name, b.phone_number, b.email, u.email AS uemail, b.booking_url, b.payment_cycle,
         b.percentage::float8 AS percentage, m.role, b.new_employee, b.profile_pic, b.created_at,
         m.is_owner, b.position, u.id AS user_id, m.id AS membership_id,
         ${cutsHairSql('b', 'm')} AS cuts_hair
    FROM barbers b
    JOIN memberships m ON m.id = b.membership_id
    JOIN users u ON u.id = m.user_id`;

const toMember = (r: MemberRow): TeamMember => ({
  id: r.id,
  name: r.name,
  phone_number: r.phone_number,
  email: r.email,
  uemail: r.uemail,
  booking_url: r.booking_url,
  payment_cycle: r.payment_cycle,
  percentage: Number(r.percentage),
  role: normalizeRole(r.role),
  new_employee: r.new_employee,
  profile_pic: r.profile_pic,
  created_at: r.created_at.toISOString(),
  is_owner: r.is_owner,
  position: r.position,
  cuts_hair: r.cuts_hair,
});

export async function listTeam(sql: Sql, shopId: number): Promise<TeamMember[]> {
  const rows = await sql.query<MemberRow>(`${SELECT} WHERE b.shop_id = $1 AND b.archived_at IS NULL ORDER BY b.created_at, b.id`, [shopId]);
  return rows.map(toMember);
}

export async function findMember(sql: Sql, shopId: number, id: number): Promise<TeamMember | null> {
  const row = await one<MemberRow>(sql, `${SELECT} WHERE b.shop_id = $1 AND b.id = $2 AND b.archived_at IS NULL`, [shopId, id]);
  return row ? toMember(row) : null;
}

/** What the rules need to know about a member (who they are, their role, owner or not). */
export async function memberFacts(sql: Sql, shopId: number, id: number): Promise<MemberFacts | null> {
  const row = await one<MemberRow>(sql, `${SELECT} WHERE b.shop_id = $1 AND b.id = $2 AND b.archived_at IS NULL`, [shopId, id]);
  return row
    ? {
        id: row.id,
        user_id: row.user_id,
        membership_id: row.membership_id,
        is_owner: row.is_owner,
        email: row.email,
        role: normalizeRole(row.role),
        cuts_hair: row.cuts_hair,
      }
    : null;
}

/**
 * The members who take walk-ins, whatever their role: everyone in the rotation, and every barber
 * (a barber is always assignable to tickets). This is what the plan's barber limit counts, and the
 * session user's total_barbers and the usage bars show the same number. `shopParam` is the SQL
 * parameter (or expression) holding the shop id.
 */
export const walkinBarbersCountSql = (shopParam: string) => `
  (SELECT count(*)::int FROM barbers wb JOIN memberships wm ON wm.id = wb.membership_id
    WHERE wb.shop_id = ${shopParam} AND wb.archived_at IS NULL AND ${cutsHairSql('wb', 'wm')})`;

/** Does this member take walk-ins (counted by walkinBarbersCountSql)? */
export async function takesWalkins(sql: Sql, shopId: number, barberId: number): Promise<boolean> {
  const row = await one(
    sql,
    `SELECT 1 FROM barbers b JOIN memberships m ON m.id = b.membership_id
      WHERE b.shop_id = $1 AND b.id = $2 AND b.archived_at IS NULL AND ${cutsHairSql('b', 'm')}`,
    [shopId, barberId],
  );
  return row !== undefined;
}

/**
 * The plan's barber seats and how many are taken (walkinBarbersCountSql); no subscription means
 * the BASIC PLAN's 2.
 */
export async function barberSeats(sql: Sql, shopId: number): Promise<{ planName: string; limit: number; used: number }> {
  const row = await one<{ plan_name: string | null; barber_limit: number | null; used: number }>(
    sql,
    `SELECT p.name AS plan_name, p.barber_limit, ${walkinBarbersCountSql('s.shop_id')} AS used
       FROM (SELECT $1::int AS shop_id) s
       LEFT JOIN subscriptions sub ON sub.shop_id = s.shop_id
       LEFT JOIN plans p ON p.id = sub.plan_id`,
    [shopId],
  );
  return { planName: row?.plan_name ?? BASIC_PLAN_NAME, limit: row?.barber_limit ?? DEFAULT_BARBER_LIMIT, used: row?.used ?? 0 };
}
