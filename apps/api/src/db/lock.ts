import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirectoryInUseError extends Error {}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock file holding our pid. A lock left by a process that no longer runs is
 * stale and taken over; one held by a live process refuses with a clear message.
 */
export function acquireDirectoryLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'chairline.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processIsAlive(pid)) {
        throw new DataDirectoryInUseError(
          `The data folder ${dir} is already in use by another Chairline server (process ${pid}). ` +
            'Stop that server first, or set DATA_DIR to another folder.',
        );
      }
      if (pid === process.pid) {
        throw new DataDirectoryInUseError(`The data folder ${dir} is already open in this process.`);
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirectoryInUseError(`Could not lock the data folder ${dir}.`);
}
