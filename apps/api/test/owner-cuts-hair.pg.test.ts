import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './support/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, unique } from './support/factories.js';

/** On PostgreSQL the requests really run at once, each on its own connection. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LIMIT_MESSAGE = 'Your plan (BASIC PLAN) allows 2 barbers. Upgrade your plan to add more.';

describe('the owner choosing to cut hair, racing for the last seat', () => {
  it('runs on PostgreSQL', () => {
    expect(onPostgres()).toBe(true);
  });

  it('the owner turning cutting hair on and new barbers at the same moment never overrun the plan', async () => {
    const shop = await makeShop(t.app, t.db);
    const members = (await t.app.inject({ method: 'GET', url: '/api/team/team-members/', headers: bearer(shop.admin) })).json().response as {
      id: number;
      name: string;
      uemail: string;
      is_owner: boolean;
    }[];
    const owner = members.find((m) => m.is_owner);
    if (!owner) throw new Error('no owner');
    const ownerForm = (cutsHair: boolean) => ({ name: owner.name, phone_number: '5550001111', email: owner.uemail, role: 'admin', cuts_hair: cutsHair });
    expect((await t.app.inject({ method: 'PUT', url: `/api/barbers/${owner.id}/`, headers: bearer(shop.admin), payload: ownerForm(false) })).statusCode).toBe(200);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/barbers/',
      headers: bearer(shop.admin),
      payload: { name: 'First', phone_number: '5550001111', email: `${unique('f')}@example.test`, role: 'barber' },
    });
    expect(first.statusCode).toBe(200);

    // One seat left: the owner's choice and three new barbers all at once.
    const results = await Promise.all([
      t.app.inject({ method: 'PUT', url: `/api/barbers/${owner.id}/`, headers: bearer(shop.admin), payload: ownerForm(true) }),
      ...[1, 2, 3].map((i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/barbers/',
          headers: bearer(shop.admin),
          payload: { name: `Racer ${i}`, phone_number: '5550001111', email: `${unique('r')}@example.test`, role: 'barber' },
        }),
      ),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 0, response: LIMIT_MESSAGE });
    }
    const user = (await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(shop.admin) })).json().response;
    expect(user.total_barbers).toBe(2);
    const team = (await t.app.inject({ method: 'GET', url: '/api/team/team-members/', headers: bearer(shop.admin) })).json().response as { cuts_hair: boolean }[];
    expect(team.filter((m) => m.cuts_hair)).toHaveLength(2);
  });
});
