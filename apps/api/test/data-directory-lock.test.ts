import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DataDirectoryInUseError } from '../src/db/lock.js';
import { openPglite } from '../src/db/pglite.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'chairline-lock-'));

describe('the data folder lock', () => {
  it('refuses a second opening with a clear message, and frees the folder on close', async () => {
    const dir = tempDir();
    const db = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toThrow(/already open/);
    await db.query('SELECT 1');
    await db.close();
    const again = await openPglite(dir);
    await again.close();
  });

  it('refuses a folder held by another live process, naming it', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'chairline.lock'), String(other.pid));
      expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryInUseError);
      expect(() => acquireDirectoryLock(dir)).toThrow(`already in use by another Chairline server (process ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'chairline.lock'), '999999');
    const release = acquireDirectoryLock(dir);
    expect(readFileSync(join(dir, 'chairline.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
