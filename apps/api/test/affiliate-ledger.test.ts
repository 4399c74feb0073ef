import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionOn } from '../src/modules/affiliates/commission-rate.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop } from './support/factories.js';
import { hooks, ledger, makeAffiliate, signupShop } from './support/affiliates.js';

const OPERATOR = 'ops@chairline.test';
let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await startTestApp({ clock: () => clock, env: { OPERATOR_EMAILS: `someone@else.test, ${OPERATOR.toUpperCase()}` } });
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const days = (n: number, from = clock) => new Date(from.getTime() + n * DAY_MS);

describe('the commission ledger', () => {
  it('computes the commission in integer minor units, rounded half up', () => {
    expect(commissionOn(2900, 20)).toBe(580);
    expect(commissionOn(999, 20)).toBe(200); // 199.8
    expect(commissionOn(1001, 12.5)).toBe(125); // 125.125
    expect(commissionOn(1004, 12.5)).toBe(126); // 125.5
    expect(commissionOn(5000, 0)).toBe(0);
  });

  it('writes one commission per paid invoice of a referred shop, even when the webhook is delivered twice', async () => {
    const a = await makeAffiliate(t.app);
    const shop = await signupShop(t.app, a.id);
    const h = hooks(t.db);
    await h.paid(shop.shopId, 'in_dup_1', 2900);
    await h.paid(shop.shopId, 'in_dup_1', 2900);
    await Promise.all([h.paid(shop.shopId, 'in_dup_2', 2900), h.paid(shop.shopId, 'in_dup_2', 2900)]);
    expect(await ledger(t.db, a.id)).toEqual([
      { kind: 'commission', amount: 580, source_key: 'invoice:in_dup_1', currency: 'usd' },
      { kind: 'commission', amount: 580, source_key: 'invoice:in_dup_2', currency: 'usd' },
    ]);
  });

  it('earns nothing for a shop nobody referred', async () => {
    const shop = await signupShop(t.app);
    await hooks(t.db).paid(shop.shopId, 'in_nobody', 2900);
    expect(await t.db.query("SELECT 1 FROM affiliate_ledger WHERE source_key = 'invoice:in_nobody'")).toEqual([]);
  });

  it('a refund writes a reversing row in proportion, once per cumulative amount', async () => {
    const a = await makeAffiliate(t.app);
    const shop = await signupShop(t.app, a.id);
    const h = hooks(t.db);
    await h.paid(shop.shopId, 'in_refund', 2900);
    await h.refunded(shop.shopId, 'in_refund', 1450); // half
    await h.refunded(shop.shopId, 'in_refund', 1450); // redelivered
    expect((await ledger(t.db, a.id)).map((r) => [r.kind, r.amount])).toEqual([
      ['commission', 580],
      ['reversal', -290],
    ]);
    await h.refunded(shop.shopId, 'in_refund', 2900); // the rest (cumulative)
    await h.refunded(shop.shopId, 'in_refund', 5000); // more than paid: capped
    await h.refunded(shop.shopId, null, 2900); // no invoice named: nothing to take back
    const rows = await ledger(t.db, a.id);
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([
      ['commission', 580],
      ['reversal', -290],
      ['reversal', -290],
    ]);
    expect(rows.reduce((n, r) => n + r.amount, 0)).toBe(0);
  });

  it('is append-only: the database refuses to change or remove a row', async () => {
    const a = await makeAffiliate(t.app);
    const shop = await signupShop(t.app, a.id);
    await hooks(t.db).paid(shop.shopId, 'in_append_only', 2900);
    await expect(t.db.query('UPDATE affiliate_ledger SET amount = 1 WHERE affiliate_id = $1', [a.id])).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM affiliate_ledger WHERE affiliate_id = $1', [a.id])).rejects.toThrow(/append-only/);
  });
});

describe('holds, balances and payouts', () => {
  const get = (who: { access: string }) => t.app.inject({ method: 'GET', url: '/api/affiliate/payouts/', headers: bearer(who) });
  const request = (who: { access: string }) => t.app.inject({ method: 'POST', url: '/api/affiliate/payouts/', headers: bearer(who) });

  it('holds a commission 30 days, then it is available; the minimum payout is 50', async () => {
    clock = new Date('2026-04-01T12:00:00Z');
    const a = await makeAffiliate(t.app);
    const shop = await signupShop(t.app, a.id);
    const paidAt = new Date('2026-04-01T10:00:00Z');
    await hooks(t.db).paid(shop.shopId, 'in_hold_1', 20_000, paidAt); // 40.00 commission
    expect((await get(a)).json().response).toMatchObject({ available: 0, pending: 40, minimum: 50, can_request: false, currency: 'usd' });

    clock = days(29, paidAt);
    expect((await get(a)).json().response).toMatchObject({ available: 0, pending: 40 });
    clock = days(30, paidAt);
    expect((await get(a)).json().response).toMatchObject({ available: 40, pending: 0, can_request: false });
    const tooLittle = await request(a);
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json()).toEqual({ status: 0, response: 'The minimum payout is $50.00; your available balance is $40.00.' });

    await hooks(t.db).paid(shop.shopId, 'in_hold_2', 5_000, new Date(clock.getTime() - 31 * DAY_MS)); // +10.00, past its hold
    expect((await get(a)).json().response).toMatchObject({ available: 50, can_request: true });
    const ok = await request(a);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().response).toMatchObject({ amount: 50, status: 'requested', reference: null });
    expect((await get(a)).json().response).toMatchObject({ available: 0, can_request: false });
    const again = await request(a);
    expect(again.statusCode).toBe(409);
  });

  it('an operator marks a payout paid with a reference or rejects it with a reason (the amount returns), each change logged', async () => {
    clock = new Date('2026-06-01T12:00:00Z');
    const a = await makeAffiliate(t.app);
    const shop = await signupShop(t.app, a.id);
    await hooks(t.db).paid(shop.shopId, 'in_operator_1', 30_000, days(-40)); // 60.00 available
    const ops = await makeShop(t.app, t.db);
    await t.db.query('UPDATE users SET email = $2 WHERE id = $1', [ops.admin.userId, OPERATOR]);
    const asOps = bearer(ops.admin);

    const first = (await request(a)).json().response as { id: number };
    const reject = await t.app.inject({ method: 'POST', url: `/api/operator/payouts/${first.id}/reject/`, headers: asOps, payload: { reason: 'PayPal address bounced' } });
    expect(reject.statusCode).toBe(200);
    expect((await get(a)).json().response).toMatchObject({ available: 60 });
    const twice = await t.app.inject({ method: 'POST', url: `/api/operator/payouts/${first.id}/paid/`, headers: asOps, payload: { reference: 'x' } });
    expect(twice.statusCode).toBe(409);

    const second = (await request(a)).json().response as { id: number };
    const blank = await t.app.inject({ method: 'POST', url: `/api/operator/payouts/${second.id}/paid/`, headers: asOps, payload: { reference: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().response).toBe('Please enter the payment reference.');
    const paid = await t.app.inject({ method: 'POST', url: `/api/operator/payouts/${second.id}/paid/`, headers: asOps, payload: { reference: 'PP-7781' } });
    expect(paid.statusCode).toBe(200);

    const summary = (await get(a)).json().response;
    expect(summary.available).toBe(0);
    expect(summary.history.map((p: { status: string; reference: string | null; reason: string | null; amount: number }) => [p.status, p.amount, p.reference, p.reason])).toEqual([
      ['paid', 60, 'PP-7781', null],
      ['rejected', 60, null, 'PayPal address bounced'],
    ]);
    const csv = await t.app.inject({ method: 'GET', url: '/api/affiliate/payouts/export/', headers: bearer(a) });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('Requested,Amount,Currency,Status,Reference,Reason,Decided');
    expect(csv.body).toContain(',60.00,USD,paid,PP-7781,,');

    const rate = await t.app.inject({ method: 'PUT', url: `/api/operator/affiliates/${a.id}/rate/`, headers: asOps, payload: { commission_percent: 25, commission_months: 24 } });
    expect(rate.statusCode).toBe(200);
    await hooks(t.db).paid(shop.shopId, 'in_operator_2', 10_000, clock);
    expect((await ledger(t.db, a.id)).find((r) => r.source_key === 'invoice:in_operator_2')?.amount).toBe(2500);

    const log = await t.db.query<{ operator_email: string; action: string; detail: Record<string, unknown> }>(
      'SELECT operator_email, action, detail FROM operator_audit_log WHERE affiliate_id = $1 ORDER BY id',
      [a.id],
    );
    expect(log.map((l) => [l.operator_email, l.action])).toEqual([
      [OPERATOR, 'payout_rejected'],
      [OPERATOR, 'payout_paid'],
      [OPERATOR, 'rate_changed'],
    ]);
    expect(log[2]?.detail).toEqual({ before: { commission_percent: 20, commission_months: 12 }, after: { commission_percent: 25, commission_months: 24 } });

    const overview = await t.app.inject({ method: 'GET', url: '/api/operator/affiliates/', headers: asOps });
    expect(overview.statusCode).toBe(200);
    const row = overview.json().response.affiliates.find((x: { id: number }) => x.id === a.id);
    expect(row).toMatchObject({ commission_percent: 25, commission_months: 24, signups: 1, paying_shops: 1, paid_out: 60, pending: 25 });
  });
});
