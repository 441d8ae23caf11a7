import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The file in DATA_DIR that says which process has the embedded database open. */
export const lockFileName = 'headland.lock';

/** Another live process holds the folder: this one must not open the database. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  release(): void;
}

/** Lock files this process holds, so that it never mistakes its own lock for a dead one. */
const heldHere = new Set<string>();

interface LockOwner {
  pid: number;
  host?: string;
  startedAt?: string;
}

/**
 * Takes the embedded database's folder for this process alone. PGlite has no lock of its own: two processes
 * on one folder both start, hand out the same ids, and one's acknowledged writes vanish. The lock is a file
 * created exclusively (O_EXCL) holding the owner's process id. A lock left by a process that no longer runs
 * (killed, crashed) is taken over; one held by a running process makes this throw DataDirLockedError.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, lockFileName);
  if (heldHere.has(path)) {
    throw new DataDirLockedError(`The embedded database in ${dataDir} is already open in this process.`);
  }
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const text = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, text, { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(path);
        process.off('exit', release);
        // Only our own lock is removed: never one a later process took over.
        if (readOwnerText(path) === text) rmSync(path, { force: true });
      };
      process.on('exit', release);
      heldHere.add(path);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const ownerText = readOwnerText(path);
    if (ownerText === null) continue; // released meanwhile: try again
    const owner = parseOwner(ownerText);
    if (owner && isRunning(owner.pid)) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is already in use by process ${owner.pid}` +
          `${owner.host ? ` on ${owner.host}` : ''}${owner.startedAt ? `, started at ${owner.startedAt}` : ''}. ` +
          'Only one server may use a data folder: stop the other server, or give this one another DATA_DIR ' +
          '(or a DATABASE_URL). ' +
          `If no such server runs, delete ${path}.`,
      );
    }
    // The owner is gone: remove its lock, unless another starting process has replaced it meanwhile.
    if (readOwnerText(path) === ownerText) rmSync(path, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock ${path}: other processes keep taking it.`);
}

function readOwnerText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && Number.isInteger(owner.pid) && owner.pid > 0
      ? (owner as LockOwner)
      : null;
  } catch {
    return null; // a lock file cut short by a crash while it was written
  }
}

/**
 * Whether a process of that id runs. Our own id in an old lock means a previous life of this process's
 * container (ids restart at 1 there), never a second holder.
 */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
