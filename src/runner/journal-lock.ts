import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { InputError } from '../errors.js';

/**
 * The lock of a journal: a file created atomically (O_EXCL: of two runs that try at once, exactly one
 * creates it) holding the pid and host of the run that writes the journal, and since when.
 *
 * - A lock of a live process on this host: refused (another run is writing).
 * - A lock of a process that is gone, on this host: stale (the run was killed); taken over, with a message.
 * - A lock from another host: refused, never taken over, since this host cannot tell whether that run is
 *   alive (a pod restarted on a shared volume while the old one still writes). The message says how to
 *   clear it once that run is known to be gone.
 */
export interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** An unreadable lock (a crash between creating and writing it) younger than this may be being written. */
const UNREADABLE_GRACE_MS = 10_000;

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The owner recorded in a lock file, if it can be read. */
export function readOwnerOf(file: string): LockOwner | undefined {
  try {
    const o = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof o.pid === 'number' && typeof o.host === 'string') return { pid: o.pid, host: o.host, since: String(o.since ?? '') };
  } catch {
    // unreadable: judged by its age
  }
  return undefined;
}

/** Creates the lock file if there is none; false if there is one. */
function tryCreate(file: string, me: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(me) + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Whether an existing lock may be taken over; else throws the refusal. */
function judge(file: string, dir: string, owner: LockOwner | undefined, me: LockOwner): string {
  const clear = `If that run is gone, delete ${file} and run again with --resume.`;
  if (owner === undefined) {
    let age: number;
    try {
      age = Date.now() - statSync(file).mtimeMs;
    } catch {
      return 'a lock that vanished';
    }
    if (age < UNREADABLE_GRACE_MS) throw new InputError(`another tavolo run is starting to write to ${dir} (its lock ${file} is being written); wait for it`, '--out');
    return `an unreadable lock (${file}, ${Math.round(age / 1000)} s old)`;
  }
  if (owner.host !== me.host) {
    throw new InputError(
      `${dir} is locked by tavolo pid ${owner.pid} on host ${owner.host}${owner.since ? ` since ${owner.since}` : ''}, not this host (${me.host}): ` +
        `that run may still be writing, so the lock is not taken over. ${clear}`,
      '--out',
    );
  }
  if (owner.pid !== me.pid && pidAlive(owner.pid)) {
    throw new InputError(`another tavolo run (pid ${owner.pid}) is writing to ${dir}; wait for it or stop it first`, '--out');
  }
  return `the lock of pid ${owner.pid}, which is no longer running`;
}

/**
 * Takes the lock of `dir` (the journal's directory) in `file`. Returns a message when a stale lock was
 * taken over, else undefined; throws an InputError when the lock is held.
 */
export function takeLock(file: string, dir: string): string | undefined {
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file, me)) return undefined;
    const owner = readOwnerOf(file);
    const what = judge(file, dir, owner, me);
    // Take over by moving the stale lock aside: of two runs doing this at once, one moves it and the
    // other finds no file to move. The moved file is checked to be the one judged stale; if a live lock
    // was moved instead (it was created in between), it is put back.
    const aside = `${file}.stale-${me.pid}`;
    try {
      renameSync(file, aside);
    } catch {
      continue;
    }
    const moved = readOwnerOf(aside);
    if (moved && owner && (moved.pid !== owner.pid || moved.host !== owner.host)) {
      try {
        linkSync(aside, file);
      } catch {
        // someone else holds the lock now; the next attempt finds it
      }
      rmSync(aside, { force: true });
      continue;
    }
    rmSync(aside, { force: true });
    if (tryCreate(file, me)) return `took over ${what}`;
  }
  throw new InputError(`cannot take the lock ${file}: other runs keep taking it; stop them first`, '--out');
}
