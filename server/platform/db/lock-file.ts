import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Lock files this process holds: a lock naming our own pid is stale unless it is in here (pid 1 in every container). */
const held = new Set<string>();

export class LockedError extends Error {
  override name = 'LockedError';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `file` for this process (O_EXCL create, our pid inside), or throws LockedError
 * naming the holder. A lock left by a process that has died is taken over.
 */
export function acquireLock(file: string, what: string): () => void {
  const full = path.resolve(file);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(full, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }) + '\n');
      closeSync(fd);
      held.add(full);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(full);
        rmSync(full, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let pid = NaN;
    try {
      pid = Number((JSON.parse(readFileSync(full, 'utf8')) as { pid?: unknown }).pid);
    } catch {
      // unreadable or half-written: treated as stale below only if it stays so
    }
    const ours = pid === process.pid;
    if (Number.isInteger(pid) && pid > 0 && (ours ? held.has(full) : alive(pid))) {
      throw new LockedError(
        `${what} is in use by ${ours ? 'this process' : `process ${pid}`} (lock file ${full}); stop that process, or set DATABASE_URL to share a PostgreSQL server between processes`,
      );
    }
    // Stale: its process is gone. Remove it and try again (another starter may win the race; then we refuse).
    rmSync(full, { force: true });
  }
  throw new LockedError(`${what}: could not take the lock file ${full}`);
}
