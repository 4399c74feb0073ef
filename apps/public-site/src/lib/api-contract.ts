import type { EtaRange, PublicBarber, PublicQueue, PublicService, PublicShop, PublicTicket } from '@chairline/shared';
import { arrayOf } from './reply-shape.js';
import { publicBarber, publicQueueReply, publicService, shopReply, ticketReply } from './reply-shapes.js';
import { replyMessage, type ApiResult } from './replies.js';

// Turns an API reply (HTTP status + parsed JSON body) into a typed result, checked against the
// shared contract's shapes (reply-shapes.ts, typed by packages/shared/src/schemas/queue.ts). Used
// on the server and in the islands, so it carries no zod: the islands ship without it.

const barberList = arrayOf(publicBarber);

export interface ShopData {
  shop: PublicShop;
  todayCheckins: number;
  /** The server's wait for "any barber" (null when nobody takes walk-ins now). */
  anyBarberWait: EtaRange | null;
}

/** A service a customer can pick when checking in (GET /shop/services/, the shared contract). */
export type { PublicService } from '@chairline/shared';

export const INVALID_REPLY = 'The shop answered in an unexpected way. Please try again.';

export function fail<T>(status: number, body: unknown, fallback?: string): ApiResult<T> {
  return { ok: false, status, message: replyMessage(body, fallback) };
}

/** Lists come bare or wrapped as {status: 1, response: [...]}. */
export function listOf(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'response' in body) return body.response;
  return body;
}

export function readShop(status: number, body: unknown): ApiResult<ShopData> {
  if (status !== 200) return fail(status, body);
  if (!shopReply(body)) return { ok: false, status: 502, message: INVALID_REPLY };
  return { ok: true, data: { shop: body.response, todayCheckins: body.today_checkins, anyBarberWait: body.any_barber_eta_range } };
}

/** Barbers in rotation order (position, nulls last, then name): the order of the public barbers table. */
export function sortBarbers(barbers: readonly PublicBarber[]): PublicBarber[] {
  return [...barbers].sort((a, b) => {
    const pa = a.position ?? Number.MAX_SAFE_INTEGER;
    const pb = b.position ?? Number.MAX_SAFE_INTEGER;
    return pa - pb || a.name.localeCompare(b.name);
  });
}

export function readBarbers(status: number, body: unknown): ApiResult<PublicBarber[]> {
  if (status !== 200) return fail(status, body, 'An error occurred while fetching barbers.');
  const list = listOf(body);
  if (!barberList(list)) return { ok: false, status: 502, message: INVALID_REPLY };
  return { ok: true, data: sortBarbers(list) };
}

/** Public services are optional: anything but a valid list means "no service step". */
export function readServices(status: number, body: unknown): PublicService[] {
  if (status !== 200) return [];
  const list = listOf(body);
  if (!Array.isArray(list)) return [];
  // Each entry on its own: a retired (`active: false`) or malformed one is left out, not the whole step.
  return list.flatMap((item: unknown) => {
    if (item && typeof item === 'object' && 'active' in item && item.active === false) return [];
    return publicService(item) ? [item] : [];
  });
}

export function readTicket(status: number, body: unknown): ApiResult<PublicTicket> {
  if (status < 200 || status >= 300) return fail(status, body);
  if (!ticketReply(body)) return { ok: false, status: 502, message: INVALID_REPLY };
  return { ok: true, data: body.response };
}

export function readQueue(status: number, body: unknown): ApiResult<PublicQueue> {
  if (status !== 200) return fail(status, body);
  if (!publicQueueReply(body)) return { ok: false, status: 502, message: INVALID_REPLY };
  return { ok: true, data: body.response };
}


export const shopQuery = (username: string) => `shop_username=${encodeURIComponent(username)}`;
export const API_PATHS = {
  shop: (u: string) => `/api/shop/?${shopQuery(u)}`,
  barbers: (u: string) => `/api/barbers/?${shopQuery(u)}`,
  services: (u: string) => `/api/shop/services/?${shopQuery(u)}`,
  queue: (u: string) => `/api/queue/?${shopQuery(u)}`,
  events: (u: string) => `/api/events/?${shopQuery(u)}`,
  checkIn: '/api/check-in/',
  ticket: (token: string) => `/api/check-in/${encodeURIComponent(token)}/`,
  cancel: (token: string) => `/api/check-in/${encodeURIComponent(token)}/cancel/`,
  plans: '/api/subscription/plans/',
} as const;
