import { ACTIVE_TICKET_STATUSES, DEFAULT_TICKET_MINUTES, publicQueueReply, ticketReply, type TicketStatus } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one, type Database } from '../src/db/database.js';
import { estimateWaits, toEtaRange } from '../src/modules/queue/tickets/eta.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, type TestShop } from './support/factories.js';

// The clock of every estimate here; tickets' own times come from the database.
const NOW = new Date('2026-06-06T15:00:00Z');

/**
 * The reference: the whole-queue read and simulation the server did on every request before it
 * read only one ticket's part of the line. Minutes summed from the services at read time, every
 * active ticket, every waiting one simulated.
 */
async function wholeQueueReference(db: Database, shopId: number) {
  const barbers = await db.query<{ id: number; position: number | null; status: 'available' | 'busy' | 'break' | 'off'; in_rotation: boolean }>(
    'SELECT id, position, status, in_rotation FROM barbers WHERE shop_id = $1 AND archived_at IS NULL',
    [shopId],
  );
  const tickets = await db.query<{
    id: number;
    status: TicketStatus;
    preferred_barber_id: number | null;
    barber_id: number | null;
    started_at: Date | null;
    minutes: number;
  }>(
    `SELECT t.id, t.status, t.preferred_barber_id, t.barber_id, t.started_at,
            coalesce((SELECT sum(s.estimated_minutes) FROM walkin_ticket_services ts JOIN services s ON s.id = ts.service_id
                       WHERE ts.ticket_id = t.id), ${DEFAULT_TICKET_MINUTES})::int AS minutes
       FROM walkin_tickets t WHERE t.shop_id = $1 AND t.status = ANY($2::text[]) ORDER BY t.id`,
    [shopId, ACTIVE_TICKET_STATUSES],
  );
  const simulation = estimateWaits({
    barbers: barbers.map((b) => ({ id: b.id, position: b.in_rotation ? b.position : null, status: b.status })),
    tickets: tickets.map((t) => ({
      id: t.id,
      status: t.status,
      preferredBarberId: t.preferred_barber_id,
      barberId: t.barber_id,
      minutes: t.minutes,
      startedAt: t.started_at,
    })),
    now: NOW,
  });
  // A place: 1 + the waiting tickets ahead that the same barbers could take.
  const waiting = tickets.filter((t) => t.status === 'waiting');
  const places = new Map(
    waiting.map((t) => [
      t.id,
      1 +
        waiting.filter(
          (w) => w.id < t.id && (t.preferred_barber_id === null || w.preferred_barber_id === null || w.preferred_barber_id === t.preferred_barber_id),
        ).length,
    ]),
  );
  return { simulation, places, waitingIds: waiting.map((t) => t.id) };
}

async function addService(t: TestApp, shop: TestShop, name: string, minutes: number): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services/',
    headers: bearer(shop.admin),
    payload: { name, estimated_minutes: minutes, price: 20 },
  });
  return res.json<{ response: { id: number } }>().response.id;
}

async function join(t: TestApp, shop: TestShop, body: { barber_id?: number | null; service_ids?: number[] } = {}) {
  const res = await checkIn(t.app, shop.username, body);
  expect(res.statusCode).toBe(200);
  const ticket = ticketReply.parse(res.json()).response;
  const row = await one<{ id: number }>(t.db, 'SELECT id FROM walkin_tickets WHERE token = $1', [ticket.token]);
  return { ...ticket, id: row?.id ?? 0 };
}

describe('one ticket’s place and wait without reading the whole line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock: () => NOW });
  });
  afterAll(() => t.close());

  it('gives every waiting ticket the place and wait the whole-queue simulation gives, with barber choices and services mixed', async () => {
    const shop = await makeShop(t.app, t.db);
    const ana = await shop.addMember('employee', 'Ana Barber');
    const ben = await shop.addMember('employee', 'Ben Barber');
    const cut = await addService(t, shop, 'Cut', 20);
    const fade = await addService(t, shop, 'Fade', 45);
    const plan: { barber_id: number | null; service_ids: number[] }[] = [
      { barber_id: null, service_ids: [fade] },
      { barber_id: ana.barberId, service_ids: [] },
      { barber_id: null, service_ids: [cut] },
      { barber_id: ben.barberId, service_ids: [cut, fade] },
      { barber_id: ana.barberId, service_ids: [fade] },
      { barber_id: null, service_ids: [] },
      { barber_id: ben.barberId, service_ids: [] },
      { barber_id: null, service_ids: [cut, fade] },
      { barber_id: ana.barberId, service_ids: [cut] },
      { barber_id: null, service_ids: [fade] },
      { barber_id: ben.barberId, service_ids: [fade] },
      { barber_id: null, service_ids: [cut] },
    ];
    const joined = [];
    for (const body of plan) joined.push(await join(t, shop, body));
    // Ana calls her next customer, Ben starts one straight from the line, and one customer leaves.
    expect((await t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: bearer(ana) })).statusCode).toBe(200);
    const bensFirst = joined[3];
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/walkins/${bensFirst?.id}/start/`, headers: bearer(ben), payload: {} })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/check-in/${joined[5]?.token}/cancel/` })).statusCode).toBe(200);
    // And one more arrives after all that.
    joined.push(await join(t, shop, { barber_id: ana.barberId, service_ids: [fade] }));

    const reference = await wholeQueueReference(t.db, shop.shopId);
    expect(reference.waitingIds.length).toBeGreaterThan(8);
    for (const ticket of joined) {
      const status = ticketReply.parse((await t.app.inject({ method: 'GET', url: `/api/check-in/${ticket.token}/` })).json()).response;
      if (!reference.waitingIds.includes(ticket.id)) {
        expect(status.place).toBeNull();
        continue;
      }
      expect(status.place).toBe(reference.places.get(ticket.id));
      expect(status.eta_range).toEqual(toEtaRange(reference.simulation.ticketWait.get(ticket.id)));
      const staffView = await t.app.inject({ method: 'GET', url: `/api/walkins/${ticket.id}/`, headers: bearer(shop.admin) });
      expect(staffView.json()).toMatchObject({
        response: { place: reference.places.get(ticket.id), eta_range: toEtaRange(reference.simulation.ticketWait.get(ticket.id)) },
      });
    }
    // The check-in's own reply (after everything above) agrees too.
    const last = joined.at(-1);
    expect(last?.place).toBe(reference.places.get(last?.id ?? 0));
    expect(last?.eta_range).toEqual(toEtaRange(reference.simulation.ticketWait.get(last?.id ?? 0)));
    // The waiting-room display lists the same places and waits, in order of arrival.
    const board = publicQueueReply.parse(
      (await t.app.inject({ method: 'GET', url: `/api/queue/?shop_username=${shop.username}` })).json(),
    ).response;
    expect(board.waiting.map((w) => [w.place, w.eta_range])).toEqual(
      reference.waitingIds.map((id) => [reference.places.get(id), toEtaRange(reference.simulation.ticketWait.get(id))]),
    );
  });

  it('keeps a ticket’s stored minutes right when its services or their minutes change', async () => {
    const shop = await makeShop(t.app, t.db);
    const cut = await addService(t, shop, 'Cut', 20);
    const beard = await addService(t, shop, 'Beard', 15);
    const stored = async (id: number) =>
      one<{ set_minutes: number; set_services: { id: number; minutes: number }[] }>(
        t.db,
        'SELECT set_minutes, set_services FROM walkin_tickets WHERE id = $1',
        [id],
      );
    const both = await join(t, shop, { service_ids: [cut, beard] });
    const none = await join(t, shop);
    expect(await stored(both.id)).toEqual({ set_minutes: 35, set_services: [{ id: cut, minutes: 20 }, { id: beard, minutes: 15 }] });
    expect(await stored(none.id)).toEqual({ set_minutes: DEFAULT_TICKET_MINUTES, set_services: [] });

    await t.db.query('DELETE FROM walkin_ticket_services WHERE ticket_id = $1 AND service_id = $2', [both.id, beard]);
    expect(await stored(both.id)).toEqual({ set_minutes: 20, set_services: [{ id: cut, minutes: 20 }] });
    await t.db.query('INSERT INTO walkin_ticket_services (ticket_id, service_id) VALUES ($1, $2)', [none.id, beard]);
    expect(await stored(none.id)).toEqual({ set_minutes: 15, set_services: [{ id: beard, minutes: 15 }] });

    // The owner edits a service's minutes: tickets in line follow, as they did when minutes were summed at each read.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${cut}/`,
      headers: bearer(shop.admin),
      payload: { name: 'Cut', estimated_minutes: 50, price: 20 },
    });
    expect(edit.statusCode).toBe(200);
    expect(await stored(both.id)).toEqual({ set_minutes: 50, set_services: [{ id: cut, minutes: 50 }] });
    // One barber: the second customer waits for the first one's 50 minutes.
    const second = ticketReply.parse((await t.app.inject({ method: 'GET', url: `/api/check-in/${none.token}/` })).json()).response;
    expect(second.eta_range).toEqual(toEtaRange(50));

    await t.db.query('DELETE FROM walkin_ticket_services WHERE ticket_id = $1', [both.id]);
    expect(await stored(both.id)).toEqual({ set_minutes: DEFAULT_TICKET_MINUTES, set_services: [] });

    // A ticket out of the line whose service is edited meanwhile gets the new minutes when put back.
    const cancel = await t.app.inject({ method: 'POST', url: `/api/check-in/${none.token}/cancel/` });
    expect(cancel.statusCode).toBe(200);
    await t.db.query('UPDATE services SET estimated_minutes = 25 WHERE id = $1', [beard]);
    expect(await stored(none.id)).toEqual({ set_minutes: 15, set_services: [{ id: beard, minutes: 15 }] });
    const back = await t.app.inject({ method: 'POST', url: `/api/walkins/${none.id}/requeue/`, headers: bearer(shop.admin) });
    expect(back.statusCode).toBe(200);
    expect(await stored(none.id)).toEqual({ set_minutes: 25, set_services: [{ id: beard, minutes: 25 }] });
  });

  it('pages the waiting-room display, counting the whole line', async () => {
    const shop = await makeShop(t.app, t.db);
    for (let i = 0; i < 5; i++) await join(t, shop);
    const read = async (query: string) => t.app.inject({ method: 'GET', url: `/api/queue/?shop_username=${shop.username}${query}` });
    const whole = publicQueueReply.parse((await read('')).json()).response;
    expect(whole.waiting.map((w) => w.place)).toEqual([1, 2, 3, 4, 5]);
    expect(whole.waiting_count).toBe(5);

    const page = publicQueueReply.parse((await read('&limit=2&offset=1')).json()).response;
    expect(page.waiting).toEqual(whole.waiting.slice(1, 3));
    expect(page.waiting_count).toBe(5);
    const tail = publicQueueReply.parse((await read('&limit=10&offset=4')).json()).response;
    expect(tail.waiting).toEqual(whole.waiting.slice(4));
    const past = publicQueueReply.parse((await read('&offset=9')).json()).response;
    expect(past).toMatchObject({ waiting: [], waiting_count: 5 });

    for (const bad of ['&limit=0', '&limit=501', '&limit=two', '&offset=-1', '&offset=1.5']) {
      const res = await read(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ status: 0 });
    }
  });
});
