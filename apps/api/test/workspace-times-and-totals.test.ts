import { publicTicket, sessionUser, walkin } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop } from './support/factories.js';

// What the barber workspace and the ticket page need from the server: the shop's time zone (every
// time is shown on the shop's clock) and the ticket's services' total (Complete pre-fills the invoice).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, user: { access: string }, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(user), ...(payload ? { payload } : {}) });

async function addService(user: { access: string }, name: string, price: number): Promise<number> {
  const res = await post('/api/services/', user, { name, estimated_minutes: 30, price });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response.id as number;
}

describe('the shop time zone reaches the screens', () => {
  it("is in the session user and in the customer's ticket", async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'Europe/London' });
    const barber = await shop.addMember('employee', 'Nia Cole');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(barber) });
    expect(me.statusCode).toBe(200);
    expect(sessionUser.parse(me.json().response).shop_time_zone).toBe('Europe/London');

    const joined = await checkIn(t.app, shop.username);
    expect(joined.statusCode, joined.body).toBe(200);
    const ticket = publicTicket.parse(joined.json().response);
    expect(ticket.shop_time_zone).toBe('Europe/London');
    const again = await t.app.inject({ method: 'GET', url: `/api/check-in/${ticket.token}/` });
    expect(again.statusCode, again.body).toBe(200);
    expect(publicTicket.parse(again.json().response).shop_time_zone).toBe('Europe/London');
  });

  it('is UTC while the saved zone is not recognised', async () => {
    const shop = await makeShop(t.app, t.db);
    await t.db.query("UPDATE shops SET timezone = 'Atlantis/Lost_City' WHERE id = $1", [shop.shopId]);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(shop.admin) });
    expect(sessionUser.parse(me.json().response).shop_time_zone).toBe('UTC');
  });
});

describe("a completed walk-in carries its services' total", () => {
  it('sums the prices of the chosen services (cents exact), and is 0 without services', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee', 'Dee Park');
    const cut = await addService(shop.admin, 'Skin fade', 32.5);
    const beard = await addService(shop.admin, 'Beard trim', 15.25);
    const joined = await checkIn(t.app, shop.username, { barber_id: barber.barberId, service_ids: [cut, beard] });
    expect(joined.statusCode, joined.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/walkins/?status=waiting', headers: bearer(barber) });
    const [waiting] = list.json().response as unknown[];
    const ticket = walkin.parse(waiting);
    expect(ticket.services_total).toBe(47.75);

    expect((await post(`/api/walkins/${ticket.id}/start/`, barber)).statusCode).toBe(200);
    const done = await post(`/api/walkins/${ticket.id}/complete/`, barber);
    expect(done.statusCode, done.body).toBe(200);
    const completed = walkin.parse(done.json().response);
    expect(completed.status).toBe('done');
    expect(completed.services_total).toBe(47.75);

    const bare = await checkIn(t.app, shop.username, { barber_id: barber.barberId });
    const bareList = await t.app.inject({ method: 'GET', url: '/api/walkins/?status=waiting', headers: bearer(barber) });
    const bareTicket = (bareList.json().response as unknown[]).map((w) => walkin.parse(w)).find((w) => w.token === bare.json().response.token);
    expect(bareTicket?.services_total).toBe(0);
  });
});
