import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { one } from '../src/db/database.js';
import { dummyPasswordHash } from '../src/modules/auth/passwords.js';
import { startTestApp, type TestApp } from './support/app.js';
import { makeShop, PASSWORD, type TestShop } from './support/factories.js';

// Login must do the same work whatever the account state, so its timing reveals nothing (for
// example a pending invitation). Proven by behaviour: the real argon2 verification is counted
// through a spy around the library; no timings are measured.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});
const verify = vi.mocked(argon2.verify);

let t: TestApp;
let shop: TestShop;
let invitedEmail: string;
beforeAll(async () => {
  t = await startTestApp();
  shop = await makeShop(t.app, t.db);
  const invited = await shop.addMember('employee');
  invitedEmail = invited.email;
  // An invited member who has not chosen a password yet.
  await t.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [invited.userId]);
});
afterAll(() => t.close());
// A hook's return value is taken as its teardown: return nothing.
beforeEach(() => {
  verify.mockClear();
});

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });

type LoginCase = [what: string, email: () => string, password: string, status: number, against: 'dummy' | 'real'];

describe('login runs one argon2 verification for every account state', () => {
  it.each<LoginCase>([
    ['an unknown email', () => 'nobody-here@example.test', 'whatever it is', 401, 'dummy'],
    ['an invited member without a password', () => invitedEmail, 'whatever it is', 401, 'dummy'],
    ['a wrong password', () => shop.admin.email, 'not the password', 401, 'real'],
    ['the right password', () => shop.admin.email, PASSWORD, 200, 'real'],
  ])('%s', async (_case, email, password, status, against) => {
    const res = await login(email(), password);
    expect(res.statusCode).toBe(status);
    expect(verify).toHaveBeenCalledTimes(1);
    const [hashUsed, passwordTried] = verify.mock.calls[0] ?? [];
    expect(passwordTried).toBe(password);
    const stored = await one<{ password_hash: string | null }>(t.db, 'SELECT password_hash FROM users WHERE email = $1', [email()]);
    expect(hashUsed).toBe(against === 'dummy' ? await dummyPasswordHash() : stored?.password_hash);
  });

  it('never accepts a login against the dummy hash, even with a password that matches it', async () => {
    verify.mockResolvedValueOnce(true);
    const res = await login(invitedEmail, 'anything');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'No active account found with the given credentials' });
  });
});
