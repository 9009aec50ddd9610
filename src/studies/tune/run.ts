import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { quantityPlan } from '../../analysis/quantities.js';
import { Race } from './race-state.js';
import { openResult, readMatches } from '../../analysis/results.js';
import { InputError } from '../../errors.js';
import { readRunJson } from '../../io/run-json.js';
import { writeTuneFiles, TUNE_FILES } from './files.js';
import { identityDiff, identityHash, specIdentity, type SpecIdentity } from '../../runner/identity.js';
import { checkOutDir, makeOutDir, runTournament, type RunOptions, type RunOutcome } from '../../runner/run.js';
import { determinismWarning } from '../../runner/self-check.js';
import { withStudyPool, type StudyPool } from '../../runner/pool.js';
import type { ResolvedSpec } from '../../runner/spec.js';
import type { TunePlan } from './spec.js';
import { confirmSpec, confirmationOf, readConfirmation, type Confirmation } from './confirm.js';
import type { RoundNote, StopReason, TuneOutcome } from './outcome.js';

/**
 * `tavolo tune`: races the spec's variants toward the targets of its `tune` field (docs/tune.md).
 * Round r plays the next block of seeds for every candidate still in: it is an ordinary tournament of
 * the survivors, played by the runner into `<out>/round-<r>/` (its journal, its matches.csv), with the
 * master seed `<seed>/round/<r>` shared by every candidate, so the candidates are paired within each
 * round and each round brings fresh deals. After the round its matches.csv is read and the race
 * (race-state.ts) drops the candidates shown outside a target or worse than the best. A
 * killed search resumes: the rounds already complete are read back, the interrupted one resumes from
 * its journal, and the decisions, all computed from the files, come out the same.
 */

export interface TuneOptions {
  threads: number;
  outDir: string;
  resume?: boolean;
  force?: boolean;
  signal?: AbortSignal;
  /** Before each round is played (with the round's tournament outcome not yet known). */
  onRoundStart?: (round: number, candidates: number, matches: number) => void;
  onRound?: (note: RoundNote) => void;
  /** Passed to the runner for each round. */
  onProgress?: RunOptions['onProgress'];
  /** Replay the finalists on fresh seeds after the race (default true; `--no-confirm` skips it). */
  confirm?: boolean;
  /** Before the confirmation is played, and after. */
  onConfirmStart?: (finalists: number, matches: number) => void;
  onConfirm?: () => void;
}

export const roundDir = (outDir: string, round: number): string => join(outDir, `round-${round}`);
const ROUND_DIR = /^round-\d+$/;
export const confirmDir = (outDir: string): string => join(outDir, 'confirm');

/** The tournament of round `round` (1-based): the survivors on the round's block of seeds. */
export function roundSpec(spec: ResolvedSpec, plan: TunePlan, survivors: readonly number[], round: number): ResolvedSpec {
  const variants = survivors.map((c) => spec.variants[c]);
  const { sequential: _sequential, sweep: _sweep, ...rest } = spec;
  return { ...rest, name: `${spec.name}-round-${round}`, matches: plan.block, seed: `${spec.seed}/round/${round}`, variants, baseline: variants[0].name };
}

/**
 * Refuses an output folder holding another search unless resuming or forced; with --force, removes
 * the search's own files (its rounds and tune files), nothing else.
 */
function prepareOutDir(outDir: string, resume: boolean, force: boolean): void {
  checkOutDir(outDir);
  if (!existsSync(outDir)) return makeOutDir(outDir);
  const ours = readdirSync(outDir).filter((f) => ROUND_DIR.test(f) || f === 'confirm' || TUNE_FILES.includes(f));
  if (ours.length === 0 || resume) return;
  if (!force) {
    throw new InputError(
      `${outDir} already holds a search (${ours.slice(0, 4).join(', ')}${ours.length > 4 ? ', ...' : ''}); add --resume to continue or re-read it, ` +
        '--force to start again (its rounds are deleted), or give another --out',
      '--out',
    );
  }
  for (const f of ours) rmSync(join(outDir, f), { recursive: true, force: true });
}

/** A round folder written for another search (another spec, seed or set of survivors) is refused by name. */
function checkRoundIdentity(dir: string, spec: ResolvedSpec, round: number | 'confirm'): void {
  const info = existsSync(join(dir, 'run.json')) ? readRunJson(join(dir, 'run.json')) : undefined;
  if (info === undefined || typeof info.spec_hash !== 'string') return;
  const identity = specIdentity(spec);
  if (info.spec_hash === identityHash(identity)) return;
  // run.json holds the identity's fields under its own names.
  const there: SpecIdentity = {
    ...identity,
    tournament: info.tournament,
    game: info.game,
    players: info.players,
    matches: info.matches_per_variant,
    seed: info.seed,
    decision_timeout_ms: info.decision_timeout_ms,
    opening: info.opening,
    variants: info.variants,
    lineup: info.lineup,
  };
  const diff = identityDiff(identity, there, 'now', 'in the folder');
  throw new InputError(
    `cannot resume: ${dir} holds ${round === 'confirm' ? 'the confirmation' : `round ${round}`} of a different search:\n  ${(diff.length > 0 ? diff : ['(its identity hash differs)']).join('\n  ')}\n` +
      'Resume with the same spec, --matches and --seed, or start again with --force or another --out.',
    '--resume',
  );
}

/** Plays (or resumes, or re-reads) one round and returns its values for the race, survivor by survivor. */
async function playRound(spec: ResolvedSpec, plan: TunePlan, race: Race, round: number, o: PooledOptions): Promise<{ values: Float64Array[][]; outcome: RunOutcome }> {
  const rs = roundSpec(spec, plan, race.survivors(), round);
  const dir = roundDir(resolve(o.outDir), round);
  checkRoundIdentity(dir, rs, round);
  const outcome = await runTournament(rs, { threads: o.threads, batch: 'auto', outDir: dir, resume: true, signal: o.signal, onProgress: o.onProgress, pool: o.pool });
  try {
    return { values: await roundValues(dir, rs, plan), outcome };
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    // A round folder damaged after it was finished: its matches can be played again from the same seeds.
    throw new InputError(`${err.message}\nDelete ${dir} and run the search again with --resume: that round is played again from the same seeds.`);
  }
}

/** Reads a round's matches.csv into values[k][q][i]: survivor k, target quantity q (then the preference's), match i. */
export async function roundValues(dir: string, rs: ResolvedSpec, plan: TunePlan): Promise<Float64Array[][]> {
  return roundValuesOf(dir, rs.variants.map((v) => v.name), plan);
}

/** The same, for the round's survivors by name (a search read back from its folder has no spec). */
export async function roundValuesOf(dir: string, names: readonly string[], plan: TunePlan): Promise<Float64Array[][]> {
  const info = openResult(dir);
  if (info.variants.join('\n') !== names.join('\n') || info.matchesPerVariant !== plan.block) {
    throw new InputError(`${info.shown} does not hold this round: expected ${plan.block} matches of ${names.join(', ')}, found ${info.matchesPerVariant} of ${info.variants.join(', ')}`);
  }
  const q = quantityPlan({ game: info.game, botNames: [...new Set(info.lineup)], players: info.players, metricNames: info.metricNames, metricIndex: info.metricNames.map((_, i) => i) });
  const quantities = [...plan.targets.map((t) => t.quantity), ...(plan.prefer ? [plan.prefer.quantity] : [])];
  const wanted = quantities.map((n) => q.names.indexOf(n));
  // An ending's share is not one of the plan's columns: its indicator is read from the row's end reason.
  const endings = quantities.map((n) => (n.startsWith('end_reason:') ? n.slice('end_reason:'.length) : undefined));
  const values = names.map(() => wanted.map(() => new Float64Array(plan.block)));
  const buf = new Float64Array(q.names.length);
  await readMatches(info, (row) => {
    q.values(row, buf);
    wanted.forEach((at, k) => (values[row.variantIndex][k][row.match] = endings[k] === undefined ? buf[at] : row.endReason === endings[k] ? 1 : 0));
  });
  return values;
}

/** Plays (or resumes, or re-reads) the confirmation of the race's finalists: the base rules and them, on fresh seeds. */
async function playConfirmation(spec: ResolvedSpec, plan: TunePlan, finalists: readonly number[], o: PooledOptions): Promise<{ confirmation: Confirmation; outcome: RunOutcome }> {
  const cs = confirmSpec(spec, plan, finalists);
  const dir = confirmDir(resolve(o.outDir));
  checkRoundIdentity(dir, cs, 'confirm');
  o.onConfirmStart?.(finalists.length, cs.variants.length * cs.matches);
  const outcome = await runTournament(cs, { threads: o.threads, batch: 'auto', outDir: dir, resume: true, signal: o.signal, onProgress: o.onProgress, pool: o.pool });
  o.onConfirm?.();
  const names = cs.variants.map((v) => v.name);
  const read = await readConfirmation(dir, names, plan);
  const confirmation = confirmationOf({ seed: cs.seed, base: names[0], matches: cs.matches }, plan, finalists.map((c) => ({ candidate: c, name: spec.variants[c].name })), read);
  return { confirmation, outcome };
}

/** The options with the search's worker pool, which every round and the confirmation play on. */
type PooledOptions = TuneOptions & { pool: StudyPool };

/** Plays the search round by round until it is decided, runs out of rounds or would pass its budget. */
export async function runTune(spec: ResolvedSpec, plan: TunePlan, o: TuneOptions): Promise<TuneOutcome> {
  prepareOutDir(resolve(o.outDir), o.resume === true, o.force === true);
  return withStudyPool(o.threads, (pool) => search(spec, plan, { ...o, pool }));
}

/** The race and its confirmation, on the search's pool. */
async function search(spec: ResolvedSpec, plan: TunePlan, o: PooledOptions): Promise<TuneOutcome> {
  const outDir = resolve(o.outDir);
  const size = { errorRate: plan.errorRate, candidates: spec.variants.length, targets: plan.targets.length, rounds: plan.rounds };
  const race = new Race(spec.variants.map((v) => v.name), plan.targets, size, plan.prefer);
  const rounds: RoundNote[] = [];
  let spent = 0;
  let playedNow = 0;
  let stopped: StopReason = 'rounds';
  const faults: Record<string, number> = {};
  let notDeterministic: string | undefined;
  for (let round = 1; round <= plan.rounds; round++) {
    if (race.decided()) {
      stopped = race.survivors().length === 0 ? 'none-left' : 'decided';
      break;
    }
    const matches = race.survivors().length * plan.block;
    if (spent + matches > plan.budget) {
      stopped = 'budget';
      break;
    }
    o.onRoundStart?.(round, race.survivors().length, matches);
    const candidates = race.survivors().length;
    const { values, outcome } = await playRound(spec, plan, race, round, o);
    const dropped = race.addRound(values);
    spent += matches;
    playedNow += outcome.playedMatches;
    for (const [reason, n] of Object.entries(outcome.faults)) faults[reason] = (faults[reason] ?? 0) + n;
    if (outcome.determinism && outcome.determinism.differing.length > 0) notDeterministic ??= `round ${round}: ${determinismWarning(outcome.determinism)}`;
    const note = { round, candidates, matches, dropped, playedNow: outcome.playedMatches };
    rounds.push(note);
    o.onRound?.(note);
  }
  if (stopped === 'rounds' && race.decided()) stopped = race.survivors().length === 0 ? 'none-left' : 'decided';
  let confirmation: Confirmation | undefined;
  if (o.confirm !== false && race.survivors().length > 0) {
    const c = await playConfirmation(spec, plan, race.survivors(), o);
    confirmation = c.confirmation;
    playedNow += c.outcome.playedMatches;
    for (const [reason, n] of Object.entries(c.outcome.faults)) faults[reason] = (faults[reason] ?? 0) + n;
    if (c.outcome.determinism && c.outcome.determinism.differing.length > 0) notDeterministic ??= `confirmation: ${determinismWarning(c.outcome.determinism)}`;
  }
  const most = Math.max(0, ...race.outcomes().map((c) => c.matches));
  const result: TuneOutcome = {
    race,
    rounds,
    stopped,
    spent,
    gridMatches: most * spec.variants.length,
    playedNow,
    outDir,
    faults,
    ...(confirmation ? { confirmation } : {}),
    ...(notDeterministic ? { notDeterministic } : {}),
  };
  writeTuneFiles(outDir, spec, plan, result);
  return result;
}
