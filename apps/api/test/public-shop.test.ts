import { publicBarber, QUEUE_MESSAGES, shopReply } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/shop/?shop_username=', () => {
  it('answers the shop (spec §3) and the check-ins of today in the shop time zone', async () => {
    const shop = await makeShop(t.app, t.db, { timezone: 'Pacific/Kiritimati' });
    await t.db.query(`UPDATE shops SET address = '1 Main St', phone_number = '+1 555 0100', bluetick = true WHERE id = $1`, [shop.shopId]);
    // Just before and just after the shop's local midnight.
    for (const [token, offset] of [
      ['before', "- interval '1 minute'"],
      ['after', "+ interval '1 second'"],
    ]) {
      await t.db.query(
        `INSERT INTO walkin_tickets (shop_id, token, party_name, status, source, checked_in_at)
         SELECT id, $2 || id, 'Earlier Guest', 'done', 'online',
                (date_trunc('day', now() AT TIME ZONE timezone) AT TIME ZONE timezone) ${offset}
           FROM shops WHERE id = $1`,
        [shop.shopId, token],
      );
    }
    await checkIn(t.app, shop.username);
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/?shop_username=${shop.username.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    const body = shopReply.parse(res.json());
    expect(body).toEqual({
      status: 1,
      response: {
        name: `Shop ${shop.username}`,
        username: shop.username,
        shop_logo: null,
        bluetick: true,
        address: '1 Main St',
        phone_number: '+1 555 0100',
        timezone: 'Pacific/Kiritimati',
        accepting_check_ins: true,
      },
      today_checkins: 2,
    });
  });

  it('answers 404 with a message for an unknown shop, 400 without a username', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/?shop_username=nobody-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.shopNotFound });
    const missing = await t.app.inject({ method: 'GET', url: '/api/shop/' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: 0, response: 'Choose a shop.' });
  });
});

describe('GET /api/barbers/?shop_username=', () => {
  it('lists the rotation barbers (spec §3 fields plus queue facts), off ones marked without a wait', async () => {
    const shop = await makeShop(t.app, t.db);
    const jay = await shop.addMember('employee', 'Jay Kim');
    const andre = await shop.addMember('employee', 'Andre Silva');
    const gone = await shop.addMember('employee', 'Gone Barber');
    await t.db.query(`UPDATE barbers SET archived_at = now(), in_rotation = false, position = NULL WHERE id = $1`, [gone.barberId]);
    await t.db.query(`UPDATE barbers SET booking_url = 'https://book.example/jay', phone_number = '+1 555 0111' WHERE id = $1`, [jay.barberId]);
    await t.app.inject({ method: 'POST', url: `/api/barbers/${andre.barberId}/status/`, headers: bearer(andre), payload: { status: 'off' } });
    await checkIn(t.app, shop.username, { barber_id: jay.barberId, phone_number: '+1 718 555 0199' });
    const res = await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${shop.username}` });
    expect(res.statusCode).toBe(200);
    const list = publicBarber.array().parse(res.json());
    expect(Object.keys(res.json()[0]).sort()).toEqual(Object.keys(publicBarber.shape).sort());
    expect(list.map((b) => b.name)).toEqual([`Owner ${shop.username}`, 'Jay Kim', 'Andre Silva']);
    expect(list.map((b) => b.position)).toEqual([0, 1, 2]);
    const jayRow = list.find((b) => b.id === jay.barberId);
    expect(jayRow).toMatchObject({
      booking_url: 'https://book.example/jay',
      phone_number: '+1 555 0111',
      status: 'available',
      waiting_count: 1,
    });
    expect(jayRow?.eta_range?.max_minutes).toBeGreaterThan(0);
    expect(list.find((b) => b.id === andre.barberId)).toMatchObject({ status: 'off', eta_range: null, waiting_count: 0 });
    // The customer's phone number never appears.
    expect(res.body).not.toContain('0199');
  });

  it('answers 404 for an unknown shop', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/barbers/?shop_username=nobody-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, response: QUEUE_MESSAGES.shopNotFound });
  });
});
