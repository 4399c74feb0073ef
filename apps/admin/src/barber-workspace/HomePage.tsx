import { formatShopTime, isOnlineBookingUrl, QR_CODE_PX, type SessionUser, type Walkin } from '@chairline/shared';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PhoneIcon from '@mui/icons-material/Phone';
import EmailIcon from '@mui/icons-material/Email';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, Grid, Stack, Tooltip, Typography } from '@mui/material';
import { differenceInMinutes } from 'date-fns';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { imageUrl } from '../common/image-url';
import { dataProvider } from '../providers';
import { useFeedback } from '../common/feedback';
import { MyAppointments } from './MyAppointments';
import { spotLabel } from './rules';
import { Spinner } from '../common/Spinner';
import { errorText } from '../common/error-text';

export interface HomeProps {
  user: SessionUser;
  tickets: Walkin[] | null;
  ticketsError: string | null;
  live: boolean;
  onChanged: () => void;
  onInvoice: (ticket: Walkin) => void;
}

function SpotCard({ user, live }: { user: SessionUser; live: boolean }) {
  const label = spotLabel(user.position);
  return (
    <Card sx={{ background: 'linear-gradient(135deg, #0f766e 0%, #115e59 100%)', color: '#fff', border: 0 }}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="body2" sx={{ opacity: 0.85 }}>
          Rotation
        </Typography>
        <Typography component="p" data-testid="your-spot" aria-live="polite" sx={{ fontSize: 34, fontWeight: 800, letterSpacing: '-0.02em' }}>
          {label ?? 'Not in the rotation'}
        </Typography>
        <Typography variant="body2" sx={{ opacity: 0.85 }}>
          {label ? (user.position === 0 ? "You're up next for a walk-in." : 'Your place in the barbers’ turns.') : 'Ask a manager to add you to the turns.'}
        </Typography>
        <Chip size="small" label={live ? 'Live' : 'Refreshing every 20 s'} sx={{ mt: 2, bgcolor: 'rgba(255,255,255,0.18)', color: '#fff' }} />
      </CardContent>
    </Card>
  );
}

function ProfileCard({ user }: { user: SessionUser }) {
  const photo = imageUrl(user.profile_photo ?? user.profile_pic);
  return (
    <Card>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Avatar src={photo} alt={user.name} sx={{ width: 72, height: 72, fontSize: 28, bgcolor: 'primary.main' }}>
          {(user.name || user.email || 'U').charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap>
            {user.name || user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Professional
          </Typography>
          <Stack spacing={0.5} sx={{ mt: 1 }}>
            <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <EmailIcon fontSize="inherit" color="action" /> {user.email}
            </Typography>
            {user.phone_no ? (
              <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <PhoneIcon fontSize="inherit" color="action" /> {user.phone_no}
              </Typography>
            ) : null}
            <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <StorefrontIcon fontSize="inherit" color="action" /> {user.shop_name}
            </Typography>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

function BookingCard({ user }: { user: SessionUser }) {
  const online = isOnlineBookingUrl(user.booking_url, window.location.origin);
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center' }}>
        <Tooltip title="Scan the QR code or click the button below to book an appointment">
          <Typography variant="h6" component="h2" gutterBottom>
            Booking Information
          </Typography>
        </Tooltip>
        {online ? (
          <Stack spacing={2} alignItems="center">
            <Box sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 2, border: 1, borderColor: 'divider' }}>
              <QRCodeSVG value={user.booking_url} size={QR_CODE_PX} aria-label="Booking QR code" role="img" />
            </Box>
            <Button variant="outlined" href={user.booking_url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
              Book Online
            </Button>
          </Stack>
        ) : (
          <Box sx={{ py: 3 }}>
            <Typography>Online booking is not available.</Typography>
            <Typography color="text.secondary">Please call to schedule your appointment.</Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

const STATUS_LABEL: Record<string, { label: string; color: 'default' | 'warning' | 'info' | 'success' }> = {
  waiting: { label: 'Waiting', color: 'warning' },
  called: { label: 'Called', color: 'info' },
  in_service: { label: 'In service', color: 'success' },
};

function TicketRow({ ticket, timeZone, onChanged, onInvoice }: { ticket: Walkin; timeZone: string | undefined; onChanged: () => void; onInvoice: (t: Walkin) => void }) {
  const { toast } = useFeedback();
  const [busy, setBusy] = useState(false);
  const act = async (label: string, run: () => Promise<Walkin>) => {
    setBusy(true);
    try {
      const updated = await run();
      toast(label, 'success');
      if (updated.status === 'done') onInvoice(updated);
      onChanged();
    } catch (error) {
      toast(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  const status = STATUS_LABEL[ticket.status] ?? { label: ticket.status, color: 'default' as const };
  const waited = differenceInMinutes(new Date(), new Date(ticket.checked_in_at));
  return (
    <Box
      component="li"
      aria-label={ticket.party_name}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
    >
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{ticket.party_name}</Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {ticket.services.length > 0 ? ticket.services.map((s) => s.name).join(', ') : 'No service chosen'} · checked in{' '}
          <time dateTime={ticket.checked_in_at} data-testid="checked-in">
            {formatShopTime(ticket.checked_in_at, timeZone)}
          </time>{' '}
          · waiting {waited} min
        </Typography>
      </Box>
      <Chip size="small" label={status.label} color={status.color} variant="outlined" />
      <Stack direction="row" spacing={1}>
        {ticket.status === 'waiting' ? (
          <Button size="small" variant="outlined" disabled={busy} onClick={() => act('Customer called', () => dataProvider.callTicket(ticket.id))}>
            Call
          </Button>
        ) : null}
        {ticket.status === 'waiting' || ticket.status === 'called' ? (
          <Button size="small" variant="contained" disabled={busy} onClick={() => act('Service started', () => dataProvider.startService(ticket.id))}>
            Start
          </Button>
        ) : null}
        {ticket.status === 'in_service' ? (
          <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => act('Service completed', () => dataProvider.completeService(ticket.id))}>
            Complete
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

export function HomePage({ user, tickets, ticketsError, live, onChanged, onInvoice }: HomeProps) {
  return (
    <Stack spacing={3}>
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
          Hi, {user.name.split(' ')[0] || 'there'}
        </Typography>
        <Typography color="text.secondary">Here is your chair today.</Typography>
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            <SpotCard user={user} live={live} />
            <ProfileCard user={user} />
            <BookingCard user={user} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                My customers
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Walk-ins waiting for you or in your chair.
              </Typography>
              {ticketsError ? <Alert severity="error">{ticketsError}</Alert> : null}
              {tickets === null && !ticketsError ? <Spinner minHeight={120} /> : null}
              {tickets && tickets.length === 0 ? (
                <Box sx={{ py: 4, textAlign: 'center' }}>
                  <Typography>No customers waiting for you.</Typography>
                  <Typography variant="body2" color="text.secondary">
                    New check-ins appear here as they arrive.
                  </Typography>
                </Box>
              ) : null}
              {tickets && tickets.length > 0 ? (
                <Box component="ul" aria-label="My customers" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {tickets.map((t) => (
                    <TicketRow key={t.id} ticket={t} timeZone={user.shop_time_zone} onChanged={onChanged} onInvoice={onInvoice} />
                  ))}
                </Box>
              ) : null}
            </CardContent>
          </Card>
          <Box sx={{ mt: 2 }}>
            <MyAppointments timeZone={user.shop_time_zone} />
          </Box>
        </Grid>
      </Grid>
    </Stack>
  );
}
