import { maskCustomerName, type PublicQueue } from '@chairline/shared';
import { toEtaRange } from '../tickets/eta.js';
import type { QueueSnapshot } from '../tickets/queue-repository.js';

/**
 * The waiting-room display's view of a shop's queue: who is in the chair and who waits, in order of
 * arrival (the order call-next takes them). Names are masked; phones and tokens never leave here.
 */
export function toPublicQueue(snapshot: QueueSnapshot, page: { limit: number; offset: number }): PublicQueue {
  const barberName = new Map(snapshot.barbers.map((b) => [b.id, b.name]));
  const nameOf = (id: number | null) => (id === null ? null : (barberName.get(id) ?? null));
  const nowServing = snapshot.tickets
    .filter((t) => t.status === 'in_service' && t.barber_id !== null && t.started_at !== null)
    .sort((a, b) => (a.started_at?.getTime() ?? 0) - (b.started_at?.getTime() ?? 0) || a.id - b.id)
    .map((t) => ({
      barber_id: t.barber_id ?? 0,
      barber_name: nameOf(t.barber_id) ?? '',
      party_name: maskCustomerName(t.party_name),
      started_at: t.started_at?.toISOString() ?? '',
    }));
  // Tickets come ordered by id, the order of arrival; the snapshot holds the line up to the page's end.
  const waiting = snapshot.tickets
    .filter((t) => t.status === 'waiting')
    .slice(page.offset, page.offset + page.limit)
    .map((t) => ({
      place: snapshot.places.get(t.id) ?? 0,
      party_name: maskCustomerName(t.party_name),
      preferred_barber_name: nameOf(t.preferred_barber_id),
      eta_range: toEtaRange(snapshot.simulation.ticketWait.get(t.id)),
    }));
  return { now_serving: nowServing, waiting, waiting_count: snapshot.waitingCount };
}
