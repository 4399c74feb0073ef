import { createHash } from 'node:crypto';
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

/**
 * Every statement is sent as a named prepared statement: each connection parses and plans a text once
 * and then only binds values. Planning cost 0.1–1.6 ms per statement against 0.01–0.3 ms executing
 * (a check-in runs about a dozen), so an unnamed statement spent most of the server's time there.
 * The name is a digest of the text, so the same text shares one statement on a connection and the
 * number of statements per connection is the number of distinct texts the code builds; past
 * MAX_PREPARED texts (a text built from values by mistake) statements go unnamed, so neither this map
 * nor a connection grows without end. Plans are generic (`plan_cache_mode`): every query is keyed by
 * a shop or an id, where the generic plan is the custom one, without planning on each execution.
 */
const MAX_PREPARED = 2000;
const statementNames = new Map<string, string>();
export function prepared(text: string, values?: readonly unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `c${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return { name, text, values: values as unknown[] | undefined };
}

export function openPostgres(connectionString: string, max = 10, waitMs = POOL_WAIT_MS): Database {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: waitMs,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  const busyOr = (err: unknown) => (isConnectFailure(err) ? new DatabaseBusyError(err) : err);
  const connect = () => pool.connect().catch((err: unknown) => Promise.reject(busyOr(err)));
  const query = async <T = Row>(text: string, params?: readonly unknown[]) => {
    try {
      return (await pool.query(prepared(text, params))).rows as T[];
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
          (await client.query(prepared(text, params))).rows as T[],
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
    // A script of several statements goes as one simple query: it cannot be prepared.
    async exec(script) {
      try {
        await pool.query(script);
      } catch (err) {
        throw busyOr(err);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
