import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { leaseServer } from './server-lease.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const API_DIR = join(REPO_ROOT, 'apps/api');

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** Sends SIGTERM and waits for the process to end (SIGKILL after 10 s); the data folder stays. */
  terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends the server (as terminate) and removes its data folder. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Seed the demo shop `demo` (default true). */
  seedDemo?: boolean;
  env?: Record<string, string>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** The line the server prints once it listens (apps/api/src/server.ts). */
export const READY_LINE = 'Chairline is running';

/**
 * Resolves once the server says it is running (the line it prints after `listen`), rejects with
 * everything it printed if it exits first or stays silent for 90 s. No polling: the child's own
 * output says when it is ready.
 */
export function waitForReadyLine(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolveReady, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolveReady();
    };
    const onData = () => {
      if (output().includes(READY_LINE)) done();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      done(new Error(`The server exited (${code ?? signal}):\n${output()}`));
    const timer = setTimeout(() => done(new Error(`The server did not say it was running within 90 s:\n${output()}`)), 90_000);
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    // It may have printed the line, or ended, before these listeners were attached.
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
    else onData();
  });
}

/** The compiled server, as `pnpm build` writes it and `npm start` runs it. */
export const SERVER_ENTRY = join(API_DIR, 'dist/server.js');

/** The migrated data folder the e2e global setup made, or '' (none: the server creates its own). */
function serverDataTemplate(): string {
  try {
    return inject('serverDataTemplate') ?? '';
  } catch {
    return '';
  }
}

/** The address of the e2e global setup's server pool (support/server-pool.ts), or ''. */
function serverPoolUrl(): string {
  try {
    return inject('serverPool') ?? '';
  } catch {
    return '';
  }
}

/**
 * The real server (apps/api/dist/server.js, compiled by `pnpm build`) as a child process, started
 * as `npm start` starts it: plain node, the shared package's compiled JavaScript.
 *
 * The default server (demo shop seeded, no settings of the test's own) comes from the run's pool,
 * which started it while the previous file ran (support/server-pool.ts); any other is started here.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const pool = serverPoolUrl();
  if (pool && isDefaultServer(options)) return leaseServer(pool);
  return spawnServer(options, serverDataTemplate());
}

/** The pool holds only the default server: the demo shop seeded and no settings of a test's own. */
export function isDefaultServer(options: ServerOptions): boolean {
  return options.seedDemo !== false && Object.keys(options.env ?? {}).length === 0;
}

/**
 * Starts the built server now. `template` is a migrated `pgdata` folder to start from (copied), or
 * ''. `logFile`, when given, also receives everything the server prints: a pooled server's output
 * is read by a test in another process.
 */
export async function spawnServer(options: ServerOptions, template: string, logFile?: string): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`pnpm build\` before the browser tests.`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'chairline-e2e-'));
  // The server's database starts as a copy of the run's freshly migrated one (support/server-template.ts)
  // unless the test brings its own folder or database: the copy skips creating and migrating it.
  if (template && options.env?.DATA_DIR === undefined && !options.env?.DATABASE_URL) {
    cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
  }
  let log = '';
  const child = spawn(process.execPath, ['--conditions=chairline-compiled', SERVER_ENTRY], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const record = (chunk: Buffer) => {
    log += chunk.toString();
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const output = () => log;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  );
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  // Should the test process end without stop() (a crash, a killed worker), the server and its data
  // folder still go: nothing a test made outlives the run.
  const leftovers = () => {
    if (!ended()) child.kill('SIGKILL');
    try {
      removeDataDir();
    } catch {
      // the process is exiting; a folder under the temp dir is all that can be left
    }
  };
  process.once('exit', leftovers);
  const terminate = async () => {
    if (!ended()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    return exited;
  };
  try {
    await waitForReadyLine(child, output);
  } catch (err) {
    // The server is ended before its folder goes (removing files it is still writing fails), and a
    // failure to clean up never hides why the server did not start.
    process.removeListener('exit', leftovers);
    if (!ended()) child.kill('SIGKILL');
    await exited;
    try {
      removeDataDir();
    } catch {
      // reported below: the start failure matters more
    }
    throw err;
  }
  return {
    baseUrl,
    dataDir,
    output,
    terminate,
    async stop() {
      try {
        await terminate();
      } finally {
        process.removeListener('exit', leftovers);
        removeDataDir();
      }
    },
  };
}
