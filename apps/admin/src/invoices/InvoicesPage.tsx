import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import {
  Alert,
  Box,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { formatShopDateTime, type InvoiceStatus } from '@chairline/shared';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useDataProvider } from 'react-admin';
import { CommissionReport } from './CommissionReport';
import { InvoiceStatusMenu, StatusChip } from './InvoiceStatusMenu';
import { money, type CommissionRow, type InvoiceFilterValues, type InvoicePage } from './types';
import { Spinner } from '../common/Spinner';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

const TABS: { value: InvoiceFilterValues['status']; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'void', label: 'Void' },
];

function Total({ label, value }: { label: string; value: number }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 150 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" aria-label={label}>
          {money(value)}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Back-office invoices (admin and manager): filters, totals, status changes and commissions. */
export function InvoicesPage() {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const notify = useNotify();
  const timeZone = useShopTimeZone();
  const [filters, setFilters] = useState<InvoiceFilterValues>({ barber_id: '', status: '', from: '', to: '' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [data, setData] = useState<InvoicePage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [barbers, setBarbers] = useState<{ id: number; name: string }[]>([]);
  const [reload, setReload] = useState(0);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const load = useCallback(async () => {
    try {
      const body = await dataProvider.getInvoicePage({
        ...filters,
        page: page + 1,
        page_size: pageSize,
      });
      setData(body);
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, [dataProvider, filters, page, pageSize]);

  useEffect(() => {
    void load();
  }, [load, reload]);

  const set = (patch: Partial<InvoiceFilterValues>) => {
    setPage(0);
    setFilters((f) => ({ ...f, ...patch }));
  };

  const changeStatus = async (id: number, to: InvoiceStatus) => {
    try {
      await dataProvider.setInvoiceStatus(id, to);
      notify(`Invoice #${id} is now ${to}.`, { type: 'success' });
      setReload((n) => n + 1);
    } catch (err) {
      notify(errorText(err), { type: 'error' });
    }
  };

  const onCommissionRows = useCallback((rows: CommissionRow[]) => setBarbers(rows.map((r) => ({ id: r.barber_id, name: r.barber }))), []);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Title title="Invoices" />
      <Typography variant="h5" component="h1">
        Invoices
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
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
      </Stack>
      <Tabs value={filters.status} onChange={(_, v: InvoiceFilterValues['status']) => set({ status: v })} variant="scrollable" aria-label="Invoice status">
        {TABS.map((t) => (
          <Tab key={t.label} value={t.value} label={t.label} />
        ))}
      </Tabs>
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <Spinner />}
      {data && (
        <Stack direction="row" gap={2} sx={{ flexWrap: 'wrap' }}>
          <Total label="Total billed" value={data.totals.amount} />
          <Total label="Paid" value={data.totals.paid} />
          <Total label="Unpaid" value={data.totals.unpaid} />
        </Stack>
      )}
      {data && data.response.length === 0 && (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <ReceiptIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="h6">No invoices match</Typography>
          <Typography color="text.secondary">Barbers create invoices from their workspace after each service.</Typography>
        </Box>
      )}
      {data && data.response.length > 0 && (
        <Card variant="outlined">
          {small ? (
            // Phone: one card per invoice instead of a wide table.
            <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} aria-label="Invoices">
              {data.response.map((i) => (
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
                    <InvoiceStatusMenu id={i.id} status={i.status} onChange={(to) => void changeStatus(i.id, to)} />
                  </Stack>
                </Box>
              ))}
            </Stack>
          ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Invoices">
              <TableHead>
                <TableRow>
                  <TableCell>ID</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell>Customer</TableCell>
                  <TableCell>Barber</TableCell>
                  <TableCell>Services</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.response.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell>#{i.id}</TableCell>
                    <TableCell>{formatShopDateTime(i.created_at, timeZone)}</TableCell>
                    <TableCell>{i.client || '—'}</TableCell>
                    <TableCell>{i.barber ?? '—'}</TableCell>
                    <TableCell>{i.service || '—'}</TableCell>
                    <TableCell align="right">{money(i.amount)}</TableCell>
                    <TableCell>
                      {/* The status and its Change button share a cell (and wrap) so the table fits a laptop. */}
                      <Stack direction="row" gap={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <StatusChip status={i.status} />
                        <InvoiceStatusMenu id={i.id} status={i.status} onChange={(to) => void changeStatus(i.id, to)} />
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          )}
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[10, 25, 50, 100]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
          />
        </Card>
      )}
      <CommissionReport onRows={onCommissionRows} refresh={reload} />
    </Box>
  );
}
