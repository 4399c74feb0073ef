import { describe, expect, it } from 'vitest';
import { createHttpClient, NetworkError } from '../src/http-client.js';
import { fakeFetch } from './fake-fetch.js';

function client(...answers: Parameters<typeof fakeFetch>) {
  const { fetch, sent } = fakeFetch(...answers);
  let tokenCalls = 0;
  const http = createHttpClient({
    baseUrl: 'https://shop.example/api/',
    fetch,
    timeZone: 'America/Chicago',
    getAccessToken: async () => {
      tokenCalls += 1;
      return 'tok-1';
    },
  });
  return { http, sent, tokenCalls: () => tokenCalls };
}

describe('HTTP client', () => {
  it('GET with params: base {host}/api, ?timezone= of the browser, bearer, JSON accept', async () => {
    const { http, sent, tokenCalls } = client({ body: { status: 1, response: [] } });
    await http.get('/customers/', { page: 2, search: 'ann', empty: '', none: undefined, ids: [1, 2] });
    const req = sent[0]!;
    expect(req.method).toBe('GET');
    expect(req.url.origin + req.url.pathname).toBe('https://shop.example/api/customers/');
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ page: '2', search: 'ann', ids: '1,2', timezone: 'America/Chicago' });
    expect(req.headers.Authorization).toBe('Bearer tok-1');
    expect(req.headers.Accept).toBe('application/json');
    expect(tokenCalls()).toBe(1);
  });

  it('public requests carry neither the bearer token nor the timezone, and never ask for a token', async () => {
    const { http, sent, tokenCalls } = client({ body: [] });
    await http.get('/subscription/plans/', {}, { public: true });
    expect(sent[0]!.headers.Authorization).toBeUndefined();
    expect(sent[0]!.url.searchParams.has('timezone')).toBe(false);
    expect(tokenCalls()).toBe(0);
  });

  it('sends no Authorization header when signed out', async () => {
    const { fetch, sent } = fakeFetch({ body: {} });
    const http = createHttpClient({ baseUrl: 'https://x.test/api', fetch, timeZone: 'UTC', getAccessToken: async () => null });
    await http.get('/auth/get-user-data/');
    expect(sent[0]!.headers.Authorization).toBeUndefined();
  });

  it('POST and PUT send JSON with the JSON content type; a custom content type is honoured', async () => {
    const { http, sent } = client({ body: { status: 1 } });
    await http.post('/billing/create-invoice/', { customer: 1, services: [2] });
    expect(sent[0]!.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ customer: 1, services: [2] });
    await http.put('/shop/settings/', { name: 'A' });
    expect(sent[1]!.method).toBe('PUT');
    await http.post('/raw/', 'a,b', { contentType: 'text/csv' });
    expect(sent[2]!.headers['Content-Type']).toBe('text/csv');
    expect(sent[2]!.body).toBe('a,b');
  });

  it('PATCH and POST with FormData are multipart: the body is the form and no JSON content type is set', async () => {
    const { http, sent } = client({ body: { status: 1 } });
    const form = new FormData();
    form.append('name', 'Jay');
    await http.patch('/barbers/3/', form);
    expect(sent[0]!.method).toBe('PATCH');
    expect(sent[0]!.body).toBe(form);
    expect(sent[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('DELETE with params', async () => {
    const { http, sent } = client({ body: { status: 1 } });
    await http.delete('/team/team-members/4/', { force: 1 });
    expect(sent[0]!.method).toBe('DELETE');
    expect(sent[0]!.url.searchParams.get('force')).toBe('1');
    expect(sent[0]!.body).toBeUndefined();
  });

  it('error replies with an HTTP status resolve as results with the parsed body', async () => {
    const { http } = client({ status: 400, body: { status: 0, response: 'Please enter a name' } });
    await expect(http.post('/update-barber-profile/', {})).resolves.toEqual({
      status: 400,
      ok: false,
      body: { status: 0, response: 'Please enter a name' },
    });
    const html = client({ status: 502, text: '<html>bad gateway</html>' });
    await expect(html.http.get('/x/')).resolves.toMatchObject({ status: 502, ok: false, body: '<html>bad gateway</html>' });
  });

  it('only a request with no response rejects', async () => {
    const { http } = client(new TypeError('Failed to fetch'));
    const error = await http.get('/services/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('No response received from server');
  });

  it('absolute URLs are used as they are', async () => {
    const { http, sent } = client({ body: {} });
    await http.post('https://other.example/api/auth/refresh/', { refresh: 'r' }, { public: true });
    expect(sent[0]!.url.href).toBe('https://other.example/api/auth/refresh/');
  });
});
