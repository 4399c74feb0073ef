import {
  estimateWaits,
  learnDurations,
  toEtaRange,
  type CompletedVisit,
  type SimBarber,
  type SimService,
  type SimTicket,
  type Simulation,
} from '../src/modules/queue/tickets/eta.js';
import { DEFAULT_TICKET_MINUTES } from '@chairline/shared';

/**
 * `pnpm bench wait-accuracy`: how close the shown wait comes to the real one on simulated Saturdays.
 * Three barbers of different speeds, services whose real length differs from the set time, a lunch
 * break and an appointment; customers arrive at random, ask for a barber or anyone, and are called
 * oldest first as a barber frees up (as call-next does). At each arrival both models estimate the
 * newcomer's wait from the same state: the old one (set times; a busy barber without a walk-in counted
 * free) and the current one (durations learned from the shop's finished visits). Pure: no database,
 * no server, a seeded random source, so the figures repeat.
 */

const SATURDAYS = Number(process.env.WAIT_DAYS ?? 20);
const DAY = new Date('2030-03-09T00:00:00Z');
const at = (minute: number) => new Date(DAY.getTime() + minute * 60_000);
const OPEN = 9 * 60;
const LAST_ARRIVAL = 17 * 60 + 30;

/** mulberry32: small, fast, seeded. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const normal = (rand: Rand) => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
const exponential = (rand: Rand, mean: number) => -Math.log(1 - rand()) * mean;

/** The shop's services: the set time, and how long it really takes an average barber. */
const SERVICES = {
  cut: { id: 1, set: 30, real: 36 },
  fade: { id: 2, set: 45, real: 55 },
  beard: { id: 3, set: 15, real: 12 },
  kids: { id: 4, set: 20, real: 18 },
} as const;
/** Real minutes with no service chosen (the shop default is DEFAULT_TICKET_MINUTES). */
const NO_SERVICE_REAL = 34;
/** Each barber's pace against the average, and their place in the rotation. */
const BARBERS = [
  { id: 11, position: 0, pace: 0.85 },
  { id: 12, position: 1, pace: 1.0 },
  { id: 13, position: 2, pace: 1.2 },
];
const LUNCH = { barberId: 12, from: 13 * 60, minutes: 30 };
const APPOINTMENT = { barberId: 13, from: 11 * 60, minutes: 45 };

function chooseServices(rand: Rand): SimService[] {
  const r = rand();
  const pick = (s: { id: number; set: number }) => ({ id: s.id, minutes: s.set });
  if (r < 0.15) return [];
  if (r < 0.5) return [pick(SERVICES.cut)];
  if (r < 0.65) return [pick(SERVICES.cut), pick(SERVICES.beard)];
  if (r < 0.85) return [pick(SERVICES.fade)];
  return [pick(SERVICES.kids)];
}

const realOf = (id: number) => Object.values(SERVICES).find((s) => s.id === id)?.real ?? NO_SERVICE_REAL;
const setMinutes = (services: readonly SimService[]) => (services.length === 0 ? DEFAULT_TICKET_MINUTES : services.reduce((s, x) => s + x.minutes, 0));

/** How long this barber really takes: the service's real time at their pace, give or take about 18 %. */
function realMinutes(rand: Rand, barberId: number, services: readonly SimService[]) {
  const pace = BARBERS.find((b) => b.id === barberId)?.pace ?? 1;
  const base = services.length === 0 ? NO_SERVICE_REAL : services.reduce((s, x) => s + realOf(x.id), 0);
  return Math.max(5, base * pace * Math.exp(0.18 * normal(rand)));
}

/** Six weeks of the shop's finished visits before the Saturday. */
function history(rand: Rand): CompletedVisit[] {
  const visits: CompletedVisit[] = [];
  for (let i = 0; i < 400; i += 1) {
    const barber = BARBERS[Math.floor(rand() * BARBERS.length)] ?? BARBERS[0];
    if (!barber) continue;
    const services = chooseServices(rand);
    visits.push({ barberId: barber.id, completedAt: at(-rand() * 42 * 24 * 60), minutes: realMinutes(rand, barber.id, services), services });
  }
  return visits;
}

/** Customers an hour: quiet morning, busy midday, steady afternoon. */
const arrivalRate = (minute: number) => (minute < 11 * 60 ? 3 : minute < 15 * 60 ? 5.5 : 4);

interface Customer {
  id: number;
  arrival: number;
  preferred: number | null;
  services: SimService[];
  start?: number;
}
interface Chair {
  status: SimBarber['status'];
  serving: { customer: Customer; until: number } | null;
  busyUntil: number | null;
  appointmentEndsAt: number | null;
  breakUntil: number | null;
  pendingBreak: boolean;
  pendingAppointment: boolean;
}

interface Estimate {
  old: number | null;
  learned: number | null;
}

function oneSaturday(seed: number): { estimates: Estimate[]; actual: number[] } {
  const rand = random(seed);
  const visits = history(rand);
  const chairs = new Map<number, Chair>(
    BARBERS.map((b) => [b.id, { status: 'available', serving: null, busyUntil: null, appointmentEndsAt: null, breakUntil: null, pendingBreak: false, pendingAppointment: false }]),
  );
  const customers: Customer[] = [];
  const waiting: Customer[] = [];
  const estimates = new Map<number, Estimate>();

  // The day's arrivals, drawn up front.
  const arrivals: Customer[] = [];
  for (let t = OPEN + exponential(rand, 60 / arrivalRate(OPEN)); t < LAST_ARRIVAL; t += exponential(rand, 60 / arrivalRate(t))) {
    const r = rand();
    const preferred = r < 0.6 ? null : (BARBERS[Math.floor(((r - 0.6) / 0.4) * BARBERS.length)]?.id ?? null);
    arrivals.push({ id: arrivals.length + 1, arrival: t, preferred, services: chooseServices(rand) });
  }

  const state = (now: number, extra: Customer): { barbers: SimBarber[]; tickets: SimTicket[] } => {
    const barbers = BARBERS.map((b) => {
      const c = chairs.get(b.id);
      return { id: b.id, position: b.position, status: c?.status ?? 'off', appointmentEndsAt: c?.appointmentEndsAt ? at(c.appointmentEndsAt) : null };
    });
    const tickets: SimTicket[] = [];
    for (const [barberId, c] of chairs) {
      if (!c.serving) continue;
      const s = c.serving.customer;
      tickets.push({ id: s.id, status: 'in_service', preferredBarberId: s.preferred, barberId, minutes: setMinutes(s.services), startedAt: at(s.start ?? now), services: s.services });
    }
    for (const w of [...waiting, extra]) {
      tickets.push({ id: w.id, status: 'waiting', preferredBarberId: w.preferred, barberId: null, minutes: setMinutes(w.services), startedAt: null, services: w.services });
    }
    return { barbers, tickets };
  };

  const estimate = (now: number, c: Customer): Estimate => {
    const { barbers, tickets } = state(now, c);
    // The old model: set times, and a busy barber with no walk-in counted as free now.
    const oldSim: Simulation = estimateWaits({
      barbers: barbers.map((b) => ({ ...b, status: b.status === 'busy' ? 'available' : b.status, appointmentEndsAt: null })),
      tickets,
      now: at(now),
    });
    const learnedSim = estimateWaits({ barbers, tickets, now: at(now), durations: learnDurations(visits, at(now)) });
    return { old: oldSim.ticketWait.get(c.id) ?? null, learned: learnedSim.ticketWait.get(c.id) ?? null };
  };

  // Free barbers call the oldest customer who asked for them or for anyone.
  const dispatch = (now: number) => {
    for (const b of BARBERS) {
      const c = chairs.get(b.id);
      if (!c || c.status !== 'available' || c.serving) continue;
      const next = waiting.find((w) => w.preferred === null || w.preferred === b.id);
      if (!next) continue;
      waiting.splice(waiting.indexOf(next), 1);
      next.start = now;
      c.serving = { customer: next, until: now + realMinutes(rand, b.id, next.services) };
      c.status = 'busy';
    }
  };

  let now = OPEN;
  let nextArrival = 0;
  let lunchDone = false;
  let appointmentDone = false;
  for (let guard = 0; guard < 10_000; guard += 1) {
    const times: number[] = [];
    const arrival = arrivals[nextArrival];
    if (arrival) times.push(arrival.arrival);
    for (const c of chairs.values()) {
      if (c.serving) times.push(c.serving.until);
      if (c.breakUntil !== null) times.push(c.breakUntil);
      if (c.busyUntil !== null) times.push(c.busyUntil);
    }
    if (!lunchDone) times.push(LUNCH.from);
    if (!appointmentDone) times.push(APPOINTMENT.from);
    if (times.length === 0) break;
    now = Math.min(...times);

    for (const [barberId, c] of chairs) {
      if (c.serving && c.serving.until <= now) {
        visits.push({ barberId, completedAt: at(c.serving.until), minutes: c.serving.until - (c.serving.customer.start ?? now), services: c.serving.customer.services });
        c.serving = null;
        c.status = 'available';
        if (c.pendingBreak) {
          c.pendingBreak = false;
          c.status = 'break';
          c.breakUntil = now + LUNCH.minutes;
        } else if (c.pendingAppointment) {
          c.pendingAppointment = false;
          c.status = 'busy';
          c.busyUntil = c.appointmentEndsAt = now + APPOINTMENT.minutes;
        }
      }
      if (c.breakUntil !== null && c.breakUntil <= now) {
        c.breakUntil = null;
        c.status = 'available';
      }
      if (c.busyUntil !== null && c.busyUntil <= now) {
        c.busyUntil = c.appointmentEndsAt = null;
        c.status = 'available';
      }
    }
    if (!lunchDone && now >= LUNCH.from) {
      lunchDone = true;
      const c = chairs.get(LUNCH.barberId);
      if (c?.serving) c.pendingBreak = true;
      else if (c) {
        c.status = 'break';
        c.breakUntil = now + LUNCH.minutes;
      }
    }
    if (!appointmentDone && now >= APPOINTMENT.from) {
      appointmentDone = true;
      const c = chairs.get(APPOINTMENT.barberId);
      if (c?.serving) c.pendingAppointment = true;
      else if (c) {
        c.status = 'busy';
        c.busyUntil = c.appointmentEndsAt = now + APPOINTMENT.minutes;
      }
    }
    dispatch(now);
    if (arrival && arrival.arrival <= now) {
      nextArrival += 1;
      estimates.set(arrival.id, estimate(now, arrival));
      customers.push(arrival);
      waiting.push(arrival);
      dispatch(now);
    }
  }
  const served = customers.filter((c) => c.start !== undefined);
  return {
    estimates: served.map((c) => estimates.get(c.id) ?? { old: null, learned: null }),
    actual: served.map((c) => (c.start ?? c.arrival) - c.arrival),
  };
}

interface Score {
  count: number;
  absError: number;
  inside: number;
  unknown: number;
}
const score = (): Score => ({ count: 0, absError: 0, inside: 0, unknown: 0 });
function add(s: Score, predicted: number | null, actual: number) {
  s.count += 1;
  if (predicted === null) {
    s.unknown += 1;
    return;
  }
  s.absError += Math.abs(predicted - actual);
  const range = toEtaRange(predicted);
  if (range && actual >= range.min_minutes && actual <= range.max_minutes) s.inside += 1;
}

export function waitAccuracy(days = SATURDAYS) {
  const old = score();
  const learned = score();
  for (let seed = 1; seed <= days; seed += 1) {
    const { estimates, actual } = oneSaturday(seed);
    estimates.forEach((e, i) => {
      add(old, e.old, actual[i] ?? 0);
      add(learned, e.learned, actual[i] ?? 0);
    });
  }
  return { days, old, learned };
}

/** Prints the figures of docs/queue.md ("How good the estimate is"). */
export function printWaitAccuracy() {
  const { days, old, learned } = waitAccuracy();
  const line = (name: string, s: Score) => {
    const known = s.count - s.unknown;
    const mae = known > 0 ? (s.absError / known).toFixed(1) : '—';
    const share = known > 0 ? Math.round((100 * s.inside) / known) : 0;
    return `${name.padEnd(34)} ${String(mae).padStart(10)} min ${String(share).padStart(11)} %`;
  };
  console.log(`Wait accuracy: ${days} simulated Saturdays, ${old.count} customers (3 barbers, a lunch break, an appointment).\n`);
  console.log(`${'model'.padEnd(34)} ${'mean abs error'.padStart(14)} ${'inside range'.padStart(13)}`);
  console.log(line('set times (before)', old));
  console.log(line('learned durations (now)', learned));
}

if (process.argv[1]?.endsWith('wait-accuracy.ts')) printWaitAccuracy();
