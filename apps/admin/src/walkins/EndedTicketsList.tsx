import { formatShopDateTime, formatShopTime, PUT_BACK_STATUSES, shopDay, type TicketStatus, type Walkin } from '@chairline/shared';
import { Alert, Box, Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { DataTable, defaultExporter, List, SimpleList, TopToolbar, useListContext, type Exporter } from 'react-admin';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { Spinner } from '../common/Spinner';
import { ENDED_STATUS_LABELS, type BoardTabInfo, type TicketAction } from './board-rules';
import { TicketActions } from './TicketCard';
import { ExportAllButton } from '../common/ExportAllButton';

interface Props {
  tab: BoardTabInfo;
  busy: boolean;
  /** Bumped each time the board reloads (a live update, or a write at this desk): the list follows. */
  refreshKey: number;
  onAction: (ticket: Walkin, action: TicketAction) => void;
}

const RESOURCE = 'walkins';

/**
 * The name of an ended ticket, marked as the ticket itself: on every tab, live card or ended row, a
 * ticket is an article named after the customer and carrying its status, so it is found one way.
 */
function TicketName({ ticket }: { ticket: Walkin }) {
  return (
    <Box component="article" aria-label={`Ticket ${ticket.party_name}`} data-status={ticket.status}>
      <Typography component="span" sx={{ fontWeight: 700, display: 'block' }}>
        {ticket.party_name}
      </Typography>
      {ticket.phone && (
        <Typography component="span" variant="body2" color="text.secondary">
          {ticket.phone}
        </Typography>
      )}
    </Box>
  );
}

const barberOf = (t: Walkin) => t.barber_name ?? (t.preferred_barber_name ? `Asked for ${t.preferred_barber_name}` : 'Any barber');
const servicesOf = (t: Walkin) => t.services.map((s) => s.name).join(', ');

/** A cell's main line and, smaller below it, its detail: the board's column is narrow. */
function TwoLines({ main, detail }: { main: string; detail?: string }) {
  return (
    <>
      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
        {main}
      </Typography>
      {detail && (
        <Typography component="span" variant="caption" color="text.secondary">
          {detail}
        </Typography>
      )}
    </>
  );
}

function ListError() {
  const { refetch } = useListContext<Walkin>();
  return (
    <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
      These walk-ins could not be loaded.
    </Alert>
  );
}

/**
 * A tab's ended tickets (done, cancelled, no-show): the shop's history, read a page at a time from
 * the server in the order asked, with an export of the whole tab.
 */
export function EndedTicketsList({ tab, busy, refreshKey, onAction }: Props) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const timeZone = useShopTimeZone();
  const filter = useMemo(() => ({ status: tab.statuses.join(',') }), [tab]);
  const severalStatuses = tab.statuses.length > 1;
  const mayPutBack = tab.statuses.some((s) => (PUT_BACK_STATUSES as readonly TicketStatus[]).includes(s));
  const when = (iso: string | null) => (iso ? formatShopDateTime(iso, timeZone) : '');
  /** When it ended: the time alone on the day it checked in. */
  const ended = (t: Walkin) =>
    !t.ended_at ? '' : `Ended ${shopDay(t.ended_at, timeZone) === shopDay(t.checked_in_at, timeZone) ? formatShopTime(t.ended_at, timeZone) : when(t.ended_at)}`;

  useRefetchOnBoardReload(refreshKey);

  // The CSV a person reads: names and shop times, not ids, tokens or nested objects. react-admin's
  // exporter names the file after its last argument (walkins-cancelled.csv).
  const exporter: Exporter<Walkin> = (tickets, fetchRelated, dataProvider) =>
    defaultExporter(
      tickets.map((t) => ({
        customer: t.party_name,
        phone: t.phone ?? '',
        status: ENDED_STATUS_LABELS[t.status] ?? t.status,
        barber: t.barber_name ?? '',
        services: servicesOf(t),
        source: t.source,
        checked_in: when(t.checked_in_at),
        ended: when(t.ended_at),
      })),
      fetchRelated,
      dataProvider,
      `walkins-${tab.id}`,
    );

  return (
    <List<Walkin>
      resource={RESOURCE}
      filter={filter}
      sort={{ field: 'checked_in_at', order: 'DESC' }}
      perPage={25}
      // The tab, not the address, says which tickets show; each tab opens on its first page.
      disableSyncWithLocation
      title={false}
      component="div"
      exporter={exporter}
      actions={
        <TopToolbar>
          <ExportAllButton label="Export CSV" />
        </TopToolbar>
      }
      loading={<Spinner minHeight={160} />}
      error={<ListError />}
      empty={
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {`No ${tab.label.toLowerCase()} walk-ins.`}
        </Typography>
      }
    >
      {phone ? (
        <SimpleList<Walkin>
          rowClick={false}
          primaryText={(t) => <TicketName ticket={t} />}
          secondaryText={(t) => (
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <span>{`${barberOf(t)} · ${when(t.checked_in_at)}`}</span>
              {t.ended_at && <span>{ended(t)}</span>}
              {mayPutBack && <TicketActions ticket={t} busy={busy} onAction={(a) => onAction(t, a)} />}
            </Box>
          )}
        />
      ) : (
        <DataTable<Walkin> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<Walkin> label="Customer" source="party_name" disableSort render={(t) => <TicketName ticket={t} />} />
          {severalStatuses && <DataTable.Col<Walkin> label="Status" source="status" render={(t) => ENDED_STATUS_LABELS[t.status] ?? t.status} />}
          <DataTable.Col<Walkin> label="Barber" source="barber_name" disableSort render={(t) => <TwoLines main={barberOf(t)} detail={servicesOf(t)} />} />
          <DataTable.Col<Walkin> label="Checked in" source="checked_in_at" render={(t) => <TwoLines main={when(t.checked_in_at)} detail={ended(t)} />} />
          {mayPutBack && (
            <DataTable.Col<Walkin> label="Actions" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(t) => <TicketActions ticket={t} busy={busy} onAction={(a) => onAction(t, a)} />} />
          )}
        </DataTable>
      )}
    </List>
  );
}

/** Refetches the ended tickets whenever the board reloads after the list first loaded. */
function useRefetchOnBoardReload(refreshKey: number) {
  const queryClient = useQueryClient();
  const loadedAt = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey === loadedAt.current) return;
    loadedAt.current = refreshKey;
    // react-admin keys its list reads [resource, 'getList', params].
    void queryClient.invalidateQueries({ queryKey: [RESOURCE, 'getList'] });
  }, [refreshKey, queryClient]);
}
