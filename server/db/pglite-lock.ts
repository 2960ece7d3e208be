// One process per PGlite folder. PGlite runs Postgres in single-user mode inside this process and takes
// no lock of its own: a second process on the same files (a second `npm start`, a seed run while the
// server runs) sees only its own writes and corrupts the other's. A lock file beside the folder,
// created with O_EXCL and holding the owner's pid, refuses the second opener; a lock whose process is
// gone (killed, crashed) is stale and taken over.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `The database folder ${dataDir} is in use by process ${pid}; stop it first ` +
        `(if no such process is Level Up, delete ${lockFile}).`,
    );
    this.name = 'DataDirInUseError';
  }
}

export const lockFileOf = (dataDir: string) => `${dataDir.replace(/[\\/]+$/, '')}.lock`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only checks that the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

function readOwner(lockFile: string): { text: string; pid: number } | undefined {
  try {
    const text = readFileSync(lockFile, 'utf8');
    return { text, pid: Number.parseInt(text, 10) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const held = new Map<string, () => void>();

/** Takes the folder's lock for this process, or throws DataDirInUseError. Returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = lockFileOf(dataDir);
  const existing = held.get(lockFile);
  if (existing) return existing;
  // A fresh clone has no data/ yet: the lock file is made before PGlite makes its folder.
  mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o644);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      const release = () => {
        held.delete(lockFile);
        process.off('exit', release);
        const owner = readOwner(lockFile);
        if (owner?.pid === process.pid) unlinkSync(lockFile);
      };
      // A process that exits without closing the database (the CLIs call process.exit) still frees it.
      process.on('exit', release);
      held.set(lockFile, release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockFile);
    if (!owner) continue; // released meanwhile: try again
    // Our own pid here, but not held by us: left by an earlier life of this pid (a restarted container).
    if (Number.isInteger(owner.pid) && owner.pid > 0 && owner.pid !== process.pid && isAlive(owner.pid)) {
      throw new DataDirInUseError(dataDir, owner.pid, lockFile);
    }
    // Stale: remove it only if it is still the file we judged (another opener may have replaced it).
    if (readOwner(lockFile)?.text === owner.text) {
      try {
        unlinkSync(lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  const owner = readOwner(lockFile);
  throw new DataDirInUseError(dataDir, owner?.pid ?? Number.NaN, lockFile);
}
