import { z } from 'zod';
import { MAX_ID, NO_SUCH_RECORD } from './common.js';

export const APPOINTMENT_STATUSES = ['booked', 'completed', 'cancelled', 'no_show'] as const;

export const APPOINTMENT_CUSTOMER_MESSAGES = {
  customerOrWalkUp: 'Choose a customer on file or type a walk-up name and phone, not both.',
  nameForPhone: 'Please enter the customer name.',
} as const;

const instant = z.iso.datetime({ offset: true, error: 'Times are full dates with a time zone, for example 2026-11-23T10:00:00Z.' });

export const appointmentInput = z
  .object({
    barber_id: z.number({ error: 'Please choose a barber.' }).int().positive('Please choose a barber.').max(MAX_ID, 'Please choose a barber.'),
    customer_id: z.number().int().positive().max(MAX_ID, NO_SUCH_RECORD).nullable().optional(),
    service_ids: z.array(z.number().int().positive().max(MAX_ID, NO_SUCH_RECORD)).max(10, 'Choose at most 10 services.').default([]),
    starts_at: instant,
    /** Defaults to the start plus the services' estimated time (30 minutes without services). */
    ends_at: instant.optional(),
    status: z.enum(APPOINTMENT_STATUSES, { error: 'The status must be booked, completed, cancelled or no_show.' }).default('booked'),
    notes: z.string().trim().max(2000, 'The notes are too long.').default(''),
    /**
     * A walk-up customer not picked from the list: their name, and their phone when known. The
     * phone (read in the shop's country) finds the shop's customer with that number, or a new
     * customer is made with this name and phone. Empty text is the same as leaving it out.
     */
    customer_name: z.string().trim().max(120, 'The customer name is too long.').optional(),
    customer_phone: z.string().trim().max(32, 'The phone number is too long.').optional(),
  })
  .refine((a) => !a.ends_at || new Date(a.ends_at) > new Date(a.starts_at), {
    message: 'The end must be after the start.',
    path: ['ends_at'],
  })
  .refine((a) => !(a.customer_id && (a.customer_name || a.customer_phone)), {
    message: APPOINTMENT_CUSTOMER_MESSAGES.customerOrWalkUp,
    path: ['customer_name'],
  })
  .refine((a) => !a.customer_phone || !!a.customer_name, {
    message: APPOINTMENT_CUSTOMER_MESSAGES.nameForPhone,
    path: ['customer_name'],
  });
export type AppointmentInput = z.infer<typeof appointmentInput>;

export const appointment = z.object({
  id: z.number().int(),
  barber_id: z.number().int(),
  barber: z.string(),
  customer_id: z.number().int().nullable(),
  customer: z.string().nullable(),
  service_ids: z.array(z.number().int()),
  services: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  notes: z.string(),
});
export type Appointment = z.infer<typeof appointment>;

const isoDate = z.iso.date({ error: 'Dates are written as YYYY-MM-DD.' });

export const appointmentListQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  barber_id: z.coerce.number().int().positive().max(MAX_ID, NO_SUCH_RECORD).optional(),
  status: z.enum(APPOINTMENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200, 'page_size must be between 1 and 200').default(50),
  timezone: z.string().optional(),
});

export const calendarQuery = z.object({ from: isoDate, to: isoDate, barber_id: z.coerce.number().int().positive().max(MAX_ID, NO_SUCH_RECORD).optional(), timezone: z.string().optional() });

export const calendarEntry = z.object({
  kind: z.enum(['appointment', 'walkin']),
  id: z.number().int(),
  barber_id: z.number().int().nullable(),
  barber: z.string().nullable(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.string(),
});
/** One block of the day/week calendar: an appointment, or a walk-in served. */
export type CalendarEntry = z.infer<typeof calendarEntry>;
