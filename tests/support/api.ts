import { STORAGE_KEYS, type LoginReply } from '@chairline/shared';

/** Logins of the demo shop seeded on first start (apps/api/src/seed/demo-shop.ts). */
export const DEMO = {
  shop: 'demo',
  password: 'chairline-demo',
  admin: 'admin@chairline.test',
  manager: 'manager@chairline.test',
  barbers: ['marcus@chairline.test', 'jay@chairline.test', 'andre@chairline.test'],
} as const;

export interface ApiReply<T = unknown> {
  status: number;
  body: T;
}

/** One call to the running server's API, as a browser would make it. */
export async function api<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiReply<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (CSV, HTML)
  }
  return { status: res.status, body: body as T };
}

export async function login(baseUrl: string, email: string, password: string = DEMO.password): Promise<LoginReply> {
  const res = await api<LoginReply>(baseUrl, 'POST', '/auth/login/', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * How long one sign-in is shared: well inside the access token's 15 minutes, so no context that
 * shares it ever needs a refresh (two contexts refreshing one refresh token would look like reuse).
 */
const SHARED_LOGIN_MS = 5 * 60_000;
const sharedLogins = new Map<string, { at: number; reply: Promise<LoginReply> }>();

/**
 * One API sign-in per person and server, reused by every caller for a few minutes. The server
 * allows 10 sign-ins a minute per address: a test file signs each person in once instead of
 * waiting for the limit. Whoever logs out, or changes the password, must use `login` instead: ending
 * a shared session would sign out every other context holding it.
 */
export function sharedLogin(baseUrl: string, email: string, password: string = DEMO.password): Promise<LoginReply> {
  const key = `${baseUrl} ${email}`;
  const cached = sharedLogins.get(key);
  if (cached && Date.now() - cached.at < SHARED_LOGIN_MS) return cached.reply;
  const reply = login(baseUrl, email, password);
  sharedLogins.set(key, { at: Date.now(), reply });
  // A failed sign-in is not kept: the next caller tries again (and sees its own error).
  reply.catch(() => sharedLogins.delete(key));
  return reply;
}

/** The local storage a signed-in back office holds (its storage keys), to start a page signed in. */
export function sessionStorageEntries(reply: Pick<LoginReply, 'access' | 'refresh'>, now = Date.now()): Record<string, string> {
  return {
    [STORAGE_KEYS.accessToken]: reply.access,
    [STORAGE_KEYS.refreshToken]: reply.refresh,
    [STORAGE_KEYS.lastTokenRefresh]: String(now),
  };
}
