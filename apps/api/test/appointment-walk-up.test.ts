import { APPOINTMENT_CUSTOMER_MESSAGES, PHONE_MESSAGES } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, type TestShop, type TestUser } from './support/factories.js';

// An appointment for someone not picked from the customer list: the name and phone typed at the
// desk find the shop's customer with that phone (however it is spelled) or make one, in the same
// transaction as the booking.

let t: TestApp;
let shop: TestShop;
let other: TestShop;
let barber: TestUser & { barberId: number };
let otherBarber: TestUser & { barberId: number };
let hour = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: { access: string }, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(user) });

/** A new free hour each time, so bookings never overlap. */
const nextStart = () => new Date(Date.UTC(2031, 0, 6, 12) + hour++ * 3_600_000).toISOString();

const book = (s: TestShop, barberId: number, extra: object) => call(s.admin, 'POST', '/api/appointments/', { barber_id: barberId, starts_at: nextStart(), ...extra });

const customersWith = async (shopId: number, phone: string) =>
  t.db.query<{ id: number; name: string }>('SELECT id, name FROM customers WHERE shop_id = $1 AND phone = $2', [shopId, phone]);
const customerCount = async (shopId: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE shop_id = $1', [shopId]))[0]?.n ?? 0;
const appointmentCount = async (shopId: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments WHERE shop_id = $1', [shopId]))[0]?.n ?? 0;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeShop(t.app, t.db, { timezone: 'America/New_York' });
  other = await makeShop(t.app, t.db);
  barber = await shop.addMember('employee', 'Marcus Cuts');
  otherBarber = await other.addMember('employee', 'Elsewhere Barber');
});
afterAll(() => t.close());

describe('a walk-up name and phone on an appointment', () => {
  it('makes a customer with the name and the E.164 phone, and the appointment and calendar show the name', async () => {
    const res = await book(shop, barber.barberId, { customer_name: '  Nina Walkup ', customer_phone: '(917) 555-2001' });
    expect(res.statusCode, res.body).toBe(200);
    const appt = res.json().response;
    expect(appt.customer).toBe('Nina Walkup');
    const made = await customersWith(shop.shopId, '+19175552001');
    expect(made).toEqual([{ id: appt.customer_id, name: 'Nina Walkup' }]);

    const day = appt.starts_at.slice(0, 10);
    const calendar = await call(shop.admin, 'GET', `/api/calendar/?from=${day}&to=${day}`);
    expect(calendar.statusCode).toBe(200);
    const entry = calendar.json().response.find((e: { kind: string; id: number }) => e.kind === 'appointment' && e.id === appt.id);
    expect(entry.title).toBe('Nina Walkup');
  });

  it('matches the existing customer however the phone is spelled, keeping their name on file', async () => {
    const made = await call(shop.admin, 'POST', '/api/customers/', { name: 'Omar On File', phone: '+1 917 555 2002' });
    expect(made.statusCode, made.body).toBe(200);
    const customerId = made.json().response.id;
    const before = await customerCount(shop.shopId);
    for (const spelling of ['9175552002', '(917) 555-2002', '+19175552002', '0019175552002', '1-917-555-2002']) {
      const res = await book(shop, barber.barberId, { customer_name: 'Omar typed differently', customer_phone: spelling });
      expect(res.statusCode, `${spelling}: ${res.body}`).toBe(200);
      expect(res.json().response).toMatchObject({ customer_id: customerId, customer: 'Omar On File' });
    }
    expect(await customerCount(shop.shopId)).toBe(before);
  });

  it("never matches another shop's customer with the same phone: this shop gets its own", async () => {
    const theirs = await call(other.admin, 'POST', '/api/customers/', { name: 'Their Customer', phone: '+1 917 555 2003' });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const res = await book(shop, barber.barberId, { customer_name: 'Our Customer', customer_phone: '917 555 2003' });
    expect(res.statusCode, res.body).toBe(200);
    const appt = res.json().response;
    expect(appt.customer).toBe('Our Customer');
    expect(appt.customer_id).not.toBe(theirs.json().response.id);
    expect(await customersWith(other.shopId, '+19175552003')).toEqual([{ id: theirs.json().response.id, name: 'Their Customer' }]);
    expect(await customersWith(shop.shopId, '+19175552003')).toEqual([{ id: appt.customer_id, name: 'Our Customer' }]);
  });

  it('takes a name without a phone: a new customer with no phone', async () => {
    const res = await book(shop, barber.barberId, { customer_name: 'Just A Name', customer_phone: '' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.query<{ phone: string | null }>('SELECT phone FROM customers WHERE id = $1 AND shop_id = $2', [res.json().response.customer_id, shop.shopId]);
    expect(rows).toEqual([{ phone: null }]);
    expect(res.json().response.customer).toBe('Just A Name');
  });

  it('refuses a phone that is not a phone number with 400, writing nothing', async () => {
    const [customers, appointments] = [await customerCount(shop.shopId), await appointmentCount(shop.shopId)];
    for (const phone of ['call me', '12', '+1 917 555 20x4']) {
      const res = await book(shop, barber.barberId, { customer_name: 'Bad Phone', customer_phone: phone });
      expect(res.statusCode, phone).toBe(400);
      expect(JSON.stringify(res.json())).toContain(PHONE_MESSAGES.invalidPhone);
    }
    expect([await customerCount(shop.shopId), await appointmentCount(shop.shopId)]).toEqual([customers, appointments]);
  });

  it('writes no customer when the booking itself is refused (the barber is already booked)', async () => {
    const first = await book(shop, barber.barberId, {});
    expect(first.statusCode).toBe(200);
    const before = await customerCount(shop.shopId);
    const clash = await call(shop.admin, 'POST', '/api/appointments/', {
      barber_id: barber.barberId,
      starts_at: first.json().response.starts_at,
      customer_name: 'Too Late',
      customer_phone: '917 555 2005',
    });
    expect(clash.statusCode).toBe(409);
    expect(await customerCount(shop.shopId)).toBe(before);
    expect(await customersWith(shop.shopId, '+19175552005')).toEqual([]);
  });

  it('asks for a name with a phone, and for one customer, not both', async () => {
    const noName = await book(shop, barber.barberId, { customer_phone: '917 555 2006' });
    expect(noName.statusCode).toBe(400);
    expect(JSON.stringify(noName.json())).toContain(APPOINTMENT_CUSTOMER_MESSAGES.nameForPhone);

    const made = await call(shop.admin, 'POST', '/api/customers/', { name: 'Picked Person' });
    const both = await book(shop, barber.barberId, { customer_id: made.json().response.id, customer_name: 'Typed Person' });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json())).toContain(APPOINTMENT_CUSTOMER_MESSAGES.customerOrWalkUp);
  });

  it('moves an existing appointment to a walk-up customer on update, and back to none', async () => {
    const first = await book(shop, barber.barberId, {});
    const appt = first.json().response;
    const put = (body: object) => call(shop.admin, 'PUT', `/api/appointments/${appt.id}/`, { barber_id: barber.barberId, starts_at: appt.starts_at, ...body });
    const named = await put({ customer_name: 'Later Named', customer_phone: '+1 917 555 2007' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().response.customer).toBe('Later Named');
    const cleared = await put({ customer_id: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().response.customer).toBeNull();
  });

  it('keeps the customer list and the booking of another shop out of reach', async () => {
    const theirs = await call(other.admin, 'POST', '/api/customers/', { name: 'Not Yours', phone: '+1 917 555 2008' });
    const res = await book(shop, barber.barberId, { customer_id: theirs.json().response.id });
    expect(res.statusCode).toBe(404);
    const elsewhere = await book(shop, otherBarber.barberId, { customer_name: 'Wrong Shop', customer_phone: '917 555 2009' });
    expect(elsewhere.statusCode).toBe(404);
    expect(await customersWith(shop.shopId, '+19175552009')).toEqual([]);
  });
});
