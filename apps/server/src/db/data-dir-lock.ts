import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LOCK_FILE = 'lunara.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): { pid: number; host: string } | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid?: unknown; host?: unknown };
    if (typeof owner.pid === 'number' && typeof owner.host === 'string') return { pid: owner.pid, host: owner.host };
  } catch {
    // Unreadable or half-written: treated as no owner, and replaced below.
  }
  return undefined;
}

/**
 * PGlite does not lock its folder, and two processes on one folder silently lose writes. The lock
 * file is created exclusively (O_EXCL); a lock left by a process that no longer runs on this host is
 * taken over, anything else is refused with a message saying who holds it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, me);
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readOwner(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      const isStale = !owner || (owner.host === os.hostname() && !isAlive(owner.pid));
      if (!isStale) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another Lunara process (pid ${owner.pid} on ${owner.host}). ` +
            'Stop that process first, or give this one its own DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}: another process keeps taking it.`);
}
