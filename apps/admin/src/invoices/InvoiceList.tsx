import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { Alert, Box, Card, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { formatShopDateTime, type InvoiceStatus } from '@chairline/shared';
import { DataTable, Pagination, useListContext } from 'react-admin';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { Spinner } from '../common/Spinner';
import { errorText } from '../common/error-text';
import { InvoiceStatusMenu, StatusChip } from './InvoiceStatusMenu';
import { money, type InvoiceListItem, type InvoiceTotals } from './types';
import { FigureCard } from '../common/FigureCard';

const isTotals = (value: unknown): value is InvoiceTotals =>
  typeof value === 'object' && value !== null && ['amount', 'paid', 'unpaid'].every((k) => typeof (value as Record<string, unknown>)[k] === 'number');

/** The totals of the whole filtered list (not just this page), which the data provider passes on in `meta`. */
function listTotals(meta: unknown): InvoiceTotals | null {
  if (typeof meta !== 'object' || meta === null || !('totals' in meta)) return null;
  return isTotals(meta.totals) ? meta.totals : null;
}

type ChangeStatus = (id: number, to: InvoiceStatus) => void;

/** Phone: one card per invoice instead of a wide table. */
function InvoiceCards({ rows, onChange }: { rows: InvoiceListItem[]; onChange: ChangeStatus }) {
  const timeZone = useShopTimeZone();
  return (
    <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} aria-label="Invoices">
      {rows.map((i) => (
        <Box key={i.id} sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="subtitle2">
              #{i.id} · {i.client || '—'}
            </Typography>
            <Typography variant="subtitle2">{money(i.amount)}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {formatShopDateTime(i.created_at, timeZone)} · {i.barber ?? '—'}
          </Typography>
          <Typography variant="body2">{i.service || '—'}</Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <StatusChip status={i.status} />
            <InvoiceStatusMenu id={i.id} status={i.status} onChange={(to) => onChange(i.id, to)} />
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

// The server keeps its own order (newest first) and takes no other, so no column sorts.
function InvoiceTable({ onChange }: { onChange: ChangeStatus }) {
  const timeZone = useShopTimeZone();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <DataTable<InvoiceListItem> aria-label="Invoices" bulkActionButtons={false} rowClick={false} hover={false}>
        <DataTable.Col<InvoiceListItem> label="ID" disableSort render={(i) => `#${i.id}`} />
        <DataTable.Col<InvoiceListItem> label="Created" disableSort render={(i) => formatShopDateTime(i.created_at, timeZone)} />
        <DataTable.Col<InvoiceListItem> label="Customer" disableSort render={(i) => i.client || '—'} />
        <DataTable.Col<InvoiceListItem> label="Barber" disableSort render={(i) => i.barber ?? '—'} />
        <DataTable.Col<InvoiceListItem> label="Services" disableSort render={(i) => i.service || '—'} />
        <DataTable.Col<InvoiceListItem> label="Amount" disableSort align="right" render={(i) => money(i.amount)} />
        <DataTable.Col<InvoiceListItem>
          label="Status"
          disableSort
          render={(i) => (
            // The status and its Change button share a cell (and wrap) so the table fits a laptop.
            <Stack direction="row" gap={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <StatusChip status={i.status} />
              <InvoiceStatusMenu id={i.id} status={i.status} onChange={(to) => onChange(i.id, to)} />
            </Stack>
          )}
        />
      </DataTable>
    </Box>
  );
}

/** The list part of the invoices screen: totals, then the page of invoices or why there are none. */
export function InvoiceList({ onChangeStatus }: { onChangeStatus: ChangeStatus }) {
  const { data, error, isPending, meta } = useListContext<InvoiceListItem>();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (error) return <Alert severity="error">{errorText(error)}</Alert>;
  if (isPending) return <Spinner />;
  const totals = listTotals(meta);
  return (
    <>
      {totals && (
        <Stack direction="row" gap={2} sx={{ flexWrap: 'wrap' }}>
          <FigureCard label="Total billed" value={money(totals.amount)} />
          <FigureCard label="Paid" value={money(totals.paid)} />
          <FigureCard label="Unpaid" value={money(totals.unpaid)} />
        </Stack>
      )}
      {data.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <ReceiptIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="h6">No invoices match</Typography>
          <Typography color="text.secondary">Barbers create invoices from their workspace after each service.</Typography>
        </Box>
      ) : (
        <Card variant="outlined">
          {small ? <InvoiceCards rows={data} onChange={onChangeStatus} /> : <InvoiceTable onChange={onChangeStatus} />}
          <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
        </Card>
      )}
    </>
  );
}
