import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL (dropped again by `drop`). `migrated: false` leaves it
 * empty (migration tests).
 */
export async function freshDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ db: Database; url?: string; drop: () => Promise<void> }> {
  const migrated = options.migrated ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openPglite();
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
  await admin.query(`CREATE DATABASE ${name}`);
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
