import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, type TestShop, unique } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function shopWithCatalogue() {
  const shop = await makeShop(t.app, t.db);
  const post = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url, headers: bearer(shop.admin), payload })).json().response.id as number;
  const haircut = await post('/api/services/', { name: 'Haircut', estimated_minutes: 30, price: 30 });
  const beard = await post('/api/services/', { name: 'Beard trim', estimated_minutes: 15, price: 15 });
  const customer = await post('/api/customers/', { name: 'Chris Client' });
  return { shop, haircut, beard, customer };
}

const createInvoice = (user: { access: string }, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/billing/create-invoice/', headers: bearer(user), payload });

describe('barber invoices', () => {
  it('a barber creates an invoice and sees it in My Invoices with its contract fields', async () => {
    const { shop, haircut, beard, customer } = await shopWithCatalogue();
    const barber = await shop.addMember('employee', 'Invoice Barber');
    const res = await createInvoice(barber, { customer, services: [haircut, beard], amount: 45, description: 'Cut and trim' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(1);
    const mine = await t.app.inject({ method: 'GET', url: '/api/billing/invoices-by-barber/', headers: bearer(barber) });
    expect(mine.json().status).toBe(1);
    expect(mine.json().response[0]).toMatchObject({
      client: 'Chris Client',
      service: 'Beard trim, Haircut',
      amount: 45,
      status: 'unpaid',
      barber: 'Invoice Barber',
    });
  });

  it('a barber sees only their own invoices', async () => {
    const { shop, haircut, customer } = await shopWithCatalogue();
    const one = await shop.addMember('employee');
    const two = await shop.addMember('employee');
    await createInvoice(one, { customer, services: [haircut], amount: 30 });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/billing/invoices-by-barber/', headers: bearer(two) });
    expect(theirs.json().response).toEqual([]);
  });

  it.each([
    [{ services: [1], amount: 10 }, 'Customer, Services & Amount are required'],
    [{ customer: 1, services: [], amount: 10 }, 'Customer, Services & Amount are required'],
    [{ customer: 1, services: [1] }, 'Customer, Services & Amount are required'],
    [{ customer: 1, services: [1], amount: '' }, 'Customer, Services & Amount are required'],
  ])('refuses %j with its user-facing message', async (payload, message) => {
    const { shop } = await shopWithCatalogue();
    const res = await createInvoice(shop.admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, response: message });
  });

  it('refuses negative amounts and more than 2 decimals, writing nothing', async () => {
    const { shop, haircut, customer } = await shopWithCatalogue();
    for (const [amount, message] of [
      [-1, 'The amount cannot be negative.'],
      [10.555, 'The amount can have at most 2 decimals.'],
      ['12.345', 'The amount can have at most 2 decimals.'],
    ] as const) {
      const res = await createInvoice(shop.admin, { customer, services: [haircut], amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().response).toBe(message);
    }
    expect(await t.db.query('SELECT 1 FROM invoices WHERE shop_id = $1', [shop.shopId])).toHaveLength(0);
  });

  it("refuses another shop's customer or service", async () => {
    const a = await shopWithCatalogue();
    const b = await shopWithCatalogue();
    const foreignCustomer = await createInvoice(a.shop.admin, { customer: b.customer, services: [a.haircut], amount: 10 });
    expect(foreignCustomer.statusCode).toBe(404);
    expect(foreignCustomer.json().response).toBe('This customer does not exist.');
    const foreignService = await createInvoice(a.shop.admin, { customer: a.customer, services: [a.haircut, b.beard], amount: 10 });
    expect(foreignService.statusCode).toBe(404);
    expect(foreignService.json().response).toBe('A chosen service does not exist.');
  });

  it('invoices a completed walk-in once, and only a completed one', async () => {
    const { shop, haircut, customer } = await shopWithCatalogue();
    const barber = await shop.addMember('employee');
    const ticket = async (status: string) =>
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO walkin_tickets (shop_id, token, party_name, status, source, barber_id)
           VALUES ($1, $2, 'W', $3, 'online', $4) RETURNING id`,
          [shop.shopId, unique('w'), status, barber.barberId],
        )
      )[0]?.id;
    const done = await ticket('done');
    const waiting = await ticket('waiting');
    expect((await createInvoice(barber, { customer, services: [haircut], amount: 30, walkin_ticket_id: done })).statusCode).toBe(200);
    const again = await createInvoice(barber, { customer, services: [haircut], amount: 30, walkin_ticket_id: done });
    expect(again.statusCode).toBe(409);
    expect(again.json().response).toBe('This walk-in already has an invoice.');
    const early = await createInvoice(barber, { customer, services: [haircut], amount: 30, walkin_ticket_id: waiting });
    expect(early.statusCode).toBe(409);
  });
});

describe('back-office invoices', () => {
  let ctx: Awaited<ReturnType<typeof shopWithCatalogue>>;
  let barber: Awaited<ReturnType<TestShop['addMember']>>;
  beforeAll(async () => {
    ctx = await shopWithCatalogue();
    barber = await ctx.shop.addMember('employee', 'Percent Barber');
    await t.db.query("UPDATE barbers SET percentage = 40, payment_cycle = 'monthly' WHERE id = $1", [barber.barberId]);
    for (const amount of [30, 20, 50]) await createInvoice(barber, { customer: ctx.customer, services: [ctx.haircut], amount });
  });

  it('lists with filters and totals; status changes follow the rules', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/invoices/?barber_id=${barber.barberId}`, headers: bearer(ctx.shop.admin) });
    expect(list.json()).toMatchObject({ total: 3, totals: { amount: 100, paid: 0, unpaid: 100 } });
    const [first, second] = list.json().response;
    const pay = (id: number, status: string) =>
      t.app.inject({ method: 'POST', url: `/api/invoices/${id}/status/`, headers: bearer(ctx.shop.admin), payload: { status } });
    expect((await pay(first.id, 'paid')).json().response.status).toBe('paid');
    expect((await pay(second.id, 'paid')).statusCode).toBe(200);
    expect((await pay(second.id, 'void')).json().response.status).toBe('void');
    const back = await pay(second.id, 'unpaid');
    expect(back.statusCode).toBe(409);
    expect(back.json().response).toBe('An invoice that is void cannot become unpaid.');
    const paid = await t.app.inject({ method: 'GET', url: '/api/invoices/?status=paid', headers: bearer(ctx.shop.admin) });
    expect(paid.json().response.map((i: { id: number }) => i.id)).toEqual([first.id]);
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await t.app.inject({ method: 'GET', url: `/api/invoices/?from=2000-01-01&to=2000-01-31`, headers: bearer(ctx.shop.admin) });
    expect(ranged.json().total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: `/api/invoices/?from=${today}&to=2000-01-01`, headers: bearer(ctx.shop.admin) });
    expect(bad.statusCode).toBe(400);
  });

  it('reports commissions per barber and pay period, and exports them as CSV', async () => {
    const report = await t.app.inject({ method: 'GET', url: '/api/invoices/commissions/', headers: bearer(ctx.shop.admin) });
    const row = report.json().response.find((r: { barber_id: number }) => r.barber_id === barber.barberId);
    const paidTotal = row.paid_total as number;
    expect(row).toMatchObject({ payment_cycle: 'monthly', percentage: 40, commission: Math.round(paidTotal * 40) / 100 });
    expect(row.period_start).toMatch(/-01$/);
    const csv = await t.app.inject({ method: 'GET', url: '/api/invoices/commissions/export/', headers: bearer(ctx.shop.admin) });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Percent Barber,monthly');
  });

  it('are for managers and admins; a barber cannot change a status or read the report', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices/', headers: bearer(barber) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices/commissions/', headers: bearer(barber) })).statusCode).toBe(403);
    const other = await makeShop(t.app, t.db);
    const list = await t.app.inject({ method: 'GET', url: '/api/invoices/', headers: bearer(other.admin) });
    expect(list.json().total).toBe(0);
  });
});
