import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DEFAULT_BARBER_LIMIT, DEFAULT_CHECK_IN_LIMIT, formatMoney, limitText } from '@chairline/shared';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Spinner } from '../common/Spinner';
import { useSession } from '../layout/session';
import { apiGet, errorText } from '../settings/api';

interface BillingSummary {
  plan_id: number;
  plan_name: string;
  status: string;
  is_subscription_active: boolean;
  trial_ends_at: string | null;
  current_period_end: string | null;
  price: number;
  currency: string;
  billing_interval_unit: string;
  history: { id: number; kind: string; plan_name: string | null; amount: number | null; detail: string; created_at: string }[];
}

function Usage({ label, used, limit }: { label: string; used: number; limit: number }) {
  const unlimited = limit === -1;
  const pct = unlimited || limit <= 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {used} / {limitText(limit)}
        </Typography>
      </Stack>
      <LinearProgress variant="determinate" value={pct} color={pct >= 75 ? 'error' : pct >= 50 ? 'warning' : 'success'} aria-label={label} />
    </Box>
  );
}

const fmt = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

/** Billing (admin): plan, status, trial, usage and the subscription history. Payment comes with checkout. */
export function BillingPage() {
  const { user } = useSession();
  const [data, setData] = useState<BillingSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiGet<BillingSummary>('/billing/subscription/').then(setData, (err: unknown) => setError(errorText(err)));
  }, []);
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{error}</Alert>;
  if (!data) return <Spinner />;
  const checkInLimit = user.total_check_ins || DEFAULT_CHECK_IN_LIMIT;
  const barberLimit = user.barber_limit || DEFAULT_BARBER_LIMIT;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 900 }}>
      <Title title="Billing" />
      <Typography variant="h5" component="h1">
        Billing
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <Stack direction="row" gap={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6">{data.plan_name}</Typography>
            <Chip size="small" color={data.is_subscription_active ? 'success' : 'error'} label={data.is_subscription_active ? 'Active' : 'Inactive'} />
            {data.status !== 'active' && <Chip size="small" variant="outlined" label={data.status.replace(/_/g, ' ')} />}
            {user.trial_days_remaining > 0 && <Chip size="small" color="info" label={`${user.trial_days_remaining} days left`} />}
          </Stack>
          <Typography color="text.secondary">
            {data.price > 0 ? `${formatMoney(data.price, data.currency)} per ${data.billing_interval_unit}` : 'Free'}
            {data.trial_ends_at ? ` · trial ends ${fmt(data.trial_ends_at)}` : ''}
            {data.current_period_end ? ` · renews ${fmt(data.current_period_end)}` : ''}
          </Typography>
          <Stack gap={2} sx={{ my: 1, maxWidth: 480 }}>
            <Usage label="Check-ins this month" used={user.total_check_ins_this_month} limit={checkInLimit} />
            <Usage label="Barbers" used={user.total_barbers} limit={barberLimit} />
          </Stack>
          <Box>
            <Button component={RouterLink} to="/dashboard/settings/subscription" variant="contained">
              Change plan
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" gutterBottom>
            History
          </Typography>
          {data.history.length === 0 ? (
            <Typography color="text.secondary">No billing events yet.</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Billing history">
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>Event</TableCell>
                    <TableCell>Plan</TableCell>
                    <TableCell align="right">Amount</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.history.map((h) => (
                    <TableRow key={h.id}>
                      <TableCell>{new Date(h.created_at).toLocaleString()}</TableCell>
                      <TableCell>{h.detail || h.kind.replace(/_/g, ' ')}</TableCell>
                      <TableCell>{h.plan_name ?? '—'}</TableCell>
                      <TableCell align="right">{h.amount === null ? '—' : formatMoney(h.amount, data.currency)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
