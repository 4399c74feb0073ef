import { MESSAGES, queueEvent } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, unique, type TestShop } from './support/factories.js';

/**
 * A shop's former usernames stay reserved for it and lead to it. Found by security testing: a
 * renamed shop's old username could be claimed by a new sign-up, and the old printed QR codes and
 * kiosk links then sent customers' names and phone numbers to the new owner.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const rename = async (shop: TestShop, username: string) => {
  const current = (await t.app.inject({ method: 'GET', url: '/api/shop/settings/', headers: bearer(shop.admin) })).json().response;
  return t.app.inject({
    method: 'PUT',
    url: '/api/shop/settings/',
    headers: bearer(shop.admin),
    payload: { name: current.name, username, address: current.address, phone_number: current.phone_number, timezone: current.timezone, opening_hours: current.opening_hours, pin_enabled: false },
  });
};
const signup = (shopUsername: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup/',
    payload: { name: 'New Owner', email: `${unique('new')}@example.test`, password: 'a long enough password', shop_name: 'New Cuts', shop_username: shopUsername },
  });

/** A shop renamed once: `old` is its former username, `current` the one it uses now. */
async function renamedShop() {
  const shop = await makeShop(t.app, t.db);
  const current = unique('renamed-');
  const res = await rename(shop, current);
  expect(res.statusCode).toBe(200);
  return { shop, old: shop.username, current };
}

describe("a renamed shop's former username", () => {
  it('cannot be claimed by a new sign-up: same message as a taken username', async () => {
    const { old } = await renamedShop();
    const res = await signup(old);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MESSAGES.usernameTaken });
  });

  it("cannot be taken by another shop's rename", async () => {
    const { old } = await renamedShop();
    const other = await makeShop(t.app, t.db);
    const res = await rename(other, old);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 0, response: MESSAGES.usernameTaken });
  });

  it('can be taken back by its own shop; the name it leaves becomes reserved in turn', async () => {
    const { shop, old, current } = await renamedShop();
    const back = await rename(shop, old);
    expect(back.statusCode).toBe(200);
    expect(back.json().response.username).toBe(old);
    expect((await signup(current)).statusCode).toBe(409);
    const page = await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${current}` });
    expect(page.json().response.username).toBe(old);
    // Renaming to a former name again and again keeps one shop per name.
    expect((await rename(shop, current)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${old}` })).json().response.username).toBe(current);
  });

  it('stays free for everyone while unused: a name never used signs up fine', async () => {
    const res = await signup(unique('fresh-'));
    expect(res.statusCode).toBe(200);
  });
});

describe('the public API given a former username answers for the renamed shop', () => {
  it('GET /shop/, /barbers/, /shop/services/ and /queue/', async () => {
    const { old, current } = await renamedShop();
    const page = await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${old}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().response.username).toBe(current);
    const byCurrent = await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${current}` });
    const byOld = await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${old.toUpperCase()}` });
    expect(byOld.statusCode).toBe(200);
    expect(byOld.json()).toEqual(byCurrent.json());
    expect(byOld.json()).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/services/?shop_username=${old}` })).statusCode).toBe(200);
    const queue = await t.app.inject({ method: 'GET', url: `/api/queue/?shop_username=${old}` });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().status).toBe(1);
  });

  it('POST /check-in/ joins the renamed shop, whose events reach a stream opened with the old name', async () => {
    const { shop, old, current } = await renamedShop();
    const stream = await fetch(`${base}/api/events/?shop_username=${old}`);
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream body');
    const joined = await checkIn(t.app, old, { name: 'Old Code' });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().response.shop_username).toBe(current);
    const line = await t.app.inject({ method: 'GET', url: '/api/walkins/', headers: bearer(shop.admin) });
    expect(line.json().response.map((w: { party_name: string }) => w.party_name)).toEqual(['Old Code']);
    // The stream opened with the old name hears the check-in, under the current name.
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: queue')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      text += decoder.decode(value, { stream: true });
    }
    const data = text.split('\n').find((l) => l.startsWith('data: ')) ?? '';
    expect(queueEvent.parse(JSON.parse(data.slice('data: '.length)))).toMatchObject({ kind: 'ticket', shop_username: current });
    await reader.cancel();
  });

  it('a username nobody ever had is still a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${unique('never-')}` });
    expect(res.statusCode).toBe(404);
  });
});
