import { OVERRUN_REMAINING_MINUTES, type BarberStatus, type EtaRange, type TicketStatus } from '@chairline/shared';

/**
 * The wait estimate (docs/queue.md, "Estimated wait"): a next-free simulation per barber, fed with
 * durations learned from the shop's own completed visits. Pure: no database, no wall clock; the
 * repository reads everything in one statement and passes the time in.
 */

export interface SimBarber {
  id: number;
  position: number | null;
  status: BarberStatus;
  /** When an appointment the barber is serving now ends (a busy barber with no walk-in in the chair). */
  appointmentEndsAt?: Date | null;
}

/** A chosen service with the minutes the shop set for it. */
export interface SimService {
  id: number;
  minutes: number;
}

export interface SimTicket {
  id: number;
  status: TicketStatus;
  preferredBarberId: number | null;
  barberId: number | null;
  /** Expected minutes in the chair by the shop's set times (its services, or the default). */
  minutes: number;
  startedAt: Date | null;
  /** The chosen services; empty or absent for "no service chosen". */
  services?: readonly SimService[];
}

/** A finished visit: who served it, when it ended, how long it took, which services it had. */
export interface CompletedVisit {
  barberId: number;
  completedAt: Date;
  minutes: number;
  services: readonly SimService[];
}

export interface Simulation {
  /** Minutes until each waiting ticket is expected in the chair; null when no barber can take it. */
  ticketWait: Map<number, number | null>;
  /** Minutes a new customer choosing this barber would wait; null when the barber takes no walk-ins. */
  barberWait: Map<number, number | null>;
  /** Minutes a new customer choosing "any" would wait (minimum over the barbers); null when nobody works. */
  anyWait: number | null;
  /** Where the simulation stands after the last waiting customer (see `seatNext`). */
  end: LineEnd;
}

/**
 * The simulation after the last waiting customer: each barber taking walk-ins, in rotation order,
 * with the minutes until they are free, and the durations it used. A customer who joins at the back
 * changes no wait ahead of them, so their wait follows from this alone (`seatNext`), in O(barbers)
 * however long the line.
 */
export interface LineEnd {
  working: readonly SimBarber[];
  freeIn: Map<number, number>;
  durations: Durations;
}

/** How much history counts: the last 20 visits per service and barber, within 60 days, 3 at least. */
export const LEARNING = { maxAgeDays: 60, perKey: 20, minSamples: 3 } as const;
/** A busy barber with nothing known in the chair: about half a visit left on average. */
export const BUSY_UNKNOWN_REMAINING_MINUTES = 15;
/** Visits shorter or longer than this are mistakes (a forgotten "complete"), not durations. */
const PLAUSIBLE_MINUTES = { min: 2, max: 300 } as const;
/** The key of visits with no service chosen. */
const NO_SERVICE = 0;

/** Barbers in the rotation who are working (available or busy) take walk-ins; break and off do not. */
export const takesWalkins = (b: SimBarber) => b.position !== null && (b.status === 'available' || b.status === 'busy');

const median = (values: readonly number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Expected minutes of a visit by a barber: learned where the shop has enough history, else the set time. */
export interface Durations {
  minutesFor(barberId: number, ticket: Pick<SimTicket, 'minutes' | 'services'>): number;
}

/** Durations by the set times only (the model before learning, and the fallback). */
export const setDurations: Durations = { minutesFor: (_barber, ticket) => ticket.minutes };

/**
 * Learns the shop's real durations from its finished visits. A visit with several services is shared
 * among them in proportion to their set times. For each service (or "no service"): the median of the
 * barber's last visits, else of the shop's, else the set time (the shop default without a service).
 */
export function learnDurations(visits: readonly CompletedVisit[], now: Date): Durations {
  const since = now.getTime() - LEARNING.maxAgeDays * 86_400_000;
  const recent = visits
    .filter((v) => v.completedAt.getTime() >= since && v.completedAt.getTime() <= now.getTime())
    .filter((v) => v.minutes >= PLAUSIBLE_MINUTES.min && v.minutes <= PLAUSIBLE_MINUTES.max)
    .sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime());
  // Samples per service, for each barber and for the shop, newest first, at most LEARNING.perKey each.
  const barberSamples = new Map<number, Map<number, number[]>>();
  const shopSamples = new Map<number, number[]>();
  const add = (bySamples: Map<number, number[]>, serviceId: number, value: number) => {
    const list = bySamples.get(serviceId) ?? [];
    if (list.length < LEARNING.perKey) list.push(value);
    bySamples.set(serviceId, list);
  };
  for (const v of recent) {
    const setTotal = v.services.reduce((sum, s) => sum + s.minutes, 0);
    const shares =
      v.services.length === 0 || setTotal <= 0
        ? [{ id: NO_SERVICE, minutes: v.minutes }]
        : v.services.map((s) => ({ id: s.id, minutes: (v.minutes * s.minutes) / setTotal }));
    const own = barberSamples.get(v.barberId) ?? new Map<number, number[]>();
    barberSamples.set(v.barberId, own);
    for (const share of shares) {
      add(own, share.id, share.minutes);
      add(shopSamples, share.id, share.minutes);
    }
  }
  // The medians, worked out once: a whole line's simulation asks for them per customer.
  const medians = (bySamples: Map<number, number[]>) =>
    new Map([...bySamples].filter(([, values]) => values.length >= LEARNING.minSamples).map(([id, values]) => [id, median(values)]));
  const byBarber = new Map([...barberSamples].map(([barberId, own]) => [barberId, medians(own)]));
  const byShop = medians(shopSamples);
  const learned = (barberId: number, serviceId: number): number | null =>
    byBarber.get(barberId)?.get(serviceId) ?? byShop.get(serviceId) ?? null;
  return {
    minutesFor(barberId, ticket) {
      const services = ticket.services ?? [];
      if (services.length === 0) return learned(barberId, NO_SERVICE) ?? ticket.minutes;
      return services.reduce((sum, s) => sum + (learned(barberId, s.id) ?? s.minutes), 0);
    },
  };
}

export interface QueueState {
  barbers: readonly SimBarber[];
  tickets: readonly SimTicket[];
  now: Date;
  durations?: Durations;
}

/**
 * When each barber is free and when each waiting customer gets a chair:
 * 1. Barbers taking walk-ins start free now only when `available`; a `busy` barber without a walk-in
 *    in the chair is free when their appointment ends, else in BUSY_UNKNOWN_REMAINING_MINUTES.
 * 2. A customer in the chair adds the time left (expected minus elapsed, at least
 *    OVERRUN_REMAINING_MINUTES); one already called adds their whole expected time.
 * 3. Waiting customers, in order of arrival, each go to the eligible barber free first (the chosen one,
 *    or any; ties to the earlier place in the rotation) and keep that barber busy for their visit.
 */
export function estimateWaits({ barbers, tickets, now, durations = setDurations }: QueueState): Simulation {
  const working = barbers.filter(takesWalkins).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const freeIn = new Map<number, number>(working.map((b) => [b.id, 0]));
  const occupied = new Set<number>();
  const minutesAfterNow = (at: Date) => (at.getTime() - now.getTime()) / 60_000;

  for (const t of tickets) {
    if (t.status !== 'in_service' || t.barberId === null || !freeIn.has(t.barberId)) continue;
    const elapsed = t.startedAt ? -minutesAfterNow(t.startedAt) : 0;
    const left = Math.max(OVERRUN_REMAINING_MINUTES, durations.minutesFor(t.barberId, t) - elapsed);
    freeIn.set(t.barberId, (freeIn.get(t.barberId) ?? 0) + left);
    occupied.add(t.barberId);
  }
  for (const t of tickets) {
    if (t.status !== 'called' || t.barberId === null || !freeIn.has(t.barberId)) continue;
    freeIn.set(t.barberId, (freeIn.get(t.barberId) ?? 0) + durations.minutesFor(t.barberId, t));
    occupied.add(t.barberId);
  }
  // A busy barber with no walk-in is busy with something else: never free "now".
  for (const b of working) {
    if (b.status !== 'busy' || occupied.has(b.id)) continue;
    const appointmentLeft = b.appointmentEndsAt ? minutesAfterNow(b.appointmentEndsAt) : 0;
    freeIn.set(b.id, appointmentLeft > 0 ? Math.max(OVERRUN_REMAINING_MINUTES, appointmentLeft) : BUSY_UNKNOWN_REMAINING_MINUTES);
  }

  const end: LineEnd = { working, freeIn, durations };
  const ticketWait = new Map<number, number | null>();
  const waiting = tickets.filter((t) => t.status === 'waiting').sort((a, b) => a.id - b.id);
  for (const t of waiting) ticketWait.set(t.id, seatNext(end, t));

  const barberWait = new Map<number, number | null>(barbers.map((b) => [b.id, freeIn.get(b.id) ?? null]));
  const waits = [...freeIn.values()];
  return { ticketWait, barberWait, anyWait: waits.length > 0 ? Math.min(...waits) : null, end };
}

/**
 * Seats the next waiting customer in `end` (which it updates): the eligible barber free first (the
 * chosen one, or any; ties to the earlier place in the rotation) takes them and stays busy for their
 * visit. Returns their wait in minutes, or null when no barber can take them.
 */
export function seatNext(end: LineEnd, t: Pick<SimTicket, 'preferredBarberId' | 'minutes' | 'services'>): number | null {
  const { working, freeIn, durations } = end;
  let best: SimBarber | undefined;
  for (const b of working) {
    if (t.preferredBarberId !== null && b.id !== t.preferredBarberId) continue;
    if (!best || (freeIn.get(b.id) ?? 0) < (freeIn.get(best.id) ?? 0)) best = b;
  }
  if (!best) return null;
  const wait = freeIn.get(best.id) ?? 0;
  freeIn.set(best.id, wait + durations.minutesFor(best.id, t));
  return wait;
}

/** A copy of `end` that `seatNext` may update without changing the original. */
export const copyLineEnd = (end: LineEnd): LineEnd => ({ ...end, freeIn: new Map(end.freeIn) });

/** The estimate with the shop's set times only (no history). */
export function simulateQueue(barbers: readonly SimBarber[], tickets: readonly SimTicket[], now: Date): Simulation {
  return estimateWaits({ barbers, tickets, now });
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
