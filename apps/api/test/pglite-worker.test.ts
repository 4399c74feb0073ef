import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { openPglite } from '../src/db/pglite.js';

// The embedded database in its own worker thread (db/pglite-thread.ts) must answer exactly as
// PGlite on the event loop did: same values, same error fields, same transactions.

const SCHEMA = `
  CREATE TABLE things (
    id serial PRIMARY KEY,
    name text NOT NULL CONSTRAINT things_name_key UNIQUE,
    big int8,
    price numeric(10, 2),
    at timestamptz,
    day date,
    doc jsonb,
    tags text[],
    counts int[],
    bytes bytea
  );`;

/** A value of every kind the API stores, including bytes given as a Buffer (an upload). */
const INSERT = `INSERT INTO things (name, big, price, at, day, doc, tags, counts, bytes)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`;
const PARAMS = [
  'first',
  9_007_199_254_740_991,
  '12.50',
  new Date('2026-03-08T10:15:30.123Z'),
  '2026-03-08',
  { nested: { list: [1, 'two', null], flag: true } },
  ['a', 'b,c', 'd"e'],
  [1, 2, 3],
  Buffer.from([0, 1, 2, 254, 255]),
];

const READ = `SELECT t.*, count(*) OVER () AS total, sum(price) OVER () AS sum_price,
  now() - at AS since, ARRAY[at] AS moments, json_build_object('n', 1, 'at', at) AS built
  FROM things t ORDER BY id`;

async function bothDatabases(): Promise<{ worker: Database; inProcess: Database }> {
  const worker = await openPglite(undefined, { worker: true });
  const inProcess = await openPglite(undefined, { worker: false });
  for (const db of [worker, inProcess]) await db.exec(SCHEMA);
  return { worker, inProcess };
}

describe('PGlite in a worker thread', () => {
  let worker: Database;
  let inProcess: Database;
  beforeAll(async () => {
    ({ worker, inProcess } = await bothDatabases());
  });
  afterAll(async () => {
    await worker?.close();
    await inProcess?.close();
  });

  it('returns the same values as PGlite on the event loop: numbers, Dates, JSON, arrays, bytes', async () => {
    const written = await worker.query(INSERT, PARAMS);
    expect(written).toEqual(await inProcess.query(INSERT, PARAMS));
    const [row] = await worker.query<Record<string, unknown>>(READ);
    const [expected] = await inProcess.query<Record<string, unknown>>(READ);
    // `since` depends on the moment of reading; every other column must be equal.
    expect({ ...row, since: null }).toEqual({ ...expected, since: null });
    expect(row).toMatchObject({
      big: 9_007_199_254_740_991,
      price: 12.5,
      total: 1,
      sum_price: 12.5,
      doc: { nested: { list: [1, 'two', null], flag: true } },
      tags: ['a', 'b,c', 'd"e'],
      counts: [1, 2, 3],
    });
    expect(row?.at).toBeInstanceOf(Date);
    expect((row?.at as Date).toISOString()).toBe('2026-03-08T10:15:30.123Z');
    expect((row?.moments as Date[])[0]).toBeInstanceOf(Date);
    expect(row?.bytes).toBeInstanceOf(Uint8Array);
    expect([...(row?.bytes as Uint8Array)]).toEqual([0, 1, 2, 254, 255]);
    await worker.query('DELETE FROM things');
    await inProcess.query('DELETE FROM things');
  });

  it('rejects with the PostgreSQL error fields callers read (code, constraint, detail), outside and inside a transaction', async () => {
    await worker.query(INSERT, PARAMS);
    const outside = await worker.query(INSERT, PARAMS).catch((err: unknown) => err);
    expect(outside).toBeInstanceOf(Error);
    expect(outside).toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
      detail: 'Key (name)=(first) already exists.',
      message: 'duplicate key value violates unique constraint "things_name_key"',
    });
    const inside = await worker.transaction((tx) => tx.query(INSERT, PARAMS)).catch((err: unknown) => err);
    expect(inside).toMatchObject({ code: '23505', constraint: 'things_name_key' });
    const syntax = await worker.query('SELEC 1').catch((err: unknown) => err);
    expect(syntax).toMatchObject({ code: '42601' });
    // The error points at the code that sent the statement, not only at the thread.
    expect((syntax as Error).stack).toContain('pglite-worker.test.ts');
    // A parameter that cannot be copied to the thread is refused without harming the database.
    await expect(worker.query('SELECT $1::text AS v', [() => 'not data'])).rejects.toThrow();
    expect(await worker.query('SELECT $1::text AS v', ['data'])).toEqual([{ v: 'data' }]);
    await worker.query('DELETE FROM things');
  });

  it('commits a transaction whose function resolves and rolls back one whose function throws', async () => {
    const result = await worker.transaction(async (tx) => {
      await tx.query(INSERT, ['kept', ...PARAMS.slice(1)]);
      await tx.exec("INSERT INTO things (name) VALUES ('kept too')");
      return 'done';
    });
    expect(result).toBe('done');
    const failure = new Error('changed my mind');
    await expect(
      worker.transaction(async (tx) => {
        await tx.query(INSERT, ['dropped', ...PARAMS.slice(1)]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    // A failing statement aborts the transaction as on PostgreSQL; the whole transaction is undone.
    await expect(
      worker.transaction(async (tx) => {
        await tx.query("INSERT INTO things (name) VALUES ('also dropped')");
        await tx.query(INSERT, ['kept', ...PARAMS.slice(1)]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = await worker.query<{ name: string }>('SELECT name FROM things ORDER BY name');
    expect(names.map((r) => r.name)).toEqual(['kept', 'kept too']);
    await worker.query('DELETE FROM things');
  });

  it('keeps other statements out of an open transaction until it ends', async () => {
    let outsideAnswered = false;
    let outside: Promise<{ n: number }[]> | undefined;
    await worker.transaction(async (tx) => {
      await tx.query("INSERT INTO things (name) VALUES ('in transaction')");
      outside = worker.query<{ n: number }>('SELECT count(*)::int AS n FROM things');
      void outside.then(() => (outsideAnswered = true));
      // The thread answers in order: had the outside statement not waited, its answer would be here first.
      await tx.query('SELECT 1');
      await tx.query('SELECT 1');
      expect(outsideAnswered).toBe(false);
    });
    // It ran after the commit, so it sees the committed row.
    expect(await outside).toEqual([{ n: 1 }]);
    await worker.query('DELETE FROM things');
  });

  it('runs transactions one after the other, each whole', async () => {
    const order: string[] = [];
    const run = (name: string) =>
      worker.transaction(async (tx) => {
        order.push(`${name} begins`);
        await tx.query('INSERT INTO things (name) VALUES ($1)', [name]);
        await tx.query('SELECT 1');
        order.push(`${name} ends`);
      });
    await Promise.all([run('one'), run('two'), run('three')]);
    expect(order).toEqual(['one begins', 'one ends', 'two begins', 'two ends', 'three begins', 'three ends']);
    await worker.query('DELETE FROM things');
  });

  it('leaves the event loop free while a slow statement runs', async () => {
    const finished: string[] = [];
    const slow = worker.query('SELECT pg_sleep(2)').then(() => finished.push('slow statement'));
    // A timer set after the statement was sent fires while the statement is still running.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
    finished.push('timer');
    await slow;
    expect(finished).toEqual(['timer', 'slow statement']);
  });
});

describe('PGlite in a worker thread, in a data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chairline-pglite-worker-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its data across reopening, holds the folder lock in this process, and refuses statements once closed', async () => {
    const db = await openPglite(dir, { worker: true });
    await db.exec('CREATE TABLE kept (n int)');
    await db.query('INSERT INTO kept VALUES (42)');
    await expect(openPglite(dir, { worker: true })).rejects.toThrow(`The data folder ${dir} is already open in this process.`);
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('The embedded database is closed.');
    const again = await openPglite(dir, { worker: true });
    expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 42 }]);
    await again.close();
  });
});
