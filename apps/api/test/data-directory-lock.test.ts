import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DataDirectoryInUseError } from '../src/db/lock.js';
import { openPglite } from '../src/db/pglite.js';

const created: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chairline-lock-'));
  created.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lockFile = (dir: string) => join(dir, 'chairline.lock');
const lockOwner = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as { pid: number; instance: string };
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

/** Some live process that is not a Chairline server (so its pid can stand for a reused pid). */
async function otherProcess(): Promise<number> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child.pid ?? 0;
}

/** A real second process that locks `dir` through the same code, as a second server would. */
async function serverHolding(dir: string): Promise<ChildProcess> {
  const lockModule = fileURLToPath(new URL('../src/db/lock.ts', import.meta.url));
  const code = `const m = await import(${JSON.stringify(lockModule)}); m.acquireDirectoryLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  for await (const chunk of child.stdout ?? []) {
    out += String(chunk);
    if (out.includes('locked')) break;
  }
  expect(out).toContain('locked');
  return child;
}

describe('the data folder lock', () => {
  it('refuses a second opening in the same process with a clear message, and frees the folder on close', async () => {
    const dir = tempDir();
    const db = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toThrow(`The data folder ${dir} is already open in this process.`);
    expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryInUseError);
    await db.query('SELECT 1');
    await db.close();
    const again = await openPglite(dir);
    await again.close();
  });

  it('refuses a folder held by another running Chairline server, naming it, and takes it once that server is gone', async () => {
    const dir = tempDir();
    const server = await serverHolding(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryInUseError);
    expect(() => acquireDirectoryLock(dir)).toThrow(`already in use by another Chairline server (process ${server.pid})`);
    server.kill('SIGKILL');
    await once(server, 'exit');
    const release = acquireDirectoryLock(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), '999999');
    const release = acquireDirectoryLock(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    release();
    expect(() => readFileSync(lockFile(dir))).toThrow();
  });

  it('takes over a lock whose pid now belongs to a live process that is not that server (pid reuse)', async () => {
    const pid = await otherProcess();
    const dir = tempDir();
    writeFileSync(lockFile(dir), JSON.stringify({ pid, instance: 'earlier server', started: '1', boot: bootId() }));
    const release = acquireDirectoryLock(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    release();

    // A lock written by an older server (the pid alone), now pointing at a `sleep` process.
    const legacy = tempDir();
    writeFileSync(lockFile(legacy), String(pid));
    acquireDirectoryLock(legacy)();
  });

  it('takes over a stale lock holding our own pid (a restart that got the same pid)', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), JSON.stringify({ pid: process.pid, instance: 'previous life', started: '1', boot: bootId() }));
    const release = acquireDirectoryLock(dir);
    expect(lockOwner(dir)).toMatchObject({ pid: process.pid });
    expect(lockOwner(dir).instance).not.toBe('previous life');
    // While we hold it, a second open in this process is still refused.
    expect(() => acquireDirectoryLock(dir)).toThrow('already open in this process');
    release();

    const legacy = tempDir();
    writeFileSync(lockFile(legacy), String(process.pid));
    acquireDirectoryLock(legacy)();
  });

  it('takes over a lock holding pid 1 after a container restart (pid 1 here is not a Chairline server)', async () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), JSON.stringify({ pid: 1, instance: 'old container', started: 'before the restart', boot: bootId() }));
    const db = await openPglite(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    await db.close();

    const legacy = tempDir();
    writeFileSync(lockFile(legacy), '1');
    const release = acquireDirectoryLock(legacy);
    expect(lockOwner(legacy).pid).toBe(process.pid);
    release();
  });

  it('leaves a lock that another server took over in place when releasing', () => {
    const dir = tempDir();
    const release = acquireDirectoryLock(dir);
    writeFileSync(lockFile(dir), JSON.stringify({ pid: 4242, instance: 'someone else' }));
    release();
    expect(lockOwner(dir).instance).toBe('someone else');
  });
});
