import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, type TestShop } from './support/factories.js';

let t: TestApp;
let shop: TestShop;
beforeAll(async () => {
  t = await startTestApp();
  shop = await makeShop(t.app, t.db);
});
afterAll(() => t.close());

const create = (user: { access: string }, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/services/', headers: bearer(user), payload });

describe('services', () => {
  it('are created, listed with formatted_estimated_time, updated and archived', async () => {
    const res = await create(shop.admin, { name: 'Skin fade', estimated_minutes: 75, price: 42.5 });
    expect(res.statusCode).toBe(200);
    const created = res.json().response;
    expect(created).toMatchObject({ name: 'Skin fade', estimated_minutes: 75, formatted_estimated_time: '1 h 15 min', price: 42.5 });

    const list = await t.app.inject({ method: 'GET', url: '/api/services/?timezone=UTC', headers: bearer(shop.admin) });
    expect(list.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: created.id, formatted_estimated_time: '1 h 15 min' })]));

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${created.id}/`,
      headers: bearer(shop.admin),
      payload: { name: 'Skin fade', estimated_minutes: 30, price: 40 },
    });
    expect(put.json().response).toMatchObject({ formatted_estimated_time: '30 min', price: 40 });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/services/${created.id}/`, headers: bearer(shop.admin) });
    expect(del.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/services/', headers: bearer(shop.admin) });
    expect(after.json().map((s: { id: number }) => s.id)).not.toContain(created.id);
    const archived = await t.app.inject({ method: 'GET', url: '/api/services/?include_archived=1', headers: bearer(shop.admin) });
    expect(archived.json().find((s: { id: number }) => s.id === created.id)).toMatchObject({ active: false });
  });

  it.each([
    [{ name: '', estimated_minutes: 30, price: 10 }, 'Please enter the service name.'],
    [{ name: 'Cut', estimated_minutes: 0, price: 10 }, 'The estimated time must be at least 1 minute.'],
    [{ name: 'Cut', estimated_minutes: 12.5, price: 10 }, 'The estimated time must be whole minutes.'],
    [{ name: 'Cut', estimated_minutes: 30, price: -1 }, 'The amount cannot be negative.'],
    [{ name: 'Cut', estimated_minutes: 30, price: 10.555 }, 'The amount can have at most 2 decimals.'],
    [{ name: 'Cut', estimated_minutes: 30, price: '10' }, 'Please enter an amount.'],
  ])('refuse %j with a clear message', async (payload, message) => {
    const res = await create(shop.admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, response: message });
  });

  it('are readable by a barber but changed only by managers and admins', async () => {
    const barber = await shop.addMember('employee');
    const manager = await shop.addMember('manager');
    expect((await t.app.inject({ method: 'GET', url: '/api/services/', headers: bearer(barber) })).statusCode).toBe(200);
    expect((await create(barber, { name: 'X', estimated_minutes: 10, price: 1 })).statusCode).toBe(403);
    expect((await create(manager, { name: 'X', estimated_minutes: 10, price: 1 })).statusCode).toBe(200);
  });

  it("of another shop are not found, and never listed", async () => {
    const other = await makeShop(t.app, t.db);
    const theirs = (await create(other.admin, { name: 'Secret service', estimated_minutes: 10, price: 1 })).json().response;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/services/${theirs.id}/`,
        headers: bearer(shop.admin),
        ...(method === 'PUT' ? { payload: { name: 'Mine now', estimated_minutes: 10, price: 1 } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    const mine = await t.app.inject({ method: 'GET', url: '/api/services/', headers: bearer(shop.admin) });
    expect(mine.json().map((s: { name: string }) => s.name)).not.toContain('Secret service');
    const unchanged = await t.app.inject({ method: 'GET', url: `/api/services/${theirs.id}/`, headers: bearer(other.admin) });
    expect(unchanged.json().response).toMatchObject({ name: 'Secret service', active: true });
  });

  it('answer 404 to a malformed id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/services/abc/', headers: bearer(shop.admin) });
    expect(res.statusCode).toBe(404);
  });
});
