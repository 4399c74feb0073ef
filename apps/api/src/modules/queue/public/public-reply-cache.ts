import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES } from '../../../http/compression.js';
import type { ShopChange } from '../events/event-bus.js';
import { SharedSnapshots } from './shared-snapshots.js';

/**
 * Public shop replies (the shop, its barbers, its queue, its services) kept per shop as the bytes
 * sent, with a strong ETag, so the phones and screens that poll them cost a lookup, not a query.
 *
 * An entry is answered while all of these hold:
 * - no change of the shop was heard since it was built: a queue event (check-in, call, start,
 *   finish, rotation, pause, settings, logo), published here or heard from another process over
 *   the event bus, or any successful staff write of the shop (services, team, hours...);
 * - it is younger than PUBLIC_REPLY_TTL_MS on the app's clock: wait estimates move with time,
 *   and a change nobody announces (a plan changed by the payment provider, a lost notification)
 *   shows within that time;
 * - the clock has not reached the entry's horizon: the next moment its content changes by the
 *   clock alone (opening, last call, closing, the shop's local midnight for today's check-ins).
 *
 * Replies carry `Cache-Control: no-cache`: a browser may keep the reply but must ask again before
 * using it, because a live queue must never be shown stale from a browser's cache. Asking again
 * with If-None-Match is answered 304 with no body while nothing changed.
 */
export const PUBLIC_REPLY_TTL_MS = 10_000;
/** Entries kept at most (oldest dropped first): four replies of a few thousand shops. */
const MAX_ENTRIES = 10_000;

interface Entry {
  shopId: number;
  /** The shop's current username (a request may name it by a former one). */
  username: string;
  body: string;
  /** The quoted hash of the body; the compressed copies add `-br` / `-gzip` inside the quotes. */
  hash: string;
  builtAt: number;
  expiresAt: number;
  br?: Buffer;
  gzip?: Buffer;
}

/** What a route builds on a miss: the reply's payload and whose it is. */
export interface BuiltReply {
  shopId: number;
  username: string;
  payload: unknown;
  /** The next moment the payload changes by the clock alone, if any. */
  horizon?: Date | null;
  /**
   * The payload is built field by field from values typed by the reply's schema: it is written with
   * JSON.stringify, without the route's schema check (which also drops keys the schema does not
   * name), three times the cost of writing it for a page of 100 rows. Only for such payloads.
   */
  builtToSchema?: true;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send: brotli, else gzip, when the client accepts it (q above 0). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Does If-None-Match name this body (in any of its encodings), or `*`? */
function matches(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  const base = hash.slice(1, -1);
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim();
    if (tag === '*') return true;
    const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
    const inner = opaque.replace(/^"|"$/g, '');
    return inner === base || inner === `${base}-br` || inner === `${base}-gzip`;
  });
}

export class PublicReplyCache {
  private readonly entries = new Map<string, Entry>();
  /** A counter of changes heard; an entry is stored only when no change of its shop came meanwhile. */
  private changes = 0;
  private readonly changedAtById = new Map<number, number>();
  private readonly changedAtByName = new Map<string, number>();
  /** The keys of each shop's entries, and the shop of each current username, to forget a shop at once. */
  private readonly keysByShop = new Map<number, Set<string>>();
  private readonly idByName = new Map<string, number>();
  private readonly building = new Map<string, { startedAt: number; entry: Promise<Entry> }>();
  hits = 0;
  misses = 0;

  constructor(private readonly clock: () => Date) {}

  /** Forgets every entry of the shop. */
  forget(change: ShopChange) {
    this.changes += 1;
    if ('shopId' in change) this.changedAtById.set(change.shopId, this.changes);
    else this.changedAtByName.set(change.shopUsername, this.changes);
    const shopId = 'shopId' in change ? change.shopId : this.idByName.get(change.shopUsername);
    if (shopId === undefined) return;
    for (const key of this.keysByShop.get(shopId) ?? []) this.entries.delete(key);
    this.keysByShop.delete(shopId);
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysByShop.get(entry.shopId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByShop.delete(entry.shopId);
  }

  get size() {
    return this.entries.size;
  }

  /**
   * Answers a public read from the kept entry, or builds it (`build` throws for an unknown shop,
   * which is never kept), with its ETag, `no-cache` and a 304 when the client holds this body.
   */
  async answer(req: FastifyRequest, reply: FastifyReply, route: string, shopName: string, build: () => Promise<BuiltReply>) {
    const key = `${route}\n${shopName.trim().toLowerCase()}`;
    const now = this.clock().getTime();
    const kept = this.entries.get(key);
    if (kept && now >= kept.builtAt && now < kept.expiresAt) {
      this.hits += 1;
      return this.send(req, reply, kept);
    }
    if (kept) this.drop(key);
    // Requests arriving while the same reply is being built share that build, unless a change was
    // heard since it started.
    const pending = this.building.get(key);
    if (pending && pending.startedAt === this.changes) {
      this.hits += 1;
      return this.send(req, reply, await pending.entry);
    }
    this.misses += 1;
    const startedAt = this.changes;
    const entry = this.build(key, reply, now, startedAt, build);
    const inFlight = { startedAt, entry };
    this.building.set(key, inFlight);
    try {
      return this.send(req, reply, await entry);
    } finally {
      if (this.building.get(key) === inFlight) this.building.delete(key);
    }
  }

  private async build(key: string, reply: FastifyReply, now: number, startedAt: number, build: () => Promise<BuiltReply>): Promise<Entry> {
    const built = await build();
    const serialized = built.builtToSchema ? JSON.stringify(built.payload) : reply.serialize(built.payload);
    const body = typeof serialized === 'string' ? serialized : Buffer.from(serialized as Uint8Array).toString('utf8');
    const horizon = built.horizon?.getTime();
    const entry: Entry = {
      shopId: built.shopId,
      username: built.username,
      body,
      hash: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      builtAt: now,
      expiresAt: Math.min(now + PUBLIC_REPLY_TTL_MS, horizon !== undefined && horizon > now ? horizon : Infinity),
    };
    // Kept only when no change of the shop was heard while it was being built: it may predate it.
    const changedAt = Math.max(this.changedAtById.get(built.shopId) ?? 0, this.changedAtByName.get(built.username) ?? 0);
    if (changedAt <= startedAt) this.keep(key, entry);
    return entry;
  }

  private keep(key: string, entry: Entry) {
    this.drop(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.drop(oldest.value);
    }
    this.entries.set(key, entry);
    this.idByName.set(entry.username, entry.shopId);
    let keys = this.keysByShop.get(entry.shopId);
    if (!keys) {
      keys = new Set();
      this.keysByShop.set(entry.shopId, keys);
    }
    keys.add(key);
  }

  private send(req: FastifyRequest, reply: FastifyReply, entry: Entry) {
    const encoding = Buffer.byteLength(entry.body) >= COMPRESSION_THRESHOLD_BYTES ? chooseEncoding(req.headers['accept-encoding']) : 'identity';
    const etag = encoding === 'identity' ? entry.hash : `${entry.hash.slice(0, -1)}-${encoding}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (matches(req.headers['if-none-match'], entry.hash)) return reply.code(304).send();
    reply.header('content-type', 'application/json; charset=utf-8');
    if (encoding === 'identity') return reply.send(entry.body);
    reply.header('content-encoding', encoding);
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.send(entry.br);
    }
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
    return reply.send(entry.gzip);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Public shop replies kept per shop until the shop changes (public-reply-cache.ts). */
    publicReplies: PublicReplyCache;
    /** The queue snapshot those replies are built from, one per shop and change (shared-snapshots.ts). */
    publicSnapshots: SharedSnapshots;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates the app with its cache of public replies, emptied per shop by every change the event
 * bus carries, and by every successful staff write of the shop (told to the other processes too),
 * but for ticket and rotation writes, whose own queue events say it.
 */
export function registerPublicReplyCache(app: FastifyInstance) {
  const cache = new PublicReplyCache(() => app.clock());
  const snapshots = new SharedSnapshots(app.db);
  app.decorate('publicReplies', cache);
  app.decorate('publicSnapshots', snapshots);
  const stop = app.events.onChange((change) => {
    snapshots.forget(change);
    cache.forget(change);
  });
  app.addHook('onClose', async () => stop());
  // Before the reply leaves: the staff member's next read (and anyone's) must see the change.
  app.addHook('onSend', async (req, reply) => {
    const principal = req.principal;
    if (READS.has(req.method) || reply.statusCode >= 400 || principal?.kind !== 'user') return;
    if (req.routeOptions.config.announcedByQueueEvents) return;
    await app.events.changed(principal.shopId);
  });
}
