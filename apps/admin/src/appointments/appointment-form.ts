import { shopClock, shopDay, shopInstant, type AppointmentInput } from '@chairline/shared';

export interface AppointmentFormValues {
  barber_id?: number;
  customer_id?: number | null;
  /** 'file': a customer picked from the list (or none); 'walkup': a typed name and phone. */
  customer_kind?: 'file' | 'walkup';
  customer_name?: string;
  customer_phone?: string;
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
    customer_kind: 'file',
    day: shopDay(start, timeZone),
    time: shopClock(start, timeZone),
    duration: Math.round((end.getTime() - start.getTime()) / 60_000),
  };
}

type AppointmentPayload = Omit<AppointmentInput, 'status' | 'service_ids' | 'notes'> & Partial<Pick<AppointmentInput, 'status' | 'service_ids' | 'notes'>>;

/**
 * The API payload (packages/shared appointmentInput): the day and time typed are the shop's wall
 * clock, sent as UTC instants; a walk-up sends the typed name and phone instead of a customer id.
 */
export function toPayload(values: AppointmentFormValues, timeZone: string): AppointmentPayload {
  const start = shopInstant(values.day ?? '', (values.time ?? '').slice(0, 5), timeZone);
  const minutes = Number(values.duration) > 0 ? Number(values.duration) : 30;
  const walkUp = values.customer_kind === 'walkup';
  return {
    barber_id: values.barber_id ?? 0,
    ...(walkUp
      ? { customer_id: null, customer_name: values.customer_name?.trim() ?? '', customer_phone: values.customer_phone?.trim() ?? '' }
      : { customer_id: values.customer_id ?? null }),
    service_ids: values.service_ids ?? [],
    // An unreadable day or time is sent as it is, so the server names what is wrong.
    starts_at: start ? start.toISOString() : `${values.day ?? ''}T${values.time ?? ''}`,
    ...(start ? { ends_at: new Date(start.getTime() + minutes * 60_000).toISOString() } : {}),
    ...(values.status ? { status: values.status as AppointmentInput['status'] } : {}),
    notes: values.notes ?? '',
  };
}
