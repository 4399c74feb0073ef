import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/postgres.js';
import { waitForNoConnections } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data folder (PGlite's `dumpDataDir`), or '' when none was made. */
    pgliteTemplate: string;
    /** A migrated database on the TEST_DATABASE_URL server to copy (`CREATE DATABASE … TEMPLATE`), or ''. */
    postgresTemplate: string;
  }
}

/** The PGlite instance as a Database, only for migrating it here (src/db/pglite.ts is the real one). */
function asDatabase(db: PGlite): Database {
  return {
    kind: 'pglite',
    query: async (text, params) => (await db.query(text, params as unknown[])).rows as never,
    exec: async (script) => {
      await db.exec(script);
    },
    transaction: (fn) =>
      db.transaction((t) =>
        fn({
          query: async (text, params) => (await t.query(text, params as unknown[])).rows as never,
          exec: async (script) => {
            await t.exec(script);
          },
        }),
      ),
    close: () => db.close(),
  };
}

/**
 * Runs once per test run, before any file: migrates one database and hands it to every test, which
 * then starts from a copy. Creating an empty PGlite database (its initdb) and migrating it cost
 * several seconds each on a busy machine, and the API suite made one per test app; a copy of the
 * migrated one costs a fraction. The copy holds exactly what `migrate` makes from the migration
 * files of this checkout, so a test sees the same database as before.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    await makeTemplates(project, cleanups);
  } catch (err) {
    // A failed setup leaves nothing behind: no folder, no database on the shared server.
    await cleanUp();
    throw err;
  }
  return cleanUp;
}

async function makeTemplates(project: TestProject, cleanups: (() => Promise<void>)[]): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', '');
  // With a PostgreSQL server every test database lives there (support/database.ts).
  if (!serverUrl) {
    const folder = mkdtempSync(join(tmpdir(), 'chairline-template-'));
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
    const lite = await PGlite.create();
    try {
      await migrate(asDatabase(lite));
      const tarball = await lite.dumpDataDir('none');
      const file = join(folder, 'pgdata.tar');
      writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
      project.provide('pgliteTemplate', file);
    } finally {
      await lite.close();
    }
  } else {
    const name = `chairline_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const drop = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    };
    cleanups.push(drop);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = openPostgres(url.toString(), 2);
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    // A database is copied only while nobody is connected to it.
    await waitForNoConnections(serverUrl, name);
    project.provide('postgresTemplate', name);
  }
}
