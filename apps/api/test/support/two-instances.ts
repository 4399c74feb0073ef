import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createShopWithOwner } from '../../src/modules/auth/shops-repository.js';
import { startApiProcess, type ApiProcess } from './api-process.js';
import { freshDatabase, onPostgres } from './database.js';
import { unique } from './factories.js';

export interface TwoInstances {
  a: ApiProcess;
  b: ApiProcess;
  /** The shop both instances serve. */
  shopUsername: string;
  /** Kills whichever instance is still running, drops the database and removes the data folders. */
  stop(): Promise<void>;
}

/**
 * Two server processes (the server entry, as deployed) on one fresh PostgreSQL database, each with
 * its own data folder, and one shop made before they start.
 */
export async function startTwoInstances(shopName: string): Promise<TwoInstances> {
  if (!onPostgres()) throw new Error('This suite needs TEST_DATABASE_URL (a PostgreSQL server).');
  const db = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'chairline-two-'));
  const shopUsername = unique('shop-');
  await db.db.transaction((tx) =>
    createShopWithOwner(tx, { name: 'Owner', email: `${unique('owner')}@example.test`, passwordHash: 'not-used', shopName, shopUsername }),
  );
  const [a, b] = await Promise.all([startApiProcess(db.url ?? '', join(dataDir, 'a')), startApiProcess(db.url ?? '', join(dataDir, 'b'))]);
  return {
    a,
    b,
    shopUsername,
    async stop() {
      for (const s of [a, b]) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
