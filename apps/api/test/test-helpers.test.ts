import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { makeShop, type TestShop } from './support/factories.js';
import { anonymous, as, makeCustomer, makeService, queueTicket } from './support/requests.js';

// The request helper and the factories go through the real routes: what they make is what the API
// lists afterwards, in the shop of the person who made it.

let t: TestApp;
let shop: TestShop;
beforeAll(async () => {
  t = await startTestApp();
  shop = await makeShop(t.app, t.db);
});
afterAll(() => t.close());

describe('test helpers', () => {
  it('as(user) signs the call in; anonymous does not', async () => {
    expect((await as(t.app, shop.admin).get('/api/services/')).statusCode).toBe(200);
    expect((await anonymous(t.app).get('/api/services/')).statusCode).toBe(401);
  });

  it('makeService, makeCustomer and queueTicket create through the API', async () => {
    const service = await makeService(t.app, shop.admin, { name: 'Beard trim' });
    const customer = await makeCustomer(t.app, shop.admin, { name: 'Ines Calder' });
    const ticket = await queueTicket(t.app, shop.username, { name: 'Ravi Kumar' });
    const services = (await as(t.app, shop.admin).get('/api/services/')).json();
    expect(services).toEqual(expect.arrayContaining([expect.objectContaining({ id: service.id, name: 'Beard trim' })]));
    const customers = (await as(t.app, shop.admin).get('/api/customers/?search=Ines')).json().response;
    expect(customers).toEqual([expect.objectContaining({ id: customer.id, name: 'Ines Calder' })]);
    const walkins = (await as(t.app, shop.admin).get('/api/walkins/')).json().response;
    expect(ticket.place).toBe(1);
    expect(walkins).toEqual([expect.objectContaining({ party_name: 'Ravi Kumar', status: 'waiting', place: 1 })]);
  });
});
