import { canAccess, type Role } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { makeShop, unique } from './support/factories.js';

/**
 * Walks every /api route the router knows, for each kind of caller, and checks the answer against
 * the shared canAccess rule. A new route needs an access rule (the server refuses to start without
 * one) and, if its path has parameters, an entry in `objectIds` below naming an object of shop A.
 */
let t: TestApp;
let callers: Record<'visitor' | 'barber' | 'manager' | 'admin' | 'affiliate' | 'otherShopAdmin', string | null>;
const roleOf: Record<keyof typeof callers, Role> = {
  visitor: 'visitor',
  barber: 'employee',
  manager: 'manager',
  admin: 'admin',
  affiliate: 'affiliate',
  otherShopAdmin: 'admin',
};
/**
 * For each resource with an `:id` in its path, an object of shop A (made in beforeAll); for other
 * path parameters, a value. A new parameterised route fails here until it gets an entry.
 */
let objectIds: Record<string, string>;
let paramValues: Record<string, string>;
/** Valid bodies for write routes with an `:id`, so the 404 is about the object, not the body. */
const sampleBodies: Record<string, object> = {
  'PUT /api/services/:id/': { name: 'Cut', estimated_minutes: 30, price: 20 },
  'PUT /api/customers/:id/': { name: 'Pat Doe' },
  'POST /api/invoices/:id/status/': { status: 'paid' },
  'POST /api/barbers/:id/status/': { status: 'break' },
  'PUT /api/appointments/:id/': { barber_id: 1, starts_at: '2030-01-07T15:00:00Z' },
};

beforeAll(async () => {
  t = await startTestApp();
  const shopA = await makeShop(t.app, t.db);
  const shopB = await makeShop(t.app, t.db);
  const barber = await shopA.addMember('employee');
  const manager = await shopA.addMember('manager');
  const affiliate = await one<{ id: number }>(
    t.db,
    `INSERT INTO affiliates (name, email, password_hash, referral_code) VALUES ('Aff', $1, 'x', $2) RETURNING id`,
    [`${unique('aff')}@example.test`, unique('ref')],
  );
  callers = {
    visitor: null,
    barber: barber.access,
    manager: manager.access,
    admin: shopA.admin.access,
    affiliate: await t.app.tokens.signAccess({ kind: 'affiliate', id: affiliate?.id ?? 0 }),
    otherShopAdmin: shopB.admin.access,
  };
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${shopA.admin.access}` }, payload });
    return String(res.json().response.id);
  };
  const serviceId = await post('/api/services/', { name: 'Cut', estimated_minutes: 30, price: 20 });
  const customerId = await post('/api/customers/', { name: 'Pat Doe' });
  // Removed by the DELETE walk; a member other than the barber caller, who must stay signed in.
  const removable = await shopA.addMember('employee');
  objectIds = {
    '/api/services/': serviceId,
    '/api/customers/': customerId,
    '/api/invoices/': await post('/api/billing/create-invoice/', { customer: customerId, services: [serviceId], amount: 20 }),
    '/api/barbers/': String(barber.barberId),
    '/api/walkins/': await post('/api/walkins/', { name: 'Walk In' }),
    '/api/team/team-members/': String(removable.barberId),
    '/api/appointments/': await post('/api/appointments/', { barber_id: barber.barberId, starts_at: '2030-01-07T15:00:00Z' }),
  };
  paramValues = { token: unique('no-such-ticket-') };
});
afterAll(() => t.close());

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    const value =
      name === 'id'
        ? Object.entries(objectIds).find(([prefix]) => url.startsWith(prefix))?.[1]
        : paramValues[name];
    if (!value) throw new Error(`No object for path parameter :${name} in ${url}: add one to objectIds or paramValues.`);
    return value;
  });
}

describe('every /api route answers each kind of caller as canAccess says', () => {
  it('knows the routes', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    expect(t.app.routeTable.map((r) => r.url)).toContain('/api/auth/get-user-data/');
  });

  it("never shows shop A's objects to shop B's admin: routes with an object id answer 404", async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.url.includes(':id') && canAccess('admin', r.access))) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: { authorization: `Bearer ${callers.otherShopAdmin}` },
        payload: sampleBodies[`${route.method} ${route.url}`],
      });
      if (res.statusCode !== 404) {
        failures.push(`${route.method} ${route.url}: expected 404, got ${res.statusCode} (a write route may need a sampleBodies entry)`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("finds shop A's objects for shop A's admin, so the 404s above are about the shop", async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.method === 'GET' && r.url.includes(':id') && canAccess('admin', r.access))) {
      const res = await t.app.inject({ method: 'GET', url: concreteUrl(route.url), headers: { authorization: `Bearer ${callers.admin}` } });
      if (res.statusCode !== 200) failures.push(`GET ${concreteUrl(route.url)}: expected 200, got ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  // Last: it calls DELETE routes as permitted callers, which removes shop A's objects.
  it('admits, refuses (401 for visitors, 403 for others) exactly as the rule says', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      for (const [caller, token] of Object.entries(callers) as [keyof typeof callers, string | null][]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
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
