import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../errors.js';

/**
 * A result folder's files belong to the run (or merge) that wrote it: no other command writes into them.
 * Only `tavolo show` (and `tavolo play --html`) may add match viewers, and only in the folder's
 * `matches/` sub-folder, as `.html` files. Names that become parts of paths (variant names in viewer
 * file names) must stay one plain file name.
 */
const VIEWERS = 'matches';

/** Whether a directory is a result folder (a finished run or merge, or a run's journal). */
export function isResultFolder(dir: string): boolean {
  return existsSync(join(dir, 'run.json')) || existsSync(join(dir, 'journal', 'meta.json'));
}

/** The result folder `file` lies in (itself or an ancestor of its folder), if any. */
function resultFolderOf(file: string): string | undefined {
  let dir = dirname(file);
  for (;;) {
    if (isResultFolder(dir)) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * Refuses to write `file` (a path given by the user, as `field`) when it lies in a result folder,
 * unless it is a match viewer (an .html file directly in the folder's matches/ sub-folder).
 */
export function refuseResultFile(file: string, field: string): void {
  const abs = resolve(file);
  const folder = resultFolderOf(abs);
  if (folder === undefined) return;
  const inViewers = dirname(abs) === join(folder, VIEWERS) && abs.endsWith('.html');
  if (inViewers) return;
  throw new InputError(
    `${file} is inside the result folder ${folder} (at ${relative(folder, abs) || '.'}), whose files belong to the run that wrote them; ` +
      `write elsewhere, or into ${join(folder, VIEWERS)}${sep} as an .html file`,
    field,
  );
}

/**
 * Checks a name that becomes a file name (a variant name in a viewer's file name): one plain name, no
 * folder separators, no `.` or `..`, no control characters.
 */
export function checkFileNamePart(name: string, field: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  const bad = name === '' || name === '.' || name === '..' || /[/\\\x00-\x1f]/.test(name) || basename(name) !== name;
  if (bad) {
    throw new InputError(`${JSON.stringify(name)} cannot be part of a file name (it is empty, holds a / or \\ or a control character, or is . or ..)`, field);
  }
  return name;
}

/** The files and folders of a result (final, derived and viewers), as opposed to a user's own files beside them. */
const RESULT_ENTRY = /^(matches\.csv|matches\.parquet|summary\.csv|seats\.csv|run\.json|sequential\.csv|ratings\.csv|head-to-head\.csv|compare\.csv|variants\.csv|sweep\.csv|grid\.csv|report\.html|manifest\.json|matches|journal)(\.tmp-\d+)?$/;

/**
 * `--force`: the previous result in outDir is moved aside whole, with one rename of its folder, before
 * the new run writes anything: a reader (`tavolo report`, a script) sees the old set or, from then on,
 * only the new one, never a mix of the two (and no stale compare.csv or report.html of the old run).
 * Files of the user's own in that folder are moved back. Returns the folder the old set is in; the
 * caller deletes it once the new final files are in place.
 */
export function setAsideResults(outDir: string): string {
  const aside = `${outDir}.replaced-${process.pid}`;
  rmSync(aside, { recursive: true, force: true });
  const cwd = process.cwd();
  if (cwd === resolve(outDir) || cwd.startsWith(resolve(outDir) + sep)) {
    // Run from inside the folder: it cannot be renamed under the process, so its result files are moved
    // one by one (the old set goes before any new file comes; a reader may see part of the old set go).
    mkdirSync(aside);
    for (const name of readdirSync(outDir)) if (RESULT_ENTRY.test(name)) renameSync(join(outDir, name), join(aside, name));
    return aside;
  }
  renameSync(outDir, aside);
  mkdirSync(outDir);
  for (const name of readdirSync(aside)) if (!RESULT_ENTRY.test(name)) renameSync(join(aside, name), join(outDir, name));
  return aside;
}

/**
 * Checks that a finished result's matches.csv is whole before anything is built from it: a header of
 * matches.csv, then exactly one complete row per match that run.json counts (matches per variant times
 * variants). An empty, cut or foreign file is refused in one sentence (exit 2), not half-read.
 */
export function checkMatchesFile(dir: string, field: string): void {
  const file = join(dir, 'matches.csv');
  let run: { matches_per_variant?: unknown; variants?: unknown };
  try {
    run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as typeof run;
  } catch {
    return; // run.json's own problems are reported by the reader of the folder, in its words
  }
  const perVariant = run.matches_per_variant;
  const variants = Array.isArray(run.variants) ? run.variants.length : undefined;
  if (typeof perVariant !== 'number' || variants === undefined || !existsSync(file)) return;
  const want = perVariant * variants;
  const { lines, endsWithNewline, header } = countFileLines(file);
  const problem =
    lines === 0
      ? 'it is empty'
      : !header.startsWith('variant,match,')
        ? `its first line is not the header of matches.csv (found ${JSON.stringify(header.slice(0, 40))})`
        : !endsWithNewline
          ? 'its last row is cut off (the file does not end with a line end)'
          : lines - 1 !== want
            ? `it has ${lines - 1} rows, but run.json counts ${want} matches (${perVariant} in each of ${variants} variants)`
            : undefined;
  if (problem) {
    throw new InputError(`${file} is damaged: ${problem}; run the tournament again (or merge its shards again) to rebuild it`, field);
  }
}

/** Line ends in a file, whether it ends with one, and its first line (read in chunks: the file may be large). */
function countFileLines(file: string): { lines: number; endsWithNewline: boolean; header: string } {
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(1 << 20);
  let lines = 0;
  let last = -1;
  let header = '';
  try {
    for (let pos = 0; ; ) {
      const got = readSync(fd, buf, 0, buf.length, pos);
      if (got === 0) break;
      if (pos === 0) header = buf.subarray(0, Math.min(got, 200)).toString('utf8').split('\n')[0];
      for (let i = buf.indexOf(10); i >= 0 && i < got; i = buf.indexOf(10, i + 1)) lines++;
      last = buf[got - 1];
      pos += got;
    }
  } finally {
    closeSync(fd);
  }
  return { lines: last === -1 ? 0 : lines + (last === 10 ? 0 : 1), endsWithNewline: last === 10, header };
}
