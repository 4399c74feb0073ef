// Measures how long a command takes from launch until the server answers GET /api/health/.
//   node scripts/measure-start.mjs [runs=3] -- <command...>
// Each run gets its own port; all runs share one data folder, created and seeded by a first
// untimed start, so the figures are restarts of an existing installation (what `npm start` and
// `pnpm serve` do every day), not the one-off migration and demo seeding of a first start.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sep = process.argv.indexOf('--');
if (sep < 0 || sep === process.argv.length - 1) {
  console.error('usage: node scripts/measure-start.mjs [runs] -- <command...>');
  process.exit(2);
}
const runs = Number(process.argv[2] === '--' ? 3 : process.argv[2]);
const [command, ...args] = process.argv.slice(sep + 1);
const dataDir = mkdtempSync(join(tmpdir(), 'chairline-start-'));

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startOnce() {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the command exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health/`)).ok) return (performance.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    // The whole process group: pnpm starts the server as a grandchild.
    process.kill(-child.pid, 'SIGTERM');
    await exited;
    // ...and every process of the group gone, so the next run finds the data folder free.
    for (;;) {
      try {
        process.kill(-child.pid, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

try {
  await startOnce(); // creates and seeds the data folder
  const seconds = [];
  for (let i = 0; i < runs; i += 1) seconds.push(await startOnce());
  const sorted = [...seconds].sort((a, b) => a - b);
  const fmt = (s) => s.toFixed(2);
  console.log(`runs: ${seconds.map(fmt).join(', ')} s`);
  console.log(`min / median / max: ${fmt(sorted[0])} / ${fmt(sorted[Math.floor(sorted.length / 2)])} / ${fmt(sorted.at(-1))} s`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
