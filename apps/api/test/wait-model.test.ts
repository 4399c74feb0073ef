import { formatWait, publicBarber, publicQueueReply, ticketReply, type EtaRange } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSY_UNKNOWN_REMAINING_MINUTES,
  estimateWaits,
  learnDurations,
  toEtaRange,
  type CompletedVisit,
  type SimBarber,
  type SimTicket,
} from '../src/modules/queue/tickets/eta.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, type TestShop } from './support/factories.js';

// The clock of every estimate here; the database's own timestamps are set relative to it.
const NOW = new Date('2030-03-04T15:00:00Z');
const minutesBefore = (m: number) => new Date(NOW.getTime() - m * 60_000);
const barber = (id: number, position: number, status: SimBarber['status'] = 'available'): SimBarber => ({ id, position, status });
const cut = { id: 7, minutes: 30 };
const waiting = (id: number, preferredBarberId: number | null = null): SimTicket => ({
  id,
  status: 'waiting',
  preferredBarberId,
  barberId: null,
  minutes: cut.minutes,
  startedAt: null,
  services: [cut],
});
const visit = (barberId: number, minutes: number, daysAgo: number, services = [cut]): CompletedVisit => ({
  barberId,
  minutes,
  completedAt: new Date(NOW.getTime() - daysAgo * 86_400_000),
  services,
});

describe('learned durations (pure)', () => {
  it('uses the median of the barber’s recent visits, not the set time, once there are enough', () => {
    const few = learnDurations([visit(1, 45, 1), visit(1, 45, 2)], NOW);
    expect(few.minutesFor(1, waiting(1))).toBe(30);
    const learned = learnDurations([visit(1, 44, 1), visit(1, 46, 2), visit(1, 90, 3), visit(1, 45, 4)], NOW);
    expect(learned.minutesFor(1, waiting(1))).toBe(45.5);
  });

  it('forgets visits older than 60 days and keeps only the last 20', () => {
    const old = learnDurations([visit(1, 50, 61), visit(1, 50, 62), visit(1, 50, 70)], NOW);
    expect(old.minutesFor(1, waiting(1))).toBe(30);
    const recent = Array.from({ length: 20 }, (_, i) => visit(1, 20, i + 1));
    const older = Array.from({ length: 10 }, (_, i) => visit(1, 60, 30 + i));
    expect(learnDurations([...older, ...recent], NOW).minutesFor(1, waiting(1))).toBe(20);
  });

  it('falls back to the shop’s median for a barber without history, then to the set time', () => {
    const shop = learnDurations([visit(2, 40, 1), visit(2, 40, 2), visit(3, 40, 3)], NOW);
    expect(shop.minutesFor(1, waiting(1))).toBe(40);
    const other = { id: 8, minutes: 25 };
    expect(shop.minutesFor(1, { minutes: 25, services: [other] })).toBe(25);
  });

  it('shares a visit with two services in proportion to their set times', () => {
    const beard = { id: 9, minutes: 10 };
    const both = [cut, beard];
    const learned = learnDurations([visit(1, 60, 1, both), visit(1, 60, 2, both), visit(1, 60, 3, both)], NOW);
    expect(learned.minutesFor(1, { minutes: 40, services: both })).toBe(60);
    expect(learned.minutesFor(1, { minutes: 30, services: [cut] })).toBe(45);
  });
});

describe('the next-free estimate (pure)', () => {
  it('counts only the time left in the chair, never below a small floor', () => {
    const inChair = (id: number, b: number, startedMinutesAgo: number): SimTicket => ({
      ...waiting(id),
      status: 'in_service',
      barberId: b,
      startedAt: minutesBefore(startedMinutesAgo),
    });
    const durations = learnDurations([visit(1, 45, 1), visit(1, 45, 2), visit(1, 45, 3)], NOW);
    const sim = estimateWaits({ barbers: [barber(1, 0, 'busy')], tickets: [inChair(1, 1, 20), waiting(2)], now: NOW, durations });
    expect(sim.ticketWait.get(2)).toBe(25);
    const late = estimateWaits({ barbers: [barber(1, 0, 'busy')], tickets: [inChair(1, 1, 80), waiting(2)], now: NOW, durations });
    expect(late.ticketWait.get(2)).toBe(5);
  });

  it('never counts a barber on break as free; a busy one without a walk-in is free after the appointment', () => {
    const onBreak = estimateWaits({ barbers: [barber(1, 0, 'break'), barber(2, 1)], tickets: [waiting(1), waiting(2)], now: NOW });
    expect(onBreak.ticketWait.get(1)).toBe(0);
    expect(onBreak.ticketWait.get(2)).toBe(30);
    expect(onBreak.barberWait.get(1)).toBeNull();
    const busy = estimateWaits({ barbers: [barber(1, 0, 'busy')], tickets: [], now: NOW });
    expect(busy.anyWait).toBe(BUSY_UNKNOWN_REMAINING_MINUTES);
    const appointment = estimateWaits({
      barbers: [{ ...barber(1, 0, 'busy'), appointmentEndsAt: new Date(NOW.getTime() + 40 * 60_000) }],
      tickets: [],
      now: NOW,
    });
    expect(appointment.anyWait).toBe(40);
  });

  it('gives a customer for "any barber" the earliest free slot across barbers', () => {
    const sim = estimateWaits({
      barbers: [barber(1, 0, 'busy'), barber(2, 1, 'busy'), barber(3, 2, 'off')],
      tickets: [
        { ...waiting(1), status: 'in_service', barberId: 1, startedAt: minutesBefore(5) },
        { ...waiting(2), status: 'in_service', barberId: 2, startedAt: minutesBefore(20) },
        waiting(3),
        waiting(4, 1),
      ],
      now: NOW,
    });
    expect(sim.ticketWait.get(3)).toBe(10);
    expect(sim.ticketWait.get(4)).toBe(25);
    expect(sim.anyWait).toBe(40);
  });
});

describe('the wording at its boundaries', () => {
  const text = (minutes: number) => formatWait(toEtaRange(minutes));
  it('reads "Now", one figure, ranges, hours, and caps past three hours', () => {
    expect(text(0)).toBe('Now');
    expect(text(4)).toBe('about 5 min');
    expect(text(12)).toBe('about 10 min');
    expect(text(30)).toBe('20–40 min');
    expect(text(70)).toBe('50 min – 1 h 30 min');
    expect(text(144)).toBe('1 h 45 min – 3 h');
    expect(text(145)).toBe('more than 1 h 45 min');
    expect(text(240)).toBe('more than 3 hours');
    expect(text(6000)).toBe('more than 3 hours');
  });
});

describe('waits through the API (clock injected)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock: () => NOW });
  });
  afterAll(() => t.close());

  async function addService(shop: TestShop, minutes: number): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/services/',
      headers: bearer(shop.admin),
      payload: { name: 'Cut', estimated_minutes: minutes, price: 30 },
    });
    expect(res.statusCode).toBe(200);
    return res.json().response.id;
  }

  /** A walk-in served start to finish through the staff API, then dated: `minutes` long, ended `endedMinutesAgo`. */
  async function serve(shop: TestShop, serviceId: number, minutes: number, endedMinutesAgo: number) {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/walkins/',
      headers: bearer(shop.admin),
      payload: { name: 'Past Visit', service_ids: [serviceId] },
    });
    const id = add.json().response.id;
    for (const step of ['start', 'complete']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/${step}/`, headers: bearer(shop.admin) });
      expect(res.statusCode).toBe(200);
    }
    await t.db.query('UPDATE walkin_tickets SET started_at = $2, completed_at = $3, ended_at = $3 WHERE id = $1', [
      id,
      minutesBefore(endedMinutesAgo + minutes),
      minutesBefore(endedMinutesAgo),
    ]);
  }

  const ticketEta = async (token: string) =>
    ticketReply.parse((await t.app.inject({ method: 'GET', url: `/api/check-in/${token}/` })).json()).response.eta_range;

  it('learns the real length of a service: after finished visits the wait follows them, not the set time', async () => {
    const shop = await makeShop(t.app, t.db);
    const service = await addService(shop, 30);
    const first = ticketReply.parse((await checkIn(t.app, shop.username, { service_ids: [service] })).json()).response;
    const second = ticketReply.parse((await checkIn(t.app, shop.username, { name: 'Sam Patel', service_ids: [service] })).json()).response;
    expect(first.eta_range).toEqual({ min_minutes: 0, max_minutes: 0 });
    expect(second.eta_range).toEqual(toEtaRange(30));
    // Three visits of 50 minutes this week: the owner really takes 50 minutes for this cut.
    for (const [i, minutes] of [48, 50, 52].entries()) await serve(shop, service, minutes, 60 * 24 * (i + 1));
    expect(await ticketEta(second.token)).toEqual(toEtaRange(50));
    const barbers = publicBarber.array().parse((await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` })).json());
    expect(barbers[0]?.eta_range).toEqual(toEtaRange(100));
  });

  it('counts the time left of the customer in the chair by the clock, and a barber on break is not free', async () => {
    const shop = await makeShop(t.app, t.db);
    const jay = await shop.addMember('employee', 'Jay Kim');
    const service = await addService(shop, 45);
    const inChair = await t.app.inject({
      method: 'POST',
      url: '/api/walkins/',
      headers: bearer(shop.admin),
      payload: { name: 'In Chair', service_ids: [service], barber_id: jay.barberId },
    });
    const id = inChair.json().response.id;
    expect((await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/start/`, headers: bearer(jay) })).statusCode).toBe(200);
    await t.db.query('UPDATE walkin_tickets SET started_at = $2 WHERE id = $1', [id, minutesBefore(20)]);
    // The owner goes on break: only Jay takes walk-ins, free in 45 − 20 = 25 minutes.
    const status = await t.app.inject({
      method: 'POST',
      url: `/api/barbers/${(await t.db.query<{ id: number }>('SELECT id FROM barbers WHERE shop_id = $1 AND id <> $2', [shop.shopId, jay.barberId]))[0]?.id}/status/`,
      headers: bearer(shop.admin),
      payload: { status: 'break', reason: 'Lunch' },
    });
    expect(status.statusCode).toBe(200);
    const next = ticketReply.parse((await checkIn(t.app, shop.username)).json()).response;
    expect(next.eta_range).toEqual(toEtaRange(25));
    expect(formatWait(next.eta_range)).toBe('15–35 min');
  });

  it('says the same wait for one ticket on the shop page, the ticket and the TV', async () => {
    const shop = await makeShop(t.app, t.db);
    const jay = await shop.addMember('employee', 'Jay Kim');
    const andre = await shop.addMember('employee', 'Andre Silva');
    const service = await addService(shop, 40);
    // Everyone busy: the owner and Jay with customers in the chair, Andre on an appointment-free "busy".
    for (const [who, ago] of [
      [shop.admin, 10],
      [jay, 30],
    ] as const) {
      const add = await t.app.inject({ method: 'POST', url: '/api/walkins/', headers: bearer(shop.admin), payload: { name: 'Chair Guest', service_ids: [service] } });
      const id = add.json().response.id;
      const barberId = who === jay ? jay.barberId : undefined;
      const started = await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/start/`, headers: bearer(who), payload: barberId ? { barber_id: barberId } : {} });
      expect(started.statusCode).toBe(200);
      await t.db.query('UPDATE walkin_tickets SET started_at = $2 WHERE id = $1', [id, minutesBefore(ago)]);
    }
    await t.app.inject({ method: 'POST', url: `/api/barbers/${andre.barberId}/status/`, headers: bearer(andre), payload: { status: 'busy' } });
    for (const name of ['Ann One', 'Bo Two', 'Cy Three']) expect((await checkIn(t.app, shop.username, { name, service_ids: [service] })).statusCode).toBe(200);

    const barbersBefore = publicBarber.array().parse((await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` })).json());
    const jayBefore = barbersBefore.find((b) => b.id === jay.barberId)?.eta_range;
    const mine = ticketReply.parse((await checkIn(t.app, shop.username, { name: 'Dee Four', barber_id: jay.barberId })).json()).response;
    const tv = publicQueueReply.parse((await t.app.inject({ method: 'GET', url: `/api/queue/?shop_username=${shop.username}` })).json()).response;
    const row = tv.waiting.find((w) => w.party_name === 'Dee F.');
    const agreed: (EtaRange | null | undefined)[] = [jayBefore, mine.eta_range, await ticketEta(mine.token), row?.eta_range];
    expect(agreed.every((eta) => eta !== null && eta !== undefined)).toBe(true);
    expect(new Set(agreed.map((eta) => JSON.stringify(eta))).size).toBe(1);
    expect(new Set(agreed.map(formatWait)).size).toBe(1);
    // Jay is free in 10 minutes and takes Ann (40): Dee waits about 50 minutes, not "Now".
    expect(mine.eta_range).toEqual(toEtaRange(50));
  });
});
