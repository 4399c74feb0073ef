import { formatMoney, type CommissionRow, type InvoiceListItem } from '@chairline/shared';

export type { CommissionRow, InvoiceListItem };

export interface InvoiceTotals {
  amount: number;
  paid: number;
  unpaid: number;
}

export interface InvoiceFilterValues {
  barber_id: string;
  status: '' | 'unpaid' | 'paid' | 'void';
  from: string;
  to: string;
}

/** Amounts in the back-office tables: always two decimals so columns line up. */
export const money = (amount: number) => formatMoney(amount, 'usd', { cents: 'always' });
