import { ticketReply } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { toEtaRange } from '../src/modules/queue/tickets/eta.js';
import { LINE_WAITS_TTL_MS } from '../src/modules/queue/tickets/line-waits.js';
import { ticketByToken, waitOfTicket } from '../src/modules/queue/tickets/queue-repository.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, type TestShop } from './support/factories.js';

// A ticket page polls its wait; the server keeps the shop's whole line of waits between changes.
// These tests hold it to the exact wait: forgotten on any change, and worked out again as time passes.
let now = new Date('2026-06-06T15:00:00Z');

describe('the wait a ticket page polls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  async function service(shop: TestShop, minutes: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/services/',
      headers: bearer(shop.admin),
      payload: { name: `Cut ${minutes}`, estimated_minutes: minutes, price: 20 },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ response: { id: number } }>().response.id;
  }
  async function join(shop: TestShop, serviceIds: number[] = [], barberId: number | null = null) {
    const res = await checkIn(t.app, shop.username, { service_ids: serviceIds, barber_id: barberId });
    expect(res.statusCode).toBe(200);
    return ticketReply.parse(res.json()).response;
  }
  const poll = async (token: string) =>
    ticketReply.parse((await t.app.inject({ method: 'GET', url: `/api/check-in/${token}/` })).json()).response;
  /** The place counted by the database now. */
  async function exactPlace(token: string) {
    return (await ticketByToken(t.db, token))?.place;
  }
  /** The wait worked out the exact way, reading the line ahead now. */
  async function exactWait(token: string) {
    const row = await ticketByToken(t.db, token);
    if (!row) throw new Error('no such ticket');
    return toEtaRange(await waitOfTicket(t.db, row, now));
  }

  it('follows a change ahead of the ticket at once', async () => {
    const shop = await makeShop(t.app, t.db);
    const long = await service(shop, 40);
    const first = await join(shop, [long]);
    const second = await join(shop, [long]);
    const third = await join(shop);
    const before = await poll(third.token);
    expect(before.eta_range).toEqual(await exactWait(third.token));

    expect((await t.app.inject({ method: 'POST', url: `/api/check-in/${first.token}/cancel/` })).statusCode).toBe(200);
    const after = await poll(third.token);
    expect(after.place).toBe(before.place === null ? null : before.place - 1);
    expect(after.eta_range).toEqual(await exactWait(third.token));
    expect(after.eta_range).not.toEqual(before.eta_range);

    // A staff write changes it too: the barber starts the second customer's haircut.
    const secondId = (await one<{ id: number }>(t.db, 'SELECT id FROM walkin_tickets WHERE token = $1', [second.token]))?.id;
    const started = await t.app.inject({ method: 'POST', url: `/api/walkins/${secondId}/start/`, headers: bearer(shop.admin), payload: {} });
    expect(started.statusCode).toBe(200);
    const inService = await poll(third.token);
    expect(inService.place).toBe(1);
    expect(inService.eta_range).toEqual(await exactWait(third.token));
  });

  it('gives each new check-in its exact place and wait, whether the kept line is extended or read again', async () => {
    const shop = await makeShop(t.app, t.db);
    const long = await service(shop, 40);
    const short = await service(shop, 25);
    const andre = await shop.addMember('employee', 'Andre');
    const first = await join(shop, [long]);
    // A poll keeps the line; the check-ins after it are seated and placed at its end.
    await poll(first.token);
    const joined = [
      await join(shop, [short]),
      await join(shop, [], andre.barberId),
      await join(shop, [long, short]),
      await join(shop, [short], andre.barberId),
      await join(shop, [short]),
    ];
    for (const ticket of joined) {
      expect(ticket.eta_range).toEqual(await exactWait(ticket.token));
      expect(ticket.place).toBe(await exactPlace(ticket.token));
    }
    expect(new Set(joined.map((j) => JSON.stringify(j.eta_range))).size).toBeGreaterThan(1);
    expect(joined.map((j) => j.place)).toEqual([2, 3, 4, 5, 6]);
    expect(await Promise.all(joined.map((j) => exactPlace(j.token)))).toEqual([2, 3, 4, 5, 6]);

    // A change ahead (a customer leaves) is applied to the kept line: the next one is placed after it.
    expect((await t.app.inject({ method: 'POST', url: `/api/check-in/${joined[1]!.token}/cancel/` })).statusCode).toBe(200);
    const afterCancel = await join(shop, [long]);
    expect(afterCancel.eta_range).toEqual(await exactWait(afterCancel.token));
    expect(afterCancel.place).toBe(await exactPlace(afterCancel.token));
    expect(afterCancel.place).toBe(6);
    // And the polls of those already in line still follow the change.
    for (const ticket of [first, joined[0]!, joined[2]!, joined[3]!]) {
      expect((await poll(ticket.token)).eta_range).toEqual(await exactWait(ticket.token));
    }

    // Past the kept time the line is read again.
    now = new Date(now.getTime() + LINE_WAITS_TTL_MS + 60_000);
    const later = await join(shop);
    expect(later.eta_range).toEqual(await exactWait(later.token));
    expect(later.place).toBe(await exactPlace(later.token));
  });

  it('is worked out again as the haircut ahead goes on', async () => {
    const shop = await makeShop(t.app, t.db);
    const long = await service(shop, 40);
    const first = await join(shop, [long]);
    const next = await join(shop);
    const firstId = (await one<{ id: number }>(t.db, 'SELECT id FROM walkin_tickets WHERE token = $1', [first.token]))?.id;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/walkins/${firstId}/start/`, headers: bearer(shop.admin), payload: {} })).statusCode,
    ).toBe(200);
    const early = await poll(next.token);
    expect(early.eta_range).toEqual(await exactWait(next.token));

    now = new Date(now.getTime() + LINE_WAITS_TTL_MS + 20 * 60_000);
    const later = await poll(next.token);
    expect(later.eta_range).toEqual(await exactWait(next.token));
    expect(later.eta_range).not.toEqual(early.eta_range);
  });
});
