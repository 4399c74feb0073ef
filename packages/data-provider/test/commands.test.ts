import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { authConfig } from '@chairline/shared';
import { MESSAGES } from '@chairline/shared/messages';
import { createCommands } from '../src/commands.js';
import type { Body, HttpClient, HttpResult, RequestOptions } from '../src/http-client.js';

interface Sent {
  method: string;
  path: string;
  body: Body;
  options: RequestOptions | undefined;
}

/** An HttpClient that answers every request with `answer` and keeps what it was asked. */
function fakeHttp(answer: Omit<HttpResult, 'ok'>): { http: HttpClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const request = async <T>(method: string, path: string, body?: Body, options?: RequestOptions): Promise<HttpResult<T>> => {
    sent.push({ method, path, body, options });
    return { ...answer, ok: answer.status >= 200 && answer.status < 300 } as HttpResult<T>;
  };
  const http: HttpClient = {
    baseUrl: 'http://host.test/api',
    request,
    get: (path, params, options) => request('GET', path, undefined, { ...options, params }),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    patch: (path, body, options) => request('PATCH', path, body, options),
    delete: (path, params, options) => request('DELETE', path, undefined, { ...options, params }),
  };
  return { http, sent };
}

describe('named commands: a refused reply becomes an Error carrying the server message', () => {
  it('an envelope refusal (status 0) throws its response text, with the HTTP status', async () => {
    const { http } = fakeHttp({ status: 400, body: { status: 0, response: 'The PIN must be 4 characters.' } });
    const error = await createCommands(http)
      .saveShopSettings({ pin: '12' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('The PIN must be 4 characters.');
    expect((error as HttpError).status).toBe(400);
  });

  it('a refused export throws the server message instead of saving the error as a file', async () => {
    const { http, sent } = fakeHttp({ status: 403, body: { detail: 'You do not have access to this page.' } });
    await expect(createCommands(http).exportCommissions({ from: '2026-01-01', to: '2026-01-31' })).rejects.toThrow(
      'You do not have access to this page.',
    );
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/invoices/commissions/export/', options: { params: { from: '2026-01-01', to: '2026-01-31' } } });
  });

  it('a subscription refusal reads its `error` field', async () => {
    const { http } = fakeHttp({ status: 502, body: { error: 'Stripe is not configured.' } });
    await expect(createCommands(http).subscribe(1, -1)).rejects.toThrow('Stripe is not configured.');
  });

  it('a refusal without any message names the HTTP status', async () => {
    const { http } = fakeHttp({ status: 500, body: '<html>oops</html>' });
    await expect(createCommands(http).getSupportMessages()).rejects.toThrow('Request failed with status code 500');
  });
});

describe('named commands: successes', () => {
  it('an export is the text with its file name', async () => {
    const { http } = fakeHttp({ status: 200, body: 'date,clicks\n2026-01-01,3\n' });
    expect(await createCommands(http).exportAffiliateAnalytics({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      text: 'date,clicks\n2026-01-01,3\n',
      fileName: 'affiliate-analytics-2026-01-01-2026-01-31.csv',
    });
  });

  it('the referral click is public (no token before sign-in)', async () => {
    const { http, sent } = fakeHttp({ status: 200, body: { status: 1, response: { id: 7, expires_at: 1_800_000_000 } } });
    expect(await createCommands(http).recordReferralClick({ code: 'ABC', visitor_id: 'v-12345678', path: '/signup' })).toEqual({
      id: 7,
      expires_at: 1_800_000_000,
    });
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/affiliate/clicks/', options: { public: true } });
  });

  it('a reply that does not match the shared schema is refused rather than shown half-read', async () => {
    const { http } = fakeHttp({ status: 200, body: { status: 1, response: { url: 42 } } });
    await expect(createCommands(http).getBillingPortalUrl()).rejects.toThrow();
  });

  it("refuses such a reply with a sentence for a person, not the schema's own message", async () => {
    const { http } = fakeHttp({ status: 200, body: { status: 1, response: { url: 42 } } });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(createCommands(http).getBillingPortalUrl()).rejects.toThrow(new Error(MESSAGES.unexpectedReply));
      // The details go to the console for developers.
      expect(quiet).toHaveBeenCalledTimes(1);
    } finally {
      quiet.mockRestore();
    }
  });
});

describe('the sign-in page\'s auth config, checked without the shared zod schemas', () => {
  it('reads the Google client id, or null, and agrees with the shared schema', async () => {
    for (const id of ['client-123.apps.googleusercontent.com', null]) {
      const { http, sent } = fakeHttp({ status: 200, body: { status: 1, response: { google_client_id: id } } });
      const reply = await createCommands(http).getAuthConfig();
      expect(reply).toEqual({ google_client_id: id });
      expect(authConfig.parse({ google_client_id: id })).toEqual(reply);
      expect(sent).toMatchObject([{ method: 'GET', path: '/auth/config/', options: { public: true } }]);
    }
  });

  it('refuses what the shared schema refuses, with the sentence for a person', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const response of [{}, { google_client_id: 42 }, null, 'text']) {
        expect(() => authConfig.parse(response)).toThrow();
        const { http } = fakeHttp({ status: 200, body: { status: 1, response } });
        await expect(createCommands(http).getAuthConfig()).rejects.toThrow(new Error(MESSAGES.unexpectedReply));
      }
    } finally {
      quiet.mockRestore();
    }
  });
});
