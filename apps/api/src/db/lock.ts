import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirectoryInUseError extends Error {}

/**
 * What a lock file records about the server holding it. The pid alone cannot tell a live server
 * from another process that got the same pid later (pid 1 after a container restart, pid reuse),
 * so the process's start time and the machine's boot id are kept too: a live process whose start
 * time differs is not the server that wrote the lock.
 */
interface LockOwner {
  pid: number;
  instance: string;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat), when the system has /proc. */
  started?: string;
  boot?: string;
}

/** Folders locked by this process; a second open of one of them is refused, not taken over. */
const heldHere = new Set<string>();

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A process's start time (field 22 of /proc/<pid>/stat, after the parenthesised name). */
function startTimeOf(pid: number): string | undefined {
  const stat = readOr(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

const bootId = () => readOr('/proc/sys/kernel/random/boot_id')?.trim();

function parseOwner(text: string): LockOwner | null {
  const trimmed = text.trim();
  // Older servers wrote the pid alone.
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), instance: '' };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || (value.pid ?? 0) <= 0) return null;
    return {
      pid: value.pid as number,
      instance: String(value.instance ?? ''),
      started: typeof value.started === 'string' ? value.started : undefined,
      boot: typeof value.boot === 'string' ? value.boot : undefined,
    };
  } catch {
    return null;
  }
}

/** A command line that looks like a Chairline server (for locks written by older servers: pid only). */
function looksLikeServer(pid: number): boolean {
  const cmdline = readOr(`/proc/${pid}/cmdline`);
  if (cmdline === undefined) return true; // cannot tell: assume it is, and refuse
  return /server\.(ts|js|mjs)\b/.test(cmdline.split('\0').join(' '));
}

/**
 * Is the server that wrote this lock still running? Not when its process is gone, when the pid is
 * ours (this process did not lock the folder, so the lock is from an earlier life with the same
 * pid), or when the live process with that pid started at another time than the one recorded.
 */
function ownerIsRunning(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false;
  if (!processIsAlive(owner.pid)) return false;
  if (owner.started !== undefined && owner.boot !== undefined) {
    const started = startTimeOf(owner.pid);
    const boot = bootId();
    if (started !== undefined && boot !== undefined) return started === owner.started && boot === owner.boot;
    return true; // no /proc here: a live pid is taken as the server
  }
  return looksLikeServer(owner.pid);
}

/**
 * Takes an exclusive lock file describing this process. A lock left by a server that no longer
 * runs is stale and taken over; one held by a running Chairline server, or by this very process,
 * refuses with a clear message.
 */
export function acquireDirectoryLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const key = resolve(dir);
  if (heldHere.has(key)) throw new DataDirectoryInUseError(`The data folder ${dir} is already open in this process.`);
  const file = join(dir, 'chairline.lock');
  const me: LockOwner = { pid: process.pid, instance: randomUUID(), started: startTimeOf(process.pid), boot: bootId() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      heldHere.add(key);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(key);
        // Remove only our own lock: a server that took over a folder we no longer hold keeps its lock.
        if (parseOwner(readOr(file) ?? '')?.instance === me.instance) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = parseOwner(readOr(file) ?? '');
      if (owner && ownerIsRunning(owner)) {
        throw new DataDirectoryInUseError(
          `The data folder ${dir} is already in use by another Chairline server (process ${owner.pid}). ` +
            'Stop that server first, or set DATA_DIR to another folder.',
        );
      }
      rmSync(file, { force: true }); // stale: the server that wrote it is gone
    }
  }
  throw new DataDirectoryInUseError(`Could not lock the data folder ${dir}.`);
}
