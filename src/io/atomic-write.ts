import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileError, refuseLinkedFolder } from './safe-path.js';

/*
 * Every file tavolo writes for others to read (results, pages, journals) is written under a temporary
 * name and renamed into place once whole. A reader then sees the old file or the new one, never half of
 * one, and a crash or a full disk in the middle leaves the old file as it was.
 *
 * - The temporary name is `<file>.tmp-<pid>`: in the same directory as the file, because rename(2) is
 *   atomic only within one file system (a temporary file in /tmp would be copied, not renamed); with the
 *   process id, so that two processes writing the same file never write into each other's temporary file;
 *   and recognisable, so that stale ones left by a killed process can be found and removed
 *   (removeStaleTemps in src/runner/assemble.ts, the `.tmp-<digits>` entries of result-guard.ts).
 * - On any failure the temporary file is removed: nothing half written stays beside the results.
 * - `durable` (the run's final files and its journal) also forces the data to disk before the rename, and
 *   the directory after it (a rename is an entry of the directory, on disk only once the directory is), so
 *   that a power cut finds the old file or the complete new one. The other files (pages, derived CSVs)
 *   can be made again from the results and skip the cost of fsync.
 * - Nothing is written through a symbolic link: the folder written into must not be one (safe-path.ts),
 *   and the temporary file is created anew (a link planted under its name is removed, never followed);
 *   the rename replaces a link at the file's own name rather than writing where it points.
 * - Every failure names its file and the next step (safe-path.ts, fileError): a full disk says which file
 *   could not be written, not just "ENOSPC ... write".
 */

export interface AtomicOptions {
  /** Force the data and then the directory entry to disk (fsync) before returning. */
  durable?: boolean;
  /** The new file's permissions (default 0o666 less the umask); 0o600 keeps a file of secrets to its owner. */
  mode?: number;
}

/** The temporary name under which `file` is written before it is renamed into place. */
export function tempPath(file: string): string {
  return `${file}.tmp-${process.pid}`;
}

/** Runs a file-system step on `file`; its failure is worded with the file and what to do (fileError). */
function step<T>(file: string, doing: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    throw fileError(err, file, doing);
  }
}

/**
 * Creates `file`'s temporary file for writing: in a folder that is not a symbolic link, and as a new file
 * (whatever had its name, a stale temporary file or a planted link, is removed first, never written through).
 */
function openTemp(file: string, mode?: number): number {
  refuseLinkedFolder(dirname(file));
  const temp = tempPath(file);
  return step(file, 'write', () => {
    rmSync(temp, { force: true });
    return openSync(temp, 'wx', mode);
  });
}

/** Writes `data` whole to `file`'s temporary name (forced to disk when durable); the caller renames it. */
export function writeTemp(file: string, data: string | Uint8Array, options: AtomicOptions = {}): void {
  const fd = openTemp(file, options.mode);
  try {
    step(file, 'write', () => {
      writeAll(fd, data);
      if (options.durable) fsyncSync(fd);
    });
  } finally {
    closeSync(fd);
  }
}

/**
 * Renames the temporary files of `files` into place, in order; when durable, then forces their
 * directories to disk. Every temporary file must have been written and closed.
 */
export function putInPlace(files: readonly string[], options: AtomicOptions = {}): void {
  for (const f of files) step(f, 'put in place', () => renameSync(tempPath(f), f));
  if (options.durable) for (const dir of new Set(files.map((f) => dirname(f)))) step(dir, 'force to disk the folder', () => syncDirectory(dir));
}

/** Removes the temporary files of `files` (those that exist): after a failure, or on a stop. */
export function removeTemps(files: readonly string[]): void {
  for (const f of files) rmSync(tempPath(f), { force: true });
}

/** Writes `file` through a temporary name and a rename: a reader never sees it half written. */
export function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicOptions = {}): void {
  writeFilesAtomic([[file, data]], options);
}

/**
 * Writes several files, each through a temporary name; the renames come only once every file is whole,
 * so that a failure (a full disk) leaves the previous files, none of them replaced, and no temporary file.
 */
export function writeFilesAtomic(entries: ReadonlyArray<readonly [file: string, data: string | Uint8Array]>, options: AtomicOptions = {}): void {
  const files = entries.map(([file]) => file);
  try {
    for (const [file, data] of entries) writeTemp(file, data, options);
    putInPlace(files, options);
  } catch (err) {
    removeTemps(files);
    throw err;
  }
}

/**
 * A file written piece by piece (a stream of rows, a journal being rewritten) under its temporary name:
 * `commit` puts it in place, `abort` removes it. `close` alone ends the writing and keeps the temporary
 * file, for a caller that renames several files together (putInPlace).
 */
export class AtomicFile {
  readonly temp: string;
  private fd: number;

  private constructor(
    readonly file: string,
    private readonly options: AtomicOptions,
  ) {
    this.temp = tempPath(file);
    this.fd = openTemp(file, options.mode);
  }

  static open(file: string, options: AtomicOptions = {}): AtomicFile {
    return new AtomicFile(file, options);
  }

  /** Appends `data` to the temporary file. */
  write(data: string | Uint8Array): void {
    if (this.fd < 0) throw new Error(`${this.file}: written to after it was closed`);
    const fd = this.fd;
    step(this.file, 'write', () => writeAll(fd, data));
  }

  /** Ends the writing (forcing the data to disk when durable); the temporary file stays. */
  close(): void {
    if (this.fd < 0) return;
    const fd = this.fd;
    this.fd = -1;
    try {
      if (this.options.durable) step(this.file, 'force to disk', () => fsyncSync(fd));
    } finally {
      closeSync(fd);
    }
  }

  /** Ends the writing and renames the file into place; on failure the temporary file is removed. */
  commit(): void {
    try {
      this.close();
      putInPlace([this.file], this.options);
    } catch (err) {
      this.abort();
      throw err;
    }
  }

  /** Closes and removes the temporary file (a stop, or a failure; the error that led here is the one to tell). */
  abort(): void {
    if (this.fd >= 0) {
      try {
        closeSync(this.fd);
      } catch {
        // the error that brought us here says more
      }
      this.fd = -1;
    }
    rmSync(this.temp, { force: true });
  }
}

/**
 * Forces a directory's entries (renames, deletions) to disk. Where a directory cannot be opened for
 * this (some platforms and file systems refuse), the files themselves are already on disk.
 */
export function syncDirectory(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM' && code !== 'EBADF') throw err;
  } finally {
    closeSync(fd);
  }
}

/** Writes all of `data` at the file's current position (writeSync may write less than asked). */
function writeAll(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let at = 0; at < buf.length; ) at += writeSync(fd, buf, at, buf.length - at);
}
