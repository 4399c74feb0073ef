import { canTransition, type TicketStatus, type Walkin } from '@chairline/shared';

// What the walk-in board shows and offers, from the shared ticket state machine.

export type BoardTab = 'waiting' | 'called' | 'in_service' | 'done' | 'cancelled' | 'no_show';

export const BOARD_TABS: readonly { id: BoardTab; label: string; statuses: readonly TicketStatus[]; live: boolean }[] = [
  { id: 'waiting', label: 'Waiting', statuses: ['waiting'], live: true },
  { id: 'called', label: 'Called', statuses: ['called'], live: true },
  { id: 'in_service', label: 'In service', statuses: ['in_service'], live: true },
  { id: 'done', label: 'Done', statuses: ['done'], live: false },
  { id: 'cancelled', label: 'Cancelled', statuses: ['cancelled'], live: false },
  { id: 'no_show', label: 'No-show', statuses: ['no_show', 'walkout'], live: false },
];

export const LIVE_STATUSES = 'waiting,called,in_service';

export type TicketAction = 'call' | 'start' | 'complete' | 'no-show' | 'cancel';

const ACTION_TARGET: Record<TicketAction, TicketStatus> = {
  call: 'called',
  start: 'in_service',
  complete: 'done',
  'no-show': 'no_show',
  cancel: 'cancelled',
};

export const ACTION_LABELS: Record<TicketAction, string> = {
  call: 'Call',
  start: 'Start',
  complete: 'Complete',
  'no-show': 'No-show',
  cancel: 'Cancel',
};

/** The buttons a ticket offers, in the order a desk works them. */
export function actionsFor(status: TicketStatus): TicketAction[] {
  return (['call', 'start', 'complete', 'no-show', 'cancel'] as const).filter((action) => canTransition(status, ACTION_TARGET[action]));
}

export function countByTab(tickets: readonly Pick<Walkin, 'status'>[]): Record<BoardTab, number> {
  const counts: Record<BoardTab, number> = { waiting: 0, called: 0, in_service: 0, done: 0, cancelled: 0, no_show: 0 };
  for (const ticket of tickets) {
    const tab = BOARD_TABS.find((t) => t.statuses.includes(ticket.status));
    if (tab) counts[tab.id] += 1;
  }
  return counts;
}
