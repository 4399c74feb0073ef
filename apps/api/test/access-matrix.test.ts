import { ACTIONS, canAccess, type Action, type Role } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, unique } from './support/factories.js';

/**
 * Walks every /api route the router knows, for each kind of caller, and checks the answer against
 * the shared canAccess rule. A new route needs an access rule (the server refuses to start without
 * one) and, if its path has parameters, an entry in `objectIds` below naming an object of shop A.
 * Each test builds its own shops and objects (`world()`), so none depends on another's running order
 * or on what another removed.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Caller = 'visitor' | 'barber' | 'manager' | 'admin' | 'affiliate' | 'otherShopAdmin';
const roleOf: Record<Caller, Role> = {
  visitor: 'visitor',
  barber: 'employee',
  manager: 'manager',
  admin: 'admin',
  affiliate: 'affiliate',
  otherShopAdmin: 'admin',
};
/** Valid bodies for write routes with an `:id`, so the 404 is about the object, not the body. */
const sampleBodies: Record<string, object> = {
  'PUT /api/services/:id/': { name: 'Cut', estimated_minutes: 30, price: 20 },
  'PUT /api/customers/:id/': { name: 'Pat Doe' },
  'POST /api/invoices/:id/status/': { status: 'paid' },
  'POST /api/barbers/:id/status/': { status: 'break' },
  'PUT /api/appointments/:id/': { barber_id: 1, starts_at: '2030-01-07T15:00:00Z' },
  'PUT /api/commissions/members/:id/': { payment_cycle: 'weekly', percentage: 50 },
};

interface World {
  callers: Record<Caller, string | null>;
  /** Fills a route's path parameters with shop A's objects. */
  concreteUrl(url: string): string;
}

/**
 * Two shops, a barber and a manager of shop A, an affiliate; for each resource with an `:id` in
 * its path an object of shop A, and for other path parameters a value. A new parameterised route
 * fails here until it gets an entry.
 */
async function world(): Promise<World> {
  const shopA = await makeShop(t.app, t.db);
  const shopB = await makeShop(t.app, t.db);
  const barber = await shopA.addMember('employee');
  const manager = await shopA.addMember('manager');
  const affiliate = await one<{ id: number }>(
    t.db,
    `INSERT INTO affiliates (name, email, password_hash, referral_code) VALUES ('Aff', $1, 'x', $2) RETURNING id`,
    [`${unique('aff')}@example.test`, unique('ref')],
  );
  const callers: Record<Caller, string | null> = {
    visitor: null,
    barber: barber.access,
    manager: manager.access,
    admin: shopA.admin.access,
    affiliate: await t.app.tokens.signAccess({ kind: 'affiliate', id: affiliate?.id ?? 0 }),
    otherShopAdmin: shopB.admin.access,
  };
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(shopA.admin), payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return String(res.json().response.id);
  };
  const serviceId = await post('/api/services/', { name: 'Cut', estimated_minutes: 30, price: 20 });
  const customerId = await post('/api/customers/', { name: 'Pat Doe' });
  // Removed by the DELETE walk; a member other than the barber caller, who must stay signed in.
  const removable = await shopA.addMember('employee');
  const objectIds: Record<string, string> = {
    '/api/services/': serviceId,
    '/api/customers/': customerId,
    '/api/invoices/': await post('/api/billing/create-invoice/', { customer: customerId, services: [serviceId], amount: 20 }),
    '/api/barbers/': String(barber.barberId),
    '/api/walkins/': await post('/api/walkins/', { name: 'Walk In' }),
    '/api/team/team-members/': String(removable.barberId),
    '/api/commissions/members/': String(barber.barberId),
    '/api/appointments/': await post('/api/appointments/', { barber_id: barber.barberId, starts_at: '2030-01-07T15:00:00Z' }),
    // Operator routes: no caller here is an operator, so each is refused before the object is read.
    '/api/operator/affiliates/': String(affiliate?.id ?? 0),
    '/api/operator/payouts/': '1',
  };
  const paramValues: Record<string, string> = { token: unique('no-such-ticket-') };
  return {
    callers,
    concreteUrl: (url) =>
      url.replace(/:(\w+)/g, (_m, name: string) => {
        const value = name === 'id' ? Object.entries(objectIds).find(([prefix]) => url.startsWith(prefix))?.[1] : paramValues[name];
        if (!value) throw new Error(`No object for path parameter :${name} in ${url}: add one to objectIds or paramValues.`);
        return value;
      }),
  };
}

describe('every /api route answers each kind of caller as canAccess says', () => {
  it('knows every route with a rule of the shared role table, including the ones listed below', () => {
    const actions = Object.keys(ACTIONS);
    expect(t.app.routeTable.filter((r) => !actions.includes(r.access))).toEqual([]);
    const rules = Object.fromEntries(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    const expected: Record<string, Action> = {
      'GET /api/auth/get-user-data/': 'session',
      'GET /api/shop/': 'public',
      'POST /api/check-in/': 'public',
      'GET /api/support/': 'session',
      'GET /api/customers/': 'queue.own',
      'GET /api/customers/:id/': 'back-office',
      'GET /api/customers/export/': 'back-office',
      'POST /api/customers/import/': 'back-office',
      'POST /api/rotation/reorder/': 'queue',
      'POST /api/rotation/leave/': 'queue',
      'POST /api/rotation/join/': 'queue',
      'POST /api/barbers/': 'team.barbers',
      'PUT /api/shop/settings/': 'settings',
    };
    expect(Object.fromEntries(Object.keys(expected).map((k) => [k, rules[k]]))).toEqual(expected);
  });

  it("never shows shop A's objects to shop B's admin: routes with an object id answer 404", async () => {
    const w = await world();
    const failures: string[] = [];
    const routes = t.app.routeTable.filter((r) => r.url.includes(':id') && canAccess('admin', r.access));
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(sampleBodies).length);
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: w.concreteUrl(route.url),
        headers: { authorization: `Bearer ${w.callers.otherShopAdmin}` },
        payload: sampleBodies[`${route.method} ${route.url}`],
      });
      if (res.statusCode !== 404) {
        failures.push(`${route.method} ${route.url}: expected 404, got ${res.statusCode} (a write route may need a sampleBodies entry)`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("finds shop A's objects for shop A's admin, so the 404s above are about the shop", async () => {
    const w = await world();
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.method === 'GET' && r.url.includes(':id') && canAccess('admin', r.access))) {
      const res = await t.app.inject({ method: 'GET', url: w.concreteUrl(route.url), headers: { authorization: `Bearer ${w.callers.admin}` } });
      if (res.statusCode !== 200) failures.push(`GET ${w.concreteUrl(route.url)}: expected 200, got ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('admits, refuses (401 for visitors, 403 for others) exactly as the rule says', async () => {
    const w = await world();
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      for (const [caller, token] of Object.entries(w.callers) as [Caller, string | null][]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: w.concreteUrl(route.url),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const allowed = canAccess(roleOf[caller], route.access);
        const expected = allowed ? 'not 401/403' : caller === 'visitor' ? '401' : '403';
        const ok = allowed
          ? res.statusCode !== 401 && res.statusCode !== 403
          : res.statusCode === (caller === 'visitor' ? 401 : 403);
        if (!ok) failures.push(`${route.method} ${route.url} as ${caller}: expected ${expected}, got ${res.statusCode}`);
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} as ${caller}: server error ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('least privilege: what a barber sees of the shop', () => {
  it('a barber reads only their own support messages; managers and admins read the whole shop', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee', 'Barber Bea');
    const manager = await shop.addMember('manager', 'Manager Max');
    const send = async (who: { access: string }, subject: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/support/', headers: bearer(who), payload: { subject, message: `About ${subject}` } });
      expect(res.statusCode).toBe(200);
    };
    await send(shop.admin, 'Owner billing question');
    await send(manager, 'Manager rota question');
    await send(barber, 'Barber login question');
    const subjects = async (who: { access: string }) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/support/', headers: bearer(who) });
      expect(res.statusCode).toBe(200);
      return (res.json().response as { subject: string }[]).map((m) => m.subject).sort();
    };
    expect(await subjects(barber)).toEqual(['Barber login question']);
    const all = ['Barber login question', 'Manager rota question', 'Owner billing question'];
    expect(await subjects(manager)).toEqual(all);
    expect(await subjects(shop.admin)).toEqual(all);
  });

  it('a barber gets only the fields the invoice form needs: id, name and the phone masked', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: bearer(shop.admin),
      payload: { name: 'Pat Doe', phone: '+19175551001', email: 'pat@example.test', notes: 'Prefers scissors' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().response.id as number;

    const asBarber = await t.app.inject({ method: 'GET', url: '/api/customers/?page_size=100&ordering=name', headers: bearer(barber) });
    expect(asBarber.statusCode).toBe(200);
    expect(asBarber.json()).toEqual({ status: 1, response: [{ id, name: 'Pat Doe', phone: '•••• 1001' }], total: 1 });
    // Searching by phone or email would tell a barber who has that number or address: names only.
    for (const search of ['5551001', 'pat@example']) {
      const found = await t.app.inject({ method: 'GET', url: `/api/customers/?search=${encodeURIComponent(search)}`, headers: bearer(barber) });
      expect(found.json()).toMatchObject({ response: [], total: 0 });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/?search=pat', headers: bearer(barber) })).json().total).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${id}/`, headers: bearer(barber) })).statusCode).toBe(403);

    for (const staff of [shop.admin, await shop.addMember('manager')]) {
      const full = await t.app.inject({ method: 'GET', url: '/api/customers/?search=5551001', headers: bearer(staff) });
      expect(full.json().response).toEqual([
        expect.objectContaining({ id, name: 'Pat Doe', phone: '+19175551001', email: 'pat@example.test', notes: 'Prefers scissors' }),
      ]);
      expect((await t.app.inject({ method: 'GET', url: `/api/customers/${id}/`, headers: bearer(staff) })).json().response.email).toBe('pat@example.test');
    }
  });
});
