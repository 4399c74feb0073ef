import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { COMMISSION_MESSAGES, PAY_CYCLE_LABELS, PAYMENT_CYCLES, type CommissionEarner, type CommissionSettings } from '@chairline/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Spinner } from '../common/Spinner';
import { ADMIN_PATHS } from '@chairline/shared/routes';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

type Cycle = CommissionEarner['payment_cycle'];

/** One earner's row: their pay cycle and percentage, saved together. */
function EarnerRow({ member, canEdit, onSaved }: { member: CommissionEarner; canEdit: boolean; onSaved: (s: CommissionSettings) => void }) {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const notify = useNotify();
  const [cycle, setCycle] = useState<Cycle>(member.payment_cycle);
  const [percentage, setPercentage] = useState(String(member.percentage));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = cycle !== member.payment_cycle || percentage.trim() !== String(member.percentage);

  const save = async () => {
    setBusy(true);
    try {
      const next = await dataProvider.setMemberCommission(member.barber_id, { payment_cycle: cycle, percentage: percentage.trim() });
      setError(null);
      onSaved(next);
      notify(`${member.name}: ${COMMISSION_MESSAGES.saved}`, { type: 'success' });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <TableRow>
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{member.name}</Typography>
        {member.is_owner && (
          <Typography variant="caption" color="text.secondary">
            Owner
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          label="Pay cycle"
          value={cycle}
          onChange={(e) => setCycle(e.target.value as Cycle)}
          disabled={!canEdit}
          slotProps={{ htmlInput: { 'aria-label': `Pay cycle of ${member.name}` } }}
          sx={{ minWidth: 220 }}
        >
          {PAYMENT_CYCLES.map((c) => (
            <MenuItem key={c} value={c}>
              {PAY_CYCLE_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          type="number"
          label="Percentage"
          value={percentage}
          onChange={(e) => setPercentage(e.target.value)}
          disabled={!canEdit}
          error={error !== null}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01, 'aria-label': `Percentage of ${member.name}` } }}
          sx={{ width: 140 }}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {member.last_period_start} → {member.last_period_end}
      </TableCell>
      {canEdit && (
        <TableCell>
          <Button variant="contained" size="small" onClick={() => void save()} disabled={busy || !changed} aria-label={`Save ${member.name}`}>
            Save
          </Button>
        </TableCell>
      )}
    </TableRow>
  );
}

/**
 * Commission settings: where the shop's pay periods start, and each commission earner's pay cycle
 * and percentage. Admins change them; managers see them read-only.
 */
export function CommissionSettingsPage() {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const notify = useNotify();
  const [settings, setSettings] = useState<CommissionSettings | null>(null);
  const [start, setStart] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);

  const apply = useCallback((s: CommissionSettings) => {
    setSettings(s);
    setStart(s.pay_period_start);
  }, []);

  useEffect(() => {
    dataProvider.getCommissionSettings().then(apply, (err: unknown) => setError(errorText(err)));
  }, [apply, dataProvider]);

  const saveStart = async () => {
    try {
      apply(await dataProvider.setPayPeriodStart(start));
      setStartError(null);
      notify(COMMISSION_MESSAGES.saved, { type: 'success' });
    } catch (err) {
      setStartError(errorText(err));
    }
  };

  const canEdit = settings?.can_edit ?? false;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Title title="Commission settings" />
      <Box>
        <Button component={RouterLink} to={ADMIN_PATHS.invoices} startIcon={<ArrowBackIcon />} size="small">
          Invoices
        </Button>
        <Typography variant="h5" component="h1">
          Commission settings
        </Typography>
        <Typography color="text.secondary">
          Each barber's share of their paid invoices and how often they are paid. The commission report shows each barber's last complete pay
          period.
        </Typography>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {!settings && !error && <Spinner />}
      {settings && !canEdit && <Alert severity="info">{COMMISSION_MESSAGES.adminsOnly}</Alert>}
      {settings && (
        <Card variant="outlined" component="section" aria-labelledby="pay-periods-title">
          <CardContent>
            <Typography id="pay-periods-title" variant="h6">
              Pay periods
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Weekly and every-2-weeks periods count from this day; monthly periods start on its day of the month; twice a month runs the
              1st–15th and the 16th–end. Dates follow the shop's time zone.
            </Typography>
            <Stack direction="row" gap={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <TextField
                size="small"
                type="date"
                label="Pay periods start on"
                value={start}
                onChange={(e) => setStart(e.target.value)}
                disabled={!canEdit}
                error={startError !== null}
                helperText={startError ?? ' '}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              {canEdit && (
                <Button variant="contained" onClick={() => void saveStart()} disabled={start === settings.pay_period_start}>
                  Save start date
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
      {settings && (
        <Card variant="outlined" component="section" aria-labelledby="earners-title">
          <CardContent>
            <Typography id="earners-title" variant="h6">
              Who earns commission
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Everyone who cuts hair: the barbers, and an owner or manager who chose to cut hair on their team record. Percentages from 0 to
              100, with up to two decimals.
            </Typography>
            {settings.members.length === 0 ? (
              <Typography color="text.secondary">Nobody cuts hair yet: add barbers in Team.</Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Commission settings">
                  <TableHead>
                    <TableRow>
                      <TableCell>Barber</TableCell>
                      <TableCell>Pay cycle</TableCell>
                      <TableCell>Percentage</TableCell>
                      <TableCell>Last complete period</TableCell>
                      {canEdit && <TableCell />}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {settings.members.map((m) => (
                      <EarnerRow key={`${m.barber_id}-${m.payment_cycle}-${m.percentage}`} member={m} canEdit={canEdit} onSaved={apply} />
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
