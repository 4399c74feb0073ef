import type { Sql } from '../db/database.js';

/** Hits in the current window and milliseconds left of it. */
export interface Hits {
  current: number;
  ttl: number;
}

// One statement, atomic under concurrency (a second writer of the same key waits for the row):
// the first hit of a key, or a hit after its window ended, starts a window of `timeWindow` ms at 1;
// a hit inside the window adds one. Times are the database's, so every process agrees on them.
const INCREMENT = `
  INSERT INTO rate_limit_counters AS c (key, hits, expires_at)
  VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.hits + 1 END,
    expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
  RETURNING hits AS current, greatest(0, ceil(extract(epoch FROM c.expires_at - now()) * 1000))::integer AS ttl`;

const READ = `
  SELECT hits AS current, greatest(0, ceil(extract(epoch FROM expires_at - now()) * 1000))::integer AS ttl
  FROM rate_limit_counters WHERE key = $1 AND expires_at > now()`;

export const DELETE_EXPIRED = 'DELETE FROM rate_limit_counters WHERE expires_at <= now()';

/** Counts one hit of the key; undefined only if the statement returned no row. */
export async function incrementHits(sql: Sql, key: string, timeWindow: number): Promise<Hits | undefined> {
  return (await sql.query<Hits>(INCREMENT, [key, timeWindow]))[0];
}

/** The key's hits in its current window, without counting one; undefined when it has none. */
export async function readHits(sql: Sql, key: string): Promise<Hits | undefined> {
  return (await sql.query<Hits>(READ, [key]))[0];
}

/** Deletes the counters whose window has ended. */
export async function deleteExpiredCounters(sql: Sql): Promise<void> {
  await sql.query(DELETE_EXPIRED);
}
