import { canPutBack, canTransition, type TicketStatus, type Walkin } from '@chairline/shared';

// What the walk-in board shows and offers, from the shared ticket state machine.

export type BoardTab = 'waiting' | 'called' | 'in_service' | 'done' | 'cancelled' | 'no_show';

/** A tab of the board: live tabs show cards of the current line, the others the shop's history. */
export interface BoardTabInfo {
  id: BoardTab;
  label: string;
  statuses: readonly TicketStatus[];
  live: boolean;
}

export const BOARD_TABS: readonly BoardTabInfo[] = [
  { id: 'waiting', label: 'Waiting', statuses: ['waiting'], live: true },
  { id: 'called', label: 'Called', statuses: ['called'], live: true },
  { id: 'in_service', label: 'In service', statuses: ['in_service'], live: true },
  { id: 'done', label: 'Done', statuses: ['done'], live: false },
  { id: 'cancelled', label: 'Cancelled', statuses: ['cancelled'], live: false },
  { id: 'no_show', label: 'No-show', statuses: ['no_show', 'walkout'], live: false },
];

export const LIVE_STATUSES = 'waiting,called,in_service';

/** How an ended ticket's status reads in the history and its export. */
export const ENDED_STATUS_LABELS: Partial<Record<TicketStatus, string>> = {
  done: 'Done',
  cancelled: 'Cancelled',
  no_show: 'No-show',
  walkout: 'Walked out',
};

export type TicketAction = 'call' | 'start' | 'complete' | 'no-show' | 'cancel' | 'put-back';

const ACTION_TARGET: Record<TicketAction, TicketStatus> = {
  call: 'called',
  start: 'in_service',
  complete: 'done',
  'no-show': 'no_show',
  cancel: 'cancelled',
  'put-back': 'waiting',
};

export const ACTION_LABELS: Record<TicketAction, string> = {
  call: 'Call',
  start: 'Start',
  complete: 'Complete',
  'no-show': 'No-show',
  cancel: 'Cancel',
  'put-back': 'Put back in line',
};

/** The buttons a ticket offers, in the order a desk works them. */
export function actionsFor(status: TicketStatus): TicketAction[] {
  return (['call', 'start', 'complete', 'no-show', 'cancel'] as const).filter((action) => canTransition(status, ACTION_TARGET[action]));
}

/**
 * The buttons of one ticket: those of its status, plus "Put back in line" on a cancelled or no-show
 * ticket that left the line recently enough to take back its place.
 */
export function actionsForTicket(ticket: Pick<Walkin, 'status' | 'ended_at'>, now: Date = new Date()): TicketAction[] {
  return canPutBack(ticket, now) ? [...actionsFor(ticket.status), 'put-back'] : actionsFor(ticket.status);
}

/** What the board says after a cancel or no-show, with Undo beside it for a few seconds. */
export const UNDOABLE_MESSAGES: Partial<Record<TicketAction, string>> = {
  cancel: 'Walk-in cancelled',
  'no-show': 'Walk-in marked as a no-show',
};
/** How long the Undo of a cancel or no-show is offered. */
export const UNDO_SECONDS = 5;

export function countByTab(tickets: readonly Pick<Walkin, 'status'>[]): Record<BoardTab, number> {
  const counts: Record<BoardTab, number> = { waiting: 0, called: 0, in_service: 0, done: 0, cancelled: 0, no_show: 0 };
  for (const ticket of tickets) {
    const tab = BOARD_TABS.find((t) => t.statuses.includes(ticket.status));
    if (tab) counts[tab.id] += 1;
  }
  return counts;
}
