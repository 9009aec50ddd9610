import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MAX_THREADS } from '../../runner/limits.js';
import { checkReusable, matchesToPlay } from '../../runner/reuse.js';
import { costSentence, estimateCost, matchesFor, StudyClock, type Cheaper } from '../../runner/cost.js';
import { defaultThreads } from '../../runner/run.js';
import { playStudyShown } from '../../runner/study-runs.js';
import { intFlag, textFlag } from '../../terminal/args.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { LEAST_BUDGET_MATCHES, MOST_BUDGET_MATCHES, budgetFlag, budgetSentence, planBudget } from '../../runner/budget.js';
import { analyseMeta, type MetaResult } from './analysis.js';
import { variantBalance, variantsCsv } from './variant-balance.js';
import { variantWords } from './variant-words.js';
import { writeMetaFiles } from './files.js';
import { writeMetaPage } from './page.js';
import { planMeta, type MetaPlan } from './run.js';
import { tallyLineups } from './tally.js';
import { matrixTable, metaWords, type MetaContext } from './words.js';

/**
 * `tavolo meta <spec>`: the meta-game of a population of strategies (docs/meta.md). It says how many
 * lineups it will play and what they cost, plays them (progress on stderr), then answers in sentences,
 * prints the matrix and writes meta.csv, lineups.csv, meta.json and meta.html.
 */

function shown(p: string): string {
  const r = relative(process.cwd(), p);
  return r === '' ? '.' : r.startsWith('..') ? p : r;
}

/** A smaller setting is offered for about this long. */
const STUDY_TARGET_SECONDS = 300;

async function sayCost(plan: MetaPlan, threads: number, force: boolean): Promise<StudyClock> {
  const e = await estimateCost(plan.runs.map((r) => ({ spec: r.spec, matches: matchesToPlay(r, force) })), threads);
  if (e === undefined) return new StudyClock(undefined);
  const cheaper: Cheaper[] = [];
  const fewer = matchesFor(STUDY_TARGET_SECONDS, e.seconds, plan.meta.matches, 100, plan.meta.players);
  if (fewer !== undefined) cheaper.push({ flag: `--matches ${fewer}`, seconds: (e.seconds * fewer) / plan.meta.matches });
  const line = costSentence(`The ${plan.runs.length} lineups`, e, cheaper);
  if (line !== undefined) process.stderr.write(`${line}\n`);
  return new StudyClock(e);
}

/** The answer: sentences, the matrix, and the files written. */
async function answer(plan: MetaPlan): Promise<string> {
  const m = plan.meta;
  const names = m.population.map((s) => s.name);
  // With variants, the matrix, the mix and the answer are the first variant's, and the others are compared with it over its mix.
  const reference = m.variants.length > 1 ? m.variants[0].name : undefined;
  const tallies = await tallyLineups(plan.runs, names, m.players, reference);
  const result = analyseMeta(names.length, m.players, tallies, m.seed);
  const context = { names, title: plan.title, players: m.players, matchesPerLineup: m.matches, lineups: plan.runs.length };
  const variants = reference === undefined ? undefined : await variantsAnswer(plan, result, context);
  const words = [...metaWords(result, context), ...(variants?.words ?? [])];
  mkdirSync(plan.root, { recursive: true });
  const about = {
    name: m.name,
    game: m.game,
    players: m.players,
    matches_per_lineup: m.matches,
    seed: m.seed,
    options: m.options,
    ...(reference !== undefined ? { variants: m.variants } : {}),
    lineups: plan.runs.length,
  };
  const files = [...writeMetaFiles(plan.root, result, names, words, about), ...(variants ? [variants.write()] : [])];
  const html = writeMetaPage(plan.root, `Meta-game: ${plan.title}, ${m.players} players`, result, names, words);
  return [...words, '', `Win share of the row ${m.players === 2 ? 'against the column' : 'alone at a table of the column'} (percent, 95% interval):`, matrixTable(result, names), '', `Wrote ${[...files, html].map(shown).join(', ')}.`].join('\n') + '\n';
}

/** The variants against the first over its mix: the sentences, and variants.csv to write. */
async function variantsAnswer(plan: MetaPlan, result: MetaResult, context: MetaContext): Promise<{ words: string[]; write: () => string }> {
  const m = plan.meta;
  const names = context.names;
  const balance = await variantBalance(plan.runs, m.variants.map((v) => v.name), result.mix);
  // Each other variant's own mix, as the reference's is found (its bootstrap on the same seed).
  const mixes = new Map<string, MetaResult>();
  for (const v of m.variants.slice(1)) mixes.set(v.name, analyseMeta(names.length, m.players, await tallyLineups(plan.runs, names, m.players, v.name), m.seed));
  return {
    words: variantWords(balance, mixes, context),
    write: () => {
      const file = join(plan.root, 'variants.csv');
      writeFileAtomic(file, variantsCsv(balance, names, result.mix));
      return file;
    },
  };
}

/**
 * With --budget: the match count a lineup that fits it (recorded in the study's folder, or planned from a
 * pilot of every lineup, as the other studies do: runner/budget.ts), said first, and the lineups planned
 * again at that count. Without it, the plan as it is.
 */
async function budgeted(plan: MetaPlan, argv: Record<string, unknown>, threads: number, again: (matches: number) => Promise<MetaPlan>): Promise<MetaPlan> {
  const budget = budgetFlag(argv);
  if (budget === undefined) return plan;
  const { matches: _matches, ...settings } = plan.meta;
  const runs = plan.runs.map((run) => ({ spec: run.spec, matches: run.spec.matches * run.spec.variants.length }));
  const b = await planBudget({
    dir: plan.root,
    budget,
    settings: JSON.stringify({ study: 'meta', ...settings }),
    threads,
    // Every deal is played in each seating: a count the players divide.
    step: plan.meta.players,
    least: LEAST_BUDGET_MATCHES,
    most: MOST_BUDGET_MATCHES,
    pilot: async () => ({ matches: plan.meta.matches, estimate: await estimateCost(runs, threads) }),
  });
  process.stdout.write(`${budgetSentence(b, 'a lineup', shown(b.file))}\n`);
  return again(b.record.matches);
}

/** Runs the command; returns the exit code as `tavolo run`: 1 when a bot faulted, 6 when a run is not deterministic, 130/143 when interrupted. */
export async function metaCommand(argv: Record<string, unknown>, signal?: AbortSignal): Promise<number> {
  const threads = intFlag('--threads', argv.threads, 1, MAX_THREADS) ?? Math.min(defaultThreads(), MAX_THREADS);
  const out = textFlag('--out', argv.out);
  const specPath = textFlag('spec', argv.spec)!;
  const seed = textFlag('--seed', argv.seed);
  const outDir = (name: string) => out ?? join('results', `${name}-meta`);
  const plan = await budgeted(await planMeta(specPath, { matches: intFlag('--matches', argv.matches, 2), seed }, outDir), argv, threads, (matches) => planMeta(specPath, { matches, seed }, outDir));
  const force = argv.force === true;
  if (!force) checkReusable(plan);
  const m = plan.meta;
  process.stdout.write(
    `Meta-game: ${plan.title}, ${m.population.length} strategies at ${m.players} players: ${plan.runs.length} lineups (${plan.multisets} multisets of strategies, each in every seating, on the same deals), ` +
      `${m.matches} matches each${m.variants.length > 1 ? ` in each of ${m.variants.length} variants (${m.variants.map((v) => v.name).join(', ')})` : ''}, ${plan.runs.length * m.matches * m.variants.length} in all, seed ${JSON.stringify(m.seed)}, ${threads} thread${threads > 1 ? 's' : ''}; in ${shown(plan.root)}.\n`,
  );
  // A budget's plan was said already, from its own pilot (or its record, with none).
  const clock = argv.budget !== undefined ? new StudyClock(undefined) : await sayCost(plan, threads, force);
  const played = await playStudyShown(
    plan.runs,
    { threads, batch: 'auto', force, signal },
    { label: (run) => run.seats.map((s) => m.population[s].name).join(' vs '), clock, shown, root: plan.root, what: 'lineups' },
  );
  if ('exit' in played) return played.exit;
  const { faults, undetermined } = played;
  process.stdout.write(await answer(plan));
  if (faults > 0) process.stdout.write(`${faults} matches ended because a bot faulted: see end_reason in each lineup's matches.csv.\n`);
  for (const w of undetermined) process.stderr.write(`tavolo: ${w}\n`);
  return undetermined.length > 0 ? 6 : faults > 0 ? 1 : 0;
}
