import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { canAccess, type BarberStatus, type NextBarberReply, type Walkin, type WalkinInput } from '@chairline/shared';
import { Box, Button, Card, Chip, MenuItem, Tab, Tabs, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useAddUndoableMutation, useNotify } from 'react-admin';
import { useLiveRefresh } from '../common/use-live-refresh';
import { useSession } from '../layout/session';
import { dataProvider } from '../providers';
import { RotationPanel } from '../rotation';
import { AddWalkinDialog, type ServiceOption } from './AddWalkinDialog';
import { AppointmentsPanel } from './AppointmentsPanel';
import { EndedTicketsList } from './EndedTicketsList';
import { PauseControl } from './PauseControl';
import { BOARD_TABS, countByTab, LIVE_STATUSES, UNDO_SECONDS, UNDOABLE_MESSAGES, type BoardTab, type TicketAction } from './board-rules';
import { TicketCard } from './TicketCard';
import { Spinner } from '../common/Spinner';
import { errorText } from '../common/error-text';

type RotationView = NextBarberReply['response'];


/** Walk-ins (= /dashboard/appointments): the live board, the rotation beside it, and appointments. */
export function WalkinsPage() {
  const { user } = useSession();
  const notify = useNotify();
  const addUndoable = useAddUndoableMutation();
  const [view, setView] = useState<'queue' | 'appointments'>('queue');
  const [tab, setTab] = useState<BoardTab>('waiting');
  const [active, setActive] = useState<Walkin[] | null>(null);
  const [rotation, setRotation] = useState<RotationView | null>(null);
  const [services, setServices] = useState<ServiceOption[]>([]);
  const [barberChoice, setBarberChoice] = useState<string>('auto');
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);

  const besideRotation = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));

  const tabInfo = BOARD_TABS.find((t) => t.id === tab) ?? BOARD_TABS[0]!;

  // The live tabs' tickets and the rotation; an ended tab's list follows refreshKey.
  const refresh = useCallback(async () => {
    try {
      const [live, rot] = await Promise.all([
        dataProvider.getWalkins({ status: LIVE_STATUSES, page_size: 100 }),
        dataProvider.getRotation(),
      ]);
      setActive(live);
      setRotation(rot);
      setRefreshKey((k) => k + 1);
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  }, [notify]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    dataProvider.getServices().then(setServices, () => setServices([]));
  }, []);

  const { live } = useLiveRefresh(user.shop_username, () => void refresh());

  const chosenBarber = barberChoice === 'auto' ? undefined : Number(barberChoice);

  /** Runs one write, then reloads the board; true when the write succeeded. */
  const run = async (work: () => Promise<unknown>, success?: string): Promise<boolean> => {
    setBusy(true);
    try {
      await work();
      if (success) notify(success, { type: 'success' });
      await refresh();
      return true;
    } catch (error) {
      notify(errorText(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const putBack = (ticket: Walkin) => run(() => dataProvider.requeueWalkin(ticket.id), `${ticket.party_name} is back in line`);

  /**
   * Cancel and no-show apply at once; the notification offers Undo for a few seconds (react-admin's
   * undoable notification), which puts the ticket back at its place.
   */
  const offerUndo = (ticket: Walkin, message: string) => {
    addUndoable(({ isUndo }) => {
      if (isUndo) void putBack(ticket);
    });
    notify(message, { type: 'info', undoable: true, autoHideDuration: UNDO_SECONDS * 1000 });
  };

  const act = async (ticket: Walkin, action: TicketAction) => {
    if (action === 'put-back') return putBack(ticket);
    const done = await run(() => {
      switch (action) {
        case 'call':
          return dataProvider.callTicket(ticket.id, chosenBarber);
        case 'start':
          return dataProvider.startService(ticket.id, ticket.barber_id ?? chosenBarber);
        case 'complete':
          return dataProvider.completeService(ticket.id);
        case 'no-show':
          return dataProvider.markNoShow(ticket.id);
        case 'cancel':
          return dataProvider.cancelWalkin(ticket.id);
      }
    });
    const undoMessage = UNDOABLE_MESSAGES[action];
    if (done && undoMessage) offerUndo(ticket, undoMessage);
    return done;
  };

  const callNext = () =>
    run(async () => {
      const ticket = await dataProvider.callNext(chosenBarber);
      notify(`${ticket.party_name} called${ticket.barber_name ? ` for ${ticket.barber_name}` : ''}`, { type: 'success' });
      setTab('called');
    });

  const addWalkin = (input: WalkinInput) =>
    run(async () => {
      await dataProvider.addWalkin(input);
      setAdding(false);
    }, 'Walk-in added');

  const reorder = (ids: number[]) => {
    if (rotation) {
      // Show the new order at once; the refetch after the call confirms or restores it.
      const byId = new Map(rotation.rotation.map((e) => [e.id, e]));
      const moved = ids.map((id, index) => ({ ...byId.get(id)!, position: index }));
      setRotation({ ...rotation, rotation: [...moved, ...rotation.rotation.filter((e) => !ids.includes(e.id))] });
    }
    void run(() => dataProvider.reorderRotation(ids), 'Rotation updated');
  };

  const setStatus = (barberId: number, status: BarberStatus) => void run(() => dataProvider.setBarberStatus(barberId, status));

  const counts = countByTab(active ?? []);
  const shown = (active ?? []).filter((t) => tabInfo.statuses.includes(t.status));
  const barbers = rotation?.rotation ?? [];

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: { xs: 'flex-start', md: 'center' }, justifyContent: 'space-between', gap: 2, flexDirection: { xs: 'column', md: 'row' }, mb: 2 }}>
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="h5" component="h1">
              Walk-ins
            </Typography>
            <Chip
              size="small"
              label={live ? 'Live' : 'Reconnecting…'}
              aria-label={live ? 'Live updates on' : 'Live updates reconnecting'}
              color={live ? 'success' : 'default'}
              variant={live ? 'filled' : 'outlined'}
              sx={{ fontWeight: 700 }}
            />
          </Box>
          <Typography color="text.secondary">
            {rotation ? `${rotation.waiting_count} waiting · ${rotation.in_service_count} in service` : 'Loading the queue…'}
            {rotation?.next_barber ? ` · ${rotation.next_barber.name} is up next` : ''}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {canAccess(user.role, 'queue') && <PauseControl refreshKey={refreshKey} />}
          <TextField select size="small" label="Barber" value={barberChoice} onChange={(e) => setBarberChoice(e.target.value)} sx={{ width: 190 }}>
            <MenuItem value="auto">Whoever is up</MenuItem>
            {barbers.map((b) => (
              <MenuItem key={b.id} value={String(b.id)}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setAdding(true)}>
            Add walk-in
          </Button>
          <Button variant="contained" startIcon={<CampaignOutlinedIcon />} onClick={() => void callNext()} disabled={busy || counts.waiting === 0}>
            Call next
          </Button>
        </Box>
      </Box>

      <Tabs value={view} onChange={(_, v: 'queue' | 'appointments') => setView(v)} sx={{ mb: 2 }}>
        <Tab value="queue" label="Queue" />
        <Tab value="appointments" label="Appointments" />
      </Tabs>

      {view === 'appointments' ? (
        <AppointmentsPanel refreshKey={refreshKey} />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' }, gap: 2, alignItems: 'start' }}>
          <Card component="section" aria-label="Walk-in board">
            <Tabs
              value={tab}
              onChange={(_, v: BoardTab) => setTab(v)}
              // Beside the rotation (large screens) the compact tabs fit whole and no arrows take room;
              // stacked (smaller screens, phones) the strip scrolls with arrows when it must.
              variant="scrollable"
              scrollButtons={besideRotation ? false : 'auto'}
              allowScrollButtonsMobile
              sx={{ px: 0.5, borderBottom: '1px solid', borderColor: 'divider' }}
            >
              {BOARD_TABS.map((t) => (
                <Tab
                  key={t.id}
                  value={t.id}
                  sx={{ minWidth: 0, px: 0.5 }}
                  label={
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                      {t.label}
                      {t.live && (
                        <Box
                          component="span"
                          sx={{
                            minWidth: 22,
                            px: 0.75,
                            borderRadius: 11,
                            fontSize: 12,
                            lineHeight: '20px',
                            fontWeight: 700,
                            bgcolor: counts[t.id] > 0 && t.id === 'waiting' ? 'primary.main' : 'grey.200',
                            color: counts[t.id] > 0 && t.id === 'waiting' ? 'primary.contrastText' : 'text.secondary',
                          }}
                        >
                          {counts[t.id]}
                        </Box>
                      )}
                    </Box>
                  }
                  aria-label={t.live ? `${t.label} (${counts[t.id]})` : t.label}
                />
              ))}
            </Tabs>
            <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.25, minHeight: 200 }}>
              {!tabInfo.live ? (
                <EndedTicketsList key={tabInfo.id} tab={tabInfo} busy={busy} refreshKey={refreshKey} onAction={(ticket, a) => void act(ticket, a)} />
              ) : active === null ? (
                <Spinner minHeight={160} />
              ) : shown.length === 0 ? (
                <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                  {tab === 'waiting' ? 'Nobody is waiting. New check-ins appear here instantly.' : `No ${tabInfo.label.toLowerCase()} walk-ins.`}
                </Typography>
              ) : (
                shown.map((ticket) => <TicketCard key={ticket.id} ticket={ticket} busy={busy} onAction={(a) => void act(ticket, a)} />)
              )}
            </Box>
          </Card>
          <RotationPanel rotation={barbers} nextBarberId={rotation?.next_barber?.id ?? null} onReorder={reorder} onStatus={setStatus} />
        </Box>
      )}

      <AddWalkinDialog open={adding} barbers={barbers} services={services} busy={busy} onClose={() => setAdding(false)} onSubmit={(input) => void addWalkin(input)} />
    </Box>
  );
}
