import { PHONE_MESSAGES, QUEUE_MESSAGES, type PublicTicket } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { CheckInService } from '../src/modules/queue/check-in/check-in-service.js';
import type { TicketLinkRequest } from '../src/modules/queue/check-in/ticket-link-notifier.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, type TestShop } from './support/factories.js';

// A ticket's token is the key to its page and to leaving the line. A stranger who types a waiting
// customer's phone number must learn nothing of that ticket and must not be able to cancel it.

let t: TestApp;
let shop: TestShop;
beforeAll(async () => {
  t = await startTestApp();
  shop = await makeShop(t.app, t.db);
});
afterAll(() => t.close());

async function ticketOf(token: string): Promise<PublicTicket> {
  const res = await t.app.inject({ method: 'GET', url: `/api/check-in/${token}/` });
  expect(res.statusCode).toBe(200);
  return res.json().response;
}

const ticketCount = async (shopId: number) =>
  (await one<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM walkin_tickets WHERE shop_id = $1', [shopId]))?.n;
const customerCount = async (shopId: number) =>
  (await one<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM customers WHERE shop_id = $1', [shopId]))?.n;

describe('a check-in with a phone number already in line', () => {
  it('is a 409 with a message for a person and nothing of the ticket: no token, name or place', async () => {
    await checkIn(t.app, shop.username, { name: 'Early Bird', phone_number: '+1 917 555 2001' });
    const owner = (await checkIn(t.app, shop.username, { name: 'Valentina Ortiz', phone_number: '+1 917 555 2002' })).json().response;
    expect(owner.place).toBe(2);
    const tickets = await ticketCount(shop.shopId);
    const customers = await customerCount(shop.shopId);

    for (const source of ['online', 'kiosk'] as const) {
      const stranger = await t.app.inject({
        method: 'POST',
        url: '/api/check-in/',
        payload: { shop_username: shop.username, name: 'Mallory Stone', phone_number: '(917) 555-2002', source },
      });
      expect(stranger.statusCode).toBe(409);
      expect(stranger.json()).toEqual({ status: 0, response: PHONE_MESSAGES.alreadyInLine });
      expect(PHONE_MESSAGES.alreadyInLine).toBe('This number is already in line.');
      for (const secret of [owner.token, 'Valentina', 'Ortiz', 'Valentina O.', 'Mallory', 'token', 'place']) {
        expect(stranger.body).not.toContain(secret);
      }
    }

    // Nothing was written, and the owner's ticket kept its place.
    expect(await ticketCount(shop.shopId)).toBe(tickets);
    expect(await customerCount(shop.shopId)).toBe(customers);
    const after = await ticketOf(owner.token);
    expect(after).toMatchObject({ status: 'waiting', place: 2, party_name: 'Valentina O.' });
  });

  it('leaves the ticket impossible to cancel without its token', async () => {
    const owner = (await checkIn(t.app, shop.username, { name: 'Noor Haddad', phone_number: '+1 917 555 2003' })).json().response;
    const refused = await checkIn(t.app, shop.username, { phone_number: '19175552003' });
    expect(refused.statusCode).toBe(409);

    // The public cancel needs the exact token; anything else names no ticket.
    for (const url of [
      '/api/check-in//cancel/',
      `/api/check-in/${owner.token.slice(0, -1)}/cancel/`,
      `/api/check-in/${encodeURIComponent('+19175552003')}/cancel/`,
    ]) {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(404);
    }
    // The staff cancel needs a signed-in member of this shop.
    const id = (await one<{ id: number }>(t.db, 'SELECT id FROM walkin_tickets WHERE token = $1', [owner.token]))?.id;
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/cancel/` });
    expect(anonymous.statusCode).toBe(401);
    const other = await makeShop(t.app, t.db);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/walkins/${id}/cancel/`, headers: bearer(other.admin) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.ticketNotFound });

    expect((await ticketOf(owner.token)).status).toBe('waiting');
    // Its holder can leave.
    const left = await t.app.inject({ method: 'POST', url: `/api/check-in/${owner.token}/cancel/` });
    expect(left.statusCode).toBe(200);
    expect(left.json().response.status).toBe('cancelled');
  });

  it('hands the ticket link to the notification seam for that number, never to the caller', async () => {
    const sent: TicketLinkRequest[] = [];
    const service = new CheckInService(t.db, t.app.events, {
      async sendTicketLink(request) {
        sent.push(request);
      },
    });
    const input = { shop_username: shop.username, name: 'Ines Duarte', barber_id: null, service_ids: [], source: 'online' as const };
    const owner = await service.checkIn({ ...input, phone_number: '+1 917 555 2004' });
    expect(sent).toEqual([]);
    await expect(service.checkIn({ ...input, name: 'Someone Else', phone_number: '917-555-2004' })).rejects.toMatchObject({
      statusCode: 409,
      message: PHONE_MESSAGES.alreadyInLine,
    });
    expect(sent).toEqual([{ shopUsername: shop.username, phone: '+19175552004', token: owner.token }]);
  });
});
