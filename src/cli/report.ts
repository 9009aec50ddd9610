import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compareAfterRun } from '../analysis/after-run.js';
import { openResult } from '../analysis/results.js';
import { writeStandings } from '../analysis/standings.js';
import { sweepAxisOf } from '../analysis/sweep-analysis.js';
import { sweepGridOf } from '../analysis/sweep-grid.js';
import { InputError } from '../errors.js';
import { DERIVED_FILES, checkManifest } from '../io/manifest.js';
import { checkMatchesFile } from '../runner/result-guard.js';
import { checkFinishedFolder, type MatchesPart } from '../report/data.js';
import type { OwnFigures } from '../analysis/verdict-input.js';
import { writeReport } from '../report/report.js';
import { writeTunePage } from '../studies/tune/page.js';
import { tunePageData } from '../studies/tune/charts.js';
import { isTuneFolder, readTuneFolder, refuseUnfinishedSearch } from '../studies/tune/reread.js';
import { kilobytes } from '../terminal/sizes.js';

function shown(p: string): string {
  const rel = relative(process.cwd(), p);
  return rel.startsWith('..') ? p : rel;
}

/** `tavolo report <dir>`: (re)writes report.html of any finished result folder. */
export async function reportCommand(argv: Record<string, unknown>): Promise<void> {
  const dir = typeof argv.dir === 'string' && argv.dir !== '' ? argv.dir : undefined;
  if (dir === undefined) throw new InputError('give the folder of a finished run, such as results/stramat-dado', 'report');
  refuseUnfinishedSearch(dir, 'report');
  if (isTuneFolder(dir)) {
    // A search's folder (tavolo tune): its page is rebuilt from tune.json and the rounds' matches.
    const t = writeTunePage(dir, tunePageData(await readTuneFolder(dir)));
    process.stdout.write(`Wrote ${shown(t.file)} (${kilobytes(t.bytes)}, self-contained: open it in any browser)\n`);
    return;
  }
  // A folder that is not a finished result is refused before anything is rebuilt into it.
  checkFinishedFolder(dir);
  checkMatchesFile(dir, 'report');
  // Edited files refused by name (manifest.json) before anything is rebuilt from them.
  checkManifest(dir, DERIVED_FILES);
  await repairDerived(dir, (line) => process.stdout.write(line));
  const r = await writeReport(dir);
  process.stdout.write(`Wrote ${shown(r.file)} (${kilobytes(r.bytes)}, self-contained: open it in any browser)\n`);
}

const missingOrEmpty = (file: string) => !existsSync(file) || statSync(file).size === 0;

/** The file a sweep among the variants writes: sweep.csv for one numeric option, grid.csv for two options. */
function sweepFile(dir: string): string[] {
  try {
    const info = openResult(dir);
    return sweepAxisOf(info) ? ['sweep.csv'] : sweepGridOf(info) ? ['grid.csv'] : [];
  } catch {
    return []; // the readers of the folder say what is wrong with it
  }
}

/**
 * Rebuilds the derived files of a finished result that are missing or empty (a failure after the main
 * files were written leaves them so): ratings.csv and head-to-head.csv, and, with two or more variants,
 * compare.csv and variants.csv. Used by `tavolo report` and by `--resume` of a finished run. Returns
 * the names rebuilt. report.html is the caller's (see repairReport).
 */
export async function repairDerived(dir: string, say: (line: string) => void): Promise<string[]> {
  const rebuilt: string[] = [];
  if (['ratings.csv', 'head-to-head.csv'].some((f) => missingOrEmpty(join(dir, f)))) {
    await writeStandings(dir);
    rebuilt.push('ratings.csv', 'head-to-head.csv');
  }
  let variants = 0;
  try {
    const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { variants?: unknown };
    variants = Array.isArray(run.variants) ? run.variants.length : 0;
  } catch {
    // the readers of the folder say what is wrong with run.json
  }
  // sweep.csv belongs to a result whose variants include a one-option sweep, grid.csv to a two-option one (docs/sweeps.md).
  const derived = ['compare.csv', 'variants.csv', ...(variants >= 2 ? sweepFile(dir) : [])];
  const absent = derived.filter((f) => missingOrEmpty(join(dir, f)));
  if (variants >= 2 && absent.length > 0) {
    // compareAfterRun writes every comparison file, or warns and writes none: only the files that were
    // missing and are there now were rebuilt (a file that was there all along was not).
    await compareAfterRun(dir);
    rebuilt.push(...absent.filter((f) => !missingOrEmpty(join(dir, f))));
  }
  if (rebuilt.length > 0) say(`Rebuilt ${rebuilt.join(', ')} in ${shown(dir)} (they were missing or empty).\n`);
  return rebuilt;
}

/** After `--resume` of a finished run: the derived files and report.html, where missing or empty. */
export async function repairFinished(dir: string): Promise<void> {
  await repairDerived(dir, (line) => process.stdout.write(line));
  if (missingOrEmpty(join(dir, 'report.html'))) await reportAfterRun(dir);
}

/**
 * After a run or a merge: the report, or a warning when it could not be written (the results are
 * complete whatever happens here, so the exit code does not change). `fromMatches`, `own`: what matches.csv
 * gives the report and its verdict, when the one pass after the run has read it.
 */
export async function reportAfterRun(dir: string, fromMatches?: MatchesPart, own?: OwnFigures): Promise<void> {
  try {
    const r = await writeReport(dir, fromMatches, own);
    process.stdout.write(`Report: ${shown(r.file)} (${kilobytes(r.bytes)})\n`);
  } catch (err) {
    process.stderr.write(
      `warning: report.html was not written (${err instanceof Error ? err.message : String(err)}); \`tavolo report ${shown(dir)}\` rebuilds it and any other missing derived file\n`,
    );
  }
}
