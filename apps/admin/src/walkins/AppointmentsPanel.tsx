import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { formatInShopZone, formatShopTime, shopDay, type Appointment } from '@chairline/shared';
import { Box, Button, Card, Chip, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useDataProvider } from 'react-admin';
import { Link } from 'react-router-dom';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { refusalText } from '../common/error-text';
import { Spinner } from '../common/Spinner';
import { ADMIN_PATHS, appointmentEditPath } from '@chairline/shared/routes';
import type { ChairlineDataProvider } from '@chairline/data-provider';

const STATUS_COLORS: Record<Appointment['status'], 'primary' | 'success' | 'default' | 'warning'> = {
  booked: 'primary',
  completed: 'success',
  cancelled: 'default',
  no_show: 'warning',
};

/** "Mon 23 Nov, 11:00 AM–11:30 AM" on the shop's clock. */
const when = (a: Appointment, timeZone: string) =>
  `${formatInShopZone(a.starts_at, timeZone, 'EEE d MMM')}, ${formatShopTime(a.starts_at, timeZone)}–${formatShopTime(a.ends_at, timeZone)}`;

/** Upcoming appointments beside the walk-ins; create and edit open the appointment form. */
export function AppointmentsPanel({ refreshKey }: { refreshKey: number }) {
  const [rows, setRows] = useState<Appointment[] | null>(null);
  const notify = useNotify();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const timeZone = useShopTimeZone();

  const load = useCallback(async () => {
    try {
      setRows(await dataProvider.getAppointments({ from: shopDay(new Date(), timeZone), status: 'booked', page_size: 100 }));
    } catch (err) {
      setRows([]);
      notify(refusalText(err, 'Could not load appointments.'), { type: 'error' });
    }
  }, [dataProvider, notify, timeZone]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const upcoming = (rows ?? []).filter((a) => new Date(a.ends_at) >= new Date()).sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  return (
    <Card component="section" aria-label="Upcoming appointments">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2, pb: 1 }}>
        <Box>
          <Typography variant="h6">Upcoming appointments</Typography>
          <Typography variant="body2" color="text.secondary">
            Booked from today on
          </Typography>
        </Box>
        <Button component={Link} to={ADMIN_PATHS.newAppointment} variant="outlined" startIcon={<AddIcon />}>
          New appointment
        </Button>
      </Box>
      {rows === null ? (
        <Spinner label="Loading appointments…" minHeight={160} />
      ) : upcoming.length === 0 ? (
        <Typography sx={{ p: 3 }} color="text.secondary">
          No upcoming appointments.
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>Barber</TableCell>
                <TableCell>Services</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {upcoming.map((a) => (
                <TableRow key={a.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {when(a, timeZone)}
                  </TableCell>
                  <TableCell>{a.customer ?? '—'}</TableCell>
                  <TableCell>{a.barber}</TableCell>
                  <TableCell>{a.services || '—'}</TableCell>
                  <TableCell>
                    <Chip size="small" label={a.status.replace('_', '-')} color={STATUS_COLORS[a.status]} variant="outlined" />
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title="Edit">
                      <IconButton component={Link} to={appointmentEditPath(a.id)} aria-label={`Edit appointment ${a.id}`}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
