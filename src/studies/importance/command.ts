import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { importanceCsv, restrictedRows, sensitivityRows, type ImportanceRow } from './analysis.js';
import { importanceTable, restrictedWords, sensitivityWords, type ImportanceContext } from './words.js';
import { quantityName } from '../../analysis/verdict-words.js';
import { InputError } from '../../errors.js';
import { writeImportancePage } from './page.js';
import { MAX_THREADS } from '../../runner/limits.js';
import { planImportance, type ImportancePlan, type ImportanceRequest, type ViewChoice } from './run.js';
import { checkReusable, matchesToPlay } from '../../runner/reuse.js';
import { costSentence, estimateCost, matchesFor, StudyClock, type Cheaper } from '../../runner/cost.js';
import { defaultThreads } from '../../runner/run.js';
import { budgetFlag, budgetSentence, planRunsBudget } from '../../runner/budget.js';
import { playStudyShown } from '../../runner/study-runs.js';
import { INT_BOUNDS } from '../../runner/spec.js';
import { intFlag, listFlag, parseKeyValues, textFlag } from '../../terminal/args.js';
import { writeFileAtomic } from '../../io/atomic-write.js';

/**
 * `tavolo importance <spec-or-game>`: which card matters most (docs/importance.md). The runs are played
 * first (progress on stderr), then the answer in sentences, each view's table, and the files.
 */


function shown(p: string): string {
  const r = relative(process.cwd(), p);
  return r === '' ? '.' : r.startsWith('..') ? p : r;
}

/** The request from the flags; flags that only apply to a game are refused with a spec. */
function request(argv: Record<string, unknown>): ImportanceRequest {
  const target = textFlag('target', argv.target)!;
  const spec = /\.json$/i.test(target);
  for (const flag of ['players', 'opponents', 'option'] as const) {
    if (spec && argv[flag] !== undefined) throw new InputError(`applies to a game, not a spec (the spec sets its own ${flag === 'option' ? 'options' : flag}); change the spec instead`, `--${flag}`);
  }
  return {
    target,
    baseDir: process.cwd(),
    view: (textFlag('--view', argv.view) ?? 'both') as ViewChoice,
    players: intFlag('--players', argv.players, ...INT_BOUNDS.players),
    bot: textFlag('--bot', argv.bot),
    opponents: listFlag('--opponents', argv.opponents),
    matches: intFlag('--matches', argv.matches, 2),
    seed: textFlag('--seed', argv.seed),
    options: argv.option === undefined ? undefined : parseKeyValues('--option', argv.option),
    quantity: textFlag('--quantity', argv.quantity),
  };
}

/** The answer: both views' rows, sentences and tables. */
async function analyse(plan: ImportancePlan): Promise<{ restricted: ImportanceRow[]; sensitivity: ImportanceRow[]; context: ImportanceContext }> {
  const b = plan.base;
  const lossRanked = plan.quantity === `win_share:${b.focusName}`;
  const context: ImportanceContext = {
    words: { lineup: b.bots.map((e) => e.name!), metricInfo: b.game.measures.info },
    quantity: plan.quantity,
    focus: b.focusName,
    opponents: b.bots.filter((_, k) => k !== b.focus).map((e) => e.name!),
    matches: b.matches,
    lossRanked,
  };
  const dirOf = (role: string, kind?: string) => plan.runs.find((r) => r.role === role && r.kind === kind)?.dir;
  const restricted =
    plan.kinds.length > 0
      ? await restrictedRows(dirOf('unrestricted')!, plan.kinds.map((k) => ({ kind: k.name, label: k.label, dir: dirOf('restricted', k.name)! })), plan.quantity, lossRanked)
      : [];
  const sensitivity = plan.steps.length > 0 ? await sensitivityRows(dirOf('sensitivity')!, plan.steps, plan.quantity) : [];
  return { restricted, sensitivity, context };
}

function refusedText(plan: ImportancePlan): string[] {
  return plan.refused.map((r) => `${r.card} (${r.field}) ${r.step > 0 ? 'one up' : 'one down'}, refused by the game: ${r.why}`);
}

/** The answer in sentences, each view's table, and the files written (importance.csv, importance.html). */
async function answer(plan: ImportancePlan, root: string, faults: number): Promise<string> {
  const b = plan.base;
  const { restricted, sensitivity, context } = await analyse(plan);
  const lines: string[] = [];
  if (restricted.length > 0) lines.push(...restrictedWords(restricted, context), '');
  if (sensitivity.length > 0) lines.push(...sensitivityWords(sensitivity, context, refusedText(plan)), '');
  if (faults > 0) lines.push(`${faults} matches ended because a bot faulted: see end_reason in each run's matches.csv.`, '');
  if (restricted.length > 0) lines.push('Restricted play:', importanceTable(restricted, context), '');
  if (sensitivity.length > 0) lines.push('Sensitivity:', importanceTable(sensitivity, context), '');
  mkdirSync(root, { recursive: true });
  const csv = join(root, 'importance.csv');
  writeFileAtomic(csv, importanceCsv([...restricted, ...sensitivity]));
  const { name, rate } = quantityName(plan.quantity, context.words);
  const html = writeImportancePage(root, {
    title: `Which card matters: ${b.game.title}, ${name}`,
    quantity: name.replace(/^the /, ''),
    rate,
    lossRanked: context.lossRanked,
    words: { restricted: restricted.length > 0 ? restrictedWords(restricted, context) : [], sensitivity: sensitivity.length > 0 ? sensitivityWords(sensitivity, context, refusedText(plan)) : [] },
    restricted,
    sensitivity,
  });
  lines.push(`Wrote ${shown(csv)} and ${shown(html)}.`);
  return lines.join('\n') + '\n';
}

/**
 * Before the runs: how long they will take, from a pilot of each, and what fewer matches would cost
 * (on stderr, with the progress). The clock it returns says the time left before each run.
 */
/** A smaller setting is offered for about this long. */
const STUDY_TARGET_SECONDS = 300;

async function sayStudyCost(plan: ImportancePlan, threads: number, force: boolean): Promise<StudyClock> {
  const e = await estimateCost(plan.runs.map((r) => ({ spec: r.spec, matches: matchesToPlay(r, force) })), threads);
  if (e === undefined) return new StudyClock(undefined);
  const cheaper: Cheaper[] = [];
  const fewer = matchesFor(STUDY_TARGET_SECONDS, e.seconds, plan.base.matches);
  if (fewer !== undefined) cheaper.push({ flag: `--matches ${fewer}`, seconds: (e.seconds * fewer) / plan.base.matches });
  for (const view of ['restricted', 'sensitivity'] as const) {
    const kept = plan.runs.map((r, k) => ((view === 'sensitivity') === (r.role === 'sensitivity') ? e.perRun[k] : 0)).reduce((a, b) => a + b, 0);
    if (kept > 0 && kept < e.seconds) cheaper.push({ flag: `--view ${view}`, seconds: kept });
  }
  const line = costSentence(`The ${plan.runs.length} runs`, e, cheaper);
  if (line !== undefined) process.stderr.write(`${line}\n`);
  return new StudyClock(e);
}

/**
 * With --budget: the plan that fits it (recorded in the study's folder, or made from a pilot), said
 * first, and the study planned again at its match count. Without it, the plan as it is.
 */
async function budgeted(plan: ImportancePlan, r: ImportanceRequest, argv: Record<string, unknown>, threads: number, outDir: (name: string) => string): Promise<ImportancePlan> {
  const budget = budgetFlag(argv);
  if (budget === undefined) return plan;
  const { baseDir: _baseDir, matches: _matches, ...settings } = r;
  const runs = plan.runs.map((run) => ({ spec: run.spec, matches: run.spec.matches * run.spec.variants.length }));
  const b = await planRunsBudget({ dir: plan.root, budget, settings: JSON.stringify({ study: 'importance', ...settings }), threads, matches: plan.base.matches, runs });
  process.stdout.write(`${budgetSentence(b, 'a run and variant', shown(b.file))}\n`);
  return planImportance({ ...r, matches: b.record.matches }, outDir);
}

/** Runs the command; returns the exit code as `tavolo run`: 1 when a bot faulted in some run, 6 when a run is not deterministic, 130/143 when interrupted. */
export async function importanceCommand(argv: Record<string, unknown>, signal?: AbortSignal): Promise<number> {
  const threads = intFlag('--threads', argv.threads, 1, MAX_THREADS) ?? Math.min(defaultThreads(), MAX_THREADS);
  const out = textFlag('--out', argv.out);
  const asked = request(argv);
  const outDir = (name: string) => out ?? join('results', `${name}-importance`);
  const plan = await budgeted(await planImportance(asked, outDir), asked, argv, threads, outDir);
  const root = plan.root;
  if (argv.force !== true) checkReusable(plan);
  const b = plan.base;
  process.stdout.write(
    `Which card matters: ${b.game.title}, ${b.players} players, ${b.matches} matches per run and variant, seed ${JSON.stringify(b.seed)}, ${threads} thread${threads > 1 ? 's' : ''}; ` +
      `${plan.runs.length} run${plan.runs.length > 1 ? 's' : ''} in ${shown(root)} (${plan.steps.length} count changes, ${plan.kinds.length} action kinds).\n`,
  );
  // A budget's plan was said already, from its own pilot (or its record, with none).
  const clock = argv.budget !== undefined ? new StudyClock(undefined) : await sayStudyCost(plan, threads, argv.force === true);
  const played = await playStudyShown(
    plan.runs,
    { threads, batch: 'auto', force: argv.force === true, signal },
    { label: (run) => (run.role === 'restricted' ? `without ${run.kind}` : run.role), clock, shown, root, what: 'runs' },
  );
  if ('exit' in played) return played.exit;
  const { faults, undetermined } = played;
  process.stdout.write(await answer(plan, root, faults));
  // As `tavolo run`: the files are written, and a bot or game that is not deterministic is said and exits 6.
  for (const w of undetermined) process.stderr.write(`tavolo: ${w}\n`);
  return undetermined.length > 0 ? 6 : faults > 0 ? 1 : 0;
}
