import type { Appointment, CalendarEntry, CommissionMemberInput, CommissionRow, InvoiceListItem, InvoiceStatus } from '@chairline/shared';
import type { QueryParams } from '../http-client.js';
import { listOf, type Caller } from './call.js';

export interface AppointmentQuery {
  from: string;
  to?: string;
  status?: Appointment['status'];
  page_size?: number;
}

/** The shop's day to day: barbers, appointments, customers, invoices and commissions. */
export function shopCommands({ call, parsed, download }: Caller) {
  return {
    getStats: () => parsed((s) => s.shopStats, 'GET', '/stats/'),
    /** The shop's barbers with their place in the rotation and their wait. */
    getShopBarbers: (shopUsername: string) => parsed((s) => listOf(s.publicBarber), 'GET', '/barbers/', undefined, { params: { shop_username: shopUsername } }),
    getServices: () => parsed((s) => listOf(s.service), 'GET', '/services/'),
    /** The barber leaves or joins the rotation (the owner's choice for a barber who also manages). */
    setRotationMembership: (barberId: number, action: 'leave' | 'join') => call<unknown>('POST', `/rotation/${action}/`, { barber_id: barberId }),
    // appointments
    getAppointments: (query: AppointmentQuery) => parsed((s) => listOf(s.appointment), 'GET', '/appointments/', undefined, { params: { ...query } }),
    /** Appointments and walk-ins served between two shop days (inclusive), for the calendar. */
    getCalendar: (from: string, to: string): Promise<CalendarEntry[]> =>
      parsed((s) => listOf(s.calendarEntry), 'GET', '/calendar/', undefined, { params: { from, to } }),
    // customers
    getCustomers: (search?: string) =>
      call<Array<{ id: number; name: string; phone_number?: string | null }>>('GET', '/customers/', undefined, {
        params: { page_size: 100, ordering: 'name', search },
      }),
    addCustomer: (name: string, phone: string) => parsed((s) => s.customer, 'POST', '/customers/', { name, phone }),
    importCustomers: (csv: string, dryRun: boolean) => parsed((s) => s.customerImportResult, 'POST', '/customers/import/', { csv, dry_run: dryRun }),
    exportCustomers: (query: { search?: string; ordering?: string }) => download('/customers/export/', { ...query }, 'customers.csv'),
    // invoices and commissions
    getMyInvoices: () => call<InvoiceListItem[]>('GET', '/billing/invoices-by-barber/'),
    setInvoiceStatus: (id: number, status: InvoiceStatus) => call<InvoiceListItem>('POST', `/invoices/${id}/status/`, { status }),
    getCommissions: (query: QueryParams = {}) => call<CommissionRow[]>('GET', '/invoices/commissions/', undefined, { params: query }),
    exportCommissions: (query: QueryParams = {}) => download('/invoices/commissions/export/', query, 'commissions.csv'),
    getCommissionSettings: () => parsed((s) => s.commissionSettings, 'GET', '/commissions/settings/'),
    setPayPeriodStart: (start: string) => parsed((s) => s.commissionSettings, 'PUT', '/commissions/settings/', { pay_period_start: start }),
    setMemberCommission: (barberId: number, input: CommissionMemberInput) =>
      parsed((s) => s.commissionSettings, 'PUT', `/commissions/members/${barberId}/`, input),
  };
}
