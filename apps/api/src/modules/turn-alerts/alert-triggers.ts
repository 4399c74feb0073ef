import type { AlertMoment } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { toEtaRange } from '../queue/tickets/eta.js';
import { queueSnapshot, type QueueSnapshot } from '../queue/tickets/queue-repository.js';
import { enqueueJob, type NewAlertJob } from './alert-jobs-repository.js';
import { alertedTicketsOfShop, alertedTicketsOfShopNamed, type AlertedTicket } from './turn-alerts-repository.js';

/** "15 minutes before": the lower bound of the shown wait is this many minutes or less. */
export const FIFTEEN_MINUTES = 15;

/** Whether a waiting ticket has reached the moment its customer chose. */
export function momentReached(moment: AlertMoment, place: number | null, waitMinutes: number | null | undefined): boolean {
  switch (moment) {
    case 'next':
      return place !== null && place <= 1;
    case 'two_ahead':
      return place !== null && place - 1 <= 2;
    case 'fifteen_minutes': {
      const range = toEtaRange(waitMinutes);
      return range !== null && range.min_minutes <= FIFTEEN_MINUTES;
    }
  }
}

/** The alert one ticket is owed now, if any; its dedupe key names the event so it is queued once. */
export function jobFor(ticket: AlertedTicket, snapshot: QueueSnapshot): NewAlertJob | null {
  const id = ticket.ticket_id;
  if (ticket.status === 'called' && ticket.called_at) {
    // Called again after being put back in line is a new event: the call time is part of the key.
    return { dedupeKey: `ticket:${id}:called:${new Date(ticket.called_at).getTime()}`, kind: 'called', ticketId: id };
  }
  if (ticket.status === 'cancelled' && ticket.cancelled_by === 'staff') {
    return { dedupeKey: `ticket:${id}:cancelled`, kind: 'shop_cancelled', ticketId: id };
  }
  if (ticket.status === 'waiting') {
    const place = snapshot.places.get(id) ?? null;
    if (momentReached(ticket.moment, place, snapshot.simulation.ticketWait.get(id))) {
      return { dedupeKey: `ticket:${id}:near:${ticket.moment}`, kind: 'near', ticketId: id, moment: ticket.moment };
    }
  }
  return null;
}

/**
 * Looks at every ticket of the shop with alerts on and queues what is owed: the chosen moment
 * reached, called, or cancelled by the shop. Safe to run any number of times: each event's key is unique.
 * Returns how many messages were newly queued.
 */
export async function evaluateShop(sql: Sql, shopId: number, now: Date): Promise<number> {
  return queueOwed(sql, shopId, await alertedTicketsOfShop(sql, shopId), now);
}

/** The same for the shop with this username (as a queue event names it). */
export async function evaluateShopNamed(sql: Sql, username: string, now: Date): Promise<number> {
  const tickets = await alertedTicketsOfShopNamed(sql, username);
  const shopId = tickets[0]?.shop_id;
  return shopId === undefined ? 0 : queueOwed(sql, shopId, tickets, now);
}

async function queueOwed(sql: Sql, shopId: number, tickets: readonly AlertedTicket[], now: Date): Promise<number> {
  if (tickets.length === 0) return 0;
  const snapshot = await queueSnapshot(sql, shopId, now);
  let queued = 0;
  for (const ticket of tickets) {
    const job = jobFor(ticket, snapshot);
    if (job && (await enqueueJob(sql, job, now))) queued += 1;
  }
  return queued;
}
