import { join } from 'node:path';
import type { Database } from './database.js';
import { acquireDirectoryLock } from './lock.js';
import { openPgliteInProcess } from './pglite-in-process.js';
import { openPgliteThread } from './pglite-thread.js';

export interface PgliteOptions {
  /**
   * Run PGlite in its own worker thread (the default) or on the API's event loop. The setting
   * CHAIRLINE_PGLITE_WORKER=0 chooses the event loop when this is not given.
   */
  worker?: boolean;
  /**
   * Start from this data folder tarball (PGlite's `dumpDataDir`) instead of an empty database:
   * tests start from one migrated copy instead of creating and migrating a database each time.
   */
  loadDataDir?: Blob;
}

export const pgliteInWorker = (options: PgliteOptions = {}) => options.worker ?? process.env.CHAIRLINE_PGLITE_WORKER !== '0';

/**
 * The embedded database, kept in `dataDir`/pgdata; `dataDir` undefined keeps it in memory
 * (tests). The folder is locked for this process, whichever thread runs PGlite: PGlite corrupts a
 * directory opened by two.
 */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Database> {
  const release = dataDir ? acquireDirectoryLock(dataDir) : () => undefined;
  const pgdata = dataDir ? join(dataDir, 'pgdata') : undefined;
  let db: Database;
  try {
    db = pgliteInWorker(options) ? await openPgliteThread(pgdata, options.loadDataDir) : await openPgliteInProcess(pgdata, options.loadDataDir);
  } catch (err) {
    release();
    throw err;
  }
  return {
    kind: db.kind,
    query: db.query,
    exec: db.exec,
    transaction: db.transaction,
    async close() {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}
