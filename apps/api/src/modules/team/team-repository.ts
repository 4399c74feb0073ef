import type { TeamMember, TeamMemberInput } from '@chairline/shared';
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

/** Is there an admin in the shop other than this membership? */
export async function anotherAdminExists(sql: Sql, shopId: number, membershipId: number): Promise<boolean> {
  const other = await one(sql, "SELECT 1 FROM memberships WHERE shop_id = $1 AND role = 'admin' AND id <> $2 LIMIT 1", [shopId, membershipId]);
  return other !== undefined;
}

/** Does another account (any but `exceptUserId`) use this email? */
export async function emailTaken(sql: Sql, email: string, exceptUserId: number | null): Promise<boolean> {
  const taken = await one(sql, 'SELECT 1 FROM users WHERE email = $1 AND ($2::int IS NULL OR id <> $2)', [email, exceptUserId]);
  return taken !== undefined;
}

/**
 * A barber record's values from the team form, in the order insertMember and updateMember take
 * them: name, phone, email, booking link, pay cycle, percentage, new-barber flag, photo.
 */
function barberValues(input: TeamMemberInput, photo: string | null) {
  return [
    input.name,
    input.phone_number,
    input.email,
    input.booking_url,
    input.payment_cycle ?? null,
    input.percentage ?? null,
    input.new_employee,
    photo,
  ];
}

/**
 * A new member's account (no usable password yet), membership and barber record, out of the
 * rotation; commission falls back to weekly and `defaultPercentage`.
 */
export async function insertMember(
  tx: Sql,
  shopId: number,
  input: TeamMemberInput,
  photo: string | null,
  defaultPercentage: number,
): Promise<{ userId: number; barberId: number }> {
  const user = await one<{ id: number }>(
    tx,
    `INSERT INTO users (email, name, phone_no, booking_url, profile_photo, password_hash)
     VALUES ($1, $2, $3, $4, $5, NULL) RETURNING id`,
    [input.email, input.name, input.phone_number, input.booking_url, photo],
  );
  const membership = await one<{ id: number }>(
    tx,
    'INSERT INTO memberships (shop_id, user_id, role) VALUES ($1, $2, $3) RETURNING id',
    [shopId, user?.id, input.role],
  );
  const barber = await one<{ id: number }>(
    tx,
    `INSERT INTO barbers (shop_id, membership_id, name, phone_number, email, booking_url, payment_cycle,
                          percentage, new_employee, profile_pic, in_rotation, position)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, 'weekly'), coalesce($8::numeric, $11::numeric), $9, $10, false, NULL)
     RETURNING id`,
    [shopId, membership?.id, ...barberValues(input, photo), defaultPercentage],
  );
  if (!user || !barber) throw new Error('insert returned no row');
  return { userId: user.id, barberId: barber.id };
}

/** The member's account, role and barber record; a null photo, cycle or percentage keeps the stored one. */
export async function updateMember(tx: Sql, member: MemberFacts, input: TeamMemberInput, photo: string | null): Promise<void> {
  await tx.query(
    `UPDATE users SET email = $2, name = $3, phone_no = $4, booking_url = $5, profile_photo = coalesce($6, profile_photo)
      WHERE id = $1`,
    [member.user_id, input.email, input.name, input.phone_number, input.booking_url, photo],
  );
  await tx.query('UPDATE memberships SET role = $2 WHERE id = $1', [member.membership_id, input.role]);
  await tx.query(
    `UPDATE barbers SET name = $2, phone_number = $3, email = $4, booking_url = $5,
            payment_cycle = coalesce($6, payment_cycle), percentage = coalesce($7, percentage),
            new_employee = $8, profile_pic = coalesce($9, profile_pic)
      WHERE id = $1`,
    [member.id, ...barberValues(input, photo)],
  );
}

export function commissionOf(sql: Sql, barberId: number) {
  return one<{ percentage: number; payment_cycle: string }>(
    sql,
    'SELECT percentage::float8 AS percentage, payment_cycle FROM barbers WHERE id = $1',
    [barberId],
  );
}

export function shopNameAndUsername(sql: Sql, shopId: number) {
  return one<{ name: string; username: string }>(sql, 'SELECT name, username FROM shops WHERE id = $1', [shopId]);
}

/** The barber record stays (past tickets and invoices name it) but leaves every list. */
export async function archiveBarber(tx: Sql, barberId: number): Promise<void> {
  await tx.query("UPDATE barbers SET archived_at = now(), in_rotation = false, status = 'off' WHERE id = $1", [barberId]);
}

export async function deleteUser(tx: Sql, userId: number): Promise<void> {
  await tx.query('DELETE FROM users WHERE id = $1', [userId]);
}
