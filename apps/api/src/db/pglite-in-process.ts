import { PGlite } from '@electric-sql/pglite';
import type { Database, Row, Sql } from './database.js';
import { PGLITE_PARSERS } from './pglite-parsers.js';

/**
 * The embedded database run on the API's own event loop (CHAIRLINE_PGLITE_WORKER=0): every
 * statement blocks the process while it runs. Kept to compare with, and as a way back should a
 * platform refuse worker threads; the default is pglite-thread.ts.
 */
export async function openPgliteInProcess(pgdata?: string, loadDataDir?: Blob): Promise<Database> {
  const db = await PGlite.create({ ...(pgdata ? { dataDir: pgdata } : {}), ...(loadDataDir ? { loadDataDir } : {}), parsers: PGLITE_PARSERS });
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
      await db.close();
    },
  };
}
