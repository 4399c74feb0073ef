import { paginated, QUEUE_MESSAGES, walkin } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, uniquePhone, type TestShop, type TestUser } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, user: { access: string }, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(user), ...(payload ? { payload } : {}) });
const get = (url: string, user: { access: string }) => t.app.inject({ method: 'GET', url, headers: bearer(user) });

async function deskAdd(shop: TestShop, user: TestUser, body: object = {}) {
  const res = await post('/api/walkins/', user, { name: 'Desk Guest', ...body });
  expect(res.statusCode).toBe(200);
  return walkin.parse(res.json().response);
}

describe('the staff walk-in board', () => {
  it('adds a walk-in at the desk (full name and phone for staff) and lists with a status filter and pages', async () => {
    const shop = await makeShop(t.app, t.db);
    const added = await deskAdd(shop, shop.admin, { name: 'Dev Howard', phone_number: '+1 718 555 0104' });
    expect(added).toMatchObject({ party_name: 'Dev Howard', phone: '+17185550104', source: 'staff', status: 'waiting', place: 1 });
    for (let i = 0; i < 3; i++) await checkIn(t.app, shop.username);
    const page1 = await get('/api/walkins/?status=waiting&page=1&page_size=3', shop.admin);
    const body = paginated(walkin).parse(page1.json());
    expect(body.total).toBe(4);
    expect(body.response.map((w) => w.place)).toEqual([1, 2, 3]);
    const page2 = paginated(walkin).parse((await get('/api/walkins/?status=waiting&page=2&page_size=3', shop.admin)).json());
    expect(page2.response.map((w) => w.place)).toEqual([4]);
    await post(`/api/walkins/${added.id}/cancel/`, shop.admin);
    const cancelled = paginated(walkin).parse((await get('/api/walkins/?status=cancelled', shop.admin)).json());
    expect(cancelled.response.map((w) => w.id)).toEqual([added.id]);
    const active = paginated(walkin).parse((await get('/api/walkins/?status=waiting,called,in_service', shop.admin)).json());
    expect(active.total).toBe(3);
    const bad = await get('/api/walkins/?status=sleeping', shop.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().response).toContain('status must be one or more of');
  });

  it('refuses a phone number already in line at the desk', async () => {
    const shop = await makeShop(t.app, t.db);
    const phone = uniquePhone();
    await checkIn(t.app, shop.username, { phone_number: phone });
    const res = await post('/api/walkins/', shop.admin, { name: 'Same Phone', phone_number: phone });
    expect(res.statusCode).toBe(409);
    expect(res.json().response).toBe(QUEUE_MESSAGES.phoneInLine);
  });

  it('walks a ticket through call, start, complete and refuses illegal transitions with 409', async () => {
    const shop = await makeShop(t.app, t.db);
    const w = await deskAdd(shop, shop.admin);
    const completeEarly = await post(`/api/walkins/${w.id}/complete/`, shop.admin);
    expect(completeEarly.statusCode).toBe(409);
    expect(completeEarly.json()).toEqual({ status: 0, response: 'This ticket is waiting, so it cannot be completed.' });
    const noShowEarly = await post(`/api/walkins/${w.id}/no-show/`, shop.admin);
    expect(noShowEarly.json().response).toBe('This ticket is waiting, so it cannot be marked as a no-show.');

    const called = await post(`/api/walkins/${w.id}/call/`, shop.admin);
    expect(called.json().response).toMatchObject({ status: 'called', barber_id: expect.any(Number), place: null });
    expect(called.json().response.called_at).not.toBeNull();
    const started = await post(`/api/walkins/${w.id}/start/`, shop.admin);
    expect(started.json().response).toMatchObject({ status: 'in_service', barber_id: called.json().response.barber_id });
    expect((await post(`/api/walkins/${w.id}/cancel/`, shop.admin)).json().response).toBe(
      'This ticket is in service, so it cannot be cancelled.',
    );
    const done = await post(`/api/walkins/${w.id}/complete/`, shop.admin);
    expect(done.json().response).toMatchObject({ status: 'done' });
    expect(done.json().response.completed_at).not.toBeNull();
    const again = await post(`/api/walkins/${w.id}/start/`, shop.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().response).toBe('This ticket is done, so it cannot be started.');
  });

  it('marks a called customer as a no-show, and cancels a waiting one', async () => {
    const shop = await makeShop(t.app, t.db);
    const a = await deskAdd(shop, shop.admin);
    const b = await deskAdd(shop, shop.admin);
    await post(`/api/walkins/${a.id}/call/`, shop.admin);
    expect((await post(`/api/walkins/${a.id}/no-show/`, shop.admin)).json().response.status).toBe('no_show');
    expect((await post(`/api/walkins/${b.id}/cancel/`, shop.admin)).json().response.status).toBe('cancelled');
  });

  it("answers 404 for another shop's ticket", async () => {
    const shop = await makeShop(t.app, t.db);
    const other = await makeShop(t.app, t.db);
    const w = await deskAdd(other, other.admin);
    expect((await get(`/api/walkins/${w.id}/`, shop.admin)).statusCode).toBe(404);
    for (const action of ['call', 'start', 'complete', 'no-show', 'cancel']) {
      const res = await post(`/api/walkins/${w.id}/${action}/`, shop.admin);
      expect(res.statusCode).toBe(404);
      expect(res.json().response).toBe(QUEUE_MESSAGES.ticketNotFound);
    }
    const list = paginated(walkin).parse((await get('/api/walkins/', shop.admin)).json());
    expect(list.response.map((x) => x.id)).not.toContain(w.id);
  });

  it('requires a signed-in staff member', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/walkins/' })).statusCode).toBe(401);
  });
});

describe('barbers see and act on their own tickets only', () => {
  it('lists tickets for them, assigned to them or for anyone; others are 404', async () => {
    const shop = await makeShop(t.app, t.db);
    const jay = await shop.addMember('employee', 'Jay Kim');
    const andre = await shop.addMember('employee', 'Andre Silva');
    const forJay = await deskAdd(shop, shop.admin, { barber_id: jay.barberId });
    const forAndre = await deskAdd(shop, shop.admin, { barber_id: andre.barberId });
    const forAnyone = await deskAdd(shop, shop.admin);
    const jayList = paginated(walkin).parse((await get('/api/walkins/', jay)).json());
    expect(jayList.response.map((w) => w.id).sort()).toEqual([forJay.id, forAnyone.id].sort());
    expect((await get(`/api/walkins/${forAndre.id}/`, jay)).statusCode).toBe(404);
    expect((await post(`/api/walkins/${forAndre.id}/call/`, jay)).statusCode).toBe(404);

    // Once Andre takes the "anyone" ticket, it is his, not Jay's.
    const called = await post(`/api/walkins/${forAnyone.id}/call/`, andre);
    expect(called.json().response.barber_id).toBe(andre.barberId);
    const after = paginated(walkin).parse((await get('/api/walkins/', jay)).json());
    expect(after.response.map((w) => w.id)).toEqual([forJay.id]);
    expect((await post(`/api/walkins/${forAnyone.id}/start/`, jay)).statusCode).toBe(404);
  });

  it('refuses a barber acting for another barber (403)', async () => {
    const shop = await makeShop(t.app, t.db);
    const jay = await shop.addMember('employee');
    const andre = await shop.addMember('employee');
    const w = await deskAdd(shop, shop.admin);
    const res = await post(`/api/walkins/${w.id}/call/`, jay, { barber_id: andre.barberId });
    expect(res.statusCode).toBe(403);
    expect(res.json().response).toBe(QUEUE_MESSAGES.ownTicketsOnly);
    expect((await post('/api/walkins/call-next/', jay, { barber_id: andre.barberId })).statusCode).toBe(403);
  });
});

describe('POST /api/walkins/call-next/', () => {
  it('calls the oldest ticket the barber can take, then the next, then says nobody is waiting', async () => {
    const shop = await makeShop(t.app, t.db);
    const jay = await shop.addMember('employee');
    const andre = await shop.addMember('employee');
    const forAndre = await deskAdd(shop, shop.admin, { barber_id: andre.barberId });
    const any1 = await deskAdd(shop, shop.admin);
    const forJay = await deskAdd(shop, shop.admin, { barber_id: jay.barberId });
    const first = await post('/api/walkins/call-next/', jay);
    expect(first.json().response).toMatchObject({ id: any1.id, status: 'called', barber_id: jay.barberId });
    const second = await post('/api/walkins/call-next/', jay);
    expect(second.json().response.id).toBe(forJay.id);
    const none = await post('/api/walkins/call-next/', jay);
    expect(none.statusCode).toBe(409);
    expect(none.json().response).toBe(QUEUE_MESSAGES.nobodyWaiting);
    const managerCall = await post('/api/walkins/call-next/', shop.admin, { barber_id: andre.barberId });
    expect(managerCall.json().response).toMatchObject({ id: forAndre.id, barber_id: andre.barberId });
  });

  it('gives a manager who is not on the floor the barber who is up', async () => {
    const shop = await makeShop(t.app, t.db);
    const manager = await shop.addMember('manager');
    const jay = await shop.addMember('employee');
    // Only Jay works the floor today.
    await t.db.query(`UPDATE barbers SET status = 'off' WHERE shop_id = $1 AND id <> $2`, [shop.shopId, jay.barberId]);
    await deskAdd(shop, shop.admin);
    const res = await post('/api/walkins/call-next/', manager);
    expect(res.json().response.barber_id).toBe(jay.barberId);
  });
});

describe('put back in line and walk-outs', () => {
  it('puts a called customer back at their place of arrival, and marks a waiting one as walked out', async () => {
    const shop = await makeShop(t.app, t.db);
    const a = await deskAdd(shop, shop.admin);
    const b = await deskAdd(shop, shop.admin);
    await post(`/api/walkins/${a.id}/call/`, shop.admin);
    expect((await get(`/api/walkins/${b.id}/`, shop.admin)).json().response.place).toBe(1);
    const back = await post(`/api/walkins/${a.id}/requeue/`, shop.admin);
    expect(back.json().response).toMatchObject({ status: 'waiting', barber_id: null, called_at: null, place: 1 });
    expect((await get(`/api/walkins/${b.id}/`, shop.admin)).json().response.place).toBe(2);
    expect((await post(`/api/walkins/${b.id}/requeue/`, shop.admin)).json().response).toBe(
      'This ticket is waiting, so it cannot be put back in line.',
    );
    const gone = await post(`/api/walkins/${b.id}/walkout/`, shop.admin);
    expect(gone.json().response.status).toBe('walkout');
    expect(gone.json().response.ended_at).not.toBeNull();
    await post(`/api/walkins/${a.id}/call/`, shop.admin);
    expect((await post(`/api/walkins/${a.id}/walkout/`, shop.admin)).statusCode).toBe(409);
  });
});
