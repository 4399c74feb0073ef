import { formatShopTime, shopDay, type Appointment } from '@chairline/shared';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { errorText } from '../common/error-text';
import { useDataProvider } from 'react-admin';
import type { ChairlineDataProvider } from '@chairline/data-provider';

/** The barber's own booked appointments today (the shop's day), times on the shop's clock. */
export function MyAppointments({ timeZone }: { timeZone: string | undefined }) {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const [rows, setRows] = useState<Appointment[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const today = shopDay(new Date(), timeZone);
    dataProvider.getAppointments({ from: today, to: today, status: 'booked', page_size: 100 })
      .then((list) => live && setRows(list))
      .catch((err: unknown) => live && setError(errorText(err)));
    return () => {
      live = false;
    };
  }, [dataProvider, timeZone]);

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          My appointments today
        </Typography>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {rows === null && !error ? <Typography color="text.secondary">Loading…</Typography> : null}
        {rows && rows.length === 0 ? <Typography color="text.secondary">No appointments booked for you today.</Typography> : null}
        {rows && rows.length > 0 ? (
          <Box component="ul" aria-label="My appointments" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((a) => (
              <Box component="li" key={a.id} aria-label={a.customer ?? 'Appointment'} sx={{ display: 'flex', gap: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
                <Typography component="span" data-testid="appointment-time" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {formatShopTime(a.starts_at, timeZone)}
                </Typography>
                <Typography component="span">
                  {a.customer ?? 'Appointment'}
                  {a.services ? ` · ${a.services}` : ''}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
