import { ALERT_MESSAGES } from '@chairline/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { chooseAlerts, customerCancels, joinLine, staffActs } from './support/alert-flows.js';
import { bearer, makeShop, type TestShop } from './support/factories.js';

/**
 * When alerts go out: the chosen moment (nobody ahead, two or fewer ahead, wait's lower bound
 * 15 minutes or less), called, and cancelled by the shop; each exactly once. The customer's own
 * cancel sends nothing. Email through the test mailer; the sender is drained, never awaited by time.
 */

let t: TestApp;
const now = new Date('2030-03-04T15:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ clock: () => now, turnAlerts: { worker: false, email: true } });
});
afterAll(() => t.close());

/** Mails to this address so far, after sending everything due. */
async function mailsTo(email: string) {
  await t.app.turnAlerts.drain();
  return t.mails.filter((m) => m.to === email);
}

let n = 0;
const address = () => `customer${(n += 1)}@example.test`;

describe('turn alerts go out at the chosen moment, once', () => {
  // Each test has a shop of its own, so no line carries over from another test.
  let shop: TestShop;
  let shopName: string;
  beforeEach(async () => {
    shop = await makeShop(t.app, t.db);
    shopName = `Shop ${shop.username}`;
  });

  it("'next': when nobody is ahead any more", async () => {
    const [a, b, c] = [await joinLine(t.app, shop), await joinLine(t.app, shop), await joinLine(t.app, shop)];
    const email = address();
    await chooseAlerts(t.app, c, { channel: 'email', when: 'next', email });
    expect(await mailsTo(email)).toHaveLength(0);
    await customerCancels(t.app, a);
    expect(await mailsTo(email)).toHaveLength(0);
    await customerCancels(t.app, b);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([ALERT_MESSAGES.next(shopName)]);
    expect(mails[0]?.text).toContain(`http://chairline.test/shop/${shop.username}/ticket/${c}`);
    expect(mails[0]?.text).toContain(`http://chairline.test/api/check-in/${c}/alerts/off/`);
    // Later changes of the line send nothing more.
    await joinLine(t.app, shop);
    expect(await mailsTo(email)).toHaveLength(1);
    await customerCancels(t.app, c);
  });

  it("'two_ahead': when two or fewer are ahead", async () => {
    const tokens = [];
    for (let i = 0; i < 4; i += 1) tokens.push(await joinLine(t.app, shop));
    const [a, b, , d] = tokens as [string, string, string, string];
    const email = address();
    await chooseAlerts(t.app, d, { channel: 'email', when: 'two_ahead', email });
    expect(await mailsTo(email)).toHaveLength(0);
    await customerCancels(t.app, a);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([ALERT_MESSAGES.twoAhead(shopName, 2)]);
    await customerCancels(t.app, b);
    expect(await mailsTo(email)).toHaveLength(1);
    for (const token of tokens.slice(2)) await customerCancels(t.app, token);
  });

  it("'fifteen_minutes': when the wait's lower bound is 15 minutes or less", async () => {
    const service = await t.app.inject({
      method: 'POST',
      url: '/api/services/',
      headers: bearer(shop.admin),
      payload: { name: 'Beard trim', estimated_minutes: 10, price: 15 },
    });
    const serviceIds = [service.json<{ response: { id: number } }>().response.id];
    // One barber, 10 minutes each: the fourth waits 30 (shown 20–40), the third 20 (15–25).
    const tokens = [];
    for (let i = 0; i < 4; i += 1) tokens.push(await joinLine(t.app, shop, { service_ids: serviceIds }));
    const [a, , , d] = tokens as [string, string, string, string];
    const before = (await t.app.inject({ method: 'GET', url: `/api/check-in/${d}/` })).json().response;
    expect(before.eta_range).toEqual({ min_minutes: 20, max_minutes: 40 });
    const email = address();
    await chooseAlerts(t.app, d, { channel: 'email', when: 'fifteen_minutes', email });
    expect(await mailsTo(email)).toHaveLength(0);
    await customerCancels(t.app, a);
    const after = (await t.app.inject({ method: 'GET', url: `/api/check-in/${d}/` })).json().response;
    expect(after).toMatchObject({ ahead: 2, eta_range: { min_minutes: 15, max_minutes: 25 } });
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([ALERT_MESSAGES.fifteenMinutes(shopName)]);
    await customerCancels(t.app, tokens[1] ?? '');
    expect(await mailsTo(email)).toHaveLength(1);
    for (const token of tokens.slice(2)) await customerCancels(t.app, token);
  });

  it('called: one alert naming the barber, none for the moment any more', async () => {
    const first = await joinLine(t.app, shop);
    const mine = await joinLine(t.app, shop);
    const email = address();
    await chooseAlerts(t.app, mine, { channel: 'email', when: 'next', email });
    await staffActs(t.app, t.db, shop, mine, 'call');
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([ALERT_MESSAGES.called(shopName, `Owner ${shop.username}`)]);
    await customerCancels(t.app, first);
    expect(await mailsTo(email)).toHaveLength(1);
    await staffActs(t.app, t.db, shop, mine, 'cancel');
  });

  it('cancelled by the shop: one alert', async () => {
    const first = await joinLine(t.app, shop);
    const mine = await joinLine(t.app, shop);
    const email = address();
    await chooseAlerts(t.app, mine, { channel: 'email', when: 'next', email });
    await staffActs(t.app, t.db, shop, mine, 'cancel');
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([ALERT_MESSAGES.shopCancelled(shopName)]);
    expect(await mailsTo(email)).toHaveLength(1);
    await customerCancels(t.app, first);
  });

  it("the customer's own cancel sends nothing", async () => {
    const first = await joinLine(t.app, shop);
    const mine = await joinLine(t.app, shop);
    const email = address();
    await chooseAlerts(t.app, mine, { channel: 'email', when: 'two_ahead', email: email });
    await customerCancels(t.app, mine);
    await customerCancels(t.app, first);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('turned off before the moment: nothing goes out', async () => {
    const first = await joinLine(t.app, shop);
    const mine = await joinLine(t.app, shop);
    const email = address();
    await chooseAlerts(t.app, mine, { channel: 'email', when: 'next', email });
    await t.app.inject({ method: 'DELETE', url: `/api/check-in/${mine}/alerts/` });
    await customerCancels(t.app, first);
    await staffActs(t.app, t.db, shop, mine, 'call');
    expect(await mailsTo(email)).toHaveLength(0);
    await staffActs(t.app, t.db, shop, mine, 'cancel');
  });
});
