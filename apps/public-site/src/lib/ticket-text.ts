import type { PublicTicket, TicketStatus } from '@chairline/shared';
import { ACTIVE_TICKET_STATUSES, maskCustomerName } from '@chairline/shared/queue-rules';
import { formatWait } from '@chairline/shared/wait-text';

export type TicketTone = 'waiting' | 'turn' | 'serving' | 'ended';

export interface TicketHeadline {
  title: string;
  detail: string;
  tone: TicketTone;
}

export const isActiveTicket = (status: TicketStatus) => (ACTIVE_TICKET_STATUSES as readonly TicketStatus[]).includes(status);

/** Place in line as people say it: "You're #3 in line". */
export function placeText(place: number | null): string {
  return place === null ? "You're in line" : `You're #${place} in line`;
}

/** What the ticket page shouts, by ticket status. */
export function ticketHeadline(ticket: PublicTicket): TicketHeadline {
  const barber = ticket.barber?.name;
  switch (ticket.status) {
    case 'waiting':
      return {
        title: placeText(ticket.place),
        detail:
          ticket.ahead === 0 || ticket.ahead === null
            ? "You're next. Stay close, you will be called soon."
            : `${ticket.ahead} ${ticket.ahead === 1 ? 'person' : 'people'} ahead of you.`,
        tone: 'waiting',
      };
    case 'called':
      return {
        title: "It's your turn",
        detail: barber ? `${barber} is ready for you. Please come to the chair.` : 'Please come to the front desk now.',
        tone: 'turn',
      };
    case 'in_service':
      return { title: "You're in the chair", detail: barber ? `With ${barber}. Enjoy!` : 'Enjoy your visit!', tone: 'serving' };
    case 'done':
      return { title: 'Thanks for visiting', detail: 'Your visit is complete. See you next time!', tone: 'ended' };
    case 'cancelled':
      return { title: 'You left the queue', detail: 'Your place has been released. You can check in again any time.', tone: 'ended' };
    case 'no_show':
      return { title: 'We missed you', detail: 'You were called but we could not find you. Check in again to rejoin.', tone: 'ended' };
    case 'walkout':
      return { title: 'You are no longer in line', detail: 'Check in again to rejoin the queue.', tone: 'ended' };
  }
}

/** The wait of a waiting ticket in the shared wording ("about 20 min"); empty otherwise. */
export function waitText(ticket: Pick<PublicTicket, 'status' | 'eta_range'>): string {
  if (ticket.status !== 'waiting' || !ticket.eta_range) return '';
  return formatWait(ticket.eta_range);
}

/**
 * The name a public screen (kiosk, ticket) shows. The API already masks it; masking again is
 * harmless ("Kim P." stays "Kim P.") and keeps a full name off a shared screen if it ever did not.
 */
export const publicName = (partyName: string) => maskCustomerName(partyName);
