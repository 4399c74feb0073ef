import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { one, type Database, type Sql } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { createShopWithOwner } from '../src/modules/auth/shops-repository.js';
import { postgresDatabase } from './servers.js';

/**
 * `pnpm bench queue-scale`: one shop with 10, 1,000 and 10,000 customers waiting (BENCH_SIZES), and
 * per operation the p50 and p99 time and the SQL statements it ran (BEGIN and COMMIT included, and on
 * PostgreSQL the NOTIFY inside the write's transaction): check-in (after a change in the line), a
 * second check-in right behind it, the ticket page's status (its
 * first poll after a change, and the next one), GET /api/queue/, call-next and cancel, BENCH_ROUNDS rounds each (default 20). On the
 * embedded database (unless BENCH_PGLITE=0) and on PostgreSQL when one answers (BENCH_DATABASE_URL; not with
 * BENCH_POSTGRES=0).
 * In process, through app.inject: the figures are the server's own work, without the network.
 */
const SIZES = (process.env.BENCH_SIZES ?? '10,1000,10000').split(',').map((s) => Number(s.trim()));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const withPglite = process.env.BENCH_PGLITE !== '0';
const withPostgres = process.env.BENCH_POSTGRES !== '0';
const PASSWORD = 'bench password long enough';
export const OPERATIONS = ['check-in', 'check-in behind it', 'ticket status', 'status, next poll', 'GET /api/queue/', 'call-next', 'cancel'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The database, counting the statements run through it (a transaction adds BEGIN and COMMIT). */
function counting(db: Database): { db: Database; statements: () => number } {
  let n = 0;
  const wrap = (s: Sql): Sql => ({
    query: (text, params) => {
      n += 1;
      return s.query(text, params);
    },
    exec: (script) => s.exec(script),
  });
  const plain = wrap(db);
  return {
    db: {
      kind: db.kind,
      query: plain.query,
      exec: plain.exec,
      transaction: (fn) => {
        n += 2;
        return db.transaction((tx) => fn(wrap(tx)));
      },
      close: () => db.close(),
    },
    statements: () => n,
  };
}

/** A shop with three barbers, two services and `waiting` customers in line (a third for one barber, a third with a service). */
async function fillShop(db: Database, waiting: number) {
  const hash = await hashPassword(PASSWORD);
  const { shopId } = await db.transaction((tx) =>
    createShopWithOwner(tx, {
      name: 'Scale owner',
      email: 'scale@chairline.test',
      passwordHash: hash,
      shopName: 'Scale shop',
      shopUsername: 'scale',
    }),
  );
  await db.query(
    `INSERT INTO plans (code, name, price_cents, barber_limit, total_check_ins, billing_interval_unit)
     VALUES ('scale-unlimited', 'Bench', 0, -1, -1, 'month')`,
  );
  await db.query(`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'scale-unlimited')`);
  for (const name of ['Ana Barber', 'Ben Barber']) {
    const email = `${name.split(' ')[0]?.toLowerCase()}@chairline.test`;
    const user = await one<{ id: number }>(db, 'INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id', [
      email,
      name,
      hash,
    ]);
    const membership = await one<{ id: number }>(
      db,
      `INSERT INTO memberships (shop_id, user_id, role) VALUES ($1, $2, 'employee') RETURNING id`,
      [shopId, user?.id],
    );
    await db.query(
      `INSERT INTO barbers (shop_id, membership_id, name, email, position)
       VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position) + 1, 0) FROM barbers WHERE shop_id = $1))`,
      [shopId, membership?.id, name, email],
    );
  }
  await db.query(`UPDATE barbers SET in_rotation = true, status = 'available' WHERE shop_id = $1`, [shopId]);
  const barbers = await db.query<{ id: number }>('SELECT id FROM barbers WHERE shop_id = $1 ORDER BY position', [shopId]);
  const services = await db.query<{ id: number }>(
    `INSERT INTO services (shop_id, name, estimated_minutes, price_cents)
     VALUES ($1, 'Cut', 30, 3000), ($1, 'Fade', 45, 4000) RETURNING id`,
    [shopId],
  );
  await db.query(
    `INSERT INTO walkin_tickets (shop_id, token, party_name, phone, preferred_barber_id, status, source, checked_in_at)
     SELECT $1, 'scale-' || g, 'Guest ' || g, '+1555' || lpad(g::text, 7, '0'),
            CASE WHEN g % 3 = 0 THEN $2::int END, 'waiting', 'online', now() - interval '1 minute' * ($3 - g)
       FROM generate_series(1, $3::int) g`,
    [shopId, barbers[1]?.id, waiting],
  );
  await db.query(
    `INSERT INTO walkin_ticket_services (ticket_id, service_id)
     SELECT id, $2 FROM walkin_tickets WHERE shop_id = $1 AND id % 3 = 1`,
    [shopId, services[1]?.id],
  );
  // Statistics, as autovacuum gathers them after a bulk insert: plans are made with the line's real size.
  await db.query('ANALYZE');
  return { barberId: barbers[0]?.id ?? 0 };
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

type Kind = 'pglite' | 'postgres';

/** One operation at one line length: its times in ms and the statements it ran. */
export interface QueueFigure {
  label: string;
  waiting: number;
  op: Operation;
  p50: number;
  p99: number;
  statements: number;
  /** The reply's size, for GET /api/queue/. */
  replyBytes?: number;
}

async function measure(kind: Kind, waiting: number, rounds: number): Promise<QueueFigure[]> {
  const pgDb = kind === 'postgres' ? await postgresDatabase() : null;
  if (kind === 'postgres' && !pgDb) return [];
  const dataDir = mkdtempSync(join(tmpdir(), 'chairline-queue-scale-'));
  const raw = pgDb ? openPostgres(pgDb.url, 10) : await openPglite();
  let app: FastifyInstance | undefined;
  try {
    await migrate(raw);
    const { barberId } = await fillShop(raw, waiting);
    const { db, statements } = counting(raw);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    });
    const unlimited = { max: 1_000_000_000, timeWindow: 60_000 };
    app = await buildApp({ config, db, logger: false, rateLimits: { publicWrite: unlimited }, turnAlerts: { worker: false } });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'scale@chairline.test', password: PASSWORD } });
    const access = login.json<{ access: string }>().access;
    const staff = { authorization: `Bearer ${access}` };
    const times = new Map<Operation, number[]>(OPERATIONS.map((o) => [o, []]));
    const counts = new Map<Operation, number>();
    let bytes = 0;
    const timed = async <R extends { statusCode: number; body: string }>(op: Operation, run: () => Promise<R>): Promise<R> => {
      const before = statements();
      const started = performance.now();
      const res = await run();
      times.get(op)?.push(performance.now() - started);
      counts.set(op, statements() - before);
      if (res.statusCode !== 200) throw new Error(`${op}: ${res.statusCode} ${res.body}`);
      return res;
    };
    /** A new customer checks in; their ticket's token. */
    const checkIn = async (op: Operation, phone: string) => {
      const res = await timed(op, () =>
        app!.inject({ method: 'POST', url: '/api/check-in/', payload: { shop_username: 'scale', name: 'Bench Guest', phone_number: phone } }),
      );
      return res.json<{ response: { token: string } }>().response.token;
    };
    for (let round = 0; round < rounds + 2; round++) {
      const token = await checkIn('check-in', `+1 556 ${String(round).padStart(7, '0')}`);
      // A second customer right behind the first (a rush): seated at the end of the kept line.
      const behindToken = await checkIn('check-in behind it', `+1 557 ${String(round).padStart(7, '0')}`);
      await timed('ticket status', () => app!.inject({ method: 'GET', url: `/api/check-in/${token}/` }));
      // The phone's next poll, nothing changed meanwhile: the shop's line of waits is kept.
      await timed('status, next poll', () => app!.inject({ method: 'GET', url: `/api/check-in/${token}/` }));
      const queue = await timed('GET /api/queue/', () => app!.inject({ method: 'GET', url: '/api/queue/?shop_username=scale' }));
      bytes = queue.body.length;
      await timed('call-next', () =>
        app!.inject({ method: 'POST', url: '/api/walkins/call-next/', headers: staff, payload: { barber_id: barberId } }),
      );
      await timed('cancel', () => app!.inject({ method: 'POST', url: `/api/check-in/${token}/cancel/` }));
      await app.inject({ method: 'POST', url: `/api/check-in/${behindToken}/cancel/` });
      // The first two rounds warm the process up and are not counted.
      if (round < 2) for (const list of times.values()) list.length = 0;
    }
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    return OPERATIONS.map((op) => {
      const sorted = [...(times.get(op) ?? [])].sort((a, b) => a - b);
      return {
        label,
        waiting,
        op,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        statements: counts.get(op) ?? 0,
        ...(op === 'GET /api/queue/' ? { replyBytes: bytes } : {}),
      };
    });
  } finally {
    await app?.close();
    await raw.close().catch(() => undefined);
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Every operation at every size, on each database in `kinds` (PostgreSQL is left out when none
 * answers). Defaults: the knobs above.
 */
export async function measureQueueScale(
  options: { sizes?: readonly number[]; rounds?: number; kinds?: readonly Kind[] } = {},
  /** Called with each size's figures as they come (the bench prints them while the next is filled). */
  onSize: (figures: QueueFigure[]) => void = () => undefined,
): Promise<QueueFigure[]> {
  const kinds = options.kinds ?? (['postgres', 'pglite'] as const).filter((k) => (k === 'pglite' ? withPglite : withPostgres));
  const figures: QueueFigure[] = [];
  for (const kind of kinds) {
    for (const size of options.sizes ?? SIZES) {
      const sized = await measure(kind, size, options.rounds ?? ROUNDS);
      onSize(sized);
      figures.push(...sized);
    }
  }
  return figures;
}

function queueLine(f: QueueFigure): string {
  const extra = f.replyBytes === undefined ? '' : `  reply ${(f.replyBytes / 1024).toFixed(1)} KB`;
  return `${f.label.padEnd(10)} ${String(f.waiting).padStart(6)} waiting  ${f.op.padEnd(17)} p50 ${f.p50.toFixed(1).padStart(7)} ms  p99 ${f.p99.toFixed(1).padStart(7)} ms  ${String(f.statements).padStart(2)} statements${extra}`;
}

export async function printQueueScale() {
  console.log(`Queue writes at scale: ${ROUNDS} rounds per size; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await measureQueueScale({}, (sized) => {
    for (const f of sized) console.log(queueLine(f));
  });
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}
