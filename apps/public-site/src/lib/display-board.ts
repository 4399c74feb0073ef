import type { PublicBarber, PublicQueue } from '@chairline/shared';
import { sortBarbers } from './api-contract.js';

/** What the waiting-room TV shows, from the public barber list and the public queue. */
export interface DisplayBoard {
  /** Each chair in use: the barber and the customer (masked by the server). */
  serving: PublicQueue['now_serving'];
  /** Who takes the next walk-in: the first available barber in rotation order. */
  nextUp: PublicBarber | null;
  /** Customers waiting, in the order they will be called (masked names only). */
  waiting: PublicQueue['waiting'];
  waitingCount: number;
  /** On-duty barbers in rotation order (off barbers left out). */
  rotation: PublicBarber[];
}

export function displayBoard(barbers: readonly PublicBarber[], queue: PublicQueue): DisplayBoard {
  const rotation = sortBarbers(barbers).filter((b) => b.status !== 'off');
  return {
    serving: queue.now_serving,
    nextUp: rotation.find((b) => b.status === 'available') ?? null,
    waiting: queue.waiting,
    waitingCount: queue.waiting_count,
    rotation,
  };
}

/** "for Jay Kim" under a waiting customer who asked for a barber; nothing for "any barber". */
export const waitingForText = (preferredBarberName: string | null) => (preferredBarberName ? `for ${preferredBarberName}` : 'Any barber');

/** One barber on the TV's "Now serving" column: who is in the chair, or what the barber is doing. */
export interface TvChair {
  barber: PublicBarber;
  /** The customer in the chair (masked by the server), or null. */
  party: string | null;
}

/** On-duty barbers in rotation order, each with the customer in their chair. */
export function tvChairs(board: DisplayBoard): TvChair[] {
  return board.rotation.map((barber) => ({
    barber,
    party: board.serving.find((c) => c.barber_id === barber.id)?.party_name ?? null,
  }));
}

/**
 * The TV numbers the line one way only: one order for the whole shop, 1, 2, 3… in the order of
 * arrival (the order the shop calls), each row naming the barber the customer waits for. A number
 * never repeats.
 */
export const TV_LINE_RULE = 'One line for the shop: #1 is called first. Each name shows the barber they wait for.';
export const tvLine = (waiting: PublicQueue['waiting']) => waiting.map((w, i) => ({ ...w, order: i + 1 }));
