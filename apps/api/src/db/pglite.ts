import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Row, Sql } from './database.js';
import { acquireDirectoryLock } from './lock.js';

/** Parse int8 and numeric as numbers, as the PostgreSQL driver does (postgres.ts). */
const parsers = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
};

export interface PgliteOptions {
  /**
   * Start from this data folder tarball (PGlite's `dumpDataDir`) instead of an empty database:
   * tests start from one migrated copy instead of creating and migrating a database each time.
   */
  loadDataDir?: Blob;
}

/**
 * The embedded database, kept in `dataDir`/pgdata; `dataDir` undefined keeps it in memory
 * (tests). The folder is locked for this process: PGlite corrupts a directory opened by two.
 */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Database> {
  const release = dataDir ? acquireDirectoryLock(dataDir) : () => undefined;
  let db: PGlite;
  try {
    const load = options.loadDataDir ? { loadDataDir: options.loadDataDir } : {};
    db = await PGlite.create(dataDir ? { dataDir: join(dataDir, 'pgdata'), parsers, ...load } : { parsers, ...load });
  } catch (err) {
    release();
    throw err;
  }
  const query = async <T = Row>(text: string, params?: readonly unknown[]) =>
    (await db.query<T>(text, params as unknown[])).rows;
  return {
    kind: 'pglite',
    query,
    transaction(fn) {
      return db.transaction((t) => {
        const tx: Sql = {
          query: async <T = Row>(text: string, params?: readonly unknown[]) =>
            (await t.query<T>(text, params as unknown[])).rows,
          exec: async (script) => {
            await t.exec(script);
          },
        };
        return fn(tx);
      });
    },
    async exec(script) {
      await db.exec(script);
    },
    async close() {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}
