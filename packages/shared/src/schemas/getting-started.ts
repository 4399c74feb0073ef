import { z } from 'zod';

/** The steps of a new shop's setup checklist, in the order Home lists them. */
export const GETTING_STARTED_ITEMS = ['hours', 'services', 'barbers', 'booking_links', 'poster', 'test_check_in'] as const;
export type GettingStartedItem = (typeof GETTING_STARTED_ITEMS)[number];

/** A shop that has served this many walk-ins is established: the checklist is not shown to it. */
export const ESTABLISHED_SERVED_TICKETS = 10;

export const gettingStarted = z.object({
  /** Whether Home shows the checklist: not dismissed and the shop is not established. */
  visible: z.boolean(),
  dismissed: z.boolean(),
  established: z.boolean(),
  all_done: z.boolean(),
  items: z.array(z.object({ key: z.enum(GETTING_STARTED_ITEMS), done: z.boolean() })),
});
export type GettingStarted = z.infer<typeof gettingStarted>;

/** Steps that leave no other trace in the shop's data, recorded when the owner does them. */
export const gettingStartedMarkBody = z.object({
  mark: z.enum(['poster_printed', 'works_alone'], { error: 'Please name a step: poster_printed or works_alone.' }),
});
export type GettingStartedMark = z.infer<typeof gettingStartedMarkBody>['mark'];

export const GETTING_STARTED_MESSAGES = {
  notDone: 'Finish every step of the checklist before hiding it.',
} as const;
