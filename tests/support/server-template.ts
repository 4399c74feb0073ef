import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_ENTRY, startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder's pgdata the built server created and migrated, to copy for each server; or ''. */
    serverDataTemplate: string;
  }
}

/**
 * Runs once per e2e run, before any file: starts the built server once on an empty folder (no demo
 * shop), stops it cleanly, and hands its migrated database folder to every test's server, which
 * starts from a copy. Creating an embedded database (its initdb) took several seconds of every
 * server start on a busy machine; copying a folder takes a fraction. The demo shop is still seeded
 * by each server on its own start, so its data is as fresh as before.
 */
export async function setup(project: TestProject): Promise<() => void> {
  project.provide('serverDataTemplate', '');
  // Without a build the tests themselves say `pnpm build` is missing.
  if (!existsSync(SERVER_ENTRY)) return () => undefined;
  const folder = mkdtempSync(join(tmpdir(), 'chairline-e2e-template-'));
  const remove = () => rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
  try {
    const server = await startServer({ seedDemo: false, env: { DATA_DIR: folder } });
    const exit = await server.terminate();
    await server.stop();
    if (exit.code !== 0) throw new Error(`The template server did not stop cleanly (${JSON.stringify(exit)}):\n${server.output()}`);
  } catch (err) {
    remove();
    throw err;
  }
  project.provide('serverDataTemplate', join(folder, 'pgdata'));
  return remove;
}
