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
