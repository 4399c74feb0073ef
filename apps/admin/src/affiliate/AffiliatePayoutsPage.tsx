import type { PayoutRecord } from '@chairline/shared';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Card, Chip, Grid, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useState } from 'react';
import { Spinner } from '../common/Spinner';
import { Figure } from './AffiliatePages';
import { formatMoney } from '@chairline/shared/pricing';
import { dataProvider } from '../providers';
import { saveFile } from '../common/save-file';
import { useAffiliateData } from './useAffiliateProfile';
import { errorText } from '../common/error-text';

const STATUS_COLOR = { requested: 'warning', paid: 'success', rejected: 'error' } as const;

function History({ rows }: { rows: PayoutRecord[] }) {
  if (rows.length === 0) return <Typography color="text.secondary">No payouts yet.</Typography>;
  return (
    <TableContainer component={Card}>
      <Table size="small" aria-label="Payout history">
        <TableHead>
          <TableRow>
            <TableCell>Requested</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Reference</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{format(new Date(p.created_at), 'MMM d, yyyy')}</TableCell>
              <TableCell align="right">{formatMoney(p.amount, p.currency, { cents: 'always' })}</TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOR[p.status]} label={p.status.charAt(0).toUpperCase() + p.status.slice(1)} />
              </TableCell>
              <TableCell>{p.reference ?? p.reason ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** /affiliate/marketing/dashboard/payouts: balances, 'Request payout' from the minimum, history. */
export function AffiliatePayoutsPage() {
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, error } = useAffiliateData((dp) => dp.getAffiliatePayouts(), '', version);
  const request = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const payout = await dataProvider.requestPayout();
      setNotice({ kind: 'success', text: `Payout of ${formatMoney(payout.amount, payout.currency, { cents: 'always' })} requested.` });
      setVersion((v) => v + 1);
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err) });
    }
    setBusy(false);
  };
  const exportCsv = () =>
    dataProvider
      .exportAffiliatePayouts()
      .then(saveFile)
      .catch((err: unknown) => setNotice({ kind: 'error', text: errorText(err) }));
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
          Payouts
        </Typography>
        <Button startIcon={<DownloadIcon />} onClick={exportCsv}>
          Export CSV
        </Button>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {notice ? <Alert severity={notice.kind}>{notice.text}</Alert> : null}
      {!data ? (
        error ? null : <Spinner />
      ) : (
        <>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Figure label="Available balance" value={formatMoney(data.available, data.currency, { cents: 'always' })} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Figure label="Pending (30-day hold)" value={formatMoney(data.pending, data.currency, { cents: 'always' })} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Figure label="Minimum payout" value={formatMoney(data.minimum, data.currency, { cents: 'always' })} />
            </Grid>
          </Grid>
          <div>
            <Button variant="contained" onClick={request} disabled={busy || !data.can_request}>
              {busy ? 'Requesting…' : 'Request payout'}
            </Button>
            {!data.can_request ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {data.history.some((p) => p.status === 'requested')
                  ? 'Your payout request is being processed.'
                  : `You can request a payout once your available balance reaches ${formatMoney(data.minimum, data.currency, { cents: 'always' })}.`}
              </Typography>
            ) : null}
          </div>
          <Typography variant="h6" component="h2">
            History
          </Typography>
          <History rows={data.history} />
        </>
      )}
    </Stack>
  );
}
