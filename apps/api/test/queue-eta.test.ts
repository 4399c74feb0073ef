import { DEFAULT_TICKET_MINUTES, formatEtaRange, ticketReply } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyLineEnd, seatNext, simulateQueue, toEtaRange, type SimBarber, type SimTicket } from '../src/modules/queue/tickets/eta.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop } from './support/factories.js';

const now = new Date('2026-06-06T15:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const barber = (id: number, position: number | null, status: SimBarber['status'] = 'available'): SimBarber => ({ id, position, status });
const waiting = (id: number, minutes = 30, preferredBarberId: number | null = null): SimTicket => ({
  id,
  status: 'waiting',
  preferredBarberId,
  barberId: null,
  minutes,
  startedAt: null,
});

describe('the wait range', () => {
  it('is "Now" at zero, and a 5-minute-step range of about ±25 % otherwise', () => {
    expect(toEtaRange(0)).toEqual({ min_minutes: 0, max_minutes: 0 });
    expect(toEtaRange(30)).toEqual({ min_minutes: 20, max_minutes: 40 });
    expect(toEtaRange(4)).toEqual({ min_minutes: 0, max_minutes: 5 });
    expect(toEtaRange(null)).toBeNull();
    expect(formatEtaRange(toEtaRange(30))).toBe('20–40 min');
  });
});

describe('the next-free simulation', () => {
  it('gives each waiting customer the barber free first, in order of arrival', () => {
    const sim = simulateQueue([barber(1, 0), barber(2, 1)], [waiting(10, 30), waiting(11, 20), waiting(12, 45)], now);
    expect(sim.ticketWait.get(10)).toBe(0);
    expect(sim.ticketWait.get(11)).toBe(0);
    expect(sim.ticketWait.get(12)).toBe(20); // barber 2 frees first (20 < 30)
    expect(sim.barberWait.get(1)).toBe(30);
    expect(sim.barberWait.get(2)).toBe(65);
    expect(sim.anyWait).toBe(30);
  });

  it('counts the time already spent in the chair, and a few minutes for an overrun', () => {
    const inChair = (id: number, barberId: number, minutes: number, started: number): SimTicket => ({
      id,
      status: 'in_service',
      preferredBarberId: null,
      barberId,
      minutes,
      startedAt: minutesAgo(started),
    });
    const sim = simulateQueue([barber(1, 0, 'busy'), barber(2, 1, 'busy')], [inChair(1, 1, 45, 30), inChair(2, 2, 30, 50), waiting(3)], now);
    expect(sim.barberWait.get(2)).toBe(5 + 30);
    expect(sim.ticketWait.get(3)).toBe(5);
    expect(sim.barberWait.get(1)).toBe(15);
  });

  it('waits for the chosen barber only, and adds a called customer before the line', () => {
    const called: SimTicket = { id: 1, status: 'called', preferredBarberId: null, barberId: 1, minutes: 15, startedAt: null };
    const sim = simulateQueue([barber(1, 0), barber(2, 1)], [called, waiting(2, 30, 1)], now);
    expect(sim.ticketWait.get(2)).toBe(15);
    expect(sim.barberWait.get(2)).toBe(0);
  });

  it('seats a customer joining at the back from where the line ends, exactly as simulating the whole line', () => {
    const barbers = [barber(1, 0), barber(2, 1, 'busy'), barber(3, 2)];
    const inChair: SimTicket = { id: 1, status: 'in_service', preferredBarberId: null, barberId: 2, minutes: 40, startedAt: minutesAgo(10) };
    // A line of mixed lengths and choices (barber 3, anyone, barber 1), each joining at the back in turn.
    const line: SimTicket[] = [inChair];
    for (let id = 2; id <= 40; id++) {
      const chosen = id % 5 === 0 ? 3 : id % 7 === 0 ? 1 : undefined;
      const next = waiting(id, 10 + ((id * 13) % 35), chosen);
      const before = simulateQueue(barbers, line, now);
      const end = copyLineEnd(before.end);
      const seated = seatNext(end, next);
      line.push(next);
      const whole = simulateQueue(barbers, line, now);
      expect(seated).toBe(whole.ticketWait.get(id));
      expect(end.freeIn).toEqual(whole.end.freeIn);
      // The copy was updated, not the simulation it came from.
      expect(before.end.freeIn).not.toEqual(whole.end.freeIn);
    }
  });

  it('leaves out barbers on break, off, or out of the rotation; nobody working means no estimate', () => {
    const sim = simulateQueue([barber(1, 0, 'break'), barber(2, 1, 'off'), barber(3, null)], [waiting(1), waiting(2, 30, 2)], now);
    expect(sim.ticketWait.get(1)).toBeNull();
    expect(sim.ticketWait.get(2)).toBeNull();
    expect(sim.barberWait.get(1)).toBeNull();
    expect(sim.anyWait).toBeNull();
  });
});

describe('estimates through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('uses the services’ minutes, and the default for a ticket without services', async () => {
    const shop = await makeShop(t.app, t.db);
    const fade = await t.app.inject({
      method: 'POST',
      url: '/api/services/',
      headers: bearer(shop.admin),
      payload: { name: 'Skin fade', estimated_minutes: 60, price: 40 },
    });
    // One barber (the owner): the second customer waits for the first one's hour.
    const first = await checkIn(t.app, shop.username, { service_ids: [fade.json().response.id] });
    expect(ticketReply.parse(first.json()).response.eta_range).toEqual({ min_minutes: 0, max_minutes: 0 });
    const second = ticketReply.parse((await checkIn(t.app, shop.username)).json()).response;
    expect(second.eta_range).toEqual(toEtaRange(60));
    const third = ticketReply.parse((await checkIn(t.app, shop.username)).json()).response;
    expect(third.eta_range).toEqual(toEtaRange(60 + DEFAULT_TICKET_MINUTES));
    expect(third).toMatchObject({ place: 3, ahead: 2 });
  });

  it('counts the time the customer in the chair has already spent', async () => {
    const shop = await makeShop(t.app, t.db);
    const fade = await t.app.inject({
      method: 'POST',
      url: '/api/services/',
      headers: bearer(shop.admin),
      payload: { name: 'Skin fade', estimated_minutes: 60, price: 40 },
    });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/walkins/',
      headers: bearer(shop.admin),
      payload: { name: 'In Chair', service_ids: [fade.json().response.id] },
    });
    const id = first.json().response.id;
    await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/start/`, headers: bearer(shop.admin) });
    await t.db.query(`UPDATE walkin_tickets SET started_at = now() - interval '22 minutes' WHERE id = $1`, [id]);
    const next = ticketReply.parse((await checkIn(t.app, shop.username)).json()).response;
    // About 38 minutes left (not the full hour): 25–50 min, whatever seconds the test took.
    expect(next.eta_range).toEqual({ min_minutes: 25, max_minutes: 50 });
  });
});
