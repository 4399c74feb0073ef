import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer, checkIn, uniquePhone } from './factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** HTTP calls to the in-process app (app.inject), signed in as one person or as nobody. */
export interface Requests {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: object): Promise<LightMyRequestResponse>;
  put(url: string, body?: object): Promise<LightMyRequestResponse>;
  patch(url: string, body?: object): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

function requests(app: FastifyInstance, headers: Record<string, string>): Requests {
  const send = (method: Method, url: string, payload?: object) => app.inject({ method, url, headers, payload });
  return {
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body),
    put: (url, body) => send('PUT', url, body),
    patch: (url, body) => send('PATCH', url, body),
    delete: (url) => send('DELETE', url),
  };
}

/** Calls as `user` (their access token): `as(t.app, shop.admin).post('/api/services/', {...})`. */
export const as = (app: FastifyInstance, user: { access: string }): Requests => requests(app, bearer(user));

/** Calls with no sign-in, as the public pages make them. */
export const anonymous = (app: FastifyInstance): Requests => requests(app, {});

/** The reply's `response` field, after checking the status: a factory fails loudly, not later. */
function answer<T>(res: LightMyRequestResponse, what: string, status = 200): T {
  if (res.statusCode !== status) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  return res.json<{ response: T }>().response;
}

/** A service created through the API by `user` (a manager or admin); the reply's service. */
export async function makeService<T = { id: number; name: string }>(
  app: FastifyInstance,
  user: { access: string },
  body: { name?: string; estimated_minutes?: number; price?: number } = {},
): Promise<T> {
  const res = await as(app, user).post('/api/services/', { name: 'Skin fade', estimated_minutes: 30, price: 25, ...body });
  return answer<T>(res, 'POST /api/services/');
}

/** A customer created through the API by `user`; the reply's customer. */
export async function makeCustomer<T = { id: number; name: string }>(
  app: FastifyInstance,
  user: { access: string },
  body: { name?: string; phone?: string; email?: string } = {},
): Promise<T> {
  const res = await as(app, user).post('/api/customers/', { name: 'Dana Whitfield', phone: uniquePhone(), ...body });
  return answer<T>(res, 'POST /api/customers/');
}

/** A walk-in queued through the public check-in endpoint; the reply's ticket (the public view: token, place). */
export async function queueTicket<T = { token: string; place: number }>(
  app: FastifyInstance,
  shopUsername: string,
  body: Parameters<typeof checkIn>[2] = {},
): Promise<T> {
  return answer<T>(await checkIn(app, shopUsername, body), 'POST /api/check-in/');
}
