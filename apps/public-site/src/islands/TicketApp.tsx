import type { PublicTicket } from '@chairline/shared';
import { POLL_NEXT_BARBER_MS } from '@chairline/shared/constants';
import { formatShopTime } from '@chairline/shared/shop-time';
import { useCallback, useEffect, useRef, useState } from 'react';
import { followShop } from '@chairline/shared/live-updates';
import { cancelTicket, fetchTicket } from '../lib/public-api.js';
import { browserStore, forgetTicket, rememberTicket } from '../lib/ticket-storage.js';
import { isActiveTicket, publicName, ticketHeadline, waitText } from '../lib/ticket-text.js';
import { shopPath } from '../lib/urls.js';
import { OfflineNote } from './parts/OfflineNote.js';
import { TurnAlerts } from './parts/TurnAlerts.js';

interface Props {
  initialTicket: PublicTicket;
  shopName: string;
}

export default function TicketApp({ initialTicket, shopName }: Props) {
  const [ticket, setTicket] = useState(initialTicket);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState('');
  const [stale, setStale] = useState(false);
  const active = isActiveTicket(ticket.status);
  const username = ticket.shop_username;
  const previousStatus = useRef(ticket.status);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  // Replies can overtake each other: only the latest request may update the page.
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const request = ++latest.current;
    const result = await fetchTicket(initialTicket.token);
    // A newer request (or leaving the queue) decides what the page shows.
    if (request !== latest.current) return true;
    if (result.ok) setTicket(result.data);
    return result.ok;
  }, [initialTicket.token]);

  useEffect(() => {
    if (!active) return;
    return followShop({
      shopUsername: username,
      pollMs: POLL_NEXT_BARBER_MS,
      refresh: () => refresh(),
      onStatus: (status) => setStale(status === 'retrying'),
    });
  }, [active, username, refresh]);

  // Keep the phone's memory of its ticket in step with the ticket itself.
  useEffect(() => {
    const store = browserStore();
    if (!store) return;
    if (active) rememberTicket(store, username, ticket.token);
    else forgetTicket(store, username, ticket.token);
  }, [active, username, ticket.token]);

  const headline = ticketHeadline(ticket);

  useEffect(() => {
    document.title = `${headline.title} · ${shopName}`;
    if (ticket.status === 'called' && previousStatus.current !== 'called') navigator.vibrate?.([300, 150, 300]);
    previousStatus.current = ticket.status;
  }, [headline.title, shopName, ticket.status]);

  async function leave() {
    setLeaving(true);
    setError('');
    const result = await cancelTicket(ticket.token);
    latest.current += 1;
    setLeaving(false);
    setConfirming(false);
    if (result.ok) setTicket(result.data);
    else setError(result.message);
  }

  const wait = waitText(ticket);
  return (
    <div className={`ticket ticket-${headline.tone}`} data-live={live || undefined}>
      <p className="ticket-shop">{shopName}</p>
      <section className="ticket-card" aria-live={headline.tone === 'turn' ? 'assertive' : 'polite'} aria-atomic="true">
        <p className="ticket-name">{publicName(ticket.party_name)}</p>
        <h1 className="ticket-title">{headline.title}</h1>
        <p className="ticket-detail">{headline.detail}</p>
        {wait && (
          <p className="ticket-wait">
            Estimated wait <strong>{wait}</strong>
          </p>
        )}
      </section>
      <dl className="ticket-facts">
        {(ticket.barber ?? ticket.preferred_barber) && (
          <div>
            <dt>Barber</dt>
            <dd>{(ticket.barber ?? ticket.preferred_barber)?.name}</dd>
          </div>
        )}
        {!ticket.barber && !ticket.preferred_barber && ticket.status === 'waiting' && (
          <div>
            <dt>Barber</dt>
            <dd>Any barber</dd>
          </div>
        )}
        {ticket.services.length > 0 && (
          <div>
            <dt>Services</dt>
            <dd>{ticket.services.map((s) => s.name).join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>Checked in</dt>
          <dd>
            <time dateTime={ticket.checked_in_at}>{formatShopTime(ticket.checked_in_at, ticket.shop_time_zone)}</time>
          </dd>
        </div>
      </dl>
      <OfflineNote offline={stale && active} />
      {!stale && ticket.status === 'waiting' && (
        <p className="hint">This page updates by itself. Keep it open, we'll show you when it's your turn.</p>
      )}
      {ticket.status === 'waiting' && <TurnAlerts token={ticket.token} />}
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      {(ticket.status === 'waiting' || ticket.status === 'called') &&
        (confirming ? (
          <div className="confirm panel" role="group" aria-labelledby="leave-title">
            <h2 id="leave-title">Leave the queue?</h2>
            <p className="muted">You will lose your place in line.</p>
            <div className="button-row">
              <button type="button" className="btn btn-danger" onClick={() => void leave()} disabled={leaving}>
                {leaving ? 'Leaving…' : 'Yes, leave the queue'}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)} disabled={leaving}>
                Stay in line
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn-ghost btn-wide" onClick={() => setConfirming(true)}>
            Leave the queue
          </button>
        ))}
      {!active && (
        <a className="btn btn-wide" href={shopPath(username)}>
          Check in again
        </a>
      )}
      {active && (
        <a className="link-quiet" href={shopPath(username)}>
          Back to {shopName}
        </a>
      )}
    </div>
  );
}
