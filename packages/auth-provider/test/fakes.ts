import type { SessionUser } from '@chairline/shared';
import type { AuthHttp } from '../src/auth-provider.js';

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  public: boolean;
}

type Reply = { status: number; body: unknown } | Error;

/** An HTTP client answering by "METHOD path", recording every call. */
export function fakeHttp(replies: Record<string, Reply | (() => Reply)>) {
  const calls: Call[] = [];
  const answer = async (key: string) => {
    const found = replies[key];
    const reply = typeof found === 'function' ? found() : found;
    if (!reply) return { status: 404, ok: false, body: { status: 0, response: 'Not found.' } };
    if (reply instanceof Error) throw reply;
    return { status: reply.status, ok: reply.status >= 200 && reply.status < 300, body: reply.body };
  };
  const http: AuthHttp = {
    get: (path, _params, options) => {
      calls.push({ method: 'GET', path, public: options?.public ?? false });
      return answer(`GET ${path}`);
    },
    post: (path, body, options) => {
      calls.push({ method: 'POST', path, body, public: options?.public ?? false });
      return answer(`POST ${path}`);
    },
  };
  return { http, calls };
}

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    name: 'Marcus Reed',
    email: 'marcus@chairline.test',
    phone_no: '555-0100',
    created_at: '2026-01-01T00:00:00Z',
    booking_url: '',
    profile_photo: null,
    profile_pic: null,
    is_subscription_active: true,
    current_plan: 1,
    plan_name: 'BASIC PLAN',
    trial_days_remaining: 10,
    total_check_ins: 200,
    total_check_ins_this_month: 3,
    total_barbers: 2,
    barber_limit: 2,
    role: 'admin',
    position: 0,
    shop_name: 'Demo',
    shop_username: 'demo',
    shop_address: '',
    shop_phone_number: '',
    shop_is_owner: true,
    shop_bluetick: false,
    pin_applicable: false,
    ...overrides,
  };
}

/** A fetch answering the refresh endpoint, recording requests. */
export function fakeRefreshFetch(reply: () => Response | Promise<Response>) {
  const requests: Array<{ url: string; init?: RequestInit }> = [];
  const fetch = async (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    return reply();
  };
  return { fetch, requests };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
