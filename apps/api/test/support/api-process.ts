import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The line the server prints once it listens (src/server.ts). */
const READY_LINE = 'Chairline is running';

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The server entry, as deployed, in its own process on `databaseUrl` (empty: the embedded database
 * in `dataDir`): resolves when the server says it is running, rejects with everything it printed if
 * it exits first. `env` adds or overrides environment variables.
 */
export async function startApiProcess(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      output.push(d.toString());
      if (output.join('').includes(READY_LINE)) resolve();
    });
    child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output.join('')}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, output };
}

/** The exit code once the process has ended. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((r) => child.once('exit', (code) => r(code)));
}
