import {
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { EditButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { formatMoney, formatShopDate, formatShopDateTime, type Customer } from '@chairline/shared';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { Spinner } from '../common/Spinner';
import { FigureCard } from '../common/FigureCard';

interface Visit {
  kind: 'walkin' | 'appointment' | 'invoice';
  id: number;
  date: string;
  status: string;
  barber: string | null;
  amount: number | null;
}
type Detail = Customer & { history?: Visit[] };

const KIND_LABEL: Record<Visit['kind'], string> = {
  walkin: 'Walk-in',
  appointment: 'Appointment',
  invoice: 'Invoice',
};

function CustomerDetail() {
  const c = useRecordContext<Detail>();
  const timeZone = useShopTimeZone();
  if (!c) return null;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5">{c.name}</Typography>
      <Typography color="text.secondary">{[c.phone, c.email].filter(Boolean).join(' · ') || 'No contact details'}</Typography>
      {c.notes && <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{c.notes}</Typography>}
      <Stack direction="row" gap={2} sx={{ my: 3, flexWrap: 'wrap' }}>
        <FigureCard label="Visits" value={String(c.visits)} />
        <FigureCard label="Total spend" value={formatMoney(c.total_spent)} />
        <FigureCard label="Last visit" value={c.last_visit ? formatShopDate(c.last_visit, timeZone) : '—'} />
        <FigureCard label="Customer since" value={formatShopDate(c.created_at, timeZone)} />
      </Stack>
      <Typography variant="h6" sx={{ mb: 1 }}>
        Visit history
      </Typography>
      {/* The list's record shows first (react-admin placeholder data); the history comes with the full record. */}
      {!c.history ? (
        <Spinner label="Loading history…" minHeight={120} />
      ) : c.history.length === 0 ? (
        <Typography color="text.secondary">No visits yet.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Visit history">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell>Barber</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {c.history.map((h) => (
                <TableRow key={`${h.kind}-${h.id}`}>
                  <TableCell>{formatShopDateTime(h.date, timeZone)}</TableCell>
                  <TableCell>{KIND_LABEL[h.kind]}</TableCell>
                  <TableCell>{h.barber ?? '—'}</TableCell>
                  <TableCell>
                    <Chip size="small" label={h.status.replace(/_/g, ' ')} />
                  </TableCell>
                  <TableCell align="right">{h.amount === null ? '—' : formatMoney(h.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

export function CustomerShow() {
  return (
    <Show
      title="Customer"
      actions={
        <TopToolbar>
          <EditButton />
        </TopToolbar>
      }
    >
      <CustomerDetail />
    </Show>
  );
}
