import type { AppointmentInput, OpeningHours, StaffRole } from '@chairline/shared';
import { WEEKDAYS } from '@chairline/shared';
import type { Database, Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { activeServiceIds } from '../services/services-repository.js';
import { ownBarberId } from '../invoices/invoices-repository.js';
import { overlapping } from './appointments-repository.js';
import { effectiveZoneOf } from '../../lib/shop-time-zone.js';
import { customerPhone } from '../customers/customer-phone.js';
import { customerForPhone } from '../walkins/queue-repository.js';

const DEFAULT_MINUTES = 30;

export interface AppointmentCaller {
  shopId: number;
  membershipId: number;
  role: StaffRole;
}

/** The local weekday key and HH:MM of an instant in a time zone. */
function localClock(at: Date, timeZone: string): { day: (typeof WEEKDAYS)[number]; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const day = (parts.weekday ?? 'Mon').slice(0, 3).toLowerCase() as (typeof WEEKDAYS)[number];
  return { day, time: `${parts.hour}:${parts.minute}` };
}

const formatTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** A booking must sit inside the day's opening hours, where the shop has set them. */
function assertOpen(hours: OpeningHours, start: Date, end: Date, timeZone: string) {
  const from = localClock(start, timeZone);
  const until = localClock(new Date(end.getTime() - 1), timeZone);
  const day = hours[from.day];
  if (!day) return;
  if (day.closed) throw conflict('The shop is closed that day.');
  if (from.day !== until.day || from.time < day.open || until.time >= day.close) {
    throw conflict(`The shop is open from ${day.open} to ${day.close} that day.`);
  }
}

export class AppointmentsService {
  constructor(private readonly db: Database) {}

  /** Barbers book for themselves; managers and admins for any barber of the shop. */
  private async resolveBarber(caller: AppointmentCaller, barberId: number): Promise<number> {
    if (caller.role === 'employee' && barberId !== (await ownBarberId(this.db, caller.membershipId))) {
      throw forbidden('Barbers can book only for themselves.');
    }
    return barberId;
  }

  async save(caller: AppointmentCaller, input: AppointmentInput, existingId: number | null): Promise<number> {
    const { shopId } = caller;
    const barberId = await this.resolveBarber(caller, input.barber_id);
    return this.db.transaction(async (tx) => {
      // The barber row lock serialises bookings of one barber, so two overlapping ones cannot both pass.
      const barber = await one<{ name: string }>(
        tx,
        'SELECT name FROM barbers WHERE shop_id = $1 AND id = $2 AND archived_at IS NULL FOR UPDATE',
        [shopId, barberId],
      );
      if (!barber) throw notFound('This barber does not exist.');
      if (input.customer_id && !(await one(tx, 'SELECT 1 FROM customers WHERE shop_id = $1 AND id = $2', [shopId, input.customer_id]))) {
        throw notFound('This customer does not exist.');
      }
      const shop = await one<{ timezone: string; opening_hours: OpeningHours; country: string }>(
        tx,
        `SELECT ${effectiveZoneOf('timezone')} AS timezone, opening_hours, country FROM shops WHERE id = $1`,
        [shopId],
      );
      const customerId = input.customer_name ? await this.walkUpCustomer(tx, shopId, input.customer_name, input.customer_phone, shop?.country ?? '') : (input.customer_id ?? null);
      const serviceIds = [...new Set(input.service_ids)];
      if ((await activeServiceIds(tx, shopId, serviceIds)).size !== serviceIds.length) throw notFound('A chosen service does not exist.');

      const start = new Date(input.starts_at);
      const end = input.ends_at ? new Date(input.ends_at) : new Date(start.getTime() + (await this.minutes(tx, serviceIds)) * 60_000);
      const timeZone = shop?.timezone ?? 'UTC';
      if (input.status === 'booked') {
        assertOpen(shop?.opening_hours ?? {}, start, end, timeZone);
        const clash = (await overlapping(tx, shopId, barberId, start, end, existingId))[0];
        if (clash) {
          throw conflict(
            `${barber.name} already has an appointment from ${formatTime(clash.starts_at, timeZone)} to ${formatTime(clash.ends_at, timeZone)}.`,
          );
        }
      }

      let id = existingId;
      if (id === null) {
        const row = await one<{ id: number }>(
          tx,
          `INSERT INTO appointments (shop_id, barber_id, customer_id, starts_at, ends_at, status, notes)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [shopId, barberId, customerId, start, end, input.status, input.notes],
        );
        id = row?.id ?? null;
      } else {
        const updated = await tx.query(
          `UPDATE appointments SET barber_id = $3, customer_id = $4, starts_at = $5, ends_at = $6, status = $7, notes = $8
            WHERE shop_id = $1 AND id = $2 RETURNING id`,
          [shopId, id, barberId, customerId, start, end, input.status, input.notes],
        );
        if (updated.length === 0) throw notFound('This appointment does not exist.');
        await tx.query('DELETE FROM appointment_services WHERE appointment_id = $1', [id]);
      }
      if (id === null) throw new Error('insert returned no row');
      for (const serviceId of serviceIds) {
        await tx.query('INSERT INTO appointment_services (appointment_id, service_id) VALUES ($1, $2)', [id, serviceId]);
      }
      return id;
    });
  }

  /**
   * The customer of a walk-up booking: with a phone, the shop's customer with that number (E.164 in
   * the shop's country, a 400 when it is not a phone number), else a new one with this name and
   * phone; without a phone, a new customer with the name alone.
   */
  private async walkUpCustomer(tx: Sql, shopId: number, name: string, typedPhone: string | undefined, country: string): Promise<number> {
    if (typedPhone) return customerForPhone(tx, shopId, name, customerPhone(typedPhone, country));
    const made = await one<{ id: number }>(tx, 'INSERT INTO customers (shop_id, name) VALUES ($1, $2) RETURNING id', [shopId, name]);
    if (!made) throw new Error('insert returned no row');
    return made.id;
  }

  private async minutes(sql: Sql, serviceIds: number[]): Promise<number> {
    if (serviceIds.length === 0) return DEFAULT_MINUTES;
    const row = await one<{ total: number }>(sql, 'SELECT coalesce(sum(estimated_minutes), 0)::int AS total FROM services WHERE id = ANY($1::int[])', [
      serviceIds,
    ]);
    return row?.total || DEFAULT_MINUTES;
  }
}
