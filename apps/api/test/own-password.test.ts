import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, PASSWORD } from './support/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new secret';
const change = (who: { access: string }, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/change-password/', payload, headers: bearer(who) });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
const me = (who: { access: string }) => t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(who) });
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: refreshToken } });

async function signIn(email: string, password = PASSWORD) {
  const res = await login(email, password);
  expect(res.statusCode).toBe(200);
  return res.json<{ access: string; refresh: string }>();
}

describe('POST /api/auth/change-password/', () => {
  it('changes the owner password, keeps this session, ends the others and leaves another shop alone', async () => {
    const shop = await makeShop(t.app, t.db);
    const otherDevice = await signIn(shop.admin.email);
    const elsewhere = await makeShop(t.app, t.db);

    const res = await change(shop.admin, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, response: 'Your password has been changed. Other devices have been signed out.' });

    // The session the change was made from goes on: its refresh token still renews it.
    const renewed = await refresh(shop.admin.refresh);
    expect(renewed.statusCode).toBe(200);
    expect((await me({ access: renewed.json().access })).statusCode).toBe(200);
    // Every other session ended at once.
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await refresh(otherDevice.refresh)).statusCode).toBe(401);
    // Only the new password signs in.
    expect((await login(shop.admin.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(shop.admin.email, NEW_PASSWORD)).statusCode).toBe(200);
    // Another shop's owner is untouched: same old password, same session.
    expect((await me(elsewhere.admin)).statusCode).toBe(200);
    expect((await login(elsewhere.admin.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const shop = await makeShop(t.app, t.db);
    const res = await change(shop.admin, { current_password: 'not my password', new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, response: 'Your current password is not correct.' });
    expect((await me(shop.admin)).statusCode).toBe(200);
    expect((await login(shop.admin.email, PASSWORD)).statusCode).toBe(200);
  });

  it('applies the sign-up password rules and needs the current password', async () => {
    const shop = await makeShop(t.app, t.db);
    const short = await change(shop.admin, { current_password: PASSWORD, new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().response).toBe('The password must be at least 8 characters long.');
    const long = await change(shop.admin, { current_password: PASSWORD, new_password: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().response).toBe('The password is too long.');
    const noCurrent = await change(shop.admin, { current_password: '', new_password: NEW_PASSWORD });
    expect(noCurrent.statusCode).toBe(400);
    expect(noCurrent.json().response).toBe('Please enter your current password.');
    expect((await login(shop.admin.email, PASSWORD)).statusCode).toBe(200);
  });

  it('works for a manager and a barber, and needs a session', async () => {
    const shop = await makeShop(t.app, t.db);
    for (const role of ['manager', 'employee'] as const) {
      const member = await shop.addMember(role);
      const res = await change(member, { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/change-password/', payload: { current_password: PASSWORD, new_password: NEW_PASSWORD } });
    expect(anonymous.statusCode).toBe(401);
  });
});
