import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

/**
 * Whether the process still runs. A killed process that its parent (a supervisor, a shell) has not yet
 * reaped is a zombie: it still answers signal 0 but holds nothing any more, so on Linux its state in
 * /proc/<pid>/stat ('Z', or 'X' while it is being removed) counts as gone.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' && !isZombie(pid);
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // No /proc (not Linux): signal 0 is all we know. /proc without this pid: it has just gone.
    return fs.existsSync('/proc/self/stat');
  }
  // "pid (command) S …": the command may contain spaces and parentheses, the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

/**
 * The embedded database must be opened by one process only: two processes on the same data folder
 * corrupt it. The lock is a file holding the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string, purpose: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'hortus.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, purpose, since: new Date().toISOString() }));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            fs.unlinkSync(lockPath);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder && holder.pid !== process.pid && isRunning(holder.pid)) {
        throw new DataDirLockedError(
          `Der Datenordner ${dataDir} wird bereits von Prozess ${holder.pid} (${holder.purpose}) verwendet. ` +
            'Die eingebettete Datenbank darf nur von einem Prozess geöffnet werden – bitte diesen Prozess zuerst beenden ' +
            'oder einen anderen DATA_DIR verwenden.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Der Datenordner ${dataDir} konnte nicht gesperrt werden.`);
}

function readHolder(lockPath: string): { pid: number; purpose: string } | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid?: unknown; purpose?: unknown };
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, purpose: String(parsed.purpose ?? '') } : null;
  } catch {
    return null;
  }
}
