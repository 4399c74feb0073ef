import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, type TestShop } from './support/factories.js';

let t: TestApp;
let shop: TestShop;
beforeAll(async () => {
  t = await startTestApp();
  shop = await makeShop(t.app, t.db);
  for (const [name, phone, email] of [
    ['Zed Adams', '+1 718 555 0001', 'zed@example.test'],
    ['Amy Brown', '+1 718 555 0002', ''],
    ['Bob Clark', '', 'bob@example.test'],
  ]) {
    await t.app.inject({ method: 'POST', url: '/api/customers/', headers: bearer(shop.admin), payload: { name, phone, email } });
  }
});
afterAll(() => t.close());

const list = (query: string, user = shop.admin) =>
  t.app.inject({ method: 'GET', url: `/api/customers/${query}`, headers: bearer(user) });

describe('customers', () => {
  it('are listed under response with total, paginated and ordered', async () => {
    const page1 = await list('?page=1&page_size=2&ordering=name');
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ status: 1, total: 3 });
    expect(page1.json().response.map((c: { name: string }) => c.name)).toEqual(['Amy Brown', 'Bob Clark']);
    const page2 = await list('?page=2&page_size=2&ordering=name');
    expect(page2.json().response.map((c: { name: string }) => c.name)).toEqual(['Zed Adams']);
    const desc = await list('?ordering=-name');
    expect(desc.json().response[0].name).toBe('Zed Adams');
  });

  it('are found by name, email or phone digits', async () => {
    expect((await list('?search=amy')).json().response.map((c: { name: string }) => c.name)).toEqual(['Amy Brown']);
    expect((await list('?search=BOB@')).json().total).toBe(1);
    expect((await list('?search=(718) 555-0001')).json().response[0].name).toBe('Zed Adams');
    expect((await list('?search=%25')).json().total).toBe(0);
  });

  it('refuse bad list parameters with a message', async () => {
    const res = await list('?ordering=password');
    expect(res.statusCode).toBe(400);
    expect(res.json().response).toMatch(/ordering must be one of/);
    expect((await list('?page_size=1000')).json().response).toBe('page_size must be between 1 and 100');
  });

  it('show visits, spend and history', async () => {
    const c = (await list('?search=Amy')).json().response[0];
    await t.db.query(
      `INSERT INTO walkin_tickets (shop_id, token, customer_id, party_name, status, source, completed_at)
       VALUES ($1, $3, $2, 'Amy', 'done', 'online', now())`,
      [shop.shopId, c.id, `hist-${c.id}`],
    );
    await t.db.query("INSERT INTO invoices (shop_id, customer_id, amount_cents, status) VALUES ($1, $2, 2550, 'paid')", [
      shop.shopId,
      c.id,
    ]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/customers/${c.id}/`, headers: bearer(shop.admin) });
    expect(detail.json().response).toMatchObject({ visits: 1, total_spent: 25.5 });
    expect(detail.json().response.history.map((h: { kind: string }) => h.kind).sort()).toEqual(['invoice', 'walkin']);
  });

  it('refuse a duplicate phone number with 409, and invalid fields with 400', async () => {
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: bearer(shop.admin),
      payload: { name: 'Other', phone: '+1 718 555 0001' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().response).toBe('A customer with this phone number already exists.');
    const bad = await t.app.inject({ method: 'POST', url: '/api/customers/', headers: bearer(shop.admin), payload: { name: ' ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().response).toBe('Please enter the customer name.');
  });

  it('export as CSV, defused against spreadsheet formulas', async () => {
    await t.app.inject({ method: 'POST', url: '/api/customers/', headers: bearer(shop.admin), payload: { name: '=HYPERLINK("x")' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/customers/export/', headers: bearer(shop.admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Phone,Email,Visits,Total spent,Last visit,Customer since,Notes');
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).toContain('Zed Adams,+17185550001,'); // stored, and exported, as E.164
  });

  it("of another shop are invisible: not listed, 404 by id, not editable", async () => {
    const other = await makeShop(t.app, t.db);
    const theirs = (
      await t.app.inject({ method: 'POST', url: '/api/customers/', headers: bearer(other.admin), payload: { name: 'Hidden Person' } })
    ).json().response;
    expect((await list('?search=Hidden')).json().total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${theirs.id}/`, headers: bearer(shop.admin) })).statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${theirs.id}/`,
      headers: bearer(shop.admin),
      payload: { name: 'Taken over' },
    });
    expect(put.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/customers/${theirs.id}/`, headers: bearer(shop.admin) })).statusCode).toBe(404);
  });

  it('may be added by a barber, but edited and exported only by managers and admins', async () => {
    const barber = await shop.addMember('employee');
    const add = await t.app.inject({ method: 'POST', url: '/api/customers/', headers: bearer(barber), payload: { name: 'Chair Side' } });
    expect(add.statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${add.json().response.id}/`,
      headers: bearer(barber),
      payload: { name: 'Renamed' },
    });
    expect(put.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/export/', headers: bearer(barber) })).statusCode).toBe(403);
  });
});
