// Reading the API's replies: {status: 1, response} on success, {status: 0, response: message} on
// failure, with a few framework errors shaped {message} or {detail}.

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

export const GENERIC_ERROR = 'Something went wrong. Please try again.';
export const NETWORK_ERROR = 'We could not reach the shop. Check your connection and try again.';

/** The person-readable message of a failed reply, or a fallback. */
export function replyMessage(body: unknown, fallback = GENERIC_ERROR): string {
  if (typeof body === 'string' && body.trim()) return body;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['response', 'message', 'detail', 'error']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return fallback;
}
