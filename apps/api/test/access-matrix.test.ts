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
/** Path parameters → a value naming an object that belongs to shop A. */
let objectIds: Record<string, string>;

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
  objectIds = { id: String(barber.barberId), token: unique('no-such-ticket-') };
});
afterAll(() => t.close());

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    const value = objectIds[name];
    if (!value) throw new Error(`No object id for path parameter :${name} in ${url}: add one to objectIds.`);
    return value;
  });
}

describe('every /api route answers each kind of caller as canAccess says', () => {
  it('knows the routes', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    expect(t.app.routeTable.map((r) => r.url)).toContain('/api/auth/get-user-data/');
  });

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

  it("never shows shop A's objects to shop B's admin: routes with an object id answer 404", async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.url.includes(':id') && canAccess('admin', r.access))) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: { authorization: `Bearer ${callers.otherShopAdmin}` },
      });
      if (res.statusCode !== 404) failures.push(`${route.method} ${route.url}: expected 404, got ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
