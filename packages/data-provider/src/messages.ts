import { HttpError } from 'ra-core';
import type { HttpResult } from './http-client.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field's text: a non-empty string, or a list of strings (field errors) joined by spaces. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (Array.isArray(value) && value.length > 0) return value.map(String).join(' ');
  return undefined;
}

/**
 * The one reader of a reply's message for a person, for every screen of the back office:
 * `response` (envelope), `detail` (sign-in), `error` or `message`, or a plain-text body; else
 * `fallback`, by default "Request failed with status code {status}".
 */
export function messageOf(result: Pick<HttpResult, 'status' | 'body'>, fallback?: string): string {
  const body = result.body;
  if (isRecord(body)) {
    for (const key of ['response', 'detail', 'error', 'message'] as const) {
      const text = textOf(body[key]);
      if (text !== undefined) return text;
    }
  }
  if (typeof body === 'string' && body !== '' && !body.trimStart().startsWith('<')) return body;
  return fallback ?? `Request failed with status code ${result.status}`;
}

/** True when the reply is a success: 2xx and not an envelope with status 0. */
export function isSuccess(result: Pick<HttpResult, 'status' | 'body'>): boolean {
  if (result.status < 200 || result.status >= 300) return false;
  return !(isRecord(result.body) && result.body.status === 0);
}

/** The error react-admin understands (its notification shows the message; 401/403 reach checkError). */
export function toHttpError(result: HttpResult): HttpError {
  return new HttpError(messageOf(result), result.status, result.body);
}

/** `response` of an envelope, or the body itself when the endpoint answers bare JSON. */
export function payloadOf<T>(result: HttpResult): T {
  const body = result.body;
  if (isRecord(body) && 'status' in body && 'response' in body) return body.response as T;
  return body as T;
}

/** Throws the server's message unless the reply is a success; returns the payload. */
export function expectSuccess<T>(result: HttpResult): T {
  if (!isSuccess(result)) throw toHttpError(result);
  return payloadOf<T>(result);
}

export { isRecord };
