import { maskCustomerName, type PublicTicket, type Walkin } from '@chairline/shared';
import { toEtaRange } from './eta.js';
import type { TicketRow } from './queue-repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The place (counted with the row) and the wait (minutes from the estimate: `waitOfTicket`, or a
 * whole snapshot's `ticketWait`) of a waiting ticket; nothing for any other.
 */
function waitingFacts(row: TicketRow, wait: number | null | undefined) {
  if (row.status !== 'waiting') return { place: null, eta_range: null };
  return { place: row.place, eta_range: toEtaRange(wait) };
}

/** A ticket as its customer sees it: masked name, no phone number. */
export function toPublicTicket(row: TicketRow, wait: number | null | undefined): PublicTicket {
  const { place, eta_range } = waitingFacts(row, wait);
  return {
    token: row.token,
    shop_username: row.shop_username,
    status: row.status,
    party_name: maskCustomerName(row.party_name),
    place,
    ahead: place === null ? null : place - 1,
    eta_range,
    preferred_barber:
      row.preferred_barber_id === null ? null : { id: row.preferred_barber_id, name: row.preferred_barber_name ?? '' },
    barber: row.barber_id === null ? null : { id: row.barber_id, name: row.barber_name ?? '' },
    services: row.services.map((s) => ({ id: s.id, name: s.name })),
    checked_in_at: row.checked_in_at.toISOString(),
    called_at: iso(row.called_at),
    shop_time_zone: row.shop_time_zone,
  };
}

/** A ticket on the staff board: full name and phone. */
export function toWalkin(row: TicketRow, wait: number | null | undefined): Walkin {
  return {
    id: row.id,
    token: row.token,
    party_name: row.party_name,
    phone: row.phone,
    status: row.status,
    source: row.source,
    preferred_barber_id: row.preferred_barber_id,
    preferred_barber_name: row.preferred_barber_name,
    barber_id: row.barber_id,
    barber_name: row.barber_name,
    customer_id: row.customer_id,
    services: row.services,
    services_total: row.services_total_cents / 100,
    ...waitingFacts(row, wait),
    checked_in_at: row.checked_in_at.toISOString(),
    called_at: iso(row.called_at),
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    ended_at: iso(row.ended_at),
  };
}
