import { isRecord, isSuccess, messageOf } from '@chairline/data-provider';
import { http } from '../providers';

// Calls of the back-office screens that are not react-admin resources (settings, invoices report,
// billing, support, subscription...). Lives here because settings is its first user; the other
// screens of the same helper import it too.

export type Query = Record<string, string | number | undefined | null>;

/** A refused request: `message` is the server's text for a person. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** The person-readable text of a reply (the data provider's one reader of reply messages). */
export function replyMessage(status: number, body: unknown): string {
  return messageOf({ status, body });
}

/** The body when the request succeeded (2xx, not `status: 0`); otherwise throws ApiError. */
export function expectOk(reply: { status: number; body: unknown }): unknown {
  if (!isSuccess(reply)) throw new ApiError(messageOf(reply), reply.status);
  return reply.body;
}

/** `response` of a `{status: 1, response}` envelope, or the bare body. */
function payload<T>(body: unknown): T {
  return (isRecord(body) && 'response' in body ? body.response : body) as T;
}

export async function apiGet<T>(path: string, query?: Query): Promise<T> {
  return payload<T>(expectOk(await http.get(withQuery(path, query))));
}

/** The whole body (for lists that carry `total` or `totals` beside `response`). */
export async function apiGetBody<T>(path: string, query?: Query): Promise<T> {
  return expectOk(await http.get(withQuery(path, query))) as T;
}

export async function apiSend<T>(method: 'post' | 'put' | 'patch', path: string, body?: unknown): Promise<T> {
  const reply = await http[method](path, body as never);
  return payload<T>(expectOk(reply));
}

export async function apiDelete<T>(path: string): Promise<T> {
  return payload<T>(expectOk(await http.delete(path)));
}

export function errorText(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return 'Something went wrong. Please try again later.';
}

/**
 * Downloads a CSV (or any file) the API serves behind the bearer token: fetch through the
 * client, then hand the browser a blob link with the server's file name.
 */
export async function downloadFile(path: string, query: Query | undefined, fallbackName: string): Promise<void> {
  const reply = await http.get(withQuery(path, query));
  if (reply.status < 200 || reply.status >= 300) throw new ApiError(messageOf(reply), reply.status);
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
