import { dirname, join, relative, resolve } from 'node:path';
import { targetText, tuneAnswer, tuneTable } from './words.js';
import { Interrupted } from '../../errors.js';
import { MAX_THREADS, checkVariantCount } from '../../runner/limits.js';
import { defaultThreads } from '../../runner/run.js';
import { readSpecFile, resolveSpec, type ResolvedSpec } from '../../runner/spec.js';
import { confirmDir, roundDir, runTune } from './run.js';
import type { RoundNote, TuneOutcome } from './outcome.js';
import { resolveTune, type TunePlan } from './spec.js';
import { tuneCostLine } from './cost.js';
import { planTuneBudget } from './budget.js';
import { budgetFlag, budgetSentence } from '../../runner/budget.js';
import { writeTunePage } from './page.js';
import { tunePageData } from './charts.js';
import { intFlag, textFlag } from '../../terminal/args.js';
import { kilobytes } from '../../terminal/sizes.js';
import { progressBar } from '../../terminal/progress.js';

/**
 * `tavolo tune <spec>`: races the spec's candidates (its variants, usually a sweep's grid) toward the
 * targets of its `tune` field, in rounds on common seeds (docs/tune.md). Prints the answer in sentences,
 * then a table; writes tune.csv, tune.json and one result folder per round in --out.
 */

/**
 * Exit codes of `tavolo tune` (docs/reference.md): 0 the search finished, whatever it found; 1 it
 * finished but some matches ended because a bot faulted; 6 a round's determinism self-check failed;
 * the shared ones otherwise (2 bad input, 3, 4, 130, 143).
 */

function shownPath(p: string): string {
  const rel = relative(process.cwd(), p);
  return rel === '' ? '.' : rel.startsWith('..') ? p : rel;
}

/** How a round's matches came: played now, read back from its finished folder, or resumed from its journal. */
function roundSource(played: number, matches: number): string {
  if (played >= matches) return '';
  return played === 0 ? ' (read back from its folder)' : ` (resumed from its journal: ${played} played now)`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

type WithSignals = <T>(body: (signal: AbortSignal) => Promise<T>) => Promise<T>;

/** The search's first lines: what is raced, how, and toward what. */
function headerText(spec: ResolvedSpec, plan: TunePlan, threads: number): string {
  return (
    `${spec.name}: ${spec.game.title}, ${spec.players} players; racing ${spec.variants.length} candidates on common seeds in rounds of ${plan.block} matches ` +
    `(at most ${plan.rounds} rounds, ${spec.matches.toLocaleString('en-US')} matches a candidate, budget ${plan.budget.toLocaleString('en-US')}), seed ${JSON.stringify(spec.seed)}, ${threads} thread${threads > 1 ? 's' : ''}\n` +
    `Targets: ${plan.targets.map(targetText).join('; ')}${plan.prefer ? `; then ${plan.prefer.goal} ${plan.prefer.quantity} preferred` : ''}\n`
  );
}

function roundText(n: RoundNote, spec: ResolvedSpec, plan: TunePlan): string {
  const names = n.dropped.map((e) => spec.variants[e.candidate].name);
  // A long list is cut: the table after the answer has every candidate and the round that dropped it.
  const shown = names.length > 6 ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more` : names.join(', ');
  return (
    `Round ${n.round}: ${n.candidates} candidates x ${plan.block} matches${roundSource(n.playedNow, n.matches)}; ` +
    (names.length > 0 ? `dropped ${names.length}: ${shown}\n` : 'none dropped\n')
  );
}

/**
 * tune.html (docs/tune.md); like report.html after a run, a page that could not be written is a warning,
 * not a failure: the search's files are complete, and `tavolo report <folder>` rebuilds it.
 */
function tunePageAfterSearch(r: TuneOutcome, spec: ResolvedSpec, plan: TunePlan): string {
  try {
    const search = { tournament: spec.name, game: spec.game.name, seed: spec.seed, names: spec.variants.map((v) => v.name), plan, outcome: r };
    const w = writeTunePage(r.outDir, tunePageData(search));
    return `, tune.html (${kilobytes(w.bytes)}) `;
  } catch (err) {
    process.stderr.write(
      `warning: tune.html was not written (${err instanceof Error ? err.message : String(err)}); \`tavolo report ${shownPath(r.outDir)}\` rebuilds it\n`,
    );
    return ' ';
  }
}

/** The answer, the table, the faults and the files; the exit code (1 faults, 6 not deterministic). */
function finish(r: TuneOutcome, spec: ResolvedSpec, plan: TunePlan): number {
  process.stdout.write(`\n${tuneAnswer(r, plan, spec.variants.map((v) => v.name))}\n${tuneTable(r, plan)}\n`);
  const faulted = Object.entries(r.faults);
  if (faulted.length > 0) {
    const total = faulted.reduce((a, [, n]) => a + n, 0);
    process.stdout.write(
      `${total} match${total > 1 ? 'es' : ''} ended because a bot faulted (${faulted.map(([k, n]) => `${k} ${n}`).join(', ')}): see end_reason and fault_seat in the rounds' matches.csv.\n`,
    );
  }
  const shown = shownPath(r.outDir);
  const page = tunePageAfterSearch(r, spec, plan);
  const confirmed = r.confirmation ? ` and the confirmation's (${shown}/confirm)` : '';
  process.stdout.write(`Wrote ${shown}/tune.csv, tune.json${page}and the rounds' results (${shown}/round-1 ... round-${r.rounds.length})${confirmed}; ${r.playedNow} matches played now.\n`);
  if (r.notDeterministic) {
    process.stderr.write(`tavolo: ${r.notDeterministic}\n`);
    return 6;
  }
  return faulted.length > 0 ? 1 : 0;
}

/**
 * The search's header, printed once the checks are done (bad input leaves stdout empty), and under it
 * what the search will cost, measured before it plays (on stderr: it differs by machine).
 */
async function headerOnce(spec: ResolvedSpec, plan: TunePlan, threads: number, confirm: boolean): Promise<() => void> {
  const cost = await tuneCostLine(spec, plan, threads, confirm);
  return () => {
    process.stdout.write(headerText(spec, plan, threads));
    if (cost !== undefined) process.stderr.write(`${cost}\n`);
  };
}

/** The most matches a candidate that fit the budget (recorded in --out, or from a pilot), said first. */
async function budgetedMatches(o: Parameters<typeof planTuneBudget>[0]): Promise<number> {
  const b = await planTuneBudget(o);
  process.stdout.write(`${budgetSentence(b, 'a candidate at most', shownPath(b.file))}\n`);
  return b.record.matches;
}

export async function tuneCommand(argv: Record<string, unknown>, withSignals: WithSignals): Promise<number> {
  const budget = budgetFlag(argv);
  const matches = intFlag('--matches', argv.matches, 1);
  const threads = intFlag('--threads', argv.threads, 1, MAX_THREADS) ?? Math.min(defaultThreads(), MAX_THREADS);
  const seed = textFlag('--seed', argv.seed);
  const specPath = textFlag('spec', argv.spec)!;
  const raw = readSpecFile(specPath);
  const resolveAt = (m: number | undefined) => resolveSpec(raw, dirname(resolve(specPath)), { matches: m, seed }, resolve(specPath));
  const asked = await resolveAt(matches);
  checkVariantCount(asked.variants.length);
  // The tune field is checked as given before any pilot.
  const askedPlan = resolveTune(raw.tune, asked);
  const outDir = textFlag('--out', argv.out) ?? join('results', `${asked.name}-tune`);
  const confirm = argv.confirm !== false;
  const spec = budget === undefined ? asked : await resolveAt(await budgetedMatches({ raw, spec: asked, outDir, budget, threads, confirm }));
  const plan = spec === asked ? askedPlan : resolveTune(raw.tune, spec);
  const header = budget !== undefined ? () => process.stdout.write(headerText(spec, plan, threads)) : await headerOnce(spec, plan, threads, confirm);
  const bar = progressBar();
  let current = 0 as number | 'confirmation';
  try {
    const r = await withSignals((signal) =>
      runTune(spec, plan, {
        threads,
        outDir,
        resume: argv.resume === true,
        force: argv.force === true,
        confirm,
        signal,
        onRoundStart: (round, _candidates, m) => {
          if (round === 1) header();
          current = round;
          bar?.start(m, 0);
        },
        onConfirmStart: (finalists, m) => {
          if (current === 0) header();
          process.stdout.write(
            `Confirmation: ${plural(finalists, 'finalist')} and the base rules, ${plan.confirm.toLocaleString('en-US')} matches each on fresh seeds (${JSON.stringify(`${spec.seed}/confirm`)})\n`,
          );
          current = 'confirmation';
          bar?.start(m, 0);
        },
        onProgress: (done) => bar?.update(done),
        onRound: (n) => {
          bar?.stop();
          process.stdout.write(roundText(n, spec, plan));
        },
        onConfirm: () => bar?.stop(),
      }),
    );
    bar?.stop();
    return finish(r, spec, plan);
  } catch (err) {
    bar?.stop();
    if (!(err instanceof Interrupted)) throw err;
    process.stderr.write(
      `tavolo: interrupted (${err.signal}) in ${current === 'confirmation' ? 'the confirmation' : `round ${current}`}; the rounds done and the journal of ${shownPath(current === 'confirmation' ? confirmDir(outDir) : roundDir(outDir, current))} are kept: ` +
        'run the same command with --resume to finish.\n',
    );
    return err.signal === 'SIGTERM' ? 143 : 130;
  }
}
