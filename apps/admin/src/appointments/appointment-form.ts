import { zonedDate, zonedTime, zonedToInstant } from '../calendar/shop-time';

export interface AppointmentFormValues {
  barber_id?: number;
  customer_id?: number | null;
  service_ids?: number[];
  day?: string;
  time?: string;
  duration?: number;
  status?: string;
  notes?: string;
  starts_at?: string;
  ends_at?: string;
}

/** Form values of a stored appointment: its start as date and time in the shop's zone, its length in minutes. */
export function toFormValues(record: AppointmentFormValues, timeZone: string): AppointmentFormValues {
  if (!record.starts_at || !record.ends_at) return record;
  const start = new Date(record.starts_at);
  const end = new Date(record.ends_at);
  return {
    ...record,
    day: zonedDate(start, timeZone),
    time: zonedTime(start, timeZone),
    duration: Math.round((end.getTime() - start.getTime()) / 60_000),
  };
}

/** The API payload (packages/shared appointmentInput): instants in UTC from the shop's wall clock. */
export function toPayload(values: AppointmentFormValues, timeZone: string) {
  const start = zonedToInstant(values.day ?? '', (values.time ?? '').slice(0, 5), timeZone);
  const minutes = Number(values.duration) > 0 ? Number(values.duration) : 30;
  return {
    barber_id: values.barber_id,
    customer_id: values.customer_id ?? null,
    service_ids: values.service_ids ?? [],
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + minutes * 60_000).toISOString(),
    ...(values.status ? { status: values.status } : {}),
    notes: values.notes ?? '',
  };
}
