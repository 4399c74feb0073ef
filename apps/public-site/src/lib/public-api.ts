import type { CheckInInput, PublicBarber, PublicQueue, PublicTicket } from '@chairline/shared';
import { API_PATHS, readBarbers, readQueue, readShop, readTicket, type ShopData } from './api-contract.js';
import { NETWORK_ERROR, readReply, type ApiResult } from './replies.js';

// The browser's calls to the API on the same origin. Public: no token.

/** One same-origin JSON request: the status and the parsed body (or the text of a non-JSON page). */
export async function call(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const reply = await fetch(path, {
    ...init,
    headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    cache: 'no-store',
  });
  return readReply(reply);
}

/** A network failure becomes a result with the message for a person, never a thrown error. */
export async function attempt<T>(run: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  try {
    return await run();
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR };
  }
}

export const fetchShop = (username: string): Promise<ApiResult<ShopData>> =>
  attempt(async () => {
    const { status, body } = await call(API_PATHS.shop(username));
    return readShop(status, body);
  });

export const fetchBarbers = (username: string): Promise<ApiResult<PublicBarber[]>> =>
  attempt(async () => {
    const { status, body } = await call(API_PATHS.barbers(username));
    return readBarbers(status, body);
  });

export const fetchQueue = (username: string): Promise<ApiResult<PublicQueue>> =>
  attempt(async () => {
    const { status, body } = await call(API_PATHS.queue(username));
    return readQueue(status, body);
  });

export const fetchTicket = (token: string): Promise<ApiResult<PublicTicket>> =>
  attempt(async () => {
    const { status, body } = await call(API_PATHS.ticket(token));
    return readTicket(status, body);
  });

export const checkIn = (input: CheckInInput): Promise<ApiResult<PublicTicket>> =>
  attempt(async () => {
    const { status, body } = await call(API_PATHS.checkIn, { method: 'POST', body: JSON.stringify(input) });
    return readTicket(status, body);
  });

export const cancelTicket = (token: string): Promise<ApiResult<PublicTicket>> =>
  attempt(async () => {
    const { status, body } = await call(API_PATHS.cancel(token), { method: 'POST', body: '{}' });
    return readTicket(status, body);
  });
