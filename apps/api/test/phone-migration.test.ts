import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../src/db/database.js';
import { one } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { phoneIdentityDataStep, planPhoneUpdates } from '../src/db/migrations/0003_phone_identity.js';
import { freshDatabase } from './support/database.js';

// Migrations can carry a TypeScript data step (work SQL cannot do) that runs in the migration's
// transaction; 0003 uses one to rewrite stored customer phones to E.164 without losing any.

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<Database> {
  const { db, drop } = await freshDatabase({ migrated: false });
  cleanups.push(drop);
  return db;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chairline-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const exists = async (db: Database, table: string) =>
  (await one<{ t: string | null }>(db, 'SELECT to_regclass($1)::text AS t', [table]))?.t !== null;

describe('a migration data step', () => {
  it('runs once, right after its SQL, in the same transaction', async () => {
    const db = await emptyDatabase();
    const dir = tempDir();
    writeFileSync(join(dir, '0001_notes.sql'), 'CREATE TABLE step_notes (v text NOT NULL);');
    writeFileSync(join(dir, '0002_more.sql'), 'CREATE TABLE step_more (v text);');
    const dataSteps = {
      '0001_notes.sql': async (tx: Sql) => {
        await tx.query("INSERT INTO step_notes (v) VALUES ('written by the data step')");
      },
    };
    expect(await migrate(db, { dir, dataSteps })).toEqual(['0001_notes.sql', '0002_more.sql']);
    expect(await db.query('SELECT v FROM step_notes')).toEqual([{ v: 'written by the data step' }]);
    // Applied migrations are not run again, nor are their data steps.
    expect(await migrate(db, { dir, dataSteps })).toEqual([]);
    expect(await db.query('SELECT v FROM step_notes')).toEqual([{ v: 'written by the data step' }]);

    // A data step that fails takes its migration's SQL with it, and the migration stays pending.
    writeFileSync(join(dir, '0003_fails.sql'), 'CREATE TABLE step_fails (v text);');
    const failing = {
      ...dataSteps,
      '0003_fails.sql': async (tx: Sql) => {
        await tx.query("INSERT INTO step_fails (v) VALUES ('half')");
        throw new Error('the data step failed');
      },
    };
    await expect(migrate(db, { dir, dataSteps: failing })).rejects.toThrow('the data step failed');
    expect(await exists(db, 'step_fails')).toBe(false);
    expect(await db.query("SELECT name FROM schema_migrations WHERE name = '0003_fails.sql'")).toEqual([]);
    expect(await migrate(db, { dir, dataSteps })).toEqual(['0003_fails.sql']);
    expect(await exists(db, 'step_fails')).toBe(true);
  });
});

describe('0003_phone_identity on a database of the previous version', () => {
  it('rewrites customer and ticket phones to E.164, leaving unreadable and clashing ones as they were', async () => {
    const db = await emptyDatabase();
    const before = tempDir();
    for (const name of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < '0003')) {
      copyFileSync(join(MIGRATIONS, name), join(before, name));
    }
    expect(await migrate(db, { dir: before })).toEqual(['0001_init.sql', '0002_team_and_support.sql']);

    const shop = await one<{ id: number }>(db, "INSERT INTO shops (name, username) VALUES ('Old Shop', 'old-shop') RETURNING id");
    const shopId = shop?.id;
    const customer = async (phone: string) =>
      (await one<{ id: number }>(db, 'INSERT INTO customers (shop_id, name, phone) VALUES ($1, $2, $3) RETURNING id', [shopId, 'C', phone]))?.id;
    const ticket = async (phone: string, status: string) =>
      (
        await one<{ id: number }>(
          db,
          `INSERT INTO walkin_tickets (shop_id, token, party_name, phone, status, source)
           VALUES ($1, md5(random()::text), 'T', $2, $3, 'online') RETURNING id`,
          [shopId, phone, status],
        )
      )?.id;
    const c = {
      typed: await customer('+1 (917) 555-1001'),
      digits: await customer('19175551002'),
      unreadable: await customer('call me later'),
      clashTyped: await customer('1 917 555 1003'),
      clashE164: await customer('+19175551003'),
    };
    const tk = {
      waiting: await ticket('19175551001', 'waiting'),
      done: await ticket('0019175551001', 'done'),
      doneAgain: await ticket('+1 917 555 1001', 'done'),
      activeFirst: await ticket('+1 917 555 1004', 'waiting'),
      activeSecond: await ticket('917.555.1004', 'called'),
      unreadable: await ticket('n/a', 'waiting'),
    };

    const applied = await migrate(db);
    expect(applied[0]).toBe('0003_phone_identity.sql');

    const customers = new Map((await db.query<{ id: number; phone: string }>('SELECT id, phone FROM customers')).map((r) => [r.id, r.phone]));
    expect(customers.get(c.typed ?? 0)).toBe('+19175551001');
    expect(customers.get(c.digits ?? 0)).toBe('+19175551002');
    expect(customers.get(c.unreadable ?? 0)).toBe('call me later');
    expect(customers.get(c.clashE164 ?? 0)).toBe('+19175551003');
    expect(customers.get(c.clashTyped ?? 0)).toBe('1 917 555 1003');

    const tickets = new Map((await db.query<{ id: number; phone: string }>('SELECT id, phone FROM walkin_tickets')).map((r) => [r.id, r.phone]));
    expect(tickets.get(tk.waiting ?? 0)).toBe('+19175551001');
    expect(tickets.get(tk.done ?? 0)).toBe('+19175551001');
    expect(tickets.get(tk.doneAgain ?? 0)).toBe('+19175551001');
    expect(tickets.get(tk.activeFirst ?? 0)).toBe('+19175551004');
    expect(tickets.get(tk.activeSecond ?? 0)).toBe('917.555.1004');
    expect(tickets.get(tk.unreadable ?? 0)).toBe('n/a');

    expect(await one(db, 'SELECT country FROM shops WHERE id = $1', [shopId])).toEqual({ country: 'US' });
    await expect(db.query("UPDATE shops SET country = 'usa' WHERE id = $1", [shopId])).rejects.toThrow();
  });
});

describe('the phone identity data step', () => {
  it("reads each shop's numbers in that shop's country", async () => {
    const { db, drop } = await freshDatabase();
    cleanups.push(drop);
    const shop = await one<{ id: number }>(db, "INSERT INTO shops (name, username, country) VALUES ('Fade London', 'fade-london', 'GB') RETURNING id");
    await db.query('INSERT INTO customers (shop_id, name, phone) VALUES ($1, $2, $3)', [shop?.id, 'Olly', '07911 123456']);
    await db.query(
      `INSERT INTO walkin_tickets (shop_id, token, party_name, phone, status, source) VALUES ($1, 'uk-1', 'Olly', '0044 7911 123457', 'waiting', 'online')`,
      [shop?.id],
    );
    const summary = await db.transaction((tx) => phoneIdentityDataStep(tx));
    expect(summary.customers.updates).toHaveLength(1);
    expect(summary.tickets.updates).toHaveLength(1);
    expect(await one(db, 'SELECT phone FROM customers WHERE shop_id = $1', [shop?.id])).toEqual({ phone: '+447911123456' });
    expect(await one(db, 'SELECT phone FROM walkin_tickets WHERE shop_id = $1', [shop?.id])).toEqual({ phone: '+447911123457' });
    // Running it again changes nothing.
    const again = await db.transaction((tx) => phoneIdentityDataStep(tx));
    expect(again.customers.updates).toEqual([]);
    expect(again.tickets.updates).toEqual([]);
  });

  it('matches by an index on the stored value', async () => {
    const { db, drop } = await freshDatabase();
    cleanups.push(drop);
    const plans = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const explain = async (sql: string) =>
        (await tx.query<Record<string, string>>(`EXPLAIN ${sql}`)).map((r) => Object.values(r)[0]).join('\n');
      return [
        await explain(`SELECT id FROM customers WHERE shop_id = 1 AND phone = '+19175551001'`),
        await explain(`SELECT id FROM walkin_tickets WHERE shop_id = 1 AND phone = '+19175551001' AND status IN ('waiting', 'called', 'in_service')`),
      ];
    });
    expect(plans[0]).toMatch(/Index (Only )?Scan using customers_phone_unique/);
    expect(plans[1]).toMatch(/Index Scan using walkin_tickets_(active_phone_unique|shop_phone_idx)|Bitmap Index Scan on walkin_tickets_(active_phone_unique|shop_phone_idx)/);
  });
});

describe('planPhoneUpdates', () => {
  it('keeps every scope unique: rows already right hold their value, then the oldest row wins', () => {
    const plan = planPhoneUpdates([
      { id: 1, phone: '1 917 555 1003', country: 'US', scope: 'shop-1' },
      { id: 2, phone: '+19175551003', country: 'US', scope: 'shop-1' },
      { id: 3, phone: '(917) 555-1005', country: 'US', scope: 'shop-1' },
      { id: 4, phone: '917 555 1005', country: 'US', scope: 'shop-1' },
      { id: 5, phone: '917 555 1005', country: 'US', scope: 'shop-2' },
      { id: 6, phone: '917 555 1005', country: 'US', scope: null },
      { id: 7, phone: '917 555 1005', country: 'US', scope: null },
      { id: 8, phone: 'unknown', country: 'US', scope: 'shop-1' },
    ]);
    expect(plan.updates).toEqual([
      { id: 3, phone: '+19175551005' },
      { id: 5, phone: '+19175551005' },
      { id: 6, phone: '+19175551005' },
      { id: 7, phone: '+19175551005' },
    ]);
    expect(plan.conflicts).toEqual([1, 4]);
  });
});
