import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DEFAULT_BARBER_LIMIT, DEFAULT_CHECK_IN_LIMIT, formatMoney, formatShopDateTime, limitText, type BillingDetails, type StripeInvoice } from '@chairline/shared';
import { useEffect, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Spinner } from '../common/Spinner';
import { useSession } from '../layout/session';
import { fullDate, openBillingPortal } from './portal';
import { ADMIN_PATHS } from '@chairline/shared/routes';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

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

/** The renewal or end line: when the plan next renews, or the day it stops. */
function periodText(data: BillingDetails, tz: string | undefined): string {
  if (data.trial_ends_at) return `Trial ends on ${fullDate(data.trial_ends_at, tz)}`;
  if (data.access_ends_at) return `Access ends on ${fullDate(data.access_ends_at, tz)}`;
  if (data.grace_ends_at) return `Payment failed: update the card by ${fullDate(data.grace_ends_at, tz)}`;
  if (!data.current_period_end) return '';
  return data.cancel_at_period_end ? `Ends on ${fullDate(data.current_period_end, tz)} (will not renew)` : `Renews on ${fullDate(data.current_period_end, tz)}`;
}

function Invoices({ invoices, timeZone }: { invoices: StripeInvoice[]; timeZone: string | undefined }) {
  if (invoices.length === 0) return <Typography color="text.secondary">No invoices yet.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Invoices">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Number</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>PDF</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((i) => (
            <TableRow key={i.id}>
              <TableCell>{fullDate(i.created, timeZone)}</TableCell>
              <TableCell>{i.number ?? '—'}</TableCell>
              <TableCell>{i.status ?? '—'}</TableCell>
              <TableCell align="right">{formatMoney(i.amount, i.currency.toUpperCase())}</TableCell>
              <TableCell>
                {i.invoice_pdf ? (
                  <Link href={i.invoice_pdf} target="_blank" rel="noopener noreferrer">
                    Download
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Billing (admin): plan, status, renewal, card, usage, Stripe invoices, the Billing Portal and the history. */
export function BillingPage() {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const { user } = useSession();
  const [data, setData] = useState<BillingDetails | null>(null);
  const [invoices, setInvoices] = useState<StripeInvoice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [portalError, setPortalError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  useEffect(() => {
    dataProvider.getBillingDetails().then(setData, (err: unknown) => setError(errorText(err)));
    dataProvider.getStripeInvoices().then(setInvoices, (err: unknown) => setPortalError(errorText(err)));
  }, [dataProvider]);
  const manage = () => {
    setOpening(true);
    setPortalError(null);
    openBillingPortal(dataProvider).catch((err: unknown) => {
      setPortalError(errorText(err));
      setOpening(false);
    });
  };
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
            {periodText(data, user.shop_time_zone) ? ` · ${periodText(data, user.shop_time_zone)}` : ''}
          </Typography>
          <Typography color="text.secondary" aria-label="Card">
            {data.card
              ? `Card: ${data.card.brand.toUpperCase()} ending in ${data.card.last4}${data.card.exp_month && data.card.exp_year ? `, expires ${String(data.card.exp_month).padStart(2, '0')}/${data.card.exp_year}` : ''}`
              : 'No card on file'}
          </Typography>
          {data.grace_ends_at && (
            <Alert severity="error">
              The last payment failed. Update your card by {fullDate(data.grace_ends_at, user.shop_time_zone)} to keep everything working.
            </Alert>
          )}
          <Stack gap={2} sx={{ my: 1, maxWidth: 480 }}>
            <Usage label="Check-ins this month" used={user.total_check_ins_this_month} limit={checkInLimit} />
            <Usage label="Barbers" used={user.total_barbers} limit={barberLimit} />
          </Stack>
          <Stack direction="row" gap={1} sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={ADMIN_PATHS.subscription} variant="contained">
              Change plan
            </Button>
            {data.payments_enabled && data.has_billing_account && (
              <Button variant="outlined" onClick={manage} disabled={opening}>
                Manage billing
              </Button>
            )}
          </Stack>
          {!data.payments_enabled && (
            <Typography variant="body2" color="text.secondary">
              Online payments are not set up on this server.
            </Typography>
          )}
          {portalError && <Alert severity="error">{portalError}</Alert>}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" gutterBottom>
            Invoices
          </Typography>
          {invoices ? <Invoices invoices={invoices} timeZone={user.shop_time_zone} /> : !portalError && <Spinner />}
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
                      <TableCell>{formatShopDateTime(h.created_at, user.shop_time_zone)}</TableCell>
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
