import { maskCustomerName, type PublicQueue } from '@chairline/shared';
import { toEtaRange } from '../tickets/eta.js';
import type { QueuePageSource } from '../tickets/line-waits.js';
import type { QueueSnapshot } from '../tickets/queue-repository.js';

/** The page of a snapshot that holds the line up to the page's end (tickets come ordered by id). */
export function fromSnapshot(snapshot: QueueSnapshot, page: { limit: number; offset: number }): QueuePageSource {
  return {
    barbers: snapshot.barbers,
    serving: snapshot.tickets.filter((t) => t.status !== 'waiting'),
    page: snapshot.tickets
      .filter((t) => t.status === 'waiting')
      .slice(page.offset, page.offset + page.limit)
      .map((ticket) => ({ ticket, place: snapshot.places.get(ticket.id) ?? 0, wait: snapshot.simulation.ticketWait.get(ticket.id) })),
    waitingCount: snapshot.waitingCount,
  };
}

/**
 * The waiting-room display's view of a shop's queue: who is in the chair and who waits, in order of
 * arrival (the order call-next takes them). Names are masked; phones and tokens never leave here.
 */
export function toPublicQueue(source: QueuePageSource): PublicQueue {
  const barberName = new Map(source.barbers.map((b) => [b.id, b.name]));
  const nameOf = (id: number | null) => (id === null ? null : (barberName.get(id) ?? null));
  const nowServing = source.serving
    .filter((t) => t.status === 'in_service' && t.barber_id !== null && t.started_at !== null)
    .sort((a, b) => (a.started_at?.getTime() ?? 0) - (b.started_at?.getTime() ?? 0) || a.id - b.id)
    .map((t) => ({
      barber_id: t.barber_id ?? 0,
      barber_name: nameOf(t.barber_id) ?? '',
      party_name: maskCustomerName(t.party_name),
      started_at: t.started_at?.toISOString() ?? '',
    }));
  const waiting = source.page.map(({ ticket, place, wait }) => ({
    place,
    party_name: maskCustomerName(ticket.party_name),
    preferred_barber_name: nameOf(ticket.preferred_barber_id),
    eta_range: toEtaRange(wait),
  }));
  return { now_serving: nowServing, waiting, waiting_count: source.waitingCount };
}
