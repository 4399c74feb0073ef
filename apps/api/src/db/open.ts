import type { Config } from '../config/env.js';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

/** PostgreSQL when DATABASE_URL is set, else the embedded database in the data folder. Migrated. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const db = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
