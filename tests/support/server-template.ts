import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerPool } from './server-pool.js';
import { SERVER_ENTRY, spawnServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder's pgdata the built server created and migrated, to copy for each server; or ''. */
    serverDataTemplate: string;
    /** The address of the run's pool of started default servers (support/server-pool.ts), or ''. */
    serverPool: string;
  }
}

/**
 * Runs once per e2e run, before any file: starts the built server once on an empty folder (no demo
 * shop), stops it cleanly, and hands its migrated database folder to every test's server, which
 * starts from a copy. Creating an embedded database (its initdb) took several seconds of every
 * server start on a busy machine; copying a folder takes a fraction. Then it opens the pool that
 * starts each file's default server (demo shop seeded on its own start) ahead of the file.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('serverDataTemplate', '');
  project.provide('serverPool', '');
  // Without a build the tests themselves say `pnpm build` is missing.
  if (!existsSync(SERVER_ENTRY)) return async () => undefined;
  const folder = mkdtempSync(join(tmpdir(), 'chairline-e2e-template-'));
  const remove = () => rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
  try {
    const server = await spawnServer({ seedDemo: false, env: { DATA_DIR: folder } }, '');
    const exit = await server.terminate();
    await server.stop();
    if (exit.code !== 0) throw new Error(`The template server did not stop cleanly (${JSON.stringify(exit)}):\n${server.output()}`);
  } catch (err) {
    remove();
    throw err;
  }
  const template = join(folder, 'pgdata');
  project.provide('serverDataTemplate', template);
  const pool = await startServerPool(template);
  project.provide('serverPool', pool.url);
  return async () => {
    try {
      await pool.close();
    } finally {
      remove();
    }
  };
}
