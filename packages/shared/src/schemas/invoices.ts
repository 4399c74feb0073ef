import { z } from 'zod';
import { PAYMENT_CYCLES } from './team.js';
import { MAX_ID, NO_SUCH_RECORD } from './common.js';
import { MAX_PAGE_SIZE } from '../constants.js';

export const INVOICE_STATUSES = ['unpaid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** unpaid → paid or void; paid → void (refund); void is final. */
export const INVOICE_TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  unpaid: ['paid', 'void'],
  paid: ['void'],
  void: [],
};

export const REQUIRED_INVOICE_FIELDS = 'Customer, Services & Amount are required';

const positiveId = z.coerce.number().int().positive().max(MAX_ID, NO_SUCH_RECORD);

/** The invoice creation payload; the form's amount may arrive as text. */
export const createInvoiceBody = z.object({
  customer: positiveId.or(z.literal('')).optional(),
  services: z.array(positiveId).optional(),
  amount: z.union([z.number(), z.string().trim()]).optional(),
  description: z.string().trim().max(2000, 'The description is too long.').default(''),
  walkin_ticket_id: positiveId.optional(),
  /** Managers and admins may invoice for a barber; a barber always invoices as themselves. */
  barber_id: positiveId.optional(),
});

/** Amount in cents, or a message: at most 2 decimals, not negative. */
export function parseAmount(value: number | string): { cents: number } | { error: string } {
  const text = typeof value === 'number' ? String(value) : value;
  if (!/^\d+(\.\d+)?$/.test(text) && !/^-/.test(text)) return { error: 'The amount must be a number, for example 25.00.' };
  if (/^-/.test(text)) return { error: 'The amount cannot be negative.' };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { error: 'The amount can have at most 2 decimals.' };
  const cents = Math.round(Number(text) * 100);
  if (cents > 10_000_000) return { error: 'The amount is too large.' };
  return { cents };
}

/** An invoice (list): id, client, service, amount, status, created_at. */
export const invoiceListItem = z.object({
  id: z.number().int(),
  client: z.string(),
  service: z.string(),
  amount: z.number(),
  status: z.enum(INVOICE_STATUSES),
  created_at: z.string(),
  customer_id: z.number().int().nullable(),
  service_ids: z.array(z.number().int()),
  description: z.string(),
  barber_id: z.number().int().nullable(),
  barber: z.string().nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

const isoDate = z.iso.date({ error: 'Dates are written as YYYY-MM-DD.' });

export const invoiceFilters = z.object({
  barber_id: z.coerce.number().int().positive().max(MAX_ID, NO_SUCH_RECORD).optional(),
  status: z.enum(INVOICE_STATUSES, { error: 'The status must be unpaid, paid or void.' }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `page_size must be between 1 and ${MAX_PAGE_SIZE}`).default(25),
  timezone: z.string().optional(),
});

export const invoiceStatusBody = z.object({ status: z.enum(INVOICE_STATUSES, { error: 'The status must be unpaid, paid or void.' }) });

export const commissionQuery = z.object({
  /** The pay period containing this date (default today), per barber's payment cycle. */
  date: isoDate.optional(),
  /** Or an explicit range, the same for every barber. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  timezone: z.string().optional(),
});

export const commissionRow = z.object({
  barber_id: z.number().int(),
  barber: z.string(),
  payment_cycle: z.enum(PAYMENT_CYCLES),
  percentage: z.number(),
  period_start: z.string(),
  period_end: z.string(),
  invoices: z.number().int(),
  paid_total: z.number(),
  commission: z.number(),
});
export type CommissionRow = z.infer<typeof commissionRow>;
