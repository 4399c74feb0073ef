import type { Plan, PublicBarber, PublicQueue, PublicTicket } from '@chairline/shared';
import {
  API_PATHS,
  readBarbers,
  readQueue,
  readServices,
  readShop,
  readTicket,
  type PublicService,
  type ShopData,
} from './api-contract.js';
import { readPlans } from './plans-reply.js';
import { NETWORK_ERROR, readReply, type ApiResult } from './replies.js';

// Server-side data for the pages. Served by the API, `locals.apiGet` runs the GET in-process;
// under `astro dev` it goes over HTTP to CHAIRLINE_API_ORIGIN.

export type ApiGet = (path: string) => Promise<{ status: number; body: unknown }>;

const DEV_API_ORIGIN = 'http://localhost:3000';

async function fetchGet(path: string): Promise<{ status: number; body: unknown }> {
  const origin = process.env.CHAIRLINE_API_ORIGIN ?? DEV_API_ORIGIN;
  const reply = await fetch(`${origin}${path}`, { headers: { accept: 'application/json' } });
  return readReply(reply);
}

/** The GET to use for this request. */
export function apiGetFor(locals: App.Locals): ApiGet {
  return locals.apiGet ?? fetchGet;
}

async function safely<T>(run: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  try {
    return await run();
  } catch {
    return { ok: false, status: 503, message: NETWORK_ERROR };
  }
}

export function loadShop(get: ApiGet, username: string): Promise<ApiResult<ShopData>> {
  return safely(async () => {
    const { status, body } = await get(API_PATHS.shop(username));
    return readShop(status, body);
  });
}

export function loadBarbers(get: ApiGet, username: string): Promise<ApiResult<PublicBarber[]>> {
  return safely(async () => {
    const { status, body } = await get(API_PATHS.barbers(username));
    return readBarbers(status, body);
  });
}

export async function loadServices(get: ApiGet, username: string): Promise<PublicService[]> {
  try {
    const { status, body } = await get(API_PATHS.services(username));
    return readServices(status, body);
  } catch {
    return [];
  }
}

export function loadQueue(get: ApiGet, username: string): Promise<ApiResult<PublicQueue>> {
  return safely(async () => {
    const { status, body } = await get(API_PATHS.queue(username));
    return readQueue(status, body);
  });
}

export function loadTicket(get: ApiGet, token: string): Promise<ApiResult<PublicTicket>> {
  return safely(async () => {
    const { status, body } = await get(API_PATHS.ticket(token));
    return readTicket(status, body);
  });
}

export function loadPlans(get: ApiGet): Promise<ApiResult<Plan[]>> {
  return safely(async () => {
    const { status, body } = await get(API_PATHS.plans);
    return readPlans(status, body);
  });
}
