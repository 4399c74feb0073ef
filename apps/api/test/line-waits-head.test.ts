import { publicQueueReply, ticketReply } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../src/db/database.js';
import { one } from '../src/db/database.js';
import { createMemoryEventBus } from '../src/modules/queue/events/event-bus.js';
import { LineWaits } from '../src/modules/queue/tickets/line-waits.js';
import { fromSnapshot, toPublicQueue } from '../src/modules/queue/public/public-queue-view.js';
import { queueSnapshotOf, ticketByToken, ticketByTokenWithoutPlace, waitOfTicket } from '../src/modules/queue/tickets/queue-repository.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, type TestShop } from './support/factories.js';

// The kept line of waits survives a change of its head (a customer called, started, cancelled, a
// barber's status): the next wait reads the head alone and simulates the kept waiting customers
// again. These tests hold it to the exact place and wait after each change, and to what it reads:
// the head only, or the whole line when the line itself changed in a way it cannot follow.
const now = new Date('2026-06-06T15:00:00Z');

/** Which snapshot reads a LineWaits made: the whole line, the head alone, or one ticket's prefix. */
type Read = 'whole line' | 'head only' | 'prefix';

function recording(sql: Sql): { sql: Sql; reads: Read[] } {
  const reads: Read[] = [];
  return {
    reads,
    sql: {
      query: (text, params) => {
        // The snapshot statement's sixth parameter is how many waiting customers it reads (null: all),
        // its fifth the ticket it reads up to.
        if (text.includes('AS waiting,') && params) {
          reads.push(params[5] === 0 ? 'head only' : params[4] !== null ? 'prefix' : 'whole line');
        }
        return sql.query(text, params);
      },
      exec: (script) => sql.exec(script),
    },
  };
}

describe('the kept line of waits through changes of its head', () => {
  let t: TestApp;
  const bus = createMemoryEventBus();
  beforeAll(async () => {
    t = await startTestApp({ clock: () => now, eventBus: bus });
  });
  afterAll(() => t.close());

  async function join(shop: TestShop, body: Parameters<typeof checkIn>[2] = {}) {
    const res = await checkIn(t.app, shop.username, body);
    expect(res.statusCode).toBe(200);
    return ticketReply.parse(res.json()).response;
  }
  async function takeABreak(shop: TestShop, barberId: number) {
    const res = await t.app.inject({ method: 'POST', url: `/api/barbers/${barberId}/status/`, headers: bearer(shop.admin), payload: { status: 'break' } });
    expect(res.statusCode).toBe(200);
  }
  const idOf = async (token: string) => (await one<{ id: number }>(t.db, 'SELECT id FROM walkin_tickets WHERE token = $1', [token]))?.id;

  /** A LineWaits of its own beside the app's, hearing the app's events, and what it reads. */
  function watcher() {
    const { sql, reads } = recording(t.db);
    // Every head read also checks the line's sums here (by default at most once a second).
    const waits = new LineWaits(sql, bus, 0);
    // As a ticket page's poll reads it: the row without its place, which comes from the kept line.
    const kept = async (token: string) => {
      const row = await ticketByTokenWithoutPlace(t.db, token);
      if (!row) throw new Error('no such ticket');
      return waits.placeAndWaitOf(row, now);
    };
    const exact = async (token: string) => {
      const row = await ticketByToken(t.db, token);
      if (!row) throw new Error('no such ticket');
      return { place: row.place, wait: await waitOfTicket(t.db, row, now) };
    };
    /** Every listed ticket's kept place and wait equal the exact ones; returns the reads made for them. */
    const expectExact = async (tokens: string[]) => {
      const from = reads.length;
      for (const token of tokens) expect(await kept(token), token).toEqual(await exact(token));
      return reads.slice(from);
    };
    /**
     * The waiting-room display's page from the kept line equals the page read from the database,
     * for each page; returns the reads made for them.
     */
    const expectSamePages = async (username: string, pages: { limit: number; offset: number }[]) => {
      const from = reads.length;
      for (const page of pages) {
        const kept = await waits.queuePage(username, now, page);
        if (!kept) throw new Error('no kept line');
        const snapshot = await queueSnapshotOf(t.db, username, now, { count: page.offset + page.limit });
        if (!snapshot) throw new Error('no such shop');
        expect(toPublicQueue(kept.source), JSON.stringify(page)).toEqual(toPublicQueue(fromSnapshot(snapshot, page)));
        expect(kept.shop).toEqual(snapshot.shop);
      }
      return reads.slice(from);
    };
    /** The page as the display shows it, from the kept line. */
    const queuePage = async (username: string, page: { limit: number; offset: number }) => {
      const kept = await waits.queuePage(username, now, page);
      if (!kept) throw new Error('no kept line');
      return toPublicQueue(kept.source);
    };
    return { expectExact, expectSamePages, queuePage };
  }

  it('follows call-next, start, complete, a cancel and a break by reading the head alone', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee', 'Andre');
    const tickets = [];
    for (let i = 0; i < 6; i++) tickets.push(await join(shop, i % 3 === 2 ? { barber_id: barber.barberId } : {}));
    const tokens = tickets.map((x) => x.token);
    const w = watcher();
    expect(await w.expectExact(tokens)).toEqual(['whole line']);

    const called = await t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: bearer(barber), payload: {} });
    expect(called.statusCode).toBe(200);
    expect(await w.expectExact(tokens.slice(1))).toEqual(['head only']);

    const firstId = await idOf(tokens[0]!);
    const started = await t.app.inject({ method: 'POST', url: `/api/walkins/${firstId}/start/`, headers: bearer(barber), payload: {} });
    expect(started.statusCode).toBe(200);
    expect(await w.expectExact(tokens.slice(1))).toEqual(['head only']);

    expect((await t.app.inject({ method: 'POST', url: `/api/check-in/${tokens[3]!}/cancel/` })).statusCode).toBe(200);
    expect(await w.expectExact([...tokens.slice(1, 3), ...tokens.slice(4)])).toEqual(['head only']);

    await takeABreak(shop, barber.barberId);
    expect(await w.expectExact([...tokens.slice(1, 3), ...tokens.slice(4)])).toEqual(['head only']);

    const done = await t.app.inject({ method: 'POST', url: `/api/walkins/${firstId}/complete/`, headers: bearer(barber), payload: {} });
    expect(done.statusCode).toBe(200);
    expect(await w.expectExact([...tokens.slice(1, 3), ...tokens.slice(4)])).toEqual(['head only']);
  });

  it('reads the whole line again when someone else joins, or when the line changed without saying so', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee', 'Marcus');
    const first = await join(shop, { barber_id: barber.barberId });
    const second = await join(shop);
    const w = watcher();
    expect(await w.expectExact([first.token, second.token])).toEqual(['whole line']);

    // A check-in this LineWaits did not make: the line grew at its back.
    const third = await join(shop, { barber_id: barber.barberId });
    expect(await w.expectExact([first.token, second.token, third.token])).toEqual(['whole line']);

    // The chosen barber dropped from waiting tickets behind the event's back, then a rotation event:
    // the head is read, its sums differ from the kept line's, and the line is read whole.
    await t.db.query('UPDATE walkin_tickets SET preferred_barber_id = NULL WHERE shop_id = $1 AND status = $2', [shop.shopId, 'waiting']);
    await takeABreak(shop, barber.barberId);
    expect(await w.expectExact([first.token, second.token, third.token])).toEqual(['head only', 'whole line']);
  });

  it('gives the waiting-room display the same page as a read of the line, through every change, reading no more than the head', async () => {
    const shop = await makeShop(t.app, t.db);
    const andre = await shop.addMember('employee', 'Andre');
    const tickets = [];
    for (let i = 0; i < 7; i++) {
      tickets.push(await join(shop, { name: `Guest Number${i}`, ...(i % 3 === 1 ? { barber_id: andre.barberId } : {}) }));
    }
    const tokens = tickets.map((x) => x.token);
    const pages = [
      { limit: 100, offset: 0 },
      { limit: 2, offset: 1 },
      { limit: 3, offset: 5 },
      { limit: 5, offset: 50 },
    ];
    const w = watcher();
    // No line is kept until a ticket page or a check-in asks for it: the display reads its page.
    expect(await w.expectExact([tokens[0]!])).toEqual(['whole line']);
    expect(await w.expectSamePages(shop.username, pages)).toEqual([]);
    // Asked by the name in another case, it is the same shop.
    expect(await w.expectSamePages(shop.username.toUpperCase(), pages.slice(0, 1))).toEqual([]);

    const called = await t.app.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: bearer(andre), payload: {} });
    expect(called.statusCode).toBe(200);
    expect(await w.expectSamePages(shop.username, pages)).toEqual(['head only']);

    const firstId = await idOf(tokens[0]!);
    const started = await t.app.inject({ method: 'POST', url: `/api/walkins/${firstId}/start/`, headers: bearer(andre), payload: {} });
    expect(started.statusCode).toBe(200);
    expect(await w.expectSamePages(shop.username, pages)).toEqual(['head only']);

    expect((await t.app.inject({ method: 'POST', url: `/api/check-in/${tokens[4]!}/cancel/` })).statusCode).toBe(200);
    await takeABreak(shop, andre.barberId);
    expect(await w.expectSamePages(shop.username, pages)).toEqual(['head only']);
    const shown = await w.queuePage(shop.username, pages[0]!);
    expect(shown.now_serving.map((s) => s.party_name)).toEqual(['Guest N.']);
    expect(shown.waiting_count).toBe(5);
  });

  it("answers GET /api/queue/ from the app's own kept line after check-ins, with each newcomer's name, place and wait", async () => {
    const shop = await makeShop(t.app, t.db);
    const marcus = await shop.addMember('employee', 'Marcus');
    for (const [i, name] of ['Ana Lima', 'Bo Chen', 'Cy Dorsey', 'Di Evans'].entries()) {
      await join(shop, { name, ...(i === 2 ? { barber_id: marcus.barberId } : {}) });
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/queue/?shop_username=${shop.username}` });
    expect(res.statusCode).toBe(200);
    const snapshot = await queueSnapshotOf(t.db, shop.username, now, { count: 100 });
    if (!snapshot) throw new Error('no such shop');
    const read = toPublicQueue(fromSnapshot(snapshot, { limit: 100, offset: 0 }));
    expect(read.waiting.map((w) => w.party_name)).toEqual(['Ana L.', 'Bo C.', 'Cy D.', 'Di E.']);
    const fromKept = res.json<{ response: unknown }>();
    expect(fromKept.response).toEqual(read);
    // It came from the kept line: the app's LineWaits has this shop's line.
    expect(await t.app.lineWaits.queuePage(shop.username, now, { limit: 100, offset: 0 })).toBeDefined();
    // The reply is written without the schema's check: it holds exactly what the schema names.
    expect(fromKept).toStrictEqual(publicQueueReply.parse(fromKept));

    // With no line kept (a staff edit forgets it, and the kept replies), the page is read: the same reply.
    await t.app.events.changed(shop.shopId);
    expect(await t.app.lineWaits.queuePage(shop.username, now, { limit: 100, offset: 0 })).toBeUndefined();
    const again = await t.app.inject({ method: 'GET', url: `/api/queue/?shop_username=${shop.username}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toStrictEqual(publicQueueReply.parse(again.json()));
    expect(again.json()).toEqual(fromKept);
  });
});
