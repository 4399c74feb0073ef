import { ROTATION_MEMBERSHIP_MESSAGES } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, unique, type TestShop } from './support/factories.js';

/**
 * Whether the owner cuts hair is a choice on their team record (`cuts_hair`). The team list, the
 * session's total_barbers (usage bars), the plan's barber limit, the rotation, the public and
 * Barbers page list and the commission report all count the same people.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LIMIT_MESSAGE = 'Your plan (BASIC PLAN) allows 2 barbers. Upgrade your plan to add more.';
type Who = { access: string };
interface Member {
  id: number;
  name: string;
  uemail: string;
  phone_number: string;
  role: string;
  is_owner: boolean;
  cuts_hair: boolean;
  position: number | null;
}

const team = async (who: Who) =>
  (await t.app.inject({ method: 'GET', url: '/api/team/team-members/', headers: bearer(who) })).json().response as Member[];
const ownerOf = async (shop: TestShop) => (await team(shop.admin)).find((m) => m.is_owner) as Member;
const setCutsHair = async (who: Who, member: Member, cutsHair: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/barbers/${member.id}/`,
    headers: bearer(who),
    payload: { name: member.name, phone_number: member.phone_number || '5550001111', email: member.uemail, role: member.role, cuts_hair: cutsHair },
  });
const addBarber = (who: Who) =>
  t.app.inject({
    method: 'POST',
    url: '/api/barbers/',
    headers: bearer(who),
    payload: { name: unique('Barber '), phone_number: '5550001111', email: `${unique('b')}@example.test`, role: 'barber' },
  });

/** The five counts that must agree: team barbers, usage bar, rotation, public/Barbers list, commission report. */
async function counts(shop: TestShop) {
  const members = await team(shop.admin);
  const user = (await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(shop.admin) })).json().response;
  const rotation = (await t.app.inject({ method: 'GET', url: '/api/rotation/', headers: bearer(shop.admin) })).json().response.rotation as { id: number }[];
  const listed = (await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` })).json() as { id: number }[];
  const commission = (await t.app.inject({ method: 'GET', url: '/api/invoices/commissions/', headers: bearer(shop.admin) })).json().response as {
    barber_id: number;
  }[];
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  return {
    team: sorted(members.filter((m) => m.cuts_hair).map((m) => m.id)),
    usage: user.total_barbers as number,
    rotation: sorted(rotation.map((e) => e.id)),
    listed: sorted(listed.map((b) => b.id)),
    commission: sorted(commission.map((r) => r.barber_id)),
  };
}

function expectAgree(c: Awaited<ReturnType<typeof counts>>, ids: number[]) {
  const expected = [...ids].sort((a, b) => a - b);
  expect(c).toEqual({ team: expected, usage: ids.length, rotation: expected, listed: expected, commission: expected });
}

describe('the owner as barber', () => {
  it('a new owner cuts hair: counted once on every screen, and a full plan refuses the next barber', async () => {
    const shop = await makeShop(t.app, t.db);
    const owner = await ownerOf(shop);
    expect(owner).toMatchObject({ cuts_hair: true, role: 'admin', position: 0 });
    expectAgree(await counts(shop), [owner.id]);

    const first = await addBarber(shop.admin);
    expect(first.statusCode).toBe(200);
    expect(first.json().response.cuts_hair).toBe(true);
    expectAgree(await counts(shop), [owner.id, first.json().response.id]);
    const refused = await addBarber(shop.admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 0, response: LIMIT_MESSAGE });
  });

  it('turning the choice off removes the owner everywhere but keeps the history; on again is refused when the plan is full', async () => {
    const shop = await makeShop(t.app, t.db);
    const owner = await ownerOf(shop);
    await t.db.query("INSERT INTO invoices (shop_id, barber_id, amount_cents, status, created_at) VALUES ($1, $2, 4000, 'paid', '2026-01-05T15:00:00Z')", [
      shop.shopId,
      owner.id,
    ]);

    const off = await setCutsHair(shop.admin, owner, false);
    expect(off.statusCode).toBe(200);
    expect(off.json().response).toMatchObject({ cuts_hair: false, position: null, role: 'admin' });
    expectAgree(await counts(shop), []);
    const events = (await t.app.inject({ method: 'GET', url: '/api/rotation/events/', headers: bearer(shop.admin) })).json().response as {
      barber_id: number;
      kind: string;
      reason: string;
    }[];
    expect(events[0]).toMatchObject({ barber_id: owner.id, kind: 'leave', reason: 'No longer cuts hair' });
    // Their past work is still theirs: the period it was in still shows it.
    const past = (await t.app.inject({ method: 'GET', url: '/api/invoices/commissions/?date=2026-01-05', headers: bearer(shop.admin) })).json().response;
    expect(past).toEqual([expect.objectContaining({ barber_id: owner.id, paid_total: 40 })]);
    const invoices = (await t.app.inject({ method: 'GET', url: '/api/invoices/', headers: bearer(shop.admin) })).json();
    expect(invoices.total).toBe(1);

    // Two barbers fill BASIC PLAN; the owner cannot start cutting hair again until a seat frees up.
    const a = (await addBarber(shop.admin)).json().response.id as number;
    const b = (await addBarber(shop.admin)).json().response.id as number;
    const on = await setCutsHair(shop.admin, owner, true);
    expect(on.statusCode).toBe(403);
    expect(on.json()).toEqual({ status: 0, response: LIMIT_MESSAGE });
    expectAgree(await counts(shop), [a, b]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/team/team-members/${b}/`, headers: bearer(shop.admin) })).statusCode).toBe(200);
    const back = await setCutsHair(shop.admin, owner, true);
    expect(back.statusCode).toBe(200);
    expect(back.json().response).toMatchObject({ cuts_hair: true, position: 1 });
    expectAgree(await counts(shop), [a, owner.id]);
  });

  it('a manager who cuts hair counts like a barber; a barber cannot stop cutting hair; only the owner changes the owner', async () => {
    const shop = await makeShop(t.app, t.db);
    const owner = await ownerOf(shop);
    expect((await setCutsHair(shop.admin, owner, false)).statusCode).toBe(200);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/barbers/',
      headers: bearer(shop.admin),
      payload: { name: 'Max Manager', phone_number: '5550001111', email: `${unique('m')}@example.test`, role: 'manager', cuts_hair: true },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().response).toMatchObject({ role: 'manager', cuts_hair: true, position: 0 });
    expectAgree(await counts(shop), [made.json().response.id]);

    const barber = (await addBarber(shop.admin)).json().response as Member;
    const refused = await setCutsHair(shop.admin, barber, false);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 0, response: ROTATION_MEMBERSHIP_MESSAGES.barberAlwaysTakesWalkins });

    const manager = await shop.addMember('manager');
    const byManager = await setCutsHair(manager, await ownerOf(shop), true);
    expect(byManager.statusCode).toBe(403);
    expect((await ownerOf(shop)).cuts_hair).toBe(false);
  });
});
