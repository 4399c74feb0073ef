import pg from 'pg';
import type { Database, Row, Sql } from './database.js';

// int8 (counts, sums) as JS numbers: our figures stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/**
 * How long a request waits for a free connection when every one of the pool is busy. Past it the
 * request is answered 503 "busy, try again" instead of waiting without end while the queue of
 * requests grows behind it.
 */
export const POOL_WAIT_MS = 10_000;

/** No connection became free in time, or the server cannot be reached: the caller may try again. */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super('The database has no free connection.', { cause });
    this.name = 'DatabaseBusyError';
  }
}

// pg's own words for a pool wait that timed out; a refused connection (or a server still starting)
// has a code. Both fail before any statement ran.
const isConnectFailure = (err: unknown) =>
  err instanceof Error &&
  (err.message.includes('timeout exceeded when trying to connect') ||
    ['ECONNREFUSED', '57P03'].includes(String((err as { code?: unknown }).code)));

export function openPostgres(connectionString: string, max = 10, waitMs = POOL_WAIT_MS): Database {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: waitMs });
  const busyOr = (err: unknown) => (isConnectFailure(err) ? new DatabaseBusyError(err) : err);
  const connect = () => pool.connect().catch((err: unknown) => Promise.reject(busyOr(err)));
  const query = async <T = Row>(text: string, params?: readonly unknown[]) => {
    try {
      return (await pool.query(text, params as unknown[])).rows as T[];
    } catch (err) {
      throw busyOr(err);
    }
  };
  return {
    kind: 'postgres',
    query,
    async transaction(fn) {
      const client = await connect();
      const tx: Sql = {
        query: async <T = Row>(text: string, params?: readonly unknown[]) =>
          (await client.query(text, params as unknown[])).rows as T[],
        exec: async (script) => {
          await client.query(script);
        },
      };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(script) {
      await query(script);
    },
    async close() {
      await pool.end();
    },
  };
}
