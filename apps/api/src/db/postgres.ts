import pg from 'pg';
import type { Database, Row, Sql } from './database.js';

// int8 (counts, sums) as JS numbers: our figures stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  const query = async <T = Row>(text: string, params?: readonly unknown[]) =>
    (await pool.query(text, params as unknown[])).rows as T[];
  return {
    kind: 'postgres',
    query,
    async transaction(fn) {
      const client = await pool.connect();
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
      await pool.query(script);
    },
    async close() {
      await pool.end();
    },
  };
}
