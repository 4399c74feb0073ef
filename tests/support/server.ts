import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer within 90 s:\n${output()}`);
}

/** The compiled server, as `pnpm build` writes it and `npm start` runs it. */
const SERVER_ENTRY = join(API_DIR, 'dist/server.js');

/**
 * The real server (apps/api/dist/server.js, compiled by `pnpm build`) as a child process, started
 * as `npm start` starts it: plain node, the shared package's compiled JavaScript.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`pnpm build\` before the browser tests.`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'chairline-e2e-'));
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
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
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
    await waitForHealth(baseUrl, child, output);
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
