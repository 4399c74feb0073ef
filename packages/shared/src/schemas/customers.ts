import { z } from 'zod';
import { listQuery } from './list.js';
import { CUSTOMER_ORDERING } from '../constants.js';

export const customerInput = z.object({
  name: z.string({ error: 'Please enter the customer name.' }).trim().min(1, 'Please enter the customer name.').max(120),
  phone: z
    .string()
    .trim()
    .max(32, 'The phone number is too long.')
    .refine((v) => v === '' || /^\+?[0-9 ().-]{7,}$/.test(v), 'Please enter a valid phone number.')
    .default(''),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid email address.')
    .default(''),
  notes: z.string().trim().max(2000, 'The notes are too long.').default(''),
});
export type CustomerInput = z.infer<typeof customerInput>;

export const customer = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  notes: z.string(),
  created_at: z.string(),
  visits: z.number().int(),
  total_spent: z.number(),
  last_visit: z.string().nullable(),
});
export type Customer = z.infer<typeof customer>;

export const customerVisit = z.object({
  kind: z.enum(['walkin', 'appointment', 'invoice']),
  id: z.number().int(),
  date: z.string(),
  status: z.string(),
  barber: z.string().nullable(),
  amount: z.number().nullable(),
});
export const customerDetail = customer.extend({ history: z.array(customerVisit) });

export const customerListQuery = listQuery(CUSTOMER_ORDERING);

/**
 * What a barber sees of a customer: enough to pick them on an invoice. The phone shows only its
 * last four digits; email, notes and spending are for managers and admins.
 */
export const barberCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
});
export type BarberCustomer = z.infer<typeof barberCustomer>;

/** "+1 917 555 1001" → "•••• 1001"; no digits → "". */
export function maskPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits ? `•••• ${digits.slice(-4)}` : '';
}
