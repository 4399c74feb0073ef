import type { Appointment, OpeningHours } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { effectiveZoneOf } from '../../lib/shop-time-zone.js';
import { shopZoneSql } from '../../lib/shop-time-zone-repository.js';

interface AppointmentRow {
  id: number;
  barber_id: number;
  barber: string;
  customer_id: number | null;
  customer: string | null;
  service_ids: number[] | null;
  services: string | null;
  starts_at: Date;
  ends_at: Date;
  status: Appointment['status'];
  notes: string;
}

const toAppointment = (r: AppointmentRow): Appointment => ({
  id: r.id,
  barber_id: r.barber_id,
  barber: r.barber,
  customer_id: r.customer_id,
  customer: r.customer,
  service_ids: r.service_ids ?? [],
  services: r.services ?? '',
  starts_at: r.starts_at.toISOString(),
  ends_at: r.ends_at.toISOString(),
  status: r.status,
  notes: r.notes,
});

const SELECT = `
  SELECT a.id, a.barber_id, b.name AS barber, a.customer_id, c.name AS customer, a.starts_at, a.ends_at, a.status, a.notes,
         (SELECT array_agg(x.service_id ORDER BY x.service_id) FROM appointment_services x WHERE x.appointment_id = a.id) AS service_ids,
         (SELECT string_agg(s.name, ', ' ORDER BY s.name) FROM appointment_services x JOIN services s ON s.id = x.service_id
           WHERE x.appointment_id = a.id) AS services
    FROM appointments a JOIN barbers b ON b.id = a.barber_id LEFT JOIN customers c ON c.id = a.customer_id`;

const TZ = shopZoneSql('$1');

export interface AppointmentFilter {
  from?: string;
  to?: string;
  barberId?: number;
  status?: Appointment['status'];
}

export async function listAppointments(sql: Sql, shopId: number, f: AppointmentFilter, page: number, pageSize: number) {
  const params: unknown[] = [shopId];
  const parts = ['a.shop_id = $1'];
  if (f.from) parts.push(`a.starts_at >= ($${params.push(f.from)}::date::timestamp AT TIME ZONE ${TZ})`);
  if (f.to) parts.push(`a.starts_at < (($${params.push(f.to)}::date + 1)::timestamp AT TIME ZONE ${TZ})`);
  if (f.barberId) parts.push(`a.barber_id = $${params.push(f.barberId)}`);
  if (f.status) parts.push(`a.status = $${params.push(f.status)}`);
  const where = parts.join(' AND ');
  const rows = await sql.query<AppointmentRow>(
    `${SELECT} WHERE ${where} ORDER BY a.starts_at, a.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  const count = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM appointments a WHERE ${where}`, params);
  return { rows: rows.map(toAppointment), total: count[0]?.n ?? 0 };
}

export async function findAppointment(sql: Sql, shopId: number, id: number): Promise<Appointment | null> {
  const rows = await sql.query<AppointmentRow>(`${SELECT} WHERE a.shop_id = $1 AND a.id = $2`, [shopId, id]);
  return rows[0] ? toAppointment(rows[0]) : null;
}

/** Booked appointments of the barber overlapping [start, end), other than `exceptId`. */
export async function overlapping(sql: Sql, shopId: number, barberId: number, start: Date, end: Date, exceptId: number | null) {
  return sql.query<{ id: number; starts_at: Date; ends_at: Date }>(
    `SELECT id, starts_at, ends_at FROM appointments
      WHERE shop_id = $1 AND barber_id = $2 AND status = 'booked' AND starts_at < $4 AND ends_at > $3
        AND ($5::int IS NULL OR id <> $5)`,
    [shopId, barberId, start, end, exceptId],
  );
}

/** The barber row, locked: it serialises bookings of one barber, so two overlapping ones cannot both pass. */
export function lockBookableBarber(tx: Sql, shopId: number, barberId: number) {
  return one<{ name: string }>(tx, 'SELECT name FROM barbers WHERE shop_id = $1 AND id = $2 AND archived_at IS NULL FOR UPDATE', [
    shopId,
    barberId,
  ]);
}

/** What a booking is checked against: the shop's effective zone, opening hours and country. */
export function shopBookingFacts(sql: Sql, shopId: number) {
  return one<{ timezone: string; opening_hours: OpeningHours; country: string }>(
    sql,
    `SELECT ${effectiveZoneOf('timezone')} AS timezone, opening_hours, country FROM shops WHERE id = $1`,
    [shopId],
  );
}

export interface AppointmentWrite {
  barberId: number;
  customerId: number | null;
  start: Date;
  end: Date;
  status: string;
  notes: string;
}

export async function insertAppointment(tx: Sql, shopId: number, a: AppointmentWrite): Promise<number | null> {
  const row = await one<{ id: number }>(
    tx,
    `INSERT INTO appointments (shop_id, barber_id, customer_id, starts_at, ends_at, status, notes)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [shopId, a.barberId, a.customerId, a.start, a.end, a.status, a.notes],
  );
  return row?.id ?? null;
}

/** False when the shop has no such appointment. */
export async function updateAppointment(tx: Sql, shopId: number, id: number, a: AppointmentWrite): Promise<boolean> {
  const updated = await tx.query(
    `UPDATE appointments SET barber_id = $3, customer_id = $4, starts_at = $5, ends_at = $6, status = $7, notes = $8
      WHERE shop_id = $1 AND id = $2 RETURNING id`,
    [shopId, id, a.barberId, a.customerId, a.start, a.end, a.status, a.notes],
  );
  return updated.length > 0;
}

export async function clearAppointmentServices(tx: Sql, id: number): Promise<void> {
  await tx.query('DELETE FROM appointment_services WHERE appointment_id = $1', [id]);
}

export async function addAppointmentServices(tx: Sql, id: number, serviceIds: readonly number[]): Promise<void> {
  for (const serviceId of serviceIds) {
    await tx.query('INSERT INTO appointment_services (appointment_id, service_id) VALUES ($1, $2)', [id, serviceId]);
  }
}

/** False when the shop has no such appointment. */
export async function deleteAppointment(sql: Sql, shopId: number, id: number): Promise<boolean> {
  const rows = await sql.query('DELETE FROM appointments WHERE shop_id = $1 AND id = $2 RETURNING id', [shopId, id]);
  return rows.length > 0;
}

/** A new customer with a name alone (a walk-up booking without a phone). */
export async function insertNamedCustomer(tx: Sql, shopId: number, name: string): Promise<number> {
  const made = await one<{ id: number }>(tx, 'INSERT INTO customers (shop_id, name) VALUES ($1, $2) RETURNING id', [shopId, name]);
  if (!made) throw new Error('insert returned no row');
  return made.id;
}

/** The services' estimated minutes added up (0 for none found). */
export async function servicesMinutes(sql: Sql, serviceIds: number[]): Promise<number> {
  const row = await one<{ total: number }>(sql, 'SELECT coalesce(sum(estimated_minutes), 0)::int AS total FROM services WHERE id = ANY($1::int[])', [
    serviceIds,
  ]);
  return row?.total ?? 0;
}
