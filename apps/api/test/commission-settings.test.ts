import { COMMISSION_MESSAGES } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, type TestShop } from './support/factories.js';

/**
 * Commission maths per pay period: each person's cycle and percentage, periods counted from the
 * shop's first pay-period day in the shop's time zone, the last complete period by default, and
 * only the people who earn commission. The clock is pinned: Monday 23 November 2026, 10 PM in
 * New York (already Tuesday in UTC).
 */
const NOW = new Date('2026-11-24T03:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: () => NOW });
});
afterAll(() => t.close());

type Who = { access: string };
interface Row {
  barber_id: number;
  barber: string;
  payment_cycle: string;
  percentage: number;
  period_start: string;
  period_end: string;
  invoices: number;
  paid_total: number;
  commission: number;
}

const report = async (who: Who, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/invoices/commissions/${query}`, headers: bearer(who) });
  expect(res.statusCode).toBe(200);
  return res.json().response as Row[];
};
const settings = (who: Who) => t.app.inject({ method: 'GET', url: '/api/commissions/settings/', headers: bearer(who) });
const setMember = (who: Who, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/commissions/members/${id}/`, headers: bearer(who), payload });
const setStart = (who: Who, payload: object) => t.app.inject({ method: 'PUT', url: '/api/commissions/settings/', headers: bearer(who), payload });

/** A paid (or other) invoice of `barberId` at a given instant. */
async function invoice(shop: TestShop, barberId: number, dollars: number, at: string, status = 'paid') {
  await t.db.query('INSERT INTO invoices (shop_id, barber_id, amount_cents, status, created_at) VALUES ($1, $2, $3, $4, $5)', [
    shop.shopId,
    barberId,
    Math.round(dollars * 100),
    status,
    at,
  ]);
}

async function ownerId(shop: TestShop): Promise<number> {
  const team = (await t.app.inject({ method: 'GET', url: '/api/team/team-members/', headers: bearer(shop.admin) })).json().response as {
    id: number;
    is_owner: boolean;
  }[];
  return team.find((m) => m.is_owner)?.id ?? 0;
}

describe('the commission report', () => {
  it('defaults to each person’s last complete pay period, counted in the shop’s time zone', async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'America/New_York' });
    const weekly = await shop.addMember('employee', 'Wes Weekly');
    const twice = await shop.addMember('employee', 'Tia Twice');
    expect((await setMember(shop.admin, weekly.barberId, { payment_cycle: 'weekly', percentage: 40 })).statusCode).toBe(200);
    expect((await setMember(shop.admin, twice.barberId, { payment_cycle: 'semimonthly', percentage: '12.5' })).statusCode).toBe(200);

    // Weekly, Monday to Sunday in New York: the last complete week is 16–22 November.
    await invoice(shop, weekly.barberId, 30, '2026-11-16T05:30:00Z'); // Mon 16th, 00:30 in New York
    await invoice(shop, weekly.barberId, 100, '2026-11-23T04:30:00Z'); // Sun 22nd, 23:30 in New York (Monday in UTC)
    await invoice(shop, weekly.barberId, 20, '2026-11-20T15:00:00Z', 'unpaid'); // not paid: no commission
    await invoice(shop, weekly.barberId, 50, '2026-11-23T15:00:00Z'); // this week: not complete yet
    await invoice(shop, weekly.barberId, 70, '2026-11-16T04:30:00Z'); // Sun 15th in New York: the week before
    // Twice a month: the last complete period is 1–15 November.
    await invoice(shop, twice.barberId, 99.99, '2026-11-16T04:59:00Z'); // 15th, 23:59 in New York

    const rows = await report(shop.admin);
    expect(rows.find((r) => r.barber_id === weekly.barberId)).toEqual({
      barber_id: weekly.barberId,
      barber: 'Wes Weekly',
      payment_cycle: 'weekly',
      percentage: 40,
      period_start: '2026-11-16',
      period_end: '2026-11-22',
      invoices: 2,
      paid_total: 130,
      commission: 52,
    });
    // 12.5 % of $99.99 is $12.49875: rounded to the cent.
    expect(rows.find((r) => r.barber_id === twice.barberId)).toMatchObject({
      period_start: '2026-11-01',
      period_end: '2026-11-15',
      invoices: 1,
      paid_total: 99.99,
      percentage: 12.5,
      commission: 12.5,
    });

    // A chosen day gives the period containing it; a range is the same for everyone.
    const thisWeek = (await report(shop.admin, '?date=2026-11-23')).find((r) => r.barber_id === weekly.barberId);
    expect(thisWeek).toMatchObject({ period_start: '2026-11-23', period_end: '2026-11-29', paid_total: 50, commission: 20 });
    const range = (await report(shop.admin, '?from=2026-11-15&to=2026-11-16')).find((r) => r.barber_id === weekly.barberId);
    expect(range).toMatchObject({ period_start: '2026-11-15', period_end: '2026-11-16', invoices: 2, paid_total: 100 });

    // The CSV carries the same default period.
    const csv = await t.app.inject({ method: 'GET', url: '/api/invoices/commissions/export/', headers: bearer(shop.admin) });
    expect(csv.body).toContain('Wes Weekly,weekly,2026-11-16,2026-11-22,2,130.00,40,52.00');
  });

  it('counts periods from the first day the shop chose: weeks from a Saturday, months from the 10th', async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'America/New_York' });
    const weekly = await shop.addMember('employee', 'Sam Saturday');
    const monthly = await shop.addMember('employee', 'Mo Monthly');
    const biweekly = await shop.addMember('employee', 'Bea Biweekly');
    await setMember(shop.admin, weekly.barberId, { payment_cycle: 'weekly', percentage: 50 });
    await setMember(shop.admin, monthly.barberId, { payment_cycle: 'monthly', percentage: 60 });
    await setMember(shop.admin, biweekly.barberId, { payment_cycle: 'biweekly', percentage: 45 });
    const saved = await setStart(shop.admin, { pay_period_start: '2026-01-10' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().response.pay_period_start).toBe('2026-01-10');

    await invoice(shop, weekly.barberId, 40, '2026-11-14T17:00:00Z'); // Sat 14th: first day of the last week
    await invoice(shop, weekly.barberId, 80, '2026-11-21T17:00:00Z'); // Sat 21st: this week
    await invoice(shop, monthly.barberId, 200, '2026-10-10T14:00:00Z'); // 10 October: first day of the last month
    await invoice(shop, monthly.barberId, 300, '2026-11-10T14:00:00Z'); // 10 November: this month
    await invoice(shop, biweekly.barberId, 10, '2026-11-07T17:00:00Z');

    const rows = await report(shop.admin);
    const of = (id: number) => rows.find((r) => r.barber_id === id);
    expect(of(weekly.barberId)).toMatchObject({ period_start: '2026-11-14', period_end: '2026-11-20', paid_total: 40, commission: 20 });
    expect(of(monthly.barberId)).toMatchObject({ period_start: '2026-10-10', period_end: '2026-11-09', paid_total: 200, commission: 120 });
    // Two weeks from Saturday 10 January: 14–27 November is running, 31 October–13 November the last complete one.
    expect(of(biweekly.barberId)).toMatchObject({ period_start: '2026-10-31', period_end: '2026-11-13', paid_total: 10, commission: 4.5 });

    const read = (await settings(shop.admin)).json().response;
    expect(read.today).toBe('2026-11-23');
    expect(read.members.find((m: { barber_id: number }) => m.barber_id === monthly.barberId)).toMatchObject({
      payment_cycle: 'monthly',
      percentage: 60,
      last_period_start: '2026-10-10',
      last_period_end: '2026-11-09',
    });
  });

  it('lists only people who earn commission: barbers and an owner who cuts hair, not a manager at the desk', async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'America/New_York' });
    const owner = await ownerId(shop);
    const barber = await shop.addMember('employee', 'Bo Barber');
    const manager = await shop.addMember('manager', 'Mia Desk');
    // The manager works the front desk: out of the rotation, so not a barber.
    const left = await t.app.inject({ method: 'POST', url: '/api/rotation/leave/', headers: bearer(shop.admin), payload: { barber_id: manager.barberId } });
    expect(left.statusCode).toBe(200);
    const admin = await shop.addMember('admin', 'Ada Admin');
    await t.app.inject({ method: 'POST', url: '/api/rotation/leave/', headers: bearer(shop.admin), payload: { barber_id: admin.barberId } });

    expect((await report(shop.admin)).map((r) => r.barber_id).sort()).toEqual([owner, barber.barberId].sort());
    const earners = (await settings(shop.admin)).json().response.members as { barber_id: number; is_owner: boolean }[];
    expect(earners.map((m) => m.barber_id).sort()).toEqual([owner, barber.barberId].sort());

    // The owner stops cutting hair: off the report, unless they were paid for cuts in the period shown.
    const off = await t.app.inject({ method: 'POST', url: '/api/rotation/leave/', headers: bearer(shop.admin), payload: { barber_id: owner } });
    expect(off.statusCode).toBe(200);
    expect((await report(shop.admin)).map((r) => r.barber_id)).toEqual([barber.barberId]);
    await invoice(shop, owner, 60, '2026-11-18T15:00:00Z');
    expect((await report(shop.admin)).find((r) => r.barber_id === owner)).toMatchObject({ paid_total: 60, commission: 30 });
    expect((await report(shop.admin, '?date=2026-11-23')).map((r) => r.barber_id)).toEqual([barber.barberId]);
  });

  it('a new barber starts at 50 % weekly, whoever adds them', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/barbers/',
      headers: bearer(shop.admin),
      payload: { name: 'Nina New', phone_number: '5550001111', email: `nina-${shop.username}@example.test`, role: 'barber' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ percentage: 50, payment_cycle: 'weekly' });
  });
});

describe('commission settings', () => {
  it('refuses bad values with clear messages and changes nothing', async () => {
    const shop = await makeShop(t.app, t.db);
    const owner = await ownerId(shop);
    const cases: [object, string][] = [
      [{ payment_cycle: 'weekly', percentage: 100.5 }, COMMISSION_MESSAGES.percentageRange],
      [{ payment_cycle: 'weekly', percentage: -1 }, COMMISSION_MESSAGES.percentageRange],
      [{ payment_cycle: 'weekly', percentage: 12.345 }, COMMISSION_MESSAGES.percentageDecimals],
      [{ payment_cycle: 'weekly', percentage: '12.345' }, COMMISSION_MESSAGES.percentageDecimals],
      [{ payment_cycle: 'weekly', percentage: 'half' }, COMMISSION_MESSAGES.percentageNumber],
      [{ payment_cycle: 'weekly', percentage: '' }, COMMISSION_MESSAGES.percentageNumber],
      [{ payment_cycle: 'weekly' }, COMMISSION_MESSAGES.percentageNumber],
      [{ payment_cycle: 'daily', percentage: 10 }, COMMISSION_MESSAGES.cycle],
    ];
    for (const [payload, message] of cases) {
      const res = await setMember(shop.admin, owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ status: 0, response: message });
    }
    for (const bad of ['2026-13-01', 'next monday', '']) {
      const res = await setStart(shop.admin, { pay_period_start: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 0, response: COMMISSION_MESSAGES.startDate });
    }
    const read = (await settings(shop.admin)).json().response;
    expect(read).toMatchObject({ pay_period_start: '2024-01-01', can_edit: true });
    expect(read.members[0]).toMatchObject({ barber_id: owner, percentage: 50, payment_cycle: 'weekly' });
    // Two decimals are fine, from 0 to 100 inclusive.
    for (const percentage of [0, 100, 33.33, '7.5']) {
      expect((await setMember(shop.admin, owner, { payment_cycle: 'semimonthly', percentage })).statusCode).toBe(200);
    }
  });

  it('only admins change them; managers read them; barbers and other shops get nothing', async () => {
    const shop = await makeShop(t.app, t.db);
    const barber = await shop.addMember('employee');
    const manager = await shop.addMember('manager');
    const read = await settings(manager);
    expect(read.statusCode).toBe(200);
    expect(read.json().response.can_edit).toBe(false);
    for (const res of [await setMember(manager, barber.barberId, { payment_cycle: 'monthly', percentage: 70 }), await setStart(manager, { pay_period_start: '2026-11-02' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 0, response: COMMISSION_MESSAGES.adminsOnly });
    }
    expect((await settings(barber)).statusCode).toBe(403);
    expect((await setMember(barber, barber.barberId, { payment_cycle: 'monthly', percentage: 100 })).statusCode).toBe(403);

    // The team form still carries the fields: a manager may send them unchanged, not change them.
    const team = (await t.app.inject({ method: 'GET', url: '/api/team/team-members/', headers: bearer(manager) })).json().response as {
      id: number;
      name: string;
      uemail: string;
      phone_number: string;
      percentage: number;
      payment_cycle: string;
    }[];
    const record = team.find((m) => m.id === barber.barberId);
    const put = (percentage: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/barbers/${barber.barberId}/`,
        headers: bearer(manager),
        payload: { name: record?.name, phone_number: '5550001111', email: record?.uemail, role: 'barber', payment_cycle: record?.payment_cycle, percentage },
      });
    expect((await put(record?.percentage ?? 0)).statusCode).toBe(200);
    const raised = await put(90);
    expect(raised.statusCode).toBe(403);
    expect(raised.json()).toEqual({ status: 0, response: COMMISSION_MESSAGES.adminsOnly });

    const other = await makeShop(t.app, t.db);
    const foreign = await setMember(other.admin, barber.barberId, { payment_cycle: 'monthly', percentage: 10 });
    expect(foreign.statusCode).toBe(404);
    expect((await settings(shop.admin)).json().response.members.find((m: { barber_id: number }) => m.barber_id === barber.barberId)).toMatchObject({
      percentage: 50,
      payment_cycle: 'weekly',
    });
  });
});
