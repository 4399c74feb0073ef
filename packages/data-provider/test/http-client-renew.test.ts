import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../src/http-client.js';
import { fakeFetch } from './fake-fetch.js';

// A session the server ended early (password changed elsewhere, token version moved on) answers
// 401 to a still-unexpired access token: the client renews it once and sends the request again.
function client(renewed: string | null, ...answers: Parameters<typeof fakeFetch>) {
  const { fetch, sent } = fakeFetch(...answers);
  const rejected: string[] = [];
  const http = createHttpClient({
    baseUrl: 'https://shop.example/api',
    fetch,
    timeZone: 'UTC',
    getAccessToken: async () => 'old-access',
    renewAccessToken: async (token) => {
      rejected.push(token);
      return renewed;
    },
  });
  return { http, sent, rejected };
}

describe('HTTP client: renewal after a 401', () => {
  it('renews the refused token once and resends the same request with the new one', async () => {
    const { http, sent, rejected } = client('new-access', { status: 401, body: { status: 0, response: 'Not signed in.' } }, { body: { status: 1, response: 'saved' } });
    const result = await http.post('/team/update-team-member-password/', { id: 3, password: 'a new password' });
    expect(result).toEqual({ status: 200, ok: true, body: { status: 1, response: 'saved' } });
    expect(rejected).toEqual(['old-access']);
    expect(sent.map((r) => r.headers.Authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(sent[1]?.body).toBe(sent[0]?.body);
  });

  it('hands the 401 back when no new token comes (session gone), without resending', async () => {
    const { http, sent } = client(null, { status: 401, body: { status: 0, response: 'Not signed in.' } });
    const result = await http.get('/walkins/');
    expect(result.status).toBe(401);
    expect(sent).toHaveLength(1);
  });

  it('resends at most once, and never for public requests or other refusals', async () => {
    const twice = client('new-access', { status: 401, body: {} });
    expect((await twice.http.get('/walkins/')).status).toBe(401);
    expect(twice.sent).toHaveLength(2);
    expect(twice.rejected).toEqual(['old-access']);

    const pub = client('new-access', { status: 401, body: { detail: 'No active account found with the given credentials' } });
    expect((await pub.http.post('/auth/login/', { email: 'a@b.test', password: 'x' }, { public: true })).status).toBe(401);
    expect(pub.sent).toHaveLength(1);
    expect(pub.rejected).toEqual([]);

    const forbidden = client('new-access', { status: 403, body: {} });
    expect((await forbidden.http.get('/stats/')).status).toBe(403);
    expect(forbidden.sent).toHaveLength(1);
  });
});
