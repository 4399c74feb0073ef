// A day/week schedule laid out by hour and barber, not a list of records: a custom screen, reading
// its data through react-query like the rest.
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, Button, IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { formatDay, formatShopTime, mondayOf, shiftDay, shopDay, shopMinutes, type CalendarEntry, type PublicBarber } from '@chairline/shared';
import { useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../common/Spinner';
import { useCommandQuery } from '../common/use-command-query';
import { useSession } from '../layout/session';
import { useShopTimeZone } from './use-shop-time-zone';
import { ADMIN_PATHS, appointmentEditPath } from '@chairline/shared/routes';
import { errorText } from '../common/error-text';

type View = 'day' | 'week';
const HOUR_PX = 56;
const DEFAULT_FIRST_HOUR = 8;
const DEFAULT_LAST_HOUR = 20;
const NO_BARBERS: readonly PublicBarber[] = [];
/** "Mon, Nov 23" */
const SHORT_DAY = 'EEE, MMM d';

interface Column {
  key: string;
  label: string;
  day: string;
  barberId: number | null;
  entries: CalendarEntry[];
}

function EntryBlock({ entry, timeZone, firstHour, onOpen }: { entry: CalendarEntry; timeZone: string; firstHour: number; onOpen: () => void }) {
  const start = new Date(entry.starts_at);
  const end = new Date(entry.ends_at);
  const top = ((shopMinutes(start, timeZone) - firstHour * 60) / 60) * HOUR_PX;
  const height = Math.max(22, ((end.getTime() - start.getTime()) / 3_600_000) * HOUR_PX - 2);
  const walkin = entry.kind === 'walkin';
  const label = `${formatShopTime(start, timeZone)}–${formatShopTime(end, timeZone)} ${entry.title}${entry.barber ? ` · ${entry.barber}` : ''}${walkin ? ' (walk-in)' : ''}`;
  return (
    <Tooltip title={`${label} · ${entry.status.replace(/_/g, ' ')}`}>
      <Box
        component={walkin ? 'div' : 'button'}
        type={walkin ? undefined : 'button'}
        onClick={walkin ? undefined : onOpen}
        aria-label={label}
        sx={{
          position: 'absolute',
          top,
          left: 2,
          right: 2,
          height,
          overflow: 'hidden',
          textAlign: 'left',
          border: 0,
          borderLeft: 4,
          borderColor: walkin ? 'success.main' : entry.status === 'completed' ? 'grey.500' : 'primary.main',
          borderRadius: 1,
          px: 0.5,
          font: 'inherit',
          fontSize: 12,
          cursor: walkin ? 'default' : 'pointer',
          bgcolor: walkin ? 'success.light' : 'primary.light',
          color: walkin ? 'success.contrastText' : 'primary.contrastText',
          opacity: entry.status === 'no_show' ? 0.5 : 1,
        }}
      >
        <strong>{formatShopTime(start, timeZone)}</strong> {entry.title}
        {walkin ? ' · walk-in' : ''}
      </Box>
    </Tooltip>
  );
}

/** Day view (a column per barber) and week view (a column per day) of appointments and walk-ins served. */
export function CalendarPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const timeZone = useShopTimeZone();
  const [view, setView] = useState<View>('day');
  const [day, setDay] = useState<string | null>(null);

  const today = shopDay(new Date(), timeZone);
  const current = day ?? today;
  const from = view === 'day' ? current : mondayOf(current);
  const to = view === 'day' ? from : shiftDay(from, 6);

  // Barbers give the day view its columns; without them the entries' own barbers still show.
  const barbers = useCommandQuery('getShopBarbers', user.shop_username).data ?? NO_BARBERS;
  const { data: entries, error } = useCommandQuery('getCalendar', from, to);

  const columns: Column[] = useMemo(() => {
    if (!entries) return [];
    if (view === 'week') {
      return Array.from({ length: 7 }, (_, i) => {
        const d = shiftDay(from, i);
        return { key: d, label: formatDay(d, SHORT_DAY), day: d, barberId: null, entries: entries.filter((e) => shopDay(e.starts_at, timeZone) === d) };
      });
    }
    const ids = new Map<number, string>(barbers.map((b) => [b.id, b.name]));
    for (const e of entries) if (e.barber_id !== null && !ids.has(e.barber_id)) ids.set(e.barber_id, e.barber ?? 'Barber');
    const cols: Column[] = [...ids].map(([id, name]) => ({ key: String(id), label: name, day: from, barberId: id, entries: entries.filter((e) => e.barber_id === id) }));
    const unassigned = entries.filter((e) => e.barber_id === null);
    if (unassigned.length > 0) cols.push({ key: 'none', label: 'No barber', day: from, barberId: null, entries: unassigned });
    return cols;
  }, [view, from, entries, barbers, timeZone]);

  const [firstHour, lastHour] = useMemo(() => {
    let lo = DEFAULT_FIRST_HOUR;
    let hi = DEFAULT_LAST_HOUR;
    for (const e of entries ?? []) {
      lo = Math.min(lo, Math.floor(shopMinutes(e.starts_at, timeZone) / 60));
      hi = Math.max(hi, Math.ceil(shopMinutes(e.ends_at, timeZone) / 60) || 24);
    }
    return [lo, Math.min(24, Math.max(hi, lo + 1))];
  }, [entries, timeZone]);

  const step = view === 'day' ? 1 : 7;
  const hours = Array.from({ length: lastHour - firstHour }, (_, i) => firstHour + i);
  const heading = view === 'day' ? formatDay(from, 'EEEE, MMMM d, yyyy') : `${formatDay(from, SHORT_DAY)} – ${formatDay(to, SHORT_DAY)}`;

  const createAt = (col: Column, hour: number) => {
    const q = new URLSearchParams({ day: col.day, time: `${String(hour).padStart(2, '0')}:00` });
    if (col.barberId !== null) q.set('barber_id', String(col.barberId));
    navigate(`${ADMIN_PATHS.newAppointment}?${q.toString()}`);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Title title="Calendar" />
      <Stack direction={{ xs: 'column', md: 'row' }} gap={1} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" gap={1} sx={{ alignItems: 'center' }}>
          <IconButton aria-label="Previous" onClick={() => setDay(shiftDay(current, -step))}>
            <ChevronLeftIcon />
          </IconButton>
          <Button variant="outlined" onClick={() => setDay(null)} disabled={current === today && day === null}>
            Today
          </Button>
          <IconButton aria-label="Next" onClick={() => setDay(shiftDay(current, step))}>
            <ChevronRightIcon />
          </IconButton>
          <Typography variant="h6" component="h1">
            {heading}
          </Typography>
        </Stack>
        <Stack direction="row" gap={1} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v: View | null) => v && setView(v)} aria-label="Calendar view">
            <ToggleButton value="day">Day</ToggleButton>
            <ToggleButton value="week">Week</ToggleButton>
          </ToggleButtonGroup>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(`${ADMIN_PATHS.newAppointment}?day=${current}`)}>
            Appointment
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Times in the shop's time zone ({timeZone}). Blue: appointments (click to edit). Green: walk-ins served. Click an empty hour to book it.
      </Typography>
      {error && <Alert severity="error">{errorText(error)}</Alert>}
      {!entries && !error && <Spinner />}
      {entries && view === 'day' && columns.length === 0 && (
        <Typography color="text.secondary">No barbers in the rotation and nothing booked on this day.</Typography>
      )}
      {entries && columns.length > 0 && (
        <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: `56px repeat(${columns.length}, minmax(140px, 1fr))`, minWidth: 56 + columns.length * 140 }}>
            <Box sx={{ borderBottom: 1, borderColor: 'divider' }} />
            {columns.map((c) => (
              <Box key={c.key} sx={{ p: 1, borderBottom: 1, borderLeft: 1, borderColor: 'divider', fontWeight: 600, textAlign: 'center', bgcolor: c.day === today && view === 'week' ? 'action.selected' : undefined }}>
                {c.label}
                <Typography variant="caption" display="block" color="text.secondary">
                  {c.entries.length === 0 ? 'Free' : `${c.entries.length} booked or served`}
                </Typography>
              </Box>
            ))}
            <Box>
              {hours.map((h) => (
                <Box key={h} sx={{ height: HOUR_PX, fontSize: 12, color: 'text.secondary', textAlign: 'right', pr: 1, borderBottom: 1, borderColor: 'divider' }}>
                  {`${String(h).padStart(2, '0')}:00`}
                </Box>
              ))}
            </Box>
            {columns.map((c) => (
              <Box key={c.key} sx={{ position: 'relative', borderLeft: 1, borderColor: 'divider' }} role="region" aria-label={`${c.label} schedule`}>
                {hours.map((h) => (
                  <Box
                    key={h}
                    onClick={() => createAt(c, h)}
                    title={`Book ${c.label} at ${String(h).padStart(2, '0')}:00`}
                    sx={{ height: HOUR_PX, borderBottom: 1, borderColor: 'divider', cursor: 'pointer', '&:hover': { bgcolor: 'action.hover' } }}
                  />
                ))}
                {c.entries.map((e) => (
                  <EntryBlock key={`${e.kind}-${e.id}`} entry={e} timeZone={timeZone} firstHour={firstHour} onOpen={() => navigate(appointmentEditPath(e.id))} />
                ))}
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
