// The one HTTP client of the back office: base {host}/api, JSON by default, multipart
// for FormData, `?timezone=` and the bearer token on every non-public request. Replies with an
// HTTP status — 4xx and 5xx included — resolve as results; only a request that got no response
// rejects, so callers decide what a refused request means for the person.

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export interface HttpResult<T = unknown> {
  status: number;
  ok: boolean;
  body: T;
}

export interface RequestOptions {
  /** Public requests skip the bearer token and the timezone parameter. */
  public?: boolean;
  params?: QueryParams;
  headers?: Record<string, string>;
  /** Overrides the JSON content type for a string body. */
  contentType?: string;
  signal?: AbortSignal;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  /** `${origin}/api`, without a trailing slash. */
  baseUrl: string;
  /** The access token to send, refreshed first when stale; null when signed out. */
  getAccessToken: () => Promise<string | null>;
  /**
   * A new access token after the server refused `rejected` with 401 (ended early, e.g. after a
   * password change): the request is then sent once more with it. Null gives up.
   */
  renewAccessToken?: (rejected: string) => Promise<string | null>;
  fetch?: FetchLike;
  /** The browser's IANA time zone (default: Intl's resolved zone). */
  timeZone?: string;
}

export type Body = FormData | object | string | null | undefined;

export interface HttpClient {
  readonly baseUrl: string;
  request<T = unknown>(method: string, path: string, body?: Body, options?: RequestOptions): Promise<HttpResult<T>>;
  get<T = unknown>(path: string, params?: QueryParams, options?: RequestOptions): Promise<HttpResult<T>>;
  post<T = unknown>(path: string, body?: Body, options?: RequestOptions): Promise<HttpResult<T>>;
  put<T = unknown>(path: string, body?: Body, options?: RequestOptions): Promise<HttpResult<T>>;
  patch<T = unknown>(path: string, body?: Body, options?: RequestOptions): Promise<HttpResult<T>>;
  delete<T = unknown>(path: string, params?: QueryParams, options?: RequestOptions): Promise<HttpResult<T>>;
}

/** Thrown when the server gave no answer at all (offline, DNS, CORS, aborted). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('No response received from server', { cause });
    this.name = 'NetworkError';
  }
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function buildUrl(baseUrl: string, path: string, params: QueryParams = {}): string {
  const absolute = /^https?:\/\//.test(path) ? path : `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  const url = new URL(absolute);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) url.searchParams.set(key, value.join(','));
    } else {
      url.searchParams.set(key, String(value));
    }
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeZone = options.timeZone ?? browserTimeZone();

  async function request<T>(method: string, path: string, body?: Body, opts: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const params: QueryParams = { ...opts.params };
    let token: string | null = null;
    if (!opts.public) {
      params.timezone = timeZone;
      token = await options.getAccessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      // The browser writes the multipart boundary itself.
      payload = body;
    } else if (typeof body === 'string') {
      payload = body;
      headers['Content-Type'] = opts.contentType ?? 'application/json';
    } else if (body !== undefined && body !== null) {
      payload = JSON.stringify(body);
      headers['Content-Type'] = opts.contentType ?? 'application/json';
    } else if (method !== 'GET' && method !== 'DELETE' && method !== 'HEAD') {
      // Fastify refuses an empty body declared as JSON; send an empty object for body-less writes.
      payload = '{}';
      headers['Content-Type'] = 'application/json';
    }
    const send = async () => {
      try {
        return await doFetch(buildUrl(baseUrl, path, params), { method, headers, body: payload, signal: opts.signal });
      } catch (error) {
        throw new NetworkError(error);
      }
    };
    let response = await send();
    if (response.status === 401 && token && options.renewAccessToken) {
      const renewed = await options.renewAccessToken(token);
      if (renewed && renewed !== token) {
        headers.Authorization = `Bearer ${renewed}`;
        response = await send();
      }
    }
    const parsed = await readBody(response);
    return { status: response.status, ok: response.ok, body: parsed as T };
  }

  return {
    baseUrl,
    request,
    get: (path, params, opts) => request('GET', path, undefined, { ...opts, params: { ...opts?.params, ...params } }),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body, opts) => request('PATCH', path, body, opts),
    delete: (path, params, opts) => request('DELETE', path, undefined, { ...opts, params: { ...opts?.params, ...params } }),
  };
}
