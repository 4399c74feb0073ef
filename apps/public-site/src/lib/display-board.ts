import type { PublicBarber } from '@chairline/shared';
import { sortBarbers } from './api-contract.js';

/** What the waiting-room TV shows, from the public barber list. */
export interface DisplayBoard {
  /** Barbers with a client in the chair now. */
  serving: PublicBarber[];
  /** Who takes the next walk-in: the first available barber in rotation order. */
  nextUp: PublicBarber | null;
  /** On-duty barbers in rotation order (off barbers left out). */
  rotation: PublicBarber[];
}

export function displayBoard(barbers: readonly PublicBarber[]): DisplayBoard {
  const rotation = sortBarbers(barbers).filter((b) => b.status !== 'off');
  return {
    serving: rotation.filter((b) => b.status === 'busy'),
    nextUp: rotation.find((b) => b.status === 'available') ?? null,
    rotation,
  };
}
