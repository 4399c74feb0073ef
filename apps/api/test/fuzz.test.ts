import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { problemWithAnswer } from './support/error-answers.js';
import { bearer, makeShop, unique, uniquePhone, type TestShop } from './support/factories.js';
import { multipart } from './support/multipart.js';

/**
 * A seeded fuzz over every operation of the OpenAPI document the app serves: malformed, oversized,
 * deeply nested, wrong-typed and oddly encoded bodies, odd query values, odd path parameters and
 * wrong methods, sent anonymously and as each role. Not one answer may be a server error, and
 * every refusal carries a message for a person.
 *
 *   FUZZ_REQUESTS=10000 pnpm vitest run --project api apps/api/test/fuzz.test.ts   (default 2000)
 *   FUZZ_SEED=123456 …                                                              (replay a run)
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded generator, so a failing run can be replayed from its seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/services/{id}/ */
  path: string;
  bodySchema?: JsonSchema;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> }; parameters?: { in: string; name: string; schema: JsonSchema }[] }>>;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** An answer slower than this is a failure too (a request the server never finishes). */
const ANSWER_WITHIN_MS = 30_000;

async function answerWithin<T>(ms: number, answer: Promise<T>): Promise<T | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), ms)));
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

// ---------- the inputs ----------

const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** Past the 1 MB JSON body limit. */
const OVERSIZED = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
const LONG_TEXT = 'y'.repeat(20_000);

const MALFORMED = ['{', '}', '{"name": ', '{"name": "Pat",}', '[1, 2', 'nul', 'tru', '{"a" 1}', "{'a': 1}", '{"a": 01}', '{"a": 1}}', '\u0000', '{"a": "\\x41"}', '{"a": "\\uD800"}', '""', '1e99999', '-', '{"__proto__": {"x": 1}}', '{"constructor": {"prototype": {"x": 1}}}'];

const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 1,
  1e308,
  -1e308,
  '',
  ' ',
  'abc',
  '12',
  '2030-02-31',
  '99999-12-31T00:00:00Z',
  'Zoë 💈✂️ 名前',
  '\u0000',
  'a\u0000b',
  '\u202e<script>alert(1)</script>',
  "'; DROP TABLE shops; --",
  '%00',
  '../../etc/passwd',
  LONG_TEXT,
  [],
  [1, 2, 3],
  [[1]],
  ['a', null],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  Array.from({ length: 2000 }, (_v, i) => i),
];

const ODD_PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '1e308',
  String(2 ** 31),
  '9'.repeat(400),
  'abc',
  '%00',
  '%E0%A4%A',
  '%FF',
  encodeURIComponent('💈'),
  '..%2F..%2Fetc',
  '%2e%2e',
  'x'.repeat(5000),
  '%20',
  'null',
  'undefined',
  '{id}',
  '%25',
  '1;DROP',
];

function typesOf(schema: JsonSchema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  return [schema.type ?? 'string'].flat();
}

/** A value of the right type (not necessarily a meaningful one). */
function plausible(random: Random, name: string, schema: JsonSchema, ids: number[]): unknown {
  if (schema.enum) return random.pick(schema.enum);
  if (schema.anyOf?.length) return plausible(random, name, random.pick(schema.anyOf), ids);
  switch (random.pick(typesOf(schema))) {
    case 'integer':
    case 'number':
      return random.pick([...ids, 1, 30, 100]);
    case 'boolean':
      return random.next() < 0.5;
    case 'array':
      return schema.items ? [plausible(random, name, schema.items, ids)] : [];
    case 'object':
      return plausibleObject(random, schema, ids);
    case 'null':
      return null;
    default:
      if (/email/.test(name)) return `${unique('fz')}@example.test`;
      if (/phone/.test(name)) return uniquePhone();
      if (/(_at|date|starts|ends)$/.test(name)) return '2030-01-10T10:00:00Z';
      return random.pick(['Pat Doe', 'A good long password', 'mon', 'paid', 'America/New_York']);
  }
}

function plausibleObject(random: Random, schema: JsonSchema | undefined, ids: number[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema?.properties ?? {})) {
    if (schema?.required?.includes(name) || random.next() < 0.5) body[name] = plausible(random, name, field, ids);
  }
  return body;
}

/** A body of the right shape with some fields given the wrong type, a huge, odd or nested value. */
function wrongTyped(random: Random, schema: JsonSchema | undefined, ids: number[]): Record<string, unknown> {
  const body = plausibleObject(random, schema, ids);
  const names = Object.keys(schema?.properties ?? {});
  const count = 1 + random.int(3);
  for (let i = 0; i < count; i++) {
    const name = names.length > 0 && random.next() < 0.9 ? random.pick(names) : random.pick(['unknown_field', 'shop_id', 'role', 'id', '']);
    body[name] = random.next() < 0.1 ? JSON.parse(nested(40, '[', ']')) : random.pick(ODD_VALUES);
  }
  return body;
}

// ---------- the fixtures ----------

let t: TestApp;
let operations: Operation[];
let callers: { name: string; token: string | null }[];
let shop: TestShop;
/** Ids of real objects (shop's and another shop's) for id fields and path parameters. */
let ids: number[];
let ticketToken: string;

beforeAll(async () => {
  const operatorEmail = `${unique('operator')}@example.test`;
  t = await startTestApp({
    env: { GOOGLE_CLIENT_ID: 'fuzz.apps.googleusercontent.com', OPERATOR_EMAILS: operatorEmail },
    googleCerts: async () => ({}),
  });
  // The list of operations comes from the API reference the app serves, never from a hand-kept list.
  const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = docs.json<OpenApiDocument>();
  operations = Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      bodySchema: op.requestBody?.content['application/json']?.schema,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
    })),
  );

  shop = await makeShop(t.app, t.db);
  const other = await makeShop(t.app, t.db);
  const manager = await shop.addMember('manager');
  const barber = await shop.addMember('employee');
  const affiliate = await one<{ id: number }>(
    t.db,
    `INSERT INTO affiliates (name, email, password_hash, referral_code) VALUES ('Aff', $1, 'x', $2) RETURNING id`,
    [`${unique('aff')}@example.test`, unique('ref')],
  );
  callers = [
    { name: 'anonymous', token: null },
    { name: 'admin', token: shop.admin.access },
    { name: 'manager', token: manager.access },
    { name: 'barber', token: barber.access },
    { name: 'affiliate', token: await t.app.tokens.signAccess({ kind: 'affiliate', id: affiliate?.id ?? 0 }) },
    // The platform operator (OPERATOR_EMAILS) owns a shop of their own.
    { name: 'operator', token: (await makeShop(t.app, t.db, { ownerEmail: operatorEmail })).admin.access },
  ];
  const post = async (owner: TestShop, url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(owner.admin), payload });
    const id = res.json<{ response?: { id?: number } }>().response?.id;
    if (typeof id !== 'number') throw new Error(`setup ${url} failed: ${res.body}`);
    return id;
  };
  ids = [barber.barberId, manager.barberId];
  for (const owner of [shop, other]) {
    const service = await post(owner, '/api/services/', { name: 'Cut', estimated_minutes: 30, price: 20 });
    const customer = await post(owner, '/api/customers/', { name: 'Pat Doe' });
    ids.push(service, customer, await post(owner, '/api/walkins/', { name: 'Walk In' }));
    ids.push(await post(owner, '/api/billing/create-invoice/', { customer, services: [service], amount: 20 }));
  }
  const ticket = await t.app.inject({ method: 'POST', url: '/api/check-in/', payload: { shop_username: shop.username, name: 'Luis Ortega', phone_number: uniquePhone() } });
  ticketToken = ticket.json<{ response: { token: string } }>().response.token;
}, 120_000);
afterAll(() => t?.close());

// ---------- one request ----------

const CATEGORIES = ['plausible', 'wrong-typed', 'malformed', 'oversized', 'deeply nested', 'odd encoding', 'wrong method', 'odd path parameter', 'odd query'] as const;
type Category = (typeof CATEGORIES)[number];

function pathWith(random: Random, op: Operation, odd: boolean): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (odd) return random.pick(ODD_PATH_VALUES);
    if (name === 'token') return random.next() < 0.7 ? ticketToken : unique('no-such-ticket-');
    return String(random.pick(ids));
  });
}

function queryOf(random: Random, op: Operation, odd: boolean): string {
  const pairs: string[] = [];
  for (const { name, schema } of op.queryParams) {
    if (random.next() < 0.3) continue;
    let value = odd ? String(random.pick(ODD_VALUES.filter((v) => typeof v !== 'object'))) : name === 'shop_username' ? shop.username : String(plausible(random, name, schema, ids));
    // Never an existing shop on the event stream (the fuzz signs shops up too): a stream that
    // opens stays open until the app closes, and this test waits for each answer.
    if (op.path.includes('/events/') && name === 'shop_username') value = `no-such-shop-${value}`;
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  if (odd && random.next() < 0.3) pairs.push(random.pick(['a[b]=1', '__proto__=x', 'x=1&x=2', '%E0%A4%A=1', 'timezone=Not%2FAZone']));
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

const json = (payload: string | Buffer, contentType = 'application/json') => ({ payload, headers: { 'content-type': contentType } });

function oddEncoding(random: Random, op: Operation): Pick<InjectOptions, 'payload' | 'headers'> {
  const body = JSON.stringify(plausibleObject(random, op.bodySchema, ids));
  return random.pick([
    () => json(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])),
    () => json(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)])),
    () => json(Buffer.from(body, 'utf16le'), 'application/json; charset=utf-16'),
    () => json(Buffer.from(body, 'latin1'), 'application/json; charset=latin1'),
    () => json(body, 'application/json; charset=klingon'),
    () => json(body, 'text/plain'),
    () => json('name=Pat&phone=1', 'application/x-www-form-urlencoded'),
    () => json(body, 'multipart/form-data'),
    () => json('--x\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--x--\r\n', 'multipart/form-data; boundary=x'),
    () => multipart({ name: 'Pat', role: random.pick(['barber', 'emperor']), percentage: 'lots' }, { field: 'profile_pic', filename: 'x.png', contentType: 'image/png', data: Buffer.from('not a png') }),
    () => json(body, 'application/vnd.api+json'),
    () => json(body, ''),
    () => ({ payload: body, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }),
    () => ({ payload: body, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }),
  ])();
}

function requestFor(random: Random, category: Category): { op: Operation; request: InjectOptions } {
  const op = random.pick(operations);
  let method = op.method;
  if (category === 'wrong method') {
    const used = new Set(operations.filter((o) => o.path === op.path).map((o) => o.method));
    const others = METHODS.filter((m) => !used.has(m));
    if (others.length > 0) method = random.pick(others);
  }
  const url = `${pathWith(random, op, category === 'odd path parameter')}${queryOf(random, op, category === 'odd query')}`.replace(/\{|\}/g, '');
  const request: InjectOptions = { method: method as InjectOptions['method'], url };
  const hasBody = !['GET', 'OPTIONS'].includes(method);
  if (!hasBody) return { op, request };
  const body = (): Pick<InjectOptions, 'payload' | 'headers'> => {
    switch (category) {
      case 'malformed':
        return json(random.pick(MALFORMED));
      case 'oversized':
        return json(OVERSIZED);
      case 'deeply nested': {
        const depth = random.pick([33, 100, 1000, 100_000]);
        const kind = random.int(4);
        if (kind === 0) return json(nested(depth, '[', ']'));
        if (kind === 1) return json(deepObject(depth));
        if (kind === 2) return json(`{"name": ${nested(depth, '[', ']')}}`);
        // Deep, but only through text: brackets inside strings do not nest.
        return json(JSON.stringify({ name: '['.repeat(depth) }));
      }
      case 'odd encoding':
        return oddEncoding(random, op);
      case 'wrong-typed':
        return json(JSON.stringify(wrongTyped(random, op.bodySchema, ids)));
      default:
        return json(JSON.stringify(plausibleObject(random, op.bodySchema, ids)));
    }
  };
  return { op, request: { ...request, ...body() } };
}

describe('fuzz over every operation of the OpenAPI document', () => {
  it(`answers ${REQUESTS} random bad requests without a server error, each refusal with a message for a person`, async () => {
    const replay = `seed ${SEED} (replay: FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS})`;
    // Printed first as well, so even a run stopped from outside can be replayed.
    console.info(`fuzz ${replay}`);
    expect(operations.length, 'operations in the API reference').toBe(t.app.routeTable.length);
    const random = generator(SEED);
    const failures: string[] = [];
    const seen = { operations: new Set<string>(), categories: new Set<Category>(), callers: new Set<string>() };
    for (let i = 0; i < REQUESTS; i++) {
      const category = CATEGORIES[i % CATEGORIES.length] as Category;
      const caller = random.pick(callers);
      const { op, request } = requestFor(random, category);
      const headers = { ...(request.headers ?? {}), ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}) };
      const res = await answerWithin(ANSWER_WITHIN_MS, t.app.inject({ ...request, headers }));
      if (res === 'no answer') {
        failures.push(`#${i} ${request.method} ${String(request.url).slice(0, 120)} [${category}] as ${caller.name}: no answer within ${ANSWER_WITHIN_MS / 1000} s`);
        break;
      }
      seen.operations.add(`${op.method} ${op.path}`);
      seen.categories.add(category);
      seen.callers.add(caller.name);
      const problem = problemWithAnswer('either', res.statusCode, res.body, res.headers['content-type']?.toString());
      if (problem) failures.push(`#${i} ${request.method} ${String(request.url).slice(0, 120)} [${category}] as ${caller.name}: ${problem}`);
    }
    expect(failures.slice(0, 20), `${failures.length} bad answers; ${replay}`).toEqual([]);
    expect(seen.categories.size, replay).toBe(CATEGORIES.length);
    expect(seen.callers.size, replay).toBe(callers.length);
    // Every operation was tried at least once at the CI size (2,000 requests over ~70 operations).
    if (REQUESTS >= 2000) expect(operations.filter((op) => !seen.operations.has(`${op.method} ${op.path}`)).map((op) => `${op.method} ${op.path}`), replay).toEqual([]);
  }, 600_000);
});
