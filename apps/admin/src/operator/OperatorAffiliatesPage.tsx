import type { OperatorAffiliate, OperatorOverview, OperatorPayout } from '@chairline/shared';
import { affiliateRateBody, PRODUCT_NAME } from '@chairline/shared';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Card,
  Chip,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import { format } from 'date-fns';
import { useCallback, useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { formatMoney } from '@chairline/shared/pricing';
import { AuthTheme } from '../auth/AuthTheme';
import { Spinner } from '../common/Spinner';
// The operator's page lives outside react-admin's <Admin>, so it calls the app's one data provider directly.
import { authProvider, dataProvider } from '../providers';
import { HttpError } from '@chairline/data-provider';
import { ADMIN_PATHS } from '@chairline/shared/routes';
import { errorText } from '../common/error-text';

type Dialogue =
  | { kind: 'rate'; affiliate: OperatorAffiliate }
  | { kind: 'paid'; payout: OperatorPayout }
  | { kind: 'reject'; payout: OperatorPayout }
  | null;

function ActionDialog({ dialogue, onClose, onDone }: { dialogue: Dialogue; onClose: () => void; onDone: (message: string) => void }) {
  const [percent, setPercent] = useState('');
  const [months, setMonths] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setError(null);
    setText('');
    if (dialogue?.kind === 'rate') {
      setPercent(String(dialogue.affiliate.commission_percent));
      setMonths(String(dialogue.affiliate.commission_months));
    }
  }, [dialogue]);
  if (!dialogue) return null;
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      if (dialogue.kind === 'rate') {
        const parsed = affiliateRateBody.safeParse({ commission_percent: Number(percent), commission_months: Number(months) });
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Please check the form.');
        onDone(await dataProvider.setAffiliateRate(dialogue.affiliate.id, parsed.data));
      } else if (dialogue.kind === 'paid') {
        onDone(await dataProvider.markPayoutPaid(dialogue.payout.id, text));
      } else {
        onDone(await dataProvider.rejectPayout(dialogue.payout.id, text));
      }
    } catch (err) {
      setError(errorText(err));
    }
    setBusy(false);
  };
  const title =
    dialogue.kind === 'rate'
      ? `Commission rate of ${dialogue.affiliate.name}`
      : dialogue.kind === 'paid'
        ? `Mark ${formatMoney(dialogue.payout.amount, dialogue.payout.currency, { cents: 'always' })} to ${dialogue.payout.affiliate_name} paid`
        : `Reject the payout of ${dialogue.payout.affiliate_name}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {dialogue.kind === 'rate' ? (
            <>
              <TextField label="Commission (%)" type="number" value={percent} onChange={(e) => setPercent(e.target.value)} slotProps={{ htmlInput: { step: 0.01, min: 0, max: 100 } }} />
              <TextField label="For the first months" type="number" value={months} onChange={(e) => setMonths(e.target.value)} slotProps={{ htmlInput: { step: 1, min: 1, max: 120 } }} />
            </>
          ) : (
            <TextField
              label={dialogue.kind === 'paid' ? 'Payment reference' : 'Reason'}
              value={text}
              onChange={(e) => setText(e.target.value)}
              helperText={dialogue.kind === 'paid' ? `Sent to ${dialogue.payout.payout_email}` : 'The affiliate sees this reason; the amount returns to their balance.'}
              autoFocus
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={busy} color={dialogue.kind === 'reject' ? 'error' : 'primary'}>
          {dialogue.kind === 'rate' ? 'Save rate' : dialogue.kind === 'paid' ? 'Mark paid' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AffiliatesTable({ rows, onRate }: { rows: OperatorAffiliate[]; onRate: (a: OperatorAffiliate) => void }) {
  return (
    <TableContainer component={Card}>
      <Table size="small" aria-label="Affiliates">
        <TableHead>
          <TableRow>
            <TableCell>Affiliate</TableCell>
            <TableCell align="right">Clicks</TableCell>
            <TableCell align="right">Sign-ups</TableCell>
            <TableCell align="right">Paying</TableCell>
            <TableCell align="right">Earned</TableCell>
            <TableCell align="right">Pending</TableCell>
            <TableCell align="right">Available</TableCell>
            <TableCell align="right">Paid out</TableCell>
            <TableCell>Rate</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((a) => (
            <TableRow key={a.id}>
              <TableCell>
                <strong>{a.name}</strong>
                <br />
                <Typography variant="caption" color="text.secondary">
                  {a.email} · {a.referral_code}
                </Typography>
              </TableCell>
              <TableCell align="right">{a.clicks}</TableCell>
              <TableCell align="right">{a.signups}</TableCell>
              <TableCell align="right">{a.paying_shops}</TableCell>
              <TableCell align="right">{formatMoney(a.earned, a.currency, { cents: 'always' })}</TableCell>
              <TableCell align="right">{formatMoney(a.pending, a.currency, { cents: 'always' })}</TableCell>
              <TableCell align="right">{formatMoney(a.available, a.currency, { cents: 'always' })}</TableCell>
              <TableCell align="right">{formatMoney(a.paid_out, a.currency, { cents: 'always' })}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => onRate(a)} aria-label={`Change the rate of ${a.name}`}>
                  {a.commission_percent}% · {a.commission_months} mo
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PayoutsTable({ rows, onDecide }: { rows: OperatorPayout[]; onDecide: (d: Dialogue) => void }) {
  if (rows.length === 0) return <Typography color="text.secondary">No payout requests yet.</Typography>;
  return (
    <TableContainer component={Card}>
      <Table size="small" aria-label="Payout requests">
        <TableHead>
          <TableRow>
            <TableCell>Requested</TableCell>
            <TableCell>Affiliate</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Reference / reason</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{format(new Date(p.created_at), 'MMM d, yyyy')}</TableCell>
              <TableCell>
                {p.affiliate_name}
                <br />
                <Typography variant="caption" color="text.secondary">
                  {p.payout_email}
                </Typography>
              </TableCell>
              <TableCell align="right">{formatMoney(p.amount, p.currency, { cents: 'always' })}</TableCell>
              <TableCell>
                <Chip size="small" label={p.status} color={p.status === 'paid' ? 'success' : p.status === 'rejected' ? 'error' : 'warning'} />
              </TableCell>
              <TableCell>
                {p.reference ?? p.reason ?? '—'}
                {p.decided_by ? (
                  <Typography variant="caption" color="text.secondary" component="div">
                    by {p.decided_by}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">
                {p.status === 'requested' ? (
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button size="small" variant="contained" onClick={() => onDecide({ kind: 'paid', payout: p })}>
                      Mark paid
                    </Button>
                    <Button size="small" color="error" onClick={() => onDecide({ kind: 'reject', payout: p })}>
                      Reject
                    </Button>
                  </Stack>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Console() {
  const [data, setData] = useState<OperatorOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialogue, setDialogue] = useState<Dialogue>(null);
  const load = useCallback(() => {
    dataProvider
      .getOperatorOverview()
      .then(setData)
      .catch((err: unknown) =>
        setError(err instanceof HttpError && err.status === 403 ? `This area is for ${PRODUCT_NAME} operators only.` : errorText(err)),
      );
  }, []);
  useEffect(load, [load]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!data) return <Spinner />;
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        Affiliates
      </Typography>
      {notice ? <Alert severity="success">{notice}</Alert> : null}
      <AffiliatesTable rows={data.affiliates} onRate={(affiliate) => setDialogue({ kind: 'rate', affiliate })} />
      <Typography variant="h6" component="h2">
        Payout requests
      </Typography>
      <PayoutsTable rows={data.payouts} onDecide={setDialogue} />
      <ActionDialog
        dialogue={dialogue}
        onClose={() => setDialogue(null)}
        onDone={(message) => {
          setDialogue(null);
          setNotice(message);
          load();
        }}
      />
    </Stack>
  );
}

/**
 * /dashboard/operator/affiliates: the people who run the product see every affiliate and pay them.
 * Any signed-in shop account may open the address; the server answers only for OPERATOR_EMAILS.
 */
export function OperatorAffiliatesPage() {
  if (!authProvider.isAuthenticated() || authProvider.isAffiliate()) return <Navigate to={ADMIN_PATHS.login} replace />;
  return (
    <AuthTheme>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: 2 }}>
            <Typography component="span" sx={{ fontWeight: 800, flex: 1 }}>
              {PRODUCT_NAME} Operators
            </Typography>
            <Button href={ADMIN_PATHS.dashboard}>Back to dashboard</Button>
          </Toolbar>
        </AppBar>
        <Container maxWidth="xl" sx={{ py: 4 }}>
          <Console />
        </Container>
      </Box>
    </AuthTheme>
  );
}
