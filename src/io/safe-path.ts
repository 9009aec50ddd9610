import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../errors.js';

/*
 * Where tavolo writes, and what it says when it cannot.
 *
 * - A folder tavolo writes into (--out, and every folder it writes files in) must not be a symbolic link:
 *   a link would carry the results, and with --force the moves of a replaced result, to wherever it
 *   points (`--out link-to-/etc` would write into /etc). Such a folder is refused, naming the link and
 *   its target, so that the user gives the real folder if that is what was meant. Folders above the one
 *   named are the user's own business (a home folder may well be a link).
 * - A file-system error names the file, what was being done, and what to do next; bad input (a name too
 *   long, no permission, a path through a file) is an InputError (exit 2), the machine's failures (a full
 *   disk, an I/O error) keep their code and give exit 4.
 */

/** Refuses `dir` when it is a symbolic link (a missing folder is fine: it will be created as a real one). */
export function refuseLinkedFolder(dir: string, field?: string): void {
  const path = resolve(dir);
  let link: boolean;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    return;
  }
  if (!link) return;
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    target = `${readlinkSync(path)}, which does not exist`;
  }
  throw new InputError(
    `${dir} is a symbolic link (to ${target}): tavolo does not write through links, so that nothing lands outside the folder named; ` +
      'give the real folder instead, or another folder',
    field,
  );
}

/** What to do about a file-system error, by its code; `input` marks the errors the user's input causes. */
const NEXT_STEP: Record<string, { why: string; next: string; input?: true }> = {
  ENOSPC: { why: 'the disk is full', next: 'free space on that disk (or write elsewhere), then run the same command again' },
  EDQUOT: { why: 'the disk quota is used up', next: 'free space within the quota (or write elsewhere), then run the same command again' },
  EIO: { why: 'the disk reported an input/output error', next: 'check the disk, then run the same command again' },
  EROFS: { why: 'the file system is read-only', next: 'write to a folder on a writable disk', input: true },
  EMFILE: { why: 'too many files are open', next: 'raise the limit (ulimit -n) or use fewer --threads, then run the same command again' },
  ENFILE: { why: 'the system has too many files open', next: 'close other programs, then run the same command again' },
  ENOENT: { why: 'its folder does not exist (removed while tavolo ran?)', next: 'check the folder, then run the same command again' },
  EACCES: { why: 'no permission to write there', next: 'write to a folder you may write in, or change its permissions', input: true },
  EPERM: { why: 'the operation is not permitted there', next: 'write to a folder you may write in, or change its permissions', input: true },
  ENAMETOOLONG: { why: 'the name is too long for the file system', next: 'give a shorter folder or shorter names (variant names, --out)', input: true },
  ENOTDIR: { why: 'a part of the path is a file, not a folder', next: 'give a path whose folders are folders', input: true },
  EISDIR: { why: 'a folder has that name', next: 'give the name of a file, or move the folder', input: true },
  ELOOP: { why: 'the path loops through symbolic links', next: 'give the real folder', input: true },
};

/** A file-system failure of the machine, worded with its file and next step; keeps the error's code (exit 4). */
export class FileSystemError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'FileSystemError';
  }
}

/**
 * `err` as an error that names `file` and says what to do: an InputError for bad input, a FileSystemError
 * for the machine's failures; errors without a file-system code (and those already worded) are returned as they are.
 */
export function fileError(err: unknown, file: string, doing: string): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (err instanceof InputError || err instanceof FileSystemError || typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return err;
  const step = NEXT_STEP[code];
  const name = file.length > 160 ? `${file.slice(0, 140)}... (${file.length} characters)` : file;
  const message = step ? `cannot ${doing} ${name}: ${step.why} (${code}); ${step.next}` : `cannot ${doing} ${name}: ${(err as Error).message}`;
  return step?.input ? new InputError(message) : new FileSystemError(message, code);
}
