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

/**
 * A reply's status and body: parsed JSON, or the text itself when it is not JSON (a proxy's HTML
 * error page), which the readers then treat as a failure and replyMessage reads as text.
 */
export async function readReply(reply: Response): Promise<{ status: number; body: unknown }> {
  const text = await reply.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: reply.status, body };
}
