// A status board of the rotation (who is on the floor, in rotation order), not a list of records:
// a custom screen, reading its data through react-query like the rest.
import EditIcon from '@mui/icons-material/Edit';
import GroupsIcon from '@mui/icons-material/Groups';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { BARBER_STATUSES, shopDay, type BarberStatus, type CalendarEntry, type PublicBarber } from '@chairline/shared';
import { BARBER_STATUS_LABELS } from '@chairline/shared/queue-rules';
import { useMemo } from 'react';
import { Title, useNotify, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { imageUrl } from '../common/image-url';
import { useCommandQuery } from '../common/use-command-query';
import { Spinner } from '../common/Spinner';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { useSession } from '../layout/session';
import { LeaveRotationButton, OutOfRotation, useRotationChoice } from '../rotation';
import { ADMIN_PATHS } from '@chairline/shared/routes';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

const STATUS_COLOR: Record<BarberStatus, 'success' | 'warning' | 'default'> = { available: 'success', busy: 'warning', break: 'default', off: 'default' };

/** Walk-ins each barber finished in the entries of one day. */
function servedCounts(entries: readonly CalendarEntry[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const e of entries) {
    if (e.kind === 'walkin' && e.status === 'done' && e.barber_id !== null) counts.set(e.barber_id, (counts.get(e.barber_id) ?? 0) + 1);
  }
  return counts;
}

/** The shop's barbers in rotation order, with today's figures and their status (edits live in Team). */
export function BarbersPage() {
  const { user } = useSession();
  const notify = useNotify();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const timeZone = useShopTimeZone();
  const today = shopDay(new Date(), timeZone);
  const { data: barbers, error, refetch } = useCommandQuery('getShopBarbers', user.shop_username);
  // The day's figures are extras on each card: without them the cards show 0.
  const entries = useCommandQuery('getCalendar', today, today).data;
  const stats = useCommandQuery('getStats').data;
  const served = useMemo(() => servedCounts(entries ?? []), [entries]);
  const turns = useMemo(() => new Map((stats?.turns_per_barber ?? []).map((t) => [t.barber_id, t.turns])), [stats]);
  const reload = () => void refetch();
  const rotationChoice = useRotationChoice(reload);

  const setStatus = async (b: PublicBarber, status: BarberStatus) => {
    try {
      await dataProvider.setBarberStatus(b.id, status);
      notify(`${b.name} is now ${BARBER_STATUS_LABELS[status].staff.toLowerCase()}.`, { type: 'success' });
      reload();
    } catch (err) {
      notify(errorText(err), { type: 'error' });
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Title title="Barbers" />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h5" component="h1">
            Barbers
          </Typography>
          <Typography color="text.secondary">In rotation order. Set who is on the floor; add or edit barbers in Team.</Typography>
        </Box>
        <Button component={RouterLink} to={ADMIN_PATHS.team} variant="outlined" startIcon={<EditIcon />}>
          Manage in Team
        </Button>
      </Stack>
      {error && <Alert severity="error">{errorText(error)}</Alert>}
      {!barbers && !error && <Spinner />}
      {barbers && barbers.length === 0 && (
        <Box sx={{ textAlign: 'center', py: 8 }}>
          <GroupsIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="h6">No barbers yet</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Add your barbers in Team: they join the rotation and appear on your check-in page.
          </Typography>
          <Button component={RouterLink} to={ADMIN_PATHS.team} variant="contained">
            Go to Team
          </Button>
        </Box>
      )}
      {barbers && barbers.length > 0 && (
        // minmax(0, …): a long line that does not wrap (a booking URL) is shortened with an ellipsis
        // instead of widening the card past its column, which pushed the chip and the select out.
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
          {barbers.map((b) => (
            <Card key={b.id} variant="outlined" aria-label={b.name}>
              <CardContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
                <Stack direction="row" gap={2} sx={{ alignItems: 'center' }}>
                  <Avatar src={imageUrl(b.profile_pic)} alt={b.name} sx={{ width: 56, height: 56 }}>
                    {b.name.charAt(0).toUpperCase()}
                  </Avatar>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="subtitle1" noWrap>
                      {b.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {b.email || '—'}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {b.phone_number || '—'}
                    </Typography>
                  </Box>
                  <Chip label={b.position === null ? '—' : `#${b.position + 1}`} title="Position in rotation" sx={{ flexShrink: 0 }} />
                </Stack>
                <Stack direction="row" gap={1} sx={{ flexWrap: 'wrap' }}>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[b.status]}
                    label={BARBER_STATUS_LABELS[b.status].staff}
                    // Indigo for breaks, as on the public page, so a break never reads as "available".
                    sx={b.status === 'break' ? { bgcolor: '#e0e7ff', color: '#3730a3' } : undefined}
                  />
                  <Chip size="small" variant="outlined" label={`${served.get(b.id) ?? 0} served today`} />
                  <Chip size="small" variant="outlined" label={`${b.waiting_count} waiting`} />
                  <Chip size="small" variant="outlined" label={`${turns.get(b.id) ?? 0} turns (30 days)`} />
                </Stack>
                <Typography variant="body2" noWrap>
                  Booking:{' '}
                  {b.booking_url ? (
                    <Link href={b.booking_url} target="_blank" rel="noopener noreferrer">
                      {b.booking_url}
                    </Link>
                  ) : (
                    'none'
                  )}
                </Typography>
                <TextField
                  select
                  size="small"
                  label="Status"
                  value={b.status}
                  onChange={(e) => void setStatus(b, e.target.value as BarberStatus)}
                  slotProps={{ htmlInput: { 'aria-label': `Status of ${b.name}` } }}
                >
                  {BARBER_STATUSES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {BARBER_STATUS_LABELS[s].staff}
                    </MenuItem>
                  ))}
                </TextField>
                {rotationChoice.canLeave(b.id) && <LeaveRotationButton member={b} choice={rotationChoice} />}
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
      <OutOfRotation choice={rotationChoice} />
    </Box>
  );
}
