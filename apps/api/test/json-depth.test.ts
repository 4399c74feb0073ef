import { Readable } from 'node:stream';
import { MESSAGES } from '@chairline/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/http/errors.js';
import { MAX_JSON_DEPTH, registerJsonDepthLimit } from '../src/http/json-depth.js';

/**
 * The depth guard sits in front of whichever parser a route uses: Fastify's JSON parser, and a
 * route with its own raw-body parser (a signed webhook needs the exact bytes it was sent).
 */
let app: FastifyInstance;
let rawSeen: Buffer | null = null;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerJsonDepthLimit(app);
  app.post('/parsed/', async (request) => ({ status: 1, response: request.body }));
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/raw/', async (request) => {
      rawSeen = request.body as Buffer;
      return { status: 1, response: 'received' };
    });
  });
  await app.ready();
});
afterAll(() => app.close());

/** A body sent in small pieces, so the guard meets strings and escapes split across chunks. */
const inPieces = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return Readable.from(pieces);
};
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('the JSON depth guard', () => {
  it('hands a raw-body route its exact bytes', async () => {
    const body = '{"id":"evt_1","data":{"object":{"name":"Zoë 💈 \\"[[[\\"","amount":2000}}}';
    const res = await app.inject({ method: 'POST', url: '/raw/', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect(res.statusCode).toBe(200);
    expect(rawSeen?.equals(Buffer.from(body))).toBe(true);
  });

  it('refuses a deep body on a raw-body route too, before its parser runs', async () => {
    rawSeen = null;
    const res = await app.inject({ method: 'POST', url: '/raw/', payload: deep(MAX_JSON_DEPTH + 1), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, response: MESSAGES.bodyTooDeep });
    expect(rawSeen).toBeNull();
  });

  it('counts across chunks and ignores brackets in strings, escaped quotes included', async () => {
    const text = JSON.stringify({ a: '"[[[[' + '['.repeat(100) + '\\', b: [[['x']]] });
    for (const size of [1, 2, 3, 7]) {
      const res = await app.inject({ method: 'POST', url: '/parsed/', payload: inPieces(text, size), headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `pieces of ${size}`).toBe(200);
      expect(res.json<{ response: unknown }>().response).toEqual(JSON.parse(text));
    }
    const tooDeep = await app.inject({ method: 'POST', url: '/parsed/', payload: inPieces(deep(100_000), 1000), headers: { 'content-type': 'application/json' } });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ status: 0, response: MESSAGES.bodyTooDeep });
  });

  it('allows exactly the limit', async () => {
    const atLimit = await app.inject({ method: 'POST', url: '/parsed/', payload: deep(MAX_JSON_DEPTH), headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(atLimit.statusCode).toBe(200);
    const past = await app.inject({ method: 'POST', url: '/parsed/', payload: deep(MAX_JSON_DEPTH + 1), headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(past.statusCode).toBe(400);
  });
});
