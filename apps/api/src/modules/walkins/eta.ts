import { OVERRUN_REMAINING_MINUTES, type BarberStatus, type EtaRange, type TicketStatus } from '@chairline/shared';

/**
 * The wait estimate of docs/queue.md: a next-free simulation per barber. Pure, so it is tested on
 * its own and the routes only load the queue and call it.
 */

export interface SimBarber {
  id: number;
  position: number | null;
  status: BarberStatus;
}

export interface SimTicket {
  id: number;
  status: TicketStatus;
  preferredBarberId: number | null;
  barberId: number | null;
  /** Expected minutes in the chair (its services, or the default). */
  minutes: number;
  startedAt: Date | null;
}

export interface Simulation {
  /** Minutes until each waiting ticket is expected in the chair; null when no barber can take it. */
  ticketWait: Map<number, number | null>;
  /** Minutes a new customer choosing this barber would wait; null when the barber takes no walk-ins. */
  barberWait: Map<number, number | null>;
  /** Minutes a new customer choosing "any" would wait (minimum over the barbers); null when nobody works. */
  anyWait: number | null;
}

/** Barbers in the rotation who are working (available or busy) take walk-ins; break and off do not. */
export const takesWalkins = (b: SimBarber) => b.position !== null && (b.status === 'available' || b.status === 'busy');

export function simulateQueue(barbers: readonly SimBarber[], tickets: readonly SimTicket[], now: Date): Simulation {
  const working = barbers.filter(takesWalkins).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const freeIn = new Map<number, number>(working.map((b) => [b.id, 0]));

  // Time left in the chair, then the customer already called to it.
  for (const t of tickets) {
    if (t.status !== 'in_service' || t.barberId === null || !freeIn.has(t.barberId)) continue;
    const elapsed = t.startedAt ? (now.getTime() - t.startedAt.getTime()) / 60_000 : 0;
    const left = t.minutes - elapsed > 0 ? t.minutes - elapsed : OVERRUN_REMAINING_MINUTES;
    freeIn.set(t.barberId, (freeIn.get(t.barberId) ?? 0) + left);
  }
  for (const t of tickets) {
    if (t.status !== 'called' || t.barberId === null || !freeIn.has(t.barberId)) continue;
    freeIn.set(t.barberId, (freeIn.get(t.barberId) ?? 0) + t.minutes);
  }

  // Waiting customers in arrival order, each to the eligible barber who is free first.
  const ticketWait = new Map<number, number | null>();
  const waiting = tickets.filter((t) => t.status === 'waiting').sort((a, b) => a.id - b.id);
  for (const t of waiting) {
    const candidates = t.preferredBarberId === null ? working : working.filter((b) => b.id === t.preferredBarberId);
    let best: SimBarber | undefined;
    for (const b of candidates) {
      if (!best || (freeIn.get(b.id) ?? 0) < (freeIn.get(best.id) ?? 0)) best = b;
    }
    if (!best) {
      ticketWait.set(t.id, null);
      continue;
    }
    const wait = freeIn.get(best.id) ?? 0;
    ticketWait.set(t.id, wait);
    freeIn.set(best.id, wait + t.minutes);
  }

  const barberWait = new Map<number, number | null>(barbers.map((b) => [b.id, freeIn.get(b.id) ?? null]));
  const waits = [...freeIn.values()];
  return { ticketWait, barberWait, anyWait: waits.length > 0 ? Math.min(...waits) : null };
}

const down5 = (m: number) => Math.floor(m / 5) * 5;
const up5 = (m: number) => Math.ceil(m / 5) * 5;

/** A wait in minutes shown as a range (±25 %, on 5-minute steps): never a false-precision minute. */
export function toEtaRange(minutes: number | null | undefined): EtaRange | null {
  if (minutes === null || minutes === undefined) return null;
  if (minutes <= 0) return { min_minutes: 0, max_minutes: 0 };
  const min = down5(minutes * 0.75);
  return { min_minutes: min, max_minutes: Math.max(min + 5, up5(minutes * 1.25)) };
}
