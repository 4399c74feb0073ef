import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';

/** The migrated template the run's global setup made (support/template-database.ts), if any. */
function template(key: 'pgliteTemplate' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    // outside a vitest worker: no template, the database is migrated from scratch
    return '';
  }
}

let pgliteTemplate: Blob | undefined;
/** The PGlite template tarball, read once per test file. */
function pgliteTemplateData(): Blob | undefined {
  const file = template('pgliteTemplate');
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * Waits until nobody is connected to database `name`: pool.end() resolves before its sockets are
 * closed, and a database is copied or dropped cleanly only once they are.
 */
export async function waitForNoConnections(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL (dropped again by `drop`). `migrated: false` leaves it
 * empty (migration tests). A migrated one is a copy of the run's migrated template when the global
 * setup made one (support/template-database.ts), and migrated from scratch otherwise; `migrate`
 * runs on it either way, so a migration the template lacks is still applied.
 */
export async function freshDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ db: Database; url?: string; drop: () => Promise<void> }> {
  const migrated = options.migrated ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const loadDataDir = migrated ? pgliteTemplateData() : undefined;
    const db = await openPglite(undefined, { loadDataDir });
    try {
      if (migrated) await migrate(db);
    } catch (err) {
      await db.close();
      throw err;
    }
    return { db, drop: () => db.close() };
  }
  const name = `chairline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const source = migrated ? template('postgresTemplate') : '';
  await admin.query(source ? `CREATE DATABASE ${name} TEMPLATE ${source}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), 20);
  const drop = async () => {
    await db.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    // pool.end() resolves before its sockets are closed; a forced drop would then kill them
    // mid-close and their FATAL error would surface as an unhandled error in the test run.
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await cleanup.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  // A database whose migration failed is dropped too: nothing is left on the shared server.
  try {
    if (migrated) await migrate(db);
  } catch (err) {
    await drop();
    throw err;
  }
  return { db, url: url.toString(), drop };
}

export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
