// One process at a time in a PGlite data directory. PGlite is PostgreSQL in single-user mode and
// takes no lock another process would see: a second process opening the same
// directory, say `npm run merchant` while `npm start` runs, writes beside the first and leaves the
// database unreadable. So whoever opens it (client.ts) first writes its pid and the process's start
// time to a lock file in the directory. A lock left by a process that no longer runs (killed,
// crashed) is taken over, also when another process now has its pid: the start time tells them apart.
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'offerlanka.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database in ${dataDir} is in use by process ${pid} (npm start, or another command). ` +
        `PGlite allows one process at a time: stop that process first, or run this against PostgreSQL with DATABASE_URL.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this pid runs (EPERM: it runs, under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started, in clock ticks since boot (field 22 of /proc/{pid}/stat): with the pid, it
 * names one process for good, since a pid is reused only by a later process. Undefined where there
 * is no /proc (then the pid alone is checked).
 */
export function processStartTime(pid: number): string | undefined {
  try {
    return processStatFields(pid)[19];
  } catch {
    return undefined;
  }
}

/**
 * A process's /proc/{pid}/stat fields after its pid and command name (field 3 is [0]); throws where
 * there is no /proc or no such process. The command name is in parentheses and may hold spaces:
 * they are counted from after it.
 */
export function processStatFields(pid: number | 'self'): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

export type Holder = { pid: number; startTime?: string };

/** The lock file's text: "pid start-time", or the pid alone where start times are unknown. */
export const holderText = (pid: number) => [pid, processStartTime(pid)].filter((part) => part !== undefined).join(' ');

export function readHolder(path: string): Holder | undefined {
  try {
    const [pidText, startTime] = readFileSync(path, 'utf8').trim().split(/\s+/);
    const pid = Number(pidText);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, startTime } : undefined;
  } catch {
    return undefined; // gone meanwhile, or unreadable
  }
}

const sameHolder = (a: Holder | undefined, b: Holder | undefined) => a?.pid === b?.pid && a?.startTime === b?.startTime;

/** Lock files this process holds: its own pid in another lock file is a previous process's, in a
 * container that gives each start the same pid. */
const heldHere = new Set<string>();

/** Whether the holder still runs: the same process, not a later one with its pid. */
export function holderRuns(holder: Holder): boolean {
  if (!isRunning(holder.pid)) return false;
  const startTime = processStartTime(holder.pid);
  return holder.startTime === undefined || startTime === undefined || startTime === holder.startTime;
}

/** Whether the lock's holder still has the directory open. */
function isHeld(path: string, holder: Holder): boolean {
  return holder.pid === process.pid ? heldHere.has(resolve(path)) : holderRuns(holder);
}

/** Takes the directory's lock for this process, or throws DataDirLockedError. Returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  // The pid is written to a file of our own first, then linked into place: link() fails when the
  // lock exists, so taking it is one atomic step and a lock file is never seen empty.
  const mine = `${path}.${process.pid}`;
  writeFileSync(mine, `${holderText(process.pid)}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(mine, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readHolder(path);
        if (holder !== undefined && isHeld(path, holder)) throw new DataDirLockedError(dataDir, holder.pid);
        removeStaleLock(dataDir, path, holder);
        continue;
      }
      return releaser(path);
    }
    throw new DataDirLockedError(dataDir, readHolder(path)?.pid ?? 0);
  } finally {
    rmSync(mine, { force: true });
  }
}

/** Moves a dead holder's lock aside; if what was moved turns out to be another process's fresh lock, puts it back. */
function removeStaleLock(dataDir: string, path: string, staleHolder: Holder | undefined) {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else removed it
    throw error;
  }
  const moved = readHolder(aside);
  if (!sameHolder(moved, staleHolder) && moved !== undefined && isHeld(path, moved)) {
    try {
      linkSync(aside, path);
    } catch {
      /* a third process took it meanwhile: its own lock stands */
    }
    rmSync(aside, { force: true });
    throw new DataDirLockedError(dataDir, moved.pid);
  }
  rmSync(aside, { force: true });
}

function releaser(path: string): () => void {
  let released = false;
  heldHere.add(resolve(path));
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(resolve(path));
    process.off('exit', release);
    if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
  };
  // A process that exits without closing the database (an uncaught error) still lets go.
  process.on('exit', release);
  return release;
}
