import { formatWait } from './wait-text.js';

// The walk-in queue's rules that need no schema: ticket and barber statuses, the ticket state
// machine, the undo window and the public wording. No zod here: the public pages import this module
// on its own (`@chairline/shared/queue-rules`); schemas/queue.ts builds the contract on it.

export const TICKET_STATUSES = ['waiting', 'called', 'in_service', 'done', 'cancelled', 'no_show', 'walkout'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Statuses in which a ticket still holds a place (and its phone number is "in use"). */
export const ACTIVE_TICKET_STATUSES = ['waiting', 'called', 'in_service'] as const satisfies readonly TicketStatus[];
export const TICKET_SOURCES = ['online', 'kiosk', 'staff'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];

/**
 * The ticket state machine. Anything not listed is an illegal transition (409 with a message).
 * called → waiting is "put back in line" (the customer stepped out); walkout = left before being called.
 */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  waiting: ['called', 'in_service', 'cancelled', 'walkout'],
  called: ['in_service', 'no_show', 'cancelled', 'waiting'],
  in_service: ['done'],
  done: [],
  cancelled: [],
  no_show: [],
  walkout: [],
};
export const canTransition = (from: TicketStatus, to: TicketStatus) => TICKET_TRANSITIONS[from].includes(to);

/**
 * Undo: a ticket cancelled (by staff or its customer) or marked a no-show can be put back in line,
 * waiting at the place of its original arrival, for this long after it left. It is not a transition
 * of the state machine above: it depends on when the ticket left and on its phone being free.
 */
export const PUT_BACK_STATUSES = ['cancelled', 'no_show'] as const satisfies readonly TicketStatus[];
export const PUT_BACK_WINDOW_MINUTES = 120;
/** May this ticket still be put back in line at `now`? */
export function canPutBack(ticket: { status: TicketStatus; ended_at: string | null }, now: Date = new Date()): boolean {
  if (!(PUT_BACK_STATUSES as readonly TicketStatus[]).includes(ticket.status) || ticket.ended_at === null) return false;
  const left = Date.parse(ticket.ended_at);
  return Number.isFinite(left) && now.getTime() - left <= PUT_BACK_WINDOW_MINUTES * 60_000;
}

export const BARBER_STATUSES = ['available', 'busy', 'break', 'off'] as const;
export type BarberStatus = (typeof BARBER_STATUSES)[number];

/**
 * How each barber status reads, in one table: `control` in the rotation panel's compact status
 * picker, `staff` on the back office's Barbers screen and its notices, `public` on customers'
 * screens, where "busy" says why.
 */
export const BARBER_STATUS_LABELS: Record<BarberStatus, { control: string; staff: string; public: string }> = {
  available: { control: 'Available', staff: 'Available', public: 'Available' },
  busy: { control: 'Busy', staff: 'Busy', public: 'With a client' },
  break: { control: 'Break', staff: 'On break', public: 'On break' },
  off: { control: 'Off', staff: 'Off today', public: 'Off today' },
};

/** Public screens show a customer as first name + initial, never a phone number. */
export function maskCustomerName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Guest';
  const first = parts[0] ?? 'Guest';
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** An estimated wait: a range in whole minutes (the shape of the contract's `etaRange`). */
export interface WaitRange {
  min_minutes: number;
  max_minutes: number;
}

/** The shared wording of a wait (`formatWait`, wait-text.ts): every screen says it the same way. */
export function formatEtaRange(eta: WaitRange | null | undefined): string {
  return formatWait(eta);
}

/** The event name of the shop's server-sent stream (GET /events/). */
export const QUEUE_EVENT_NAME = 'queue';
