import { mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { adjustOverPopulations, populationWords, populationsCsv, type PopulationRows } from '../analysis/compare-populations.js';
import { verdictFromFolder } from '../analysis/verdict-input.js';
import { writeDerivedFiles } from '../io/manifest.js';
import { InputError } from '../errors.js';
import { StudyClock } from '../runner/cost.js';
import { MAX_DECISION_TIMEOUT_MS, MAX_THREADS, checkVariantCount } from '../runner/limits.js';
import { loadPopulationsSpec, type Population } from '../runner/populations-spec.js';
import { checkReusable } from '../runner/reuse.js';
import { defaultThreads } from '../runner/run.js';
import { playStudyShown } from '../runner/study-runs.js';
import { intFlag, textFlag } from '../terminal/args.js';
import { analyseAfterRun } from './after-run.js';
import { EXIT } from './exit.js';
import { withSignals } from './signals.js';

/**
 * `tavolo run` of a spec with populations (docs/populations.md): one ordinary run per population, in
 * `<out>/<population>/`, each with its own files, comparison and report; then the answer per population
 * first (populations.csv, populations.json) and a summary.csv of every population's rows.
 */

function shown(p: string): string {
  const r = relative(process.cwd(), p);
  return r === '' ? '.' : r.startsWith('..') ? p : r;
}

interface PopulationRun extends Population {
  dir: string;
}

/** The populations' runs, checked before anything is played (bad input: exit 2). */
async function planPopulations(argv: Record<string, unknown>): Promise<{ name: string; description?: string; root: string; runs: PopulationRun[]; threads: number; force: boolean }> {
  if (argv.shard !== undefined) throw new InputError('expected no --shard for a spec with populations (shard each population\'s own spec instead)', '--shard');
  const overrides = {
    matches: intFlag('--matches', argv.matches, 1),
    seed: textFlag('--seed', argv.seed),
    decisionTimeoutMs: intFlag('--decision-timeout-ms', argv['decision-timeout-ms'], 1, MAX_DECISION_TIMEOUT_MS),
  };
  const threads = intFlag('--threads', argv.threads, 1, MAX_THREADS) ?? Math.min(defaultThreads(), MAX_THREADS);
  const { raw, populations } = await loadPopulationsSpec(textFlag('spec', argv.spec)!, overrides);
  checkVariantCount(populations[0].spec.variants.length);
  const root = textFlag('--out', argv.out) ?? join('results', raw.name);
  const runs = populations.map((p) => ({ ...p, dir: join(root, p.name) }));
  const force = argv.force === true;
  if (!force) checkReusable({ runs });
  return { name: raw.name, ...(raw.description !== undefined ? { description: raw.description } : {}), root, runs, threads, force };
}

/** summary.csv of the populations: each population's summary.csv rows, the population's name first. */
function populationsSummary(runs: readonly PopulationRun[]): string {
  let out = '';
  for (const [k, run] of runs.entries()) {
    const lines = readFileSync(join(run.dir, 'summary.csv'), 'utf8').split('\n').filter((l) => l !== '');
    if (k === 0) out += `population,${lines[0]}\n`;
    // A population's name is letters, digits, '.', '_' and '-': never quoted.
    for (const line of lines.slice(1)) out += `${run.name},${line}\n`;
  }
  return out;
}

/** The answer per population (sentences), and populations.csv, populations.json and summary.csv written in the root. */
async function populationsAnswer(name: string, description: string | undefined, root: string, runs: readonly PopulationRun[]): Promise<string[]> {
  const pops: PopulationRows[] = [];
  for (const run of runs) {
    const v = await verdictFromFolder(run.dir);
    pops.push({ population: run.name, rows: v.rows, words: { lineup: v.lineup, metricInfo: v.metricInfo } });
  }
  const adjusted = adjustOverPopulations(pops);
  const words = adjusted.length > 0 ? populationWords(pops, adjusted) : ['One variant: there is no comparison to answer per population; each population\'s standings are in its folder.'];
  const json = {
    name,
    ...(description !== undefined ? { description } : {}),
    populations: runs.map((r) => ({ population: r.name, ...(r.description !== undefined ? { description: r.description } : {}), folder: r.name, lineup: r.spec.lineup.map((e) => e.name) })),
    holm_family: 'every population\'s tests of a variant together',
    answer: words,
  };
  mkdirSync(root, { recursive: true });
  writeDerivedFiles(root, [
    [join(root, 'populations.csv'), populationsCsv(adjusted)],
    [join(root, 'populations.json'), `${JSON.stringify(json, null, 2)}\n`],
    [join(root, 'summary.csv'), populationsSummary(runs)],
  ]);
  return words;
}

export async function runPopulationsCommand(argv: Record<string, unknown>): Promise<number> {
  const plan = await planPopulations(argv);
  const { runs, root, threads, force } = plan;
  const s = runs[0].spec;
  process.stdout.write(
    `${plan.name}: ${s.game.title ?? s.game.name}, ${s.players} players, ${runs.length} populations (${runs.map((r) => r.name).join(', ')}), ` +
      `${s.matches} matches x ${s.variants.length} variant${s.variants.length > 1 ? 's' : ''} (${s.variants.map((v) => v.name).join(', ')}) each, ` +
      `seed ${JSON.stringify(s.seed)}, ${threads} thread${threads > 1 ? 's' : ''}; in ${shown(root)}.\n`,
  );
  for (const r of runs) process.stdout.write(`Population ${r.name}: ${r.spec.lineup.map((e, i) => `${i} ${e.name}`).join(', ')}${r.description ? ` (${r.description})` : ''}\n`);
  const played = await withSignals((signal) =>
    playStudyShown(runs, { threads, batch: 'auto', force, signal }, { label: (r) => `population ${r.name}`, clock: new StudyClock(undefined), shown, root, what: 'populations' }),
  );
  if ('exit' in played) return played.exit;
  const verdicts: string[] = [];
  const reports: Array<() => Promise<void>> = [];
  for (const run of runs) {
    const after = await analyseAfterRun(run.dir, run.spec.baseline);
    await after.comparison();
    // The question is the spec's, asked once above the answer per population.
    const verdict = (await after.verdict()).split('\n').filter((l) => !l.startsWith('Question: ')).join('\n');
    verdicts.push(`Population ${run.name} (${shown(run.dir)}):\n${verdict}`);
    reports.push(() => after.report());
  }
  // The answer per population first, then each population's own verdict, then the files.
  const words = await populationsAnswer(plan.name, plan.description, root, runs);
  process.stdout.write(`\n${plan.description ? `Question: ${plan.description}\n` : ''}Answer per population:\n${words.join('\n')}\n\n${verdicts.join('\n')}`);
  for (const report of reports) await report();
  process.stdout.write(`Wrote ${['populations.csv', 'populations.json', 'summary.csv'].map((f) => shown(join(root, f))).join(', ')}, and each population's files in its folder.\n`);
  if (played.faults > 0) process.stdout.write(`${played.faults} matches ended because a bot faulted: see end_reason in each population's matches.csv.\n`);
  for (const w of played.undetermined) process.stderr.write(`tavolo: ${w}\n`);
  return played.undetermined.length > 0 ? EXIT.notDeterministic : played.faults > 0 ? EXIT.faults : EXIT.ok;
}
