import type { Body, HttpClient, QueryParams, RequestOptions } from '../http-client.js';
import { MESSAGES } from '@chairline/shared/messages';
import { expectSuccess, isRecord, isSuccess, toHttpError } from '../messages.js';

/** `{status, response}` as the screens read it (status 1 = success, else response = message). */
export interface Envelope<T = unknown> {
  status: number;
  response: T;
}

export type ReplySchemas = typeof import('./reply-schemas.js');
const replySchemas = (): Promise<ReplySchemas> => import('./reply-schemas.js');

/** Anything that turns a reply into a typed value or throws (the zod schemas of @chairline/shared fit). */
export interface Schema<T> {
  parse(value: unknown): T;
}

/** A file the API serves behind the bearer token, for the browser to save. */
export interface DownloadedFile {
  text: string;
  fileName: string;
}

/** A reply as an envelope even when the server answered an error (errors are results). */
function asEnvelope(body: unknown, status: number): Envelope {
  if (isRecord(body) && typeof body.status === 'number') return { status: body.status, response: body.response ?? body.detail ?? null };
  if (isRecord(body) && typeof body.detail === 'string') return { status: 0, response: body.detail };
  return { status: status >= 200 && status < 300 ? 1 : 0, response: body };
}

function checkReply<T>(schema: Schema<T>, payload: unknown, method: string, path: string): T {
  try {
    return schema.parse(payload);
  } catch (err) {
    // A reply off the contract (an older server during a deploy, a proxy's page) is a fault for
    // developers, not a text for the person: they read a plain sentence, the console the details.
    console.error(`Unexpected reply to ${method} ${path}`, err);
    throw new Error(MESSAGES.unexpectedReply, { cause: err });
  }
}

/** The ways a command reads a reply; every refusal throws an Error carrying the server's message. */
export function createCaller(http: HttpClient) {
  const call = async <T>(method: string, path: string, body?: Body, options?: RequestOptions): Promise<T> =>
    expectSuccess<T>(await http.request(method, path, body, options));
  return {
    call,
    /**
     * The payload, checked against the schema the API itself answers with, picked from the reply
     * schemas; they load alongside the first request that needs them, not with the page.
     */
    parsed: async <T>(pick: (schemas: ReplySchemas) => Schema<T>, method: string, path: string, body?: Body, options?: RequestOptions): Promise<T> => {
      const [schemas, payload] = await Promise.all([replySchemas(), call<unknown>(method, path, body, options)]);
      return checkReply(pick(schemas), payload, method, path);
    },
    /** The same with a schema of its own, for a request that must not load the reply schemas (zod). */
    checked: async <T>(schema: Schema<T>, method: string, path: string, body?: Body, options?: RequestOptions): Promise<T> =>
      checkReply(schema, await call<unknown>(method, path, body, options), method, path),
    /** The whole body, for lists that carry `total` or `totals` beside `response`. */
    whole: async <T>(path: string, params?: QueryParams): Promise<T> => {
      const result = await http.request<T>('GET', path, undefined, { params });
      if (!isSuccess(result)) throw toHttpError(result);
      return result.body;
    },
    envelope: async <T>(method: string, path: string, body?: Body): Promise<Envelope<T>> => {
      const result = await http.request(method, path, body);
      return asEnvelope(result.body, result.status) as Envelope<T>;
    },
    /** A CSV export: any 2xx is the file (a CSV is no envelope), anything else the server's message. */
    download: async (path: string, params: QueryParams | undefined, fileName: string): Promise<DownloadedFile> => {
      const result = await http.request('GET', path, undefined, { params });
      if (result.status < 200 || result.status >= 300) throw toHttpError(result);
      const text = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
      return { text, fileName };
    },
  };
}

export type Caller = ReturnType<typeof createCaller>;

/** A list whose every item is checked against `item` (the API answers these lists with the same schema). */
export function listOf<T>(item: Schema<T>): Schema<T[]> {
  return {
    parse(value: unknown): T[] {
      if (!Array.isArray(value)) throw new TypeError('Expected a list in the reply.');
      return value.map((v) => item.parse(v));
    },
  };
}
