import { MenuItem, Stack, Tab, Tabs, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext } from 'react-admin';
import type { InvoiceFilterValues } from './types';

const TABS: { value: InvoiceFilterValues['status']; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'void', label: 'Void' },
];

const STATUSES: readonly string[] = TABS.map((t) => t.value);

/** The list's filters as the inputs show them ('' for none); the URL may hold anything. */
export function invoiceFilterValues(values: Record<string, unknown>): InvoiceFilterValues {
  const text = (key: keyof InvoiceFilterValues) => {
    const value = values[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  const status = text('status');
  return {
    barber_id: text('barber_id'),
    status: STATUSES.includes(status) ? (status as InvoiceFilterValues['status']) : '',
    from: text('from'),
    to: text('to'),
  };
}

/** Barber, From and To above the status tabs; each change goes to the list (which starts again on page 1). */
export function InvoiceFilters({ barbers, action }: { barbers: { id: number; name: string }[]; action?: ReactNode }) {
  const { filterValues, setFilters } = useListContext();
  const filters = invoiceFilterValues(filterValues as Record<string, unknown>);
  const set = (patch: Partial<InvoiceFilterValues>) => {
    const next = { ...filters, ...patch };
    setFilters(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')));
  };
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <TextField select size="small" label="Barber" value={filters.barber_id} onChange={(e) => set({ barber_id: e.target.value })} sx={{ minWidth: 200 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">All barbers</MenuItem>
          {barbers.map((b) => (
            <MenuItem key={b.id} value={String(b.id)}>
              {b.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" type="date" label="From" value={filters.from} onChange={(e) => set({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="date" label="To" value={filters.to} onChange={(e) => set({ to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        {action}
      </Stack>
      <Tabs value={filters.status} onChange={(_, v: InvoiceFilterValues['status']) => set({ status: v })} variant="scrollable" aria-label="Invoice status">
        {TABS.map((t) => (
          <Tab key={t.label} value={t.value} label={t.label} />
        ))}
      </Tabs>
    </>
  );
}
