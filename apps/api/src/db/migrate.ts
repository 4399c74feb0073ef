import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Sql } from './database.js';
import { phoneIdentityDataStep } from './migrations/0003_phone_identity.js';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: serialises migrations when several API processes start on one PostgreSQL.
const MIGRATION_LOCK_KEY = 7_140_221;

/**
 * Work a migration needs that SQL cannot do (e.g. reading phone numbers with libphonenumber). It
 * runs in the migration's transaction right after its SQL, so both land together or neither does.
 */
export type MigrationDataStep = (tx: Sql) => Promise<unknown>;

/** The data steps, by the name of the SQL file they follow (a migration's companion .ts module). */
export const DATA_STEPS: Readonly<Record<string, MigrationDataStep>> = {
  '0003_phone_identity.sql': phoneIdentityDataStep,
};

export interface MigrateOptions {
  /** The folder of the .sql files (tests use their own). */
  dir?: string;
  dataSteps?: Readonly<Record<string, MigrationDataStep>>;
}

/** Applies, in name order, every migration file not applied yet; each in its own transaction. */
export async function migrate(db: Database, options: MigrateOptions = {}): Promise<string[]> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  const dataSteps = options.dataSteps ?? DATA_STEPS;
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const name of files) {
    const script = readFileSync(join(dir, name), 'utf8');
    const done = await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (seen.length > 0) return false;
      await tx.exec(script);
      await dataSteps[name]?.(tx);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}
