import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop } from './support/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LAST_ADMIN = 'A shop needs at least one admin. Make another member an admin first.';
const removeMember = (who: { access: string }, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/team/team-members/${id}/`, headers: bearer(who) });
const editMember = (who: { access: string }, id: number, payload: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `/api/barbers/${id}/`, payload, headers: bearer(who) });
const memberFields = (email: string, role: string) => ({ name: 'Ada Admin', phone_number: '123-456-7890', email, booking_url: '', new_employee: 'false', role });
const adminCount = async (shopId: number) =>
  Number((await one<{ n: string }>(t.db, "SELECT count(*) AS n FROM memberships WHERE shop_id = $1 AND role = 'admin'", [shopId]))?.n);
const ownRow = async (shopId: number, userId: number) =>
  (await one<{ id: number }>(t.db, 'SELECT b.id FROM barbers b JOIN memberships m ON m.id = b.membership_id WHERE m.shop_id = $1 AND m.user_id = $2', [shopId, userId]))?.id ?? 0;

/** A shop whose admins are all ordinary admins (no owner flag), as after an ownership hand-over. */
async function shopWithoutOwnerFlag() {
  const shop = await makeShop(t.app, t.db);
  await t.db.query('UPDATE memberships SET is_owner = false WHERE shop_id = $1', [shop.shopId]);
  return shop;
}

describe('a shop always keeps an admin', () => {
  it('refuses removing the only admin with 409 and a message, and keeps the row', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await removeMember(shop.admin, await ownRow(shop.shopId, shop.admin.userId));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 0, response: LAST_ADMIN });
    expect(await adminCount(shop.shopId)).toBe(1);
  });

  it('refuses demoting the only admin (no owner flag) with 409, and lets them go once another admin exists', async () => {
    const shop = await shopWithoutOwnerFlag();
    const row = await ownRow(shop.shopId, shop.admin.userId);
    const demote = await editMember(shop.admin, row, memberFields(shop.admin.email, 'manager'));
    expect(demote.statusCode).toBe(409);
    expect(demote.json().response).toBe(LAST_ADMIN);
    const alone = await removeMember(shop.admin, row);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().response).toBe(LAST_ADMIN);
    expect(await adminCount(shop.shopId)).toBe(1);

    // With a second admin the usual rules apply: nobody removes themselves, but one admin may remove another.
    const second = await shop.addMember('admin');
    const self = await removeMember(shop.admin, row);
    expect(self.statusCode).toBe(403);
    const other = await removeMember(shop.admin, second.barberId);
    expect(other.statusCode).toBe(200);
    expect(await adminCount(shop.shopId)).toBe(1);
  });

  it('leaves one admin when two admins remove each other at the same moment', async () => {
    const shop = await shopWithoutOwnerFlag();
    const second = await shop.addMember('admin');
    const firstRow = await ownRow(shop.shopId, shop.admin.userId);
    const [a, b] = await Promise.all([removeMember(shop.admin, second.barberId), removeMember(second, firstRow)]);
    const codes = [a.statusCode, b.statusCode].sort();
    // One removal wins; the other is refused, as the last admin (409) or because its caller is gone (401).
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    expect(await adminCount(shop.shopId)).toBe(1);
  });

  it("never touches another shop's admins", async () => {
    const mine = await makeShop(t.app, t.db);
    const theirs = await makeShop(t.app, t.db);
    const res = await removeMember(mine.admin, await ownRow(theirs.shopId, theirs.admin.userId));
    expect(res.statusCode).toBe(404);
    expect(await adminCount(theirs.shopId)).toBe(1);
  });
});
