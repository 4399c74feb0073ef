import type { PublicBarber, PublicTicket } from '@chairline/shared';
import { POLL_SHOP_MS } from '@chairline/shared/constants';
import { formatWait } from '@chairline/shared/wait-text';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { PublicService, ShopData } from '../lib/api-contract.js';
import { followShop } from '@chairline/shared/live-updates';
import { fetchBarbers, fetchShop, fetchTicket } from '../lib/public-api.js';
import { browserStore, forgetTicket, recallTicket, rememberTicket } from '../lib/ticket-storage.js';
import { isActiveTicket, placeText } from '../lib/ticket-text.js';
import { ticketPath, type TabStyle } from '../lib/urls.js';
import { BarberList } from './parts/BarberList.js';
import { CheckInClosed } from './parts/CheckInClosed.js';
import { OfflineNote } from './parts/OfflineNote.js';
import { ShopHeader } from './parts/ShopHeader.js';

// The QR code library is only needed once someone opens a barber's Schedule view.
const ScheduleView = lazy(() => import('./parts/ScheduleView.js'));
// The page opens on the line and the barbers; the check-in form and the kiosk's after-check-in
// screens come later, so they are not part of the first download. They are fetched as soon as the
// page is live (see prefetchLaterParts), so a tap on "Check in" does not wait for the network.
const loadCheckInForm = () => import('./parts/CheckInForm.js');
const loadKioskScreens = () => Promise.all([import('./parts/KioskConfirmation.js'), import('./parts/KioskAlreadyInLine.js')]);
const CheckInForm = lazy(() => loadCheckInForm().then((m) => ({ default: m.CheckInForm })));
const KioskConfirmation = lazy(() => loadKioskScreens().then(([m]) => ({ default: m.KioskConfirmation })));
const KioskAlreadyInLine = lazy(() => loadKioskScreens().then(([, m]) => ({ default: m.KioskAlreadyInLine })));

function prefetchLaterParts(kiosk: boolean) {
  void loadCheckInForm();
  if (kiosk) void loadKioskScreens();
}

export const KIOSK_RETURN_SECONDS = 8;
/** A half-filled form on the shared tablet is cleared after this long without a touch. */
export const KIOSK_IDLE_MS = 60_000;

type BarbersState = { kind: 'ready'; barbers: PublicBarber[] } | { kind: 'loading' } | { kind: 'error'; message: string };
type View =
  | { kind: 'list' }
  | { kind: 'schedule'; barberId: number }
  | { kind: 'check-in'; barberId: number | 'any' }
  | { kind: 'confirmed'; ticket: PublicTicket }
  | { kind: 'already-in-line' };

interface Props {
  username: string;
  initialShop: ShopData;
  /** Null when the server could not load them: the page shows the error state. */
  initialBarbers: PublicBarber[] | null;
  initialServices: PublicService[];
  tabStyle: TabStyle;
  kiosk: boolean;
  /** The site's origin, for the booking-link rule. */
  host: string;
}

export default function ShopApp({ username, initialShop, initialBarbers, initialServices, tabStyle, kiosk, host }: Props) {
  const [shopData, setShopData] = useState(initialShop);
  const [barbers, setBarbers] = useState<BarbersState>(
    initialBarbers ? { kind: 'ready', barbers: initialBarbers } : { kind: 'error', message: 'Unable to load data' },
  );
  const services = initialServices;
  const [view, setView] = useState<View>({ kind: 'list' });
  const [myTicket, setMyTicket] = useState<PublicTicket | null>(null);
  const [origin, setOrigin] = useState(host);
  // Set once the island runs in the browser (browser tests wait for it before clicking).
  const [live, setLive] = useState(false);
  const [offline, setOffline] = useState(false);
  const top = useRef<HTMLDivElement>(null);

  // Replies can overtake each other: only the latest request may update the page.
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const request = ++latest.current;
    const [shopResult, barbersResult] = await Promise.all([fetchShop(username), fetchBarbers(username)]);
    if (request !== latest.current) return true;
    if (shopResult.ok) setShopData(shopResult.data);
    // A failed refresh keeps the list on screen; the error state is only for a page that never had one.
    if (barbersResult.ok) setBarbers({ kind: 'ready', barbers: barbersResult.data });
    else setBarbers((shown) => (shown.kind === 'ready' ? shown : { kind: 'error', message: barbersResult.message }));
    return shopResult.ok && barbersResult.ok;
  }, [username]);

  const retry = useCallback(async () => {
    setBarbers({ kind: 'loading' });
    await refresh();
  }, [refresh]);

  // The hours change the answer by the clock alone (opening, last call, closing): refetch then.
  const changesAt = shopData.shop.changes_at;
  useEffect(() => {
    if (!changesAt) return;
    const due = Date.parse(changesAt) - Date.now();
    const timer = setTimeout(() => void refresh(), Math.min(due > 0 ? due + 1000 : 30_000, 6 * 3_600_000));
    return () => clearTimeout(timer);
  }, [changesAt, shopData, refresh]);
  // No check-in now (closed, last call, paused, monthly limit): the reason replaces the Check in button.
  const checkInState = shopData.shop.check_in;
  const checkInClosed = checkInState && !checkInState.open ? checkInState : null;

  useEffect(() => prefetchLaterParts(kiosk), [kiosk]);

  useEffect(() => {
    setOrigin(window.location.origin);
    setLive(true);
    return followShop({
      shopUsername: username,
      pollMs: POLL_SHOP_MS,
      refresh: () => refresh(),
      onStatus: (status) => setOffline(status === 'retrying'),
    });
  }, [username, refresh]);


  // "You're already in line": the ticket this phone checked in with (never on the shared kiosk).
  useEffect(() => {
    if (kiosk) return;
    const store = browserStore();
    const token = store && recallTicket(store, username);
    if (!store || !token) return;
    void fetchTicket(token).then((result) => {
      if (result.ok && isActiveTicket(result.data.status)) setMyTicket(result.data);
      else if (result.ok || result.status === 404) forgetTicket(store, username, token);
    });
  }, [kiosk, username]);

  // Kiosk: someone who walks away mid-form must not leave their name and number on the tablet.
  useEffect(() => {
    if (!kiosk || view.kind !== 'check-in') return;
    let timer = setTimeout(() => setView({ kind: 'list' }), KIOSK_IDLE_MS);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setView({ kind: 'list' }), KIOSK_IDLE_MS);
    };
    const events = ['pointerdown', 'keydown', 'input'] as const;
    for (const e of events) window.addEventListener(e, touched, true);
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, touched, true);
    };
  }, [kiosk, view.kind]);

  const show = (next: View) => {
    if (next.kind === 'check-in' && checkInClosed) next = { kind: 'list' };
    // This phone already holds a place here: it goes to its ticket rather than checking in twice.
    if (next.kind === 'check-in' && myTicket) {
      window.location.assign(ticketPath(username, myTicket.token));
      return;
    }
    setView(next);
    top.current?.scrollIntoView({ block: 'start' });
  };

  const onCheckedIn = (ticket: PublicTicket) => {
    if (kiosk) {
      show({ kind: 'confirmed', ticket });
      void refresh();
      return;
    }
    const store = browserStore();
    if (store) rememberTicket(store, username, ticket.token);
    window.location.assign(ticketPath(username, ticket.token));
  };

  const readyBarbers = barbers.kind === 'ready' ? barbers.barbers : [];
  const scheduled = view.kind === 'schedule' ? readyBarbers.find((b) => b.id === view.barberId) : undefined;

  let body;
  if (view.kind === 'confirmed') {
    body = <KioskConfirmation ticket={view.ticket} seconds={KIOSK_RETURN_SECONDS} onDone={() => show({ kind: 'list' })} />;
  } else if (view.kind === 'already-in-line') {
    body = <KioskAlreadyInLine seconds={KIOSK_RETURN_SECONDS} onDone={() => show({ kind: 'list' })} />;
  } else if (view.kind === 'check-in') {
    body = (
      <CheckInForm
        shopUsername={username}
        shopName={shopData.shop.name}
        barbers={readyBarbers}
        anyBarberWait={shopData.anyBarberWait}
        services={services}
        initialBarberId={view.barberId}
        source={kiosk ? 'kiosk' : 'online'}
        acceptingCheckIns={shopData.shop.accepting_check_ins}
        onDone={onCheckedIn}
        onAlreadyInLine={kiosk ? () => show({ kind: 'already-in-line' }) : undefined}
        onCancel={() => show({ kind: 'list' })}
      />
    );
  } else if (scheduled && !kiosk) {
    body = (
      <Suspense fallback={<p className="loading">Loading...</p>}>
        <ScheduleView
          barber={scheduled}
          host={origin}
          shopPhone={shopData.shop.phone_number}
          onBack={() => show({ kind: 'list' })}
          onCheckIn={(b) => show({ kind: 'check-in', barberId: b.id })}
        />
      </Suspense>
    );
  } else {
    body = (
      <>
        {myTicket ? (
          <div className="already" role="status">
            <div>
              <strong>You're already in line</strong>
              {myTicket.status === 'waiting' && <span className="muted"> · {placeText(myTicket.place)}</span>}
            </div>
            <a className="btn" href={ticketPath(username, myTicket.token)}>
              View your ticket
            </a>
          </div>
        ) : checkInClosed ? (
          <CheckInClosed state={checkInClosed} kiosk={kiosk} />
        ) : (
          <div className={`join ${kiosk ? 'join-kiosk' : ''}`}>
            <div>
              <h2>{kiosk ? 'Welcome! Check in here' : 'Walk-in line'}</h2>
              <p className="muted">
                {readyBarbers.length > 0 ? `Current wait: ${formatWait(shopData.anyBarberWait)}` : 'Join the line and we will call you.'}
              </p>
            </div>
            <button type="button" className="btn btn-large btn-cta" onClick={() => show({ kind: 'check-in', barberId: 'any' })}>
              Check in
            </button>
          </div>
        )}
        <section className="barbers" aria-labelledby="barbers-title">
          <h2 id="barbers-title" className="section-title">
            Our barbers
          </h2>
          {barbers.kind === 'loading' && (
            <p className="loading" role="status">
              Loading...
            </p>
          )}
          {barbers.kind === 'error' && (
            <div className="error-state" role="alert">
              <h3>Unable to load data</h3>
              {barbers.message !== 'Unable to load data' && <p className="muted">{barbers.message}</p>}
              <button type="button" className="btn" onClick={() => void retry()}>
                Try Again
              </button>
            </div>
          )}
          {barbers.kind === 'ready' && (
            <BarberList
              barbers={barbers.barbers}
              tabStyle={kiosk ? 'cards' : tabStyle}
              kiosk={kiosk}
              checkInClosed={checkInClosed !== null}
              onSchedule={(b) => show(kiosk ? { kind: 'check-in', barberId: b.id } : { kind: 'schedule', barberId: b.id })}
            />
          )}
        </section>
      </>
    );
  }

  return (
    <div ref={top} className={kiosk ? 'shop kiosk' : 'shop'} data-live={live || undefined}>
      <ShopHeader shop={shopData.shop} todayCheckins={shopData.todayCheckins} kiosk={kiosk} />
      <OfflineNote offline={offline && barbers.kind === 'ready'} />
      <Suspense fallback={<p className="loading">Loading...</p>}>{body}</Suspense>
    </div>
  );
}
