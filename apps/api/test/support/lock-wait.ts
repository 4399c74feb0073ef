import type { Database } from '../../src/db/database.js';

/**
 * Resolves once some statement of this PostgreSQL database waits on a lock: a request started
 * behind a transaction the test holds open has reached the point the test wants it stopped at.
 */
export async function someoneWaitsOnALock(db: Database, what: string): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const rows = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${what} never waited on a lock.`);
}
