import { formatEtaRange, type Walkin } from '@chairline/shared';
import { Box, Button, Card, Chip, Stack, Typography } from '@mui/material';
import { formatDistanceToNowStrict } from 'date-fns';
import { BRAND_COLOR } from '../layout/brand';
import { ACTION_LABELS, actionsForTicket, type TicketAction } from './board-rules';

const ACTION_STYLE: Record<TicketAction, { variant: 'contained' | 'outlined' | 'text'; color: 'primary' | 'success' | 'warning' | 'error' | 'inherit' }> = {
  call: { variant: 'contained', color: 'primary' },
  start: { variant: 'outlined', color: 'primary' },
  complete: { variant: 'contained', color: 'success' },
  'no-show': { variant: 'text', color: 'warning' },
  cancel: { variant: 'text', color: 'error' },
  'put-back': { variant: 'outlined', color: 'primary' },
};

/** 'Now' reads as a state, not a duration. */
function waitText(eta: string): string {
  return eta === 'Now' ? 'Ready now' : `Wait ${eta}`;
}

function since(iso: string | null): string {
  return iso ? formatDistanceToNowStrict(new Date(iso), { addSuffix: true }) : '';
}

export function TicketCard({ ticket, busy, onAction }: { ticket: Walkin; busy: boolean; onAction: (action: TicketAction) => void }) {
  // Cards show the live line only (ended tickets are rows of EndedTicketsList): times read as "ago".
  const timeLine =
    ticket.status === 'in_service'
      ? `Started ${since(ticket.started_at)}`
      : ticket.status === 'called'
        ? `Called ${since(ticket.called_at)}`
        : `Checked in ${since(ticket.checked_in_at)}`;
  return (
    <Card component="article" aria-label={`Ticket ${ticket.party_name}`} data-status={ticket.status} sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      {ticket.status === 'waiting' && ticket.place !== null && (
        <Box
          aria-label={`Place ${ticket.place}`}
          sx={{ width: 44, height: 44, borderRadius: '50%', bgcolor: `${BRAND_COLOR}14`, color: BRAND_COLOR, display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 800, flexShrink: 0 }}
        >
          {ticket.place}
        </Box>
      )}
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700 }}>{ticket.party_name}</Typography>
          {ticket.phone && (
            <Typography variant="body2" color="text.secondary">
              {ticket.phone}
            </Typography>
          )}
          {ticket.source !== 'staff' && <Chip size="small" label={ticket.source === 'kiosk' ? 'Kiosk' : 'Online'} variant="outlined" />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {ticket.barber_name ? `With ${ticket.barber_name}` : ticket.preferred_barber_name ? `Asked for ${ticket.preferred_barber_name}` : 'Any barber'}
          {' · '}
          {timeLine}
          {ticket.status === 'waiting' && ticket.eta_range && ` · ${waitText(formatEtaRange(ticket.eta_range))}`}
        </Typography>
        {ticket.services.length > 0 && (
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.75, flexWrap: 'wrap', rowGap: 0.5 }}>
            {ticket.services.map((service) => (
              <Chip key={service.id} size="small" label={service.name} />
            ))}
          </Stack>
        )}
      </Box>
      <TicketActions ticket={ticket} busy={busy} onAction={onAction} />
    </Card>
  );
}

/** The buttons a ticket offers (on its card, or on its row in the list of ended tickets). */
export function TicketActions({ ticket, busy, onAction }: { ticket: Walkin; busy: boolean; onAction: (action: TicketAction) => void }) {
  const actions = actionsForTicket(ticket);
  if (actions.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0, ml: 'auto' }}>
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          disabled={busy}
          variant={ACTION_STYLE[action].variant}
          color={ACTION_STYLE[action].color}
          aria-label={`${ACTION_LABELS[action]} ${ticket.party_name}`}
          onClick={() => onAction(action)}
        >
          {ACTION_LABELS[action]}
        </Button>
      ))}
    </Stack>
  );
}
