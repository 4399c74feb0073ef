import DownloadIcon from '@mui/icons-material/Download';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { PAY_CYCLE_LABELS } from '@chairline/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { money, type CommissionRow } from './types';
import { ADMIN_PATHS } from '@chairline/shared/routes';
import { errorText } from '../common/error-text';
import { saveFile } from '../common/save-file';
import { useDataProvider } from 'react-admin';
import type { ChairlineDataProvider } from '@chairline/data-provider';

/**
 * Commission per person who earns it, by default for each one's last complete pay period (their
 * own pay cycle); or the period containing a chosen date; or one range shared by all
 * (GET /invoices/commissions/, CSV from .../export/). Rates and cycles are set on the commission
 * settings screen.
 */
export function CommissionReport({ onRows, refresh = 0 }: { onRows?: (rows: CommissionRow[]) => void; refresh?: number }) {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const [date, setDate] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rows, setRows] = useState<CommissionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const query = from || to ? { from, to } : { date: date || undefined };

  useEffect(() => {
    let live = true;
    if (Boolean(from) !== Boolean(to)) {
      setError('Give both a start and an end date, or neither.');
      return;
    }
    setError(null);
    dataProvider.getCommissions(query)
      .then((r) => {
        if (!live) return;
        setRows(r);
        onRows?.(r);
      })
      .catch((err: unknown) => live && setError(errorText(err)));
    return () => {
      live = false;
    };
  }, [dataProvider, date, from, to, refresh]);

  const exportCsv = () =>
    dataProvider
      .exportCommissions(query)
      .then(saveFile)
      .catch((err: unknown) => setError(errorText(err)));
  const paid = rows?.reduce((s, r) => s + r.paid_total, 0) ?? 0;
  const owed = rows?.reduce((s, r) => s + r.commission, 0) ?? 0;

  return (
    <Card variant="outlined" component="section" aria-labelledby="commission-title">
      <CardContent>
        <Box sx={{ mb: 2 }}>
          <Typography id="commission-title" variant="h6">
            Commission report
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Paid invoices × each barber's percentage, for each barber's last complete pay period unless you choose a date or a range.
            Percentages and pay cycles are set in Commission settings.
          </Typography>
          <Button component={RouterLink} to={ADMIN_PATHS.commissionSettings} startIcon={<SettingsIcon />} size="small" sx={{ mt: 1 }}>
            Commission settings
          </Button>
        </Box>
        <Stack direction="row" gap={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <TextField
            size="small"
            type="date"
            label="Period containing"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            disabled={Boolean(from || to)}
            helperText="Default: last complete pay period"
          />
          <TextField size="small" type="date" label="Or from" value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} helperText="Same range for all" />
          <TextField size="small" type="date" label="To" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} helperText=" " />
          <Button startIcon={<DownloadIcon />} onClick={exportCsv} variant="outlined" disabled={!rows || Boolean(error)} sx={{ mb: 2.5 }}>
            Export CSV
          </Button>
        </Stack>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        {rows && rows.length === 0 && <Typography color="text.secondary">Nobody earns commission yet: barbers, and an owner or manager who cuts hair, appear here.</Typography>}
        {rows && rows.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Commission report">
              <TableHead>
                <TableRow>
                  <TableCell>Barber</TableCell>
                  <TableCell>Pay period</TableCell>
                  <TableCell>Cycle</TableCell>
                  <TableCell align="right">Paid invoices</TableCell>
                  <TableCell align="right">Paid total</TableCell>
                  <TableCell align="right">Rate</TableCell>
                  <TableCell align="right">Commission</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.barber_id}>
                    <TableCell>{r.barber}</TableCell>
                    {/* The period may wrap after its arrow so the table fits beside the sidebar on a laptop. */}
                    <TableCell>
                      {r.period_start} → {r.period_end}
                    </TableCell>
                    <TableCell>{PAY_CYCLE_LABELS[r.payment_cycle]}</TableCell>
                    <TableCell align="right">{r.invoices}</TableCell>
                    <TableCell align="right">{money(r.paid_total)}</TableCell>
                    <TableCell align="right">{r.percentage}%</TableCell>
                    <TableCell align="right">{money(r.commission)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={4}>Total</TableCell>
                  <TableCell align="right">{money(paid)}</TableCell>
                  <TableCell />
                  <TableCell align="right">{money(owed)}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
