import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { adjustOverPopulations, populationWords, populationsCsv, type PopulationRows } from '../analysis/compare-populations.js';
import { compareRuns, lineupDifferences } from '../analysis/compare.js';
import { ALPHA, identicalPairs, writeComparison } from '../analysis/comparison-text.js';
import { openResult } from '../analysis/results.js';
import { metricInfoOf, verdictFromComparison } from '../analysis/verdict-input.js';
import { verdictLines } from '../analysis/verdict.js';
import { InputError } from '../errors.js';
import { writeDerivedFiles } from '../io/manifest.js';

/**
 * `tavolo compare` of two folders of a spec with populations (docs/populations.md): each population the
 * two have in common, candidate against baseline, in `<out>/<population>/`; the answer per population
 * first, Holm over every population's tests of a variant, in populations.csv.
 */

/** A folder `tavolo run` wrote for a spec with populations. */
export function isPopulationsFolder(dir: string): boolean {
  return existsSync(join(dir, 'populations.json'));
}

function populationsOf(dir: string): string[] {
  const json = JSON.parse(readFileSync(join(dir, 'populations.json'), 'utf8')) as { populations?: Array<{ population?: unknown }> };
  return (json.populations ?? []).map((p) => p.population).filter((p): p is string => typeof p === 'string');
}

function shownPath(p: string): string {
  const rel = relative(process.cwd(), p);
  return rel === '' ? '.' : rel.startsWith('..') ? p : rel;
}

export async function comparePopulations(baselineDir: string, candidateDir: string, out: string | undefined, argv: Record<string, unknown>): Promise<{ code: number; text: string }> {
  if (!isPopulationsFolder(baselineDir) || !isPopulationsFolder(candidateDir)) {
    throw new InputError(`expected two folders of a spec with populations, found ${isPopulationsFolder(baselineDir) ? candidateDir : baselineDir} without populations.json`, 'candidate');
  }
  if (argv.tolerance !== undefined) throw new InputError('expected no --tolerance for folders with populations (gate each population\'s folders instead)', '--tolerance');
  const candidates = new Set(populationsOf(candidateDir));
  const names = populationsOf(baselineDir).filter((p) => candidates.has(p));
  if (names.length === 0) throw new InputError(`${shownPath(baselineDir)} and ${shownPath(candidateDir)} have no population in common`, 'candidate');
  const outDir = resolve(out ?? join('compare', `${basename(resolve(baselineDir))}-vs-${basename(resolve(candidateDir))}`));
  const [aShown, bShown] = [shownPath(baselineDir), shownPath(candidateDir)];
  const pops: PopulationRows[] = [];
  const verdicts: string[] = [];
  for (const name of names) {
    const [a, b] = [openResult(join(baselineDir, name)), openResult(join(candidateDir, name))];
    const differences = lineupDifferences(a, b);
    if (differences.length > 0) throw new InputError(`population ${name} was not played by the same bots in both folders: ${differences.join('; ')}`, 'candidate');
    const comparison = await compareRuns(a, b);
    writeComparison(join(outDir, name), comparison);
    // The same variant in both folders, named by the folders (not by each population's own subfolder).
    const rows = comparison.rows.map((r) => ({ ...r, se: identicalPairs(r) ? 0 : r.se, variant: `${r.variant} in ${bShown}`, reference: `${r.variant} in ${aShown}` }));
    pops.push({ population: name, rows, words: { lineup: b.lineup, metricInfo: await metricInfoOf(b.game) } });
    const own = verdictLines(await verdictFromComparison(comparison, a, b)).filter((l) => !l.startsWith('Question: '));
    verdicts.push(`Population ${name}:\n${own.join('\n')}\n`);
  }
  const adjusted = adjustOverPopulations(pops);
  // --fail-on-change fails on a change the answer calls one: Holm over every population's tests.
  const changed = adjusted.some((x) => x.pPopulations < ALPHA);
  mkdirSync(outDir, { recursive: true });
  writeDerivedFiles(outDir, [[join(outDir, 'populations.csv'), populationsCsv(adjusted)]]);
  const text =
    `Baseline ${aShown}, candidate ${bShown}: ${names.length} population${names.length > 1 ? 's' : ''} in common (${names.join(', ')}).\n\n` +
    `Answer per population:\n${populationWords(pops, adjusted).join('\n')}\n\n${verdicts.join('\n')}\n` +
    `Wrote ${shownPath(join(outDir, 'populations.csv'))} and each population's compare.csv and variants.csv in its folder.\n`;
  return { code: argv['fail-on-change'] === true && changed ? 1 : 0, text };
}
