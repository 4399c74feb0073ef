import { nextBarberReply, publicBarber } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoShop } from '../src/seed/demo-shop.js';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemoShop(t.db);
});
afterAll(() => t.close());

describe('the demo shop queue', () => {
  it('has a live queue today: one customer in the chair, three waiting, Marcus at the back', async () => {
    const barbers = publicBarber.array().parse((await t.app.inject({ method: 'GET', url: '/api/barbers/?shop_username=demo' })).json());
    expect(barbers.map((b) => [b.name, b.position, b.status])).toEqual([
      ['Jay Kim', 0, 'available'],
      ['Andre Silva', 1, 'available'],
      ['Marcus Reed', 2, 'busy'],
    ]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'manager@chairline.test', password: DEMO_PASSWORD },
    });
    const view = nextBarberReply.parse(
      (await t.app.inject({ method: 'GET', url: '/api/rotation/', headers: { authorization: `Bearer ${login.json().access}` } })).json(),
    ).response;
    expect(view).toMatchObject({ waiting_count: 3, in_service_count: 1 });
    expect(view.next_barber?.name).toBe('Jay Kim');
    expect(view.rotation.find((e) => e.name === 'Marcus Reed')?.current_ticket).toMatchObject({ party_name: 'Luis Ortega', status: 'in_service' });
  });
});
