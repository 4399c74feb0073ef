import type { AppointmentInput, OpeningHours, StaffRole } from '@chairline/shared';
import { WEEKDAYS, isBarber } from '@chairline/shared';
import type { Database, Sql } from '../../db/database.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { activeServiceIds } from '../services/services-repository.js';
import { customerExists, ownBarberId } from '../invoices/invoices-repository.js';
import {
  addAppointmentServices,
  clearAppointmentServices,
  insertAppointment,
  insertNamedCustomer,
  lockBookableBarber,
  overlapping,
  servicesMinutes,
  shopBookingFacts,
  updateAppointment,
} from './appointments-repository.js';
import { customerPhone } from '../customers/customer-phone.js';
import { customerForPhone } from '../queue/tickets/queue-repository.js';

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
    if (isBarber(caller.role) && barberId !== (await ownBarberId(this.db, caller.membershipId))) {
      throw forbidden('Barbers can book only for themselves.');
    }
    return barberId;
  }

  async save(caller: AppointmentCaller, input: AppointmentInput, existingId: number | null): Promise<number> {
    const { shopId } = caller;
    const barberId = await this.resolveBarber(caller, input.barber_id);
    return this.db.transaction(async (tx) => {
      // The barber row lock serialises bookings of one barber, so two overlapping ones cannot both pass.
      const barber = await lockBookableBarber(tx, shopId, barberId);
      if (!barber) throw notFound('This barber does not exist.');
      if (input.customer_id && !(await customerExists(tx, shopId, input.customer_id))) {
        throw notFound('This customer does not exist.');
      }
      const shop = await shopBookingFacts(tx, shopId);
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

      const write = { barberId, customerId, start, end, status: input.status, notes: input.notes };
      let id = existingId;
      if (id === null) {
        id = await insertAppointment(tx, shopId, write);
      } else {
        if (!(await updateAppointment(tx, shopId, id, write))) throw notFound('This appointment does not exist.');
        await clearAppointmentServices(tx, id);
      }
      if (id === null) throw new Error('insert returned no row');
      await addAppointmentServices(tx, id, serviceIds);
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
    return insertNamedCustomer(tx, shopId, name);
  }

  private async minutes(sql: Sql, serviceIds: number[]): Promise<number> {
    if (serviceIds.length === 0) return DEFAULT_MINUTES;
    return (await servicesMinutes(sql, serviceIds)) || DEFAULT_MINUTES;
  }
}
