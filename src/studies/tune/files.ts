import { join } from 'node:path';
import { preferenceConfidence, targetConfidence, type Elimination } from './race.js';
import type { CandidateOutcome } from './race-state.js';
import type { ResolvedSpec } from '../../runner/spec.js';
import type { TuneOutcome } from './outcome.js';
import type { Confirmation } from './confirm.js';
import type { TunePlan } from './spec.js';
import { csvLines } from '../../io/csv.js';
import { writeFilesAtomic } from '../../io/atomic-write.js';
import { writeManifest } from '../../io/manifest.js';

/**
 * The files of a search, next to its round folders: tune.csv (tidy, one row per candidate and target
 * quantity from the race, then one per finalist and target from the confirmation, its `stage` saying
 * which; the confirmation's rows are the answer) and tune.json (the search's settings and account); tune.html, the page, is laid out by
 * page.ts from charts.ts. All come from the round files alone,
 * with no timings, so a search gives byte-identical files on any thread count and after a resume.
 */
export const TUNE_FILES = ['tune.csv', 'tune.json', 'tune.html', 'manifest.json'];

export const TUNE_HEADER = [
  'stage',
  'candidate',
  'quantity',
  'target_min',
  'target_max',
  'estimate',
  'ci_low',
  'ci_high',
  'confidence',
  'matches',
  'target_status',
  'candidate_status',
  'round_dropped',
  'dropped_by',
  'why',
] as const;

/** Six decimals, as compare.csv; empty for an open bound or an unknown value. */
const num = (x: number): string => (Number.isFinite(x) ? x.toFixed(6) : '');

/** Why a candidate was dropped, in words (terminal and tune.csv alike). */
export function eliminationText(e: Elimination, names: readonly string[], level: number): string {
  const pct = `${(level * 100).toPrecision(6).replace(/0+$/, '').replace(/\.$/, '')}%`;
  if (e.reason === 'preference') {
    return `${e.quantity} worse than ${names[e.against!]} by ${e.estimate.estimate.toPrecision(3)} on the same seeds (${pct} CI ${e.estimate.low.toPrecision(3)} to ${e.estimate.high.toPrecision(3)})`;
  }
  return `${e.quantity} ${e.estimate.estimate.toPrecision(4)} (${pct} CI ${e.estimate.low.toPrecision(4)} to ${e.estimate.high.toPrecision(4)}) is outside the target`;
}

function candidateRows(c: CandidateOutcome, names: readonly string[], plan: TunePlan, levels: { target: number; prefer: number }): string[][] {
  const e = c.elimination;
  const why = e ? eliminationText(e, names, e.reason === 'preference' ? levels.prefer : levels.target) : '';
  return c.checks.map((k) =>
    checkRow(k, {
      stage: 'race',
      candidate: c.name,
      confidence: levels.target,
      matches: c.matches,
      status: c.status,
      droppedRound: c.droppedRound === undefined ? '' : String(c.droppedRound),
      droppedBy: e ? (e.reason === 'preference' ? `prefer:${e.quantity}` : e.quantity) : '',
      why: e && (e.reason === 'preference' || e.quantity === k.target.quantity) ? why : '',
    }),
  );
}

/** What a tune.csv row says besides its target check: which stage, candidate and level, and why. */
interface RowContext {
  stage: 'race' | 'confirmation';
  candidate: string;
  confidence: number;
  matches: number;
  status: string;
  droppedRound: string;
  droppedBy: string;
  why: string;
}

/** One row of tune.csv, in TUNE_HEADER's order: a target check of a candidate in its context. */
function checkRow(k: CandidateOutcome['checks'][number], r: RowContext): string[] {
  return [
    r.stage,
    r.candidate,
    k.target.quantity,
    num(k.target.min),
    num(k.target.max),
    num(k.estimate.estimate),
    num(k.estimate.low),
    num(k.estimate.high),
    String(r.confidence),
    String(r.matches),
    k.status,
    r.status,
    r.droppedRound,
    r.droppedBy,
    r.why,
  ];
}

export function tuneCsv(spec: ResolvedSpec, plan: TunePlan, r: TuneOutcome): string {
  const size = r.race.size;
  const levels = { target: targetConfidence(size), prefer: preferenceConfidence(size) };
  const names = spec.variants.map((v) => v.name);
  const rows = r.race.outcomes().flatMap((c) => candidateRows(c, names, plan, levels));
  return csvLines([[...TUNE_HEADER], ...rows, ...(r.confirmation ? confirmationRows(r.confirmation, plan) : [])]);
}

/**
 * The confirmation's rows: each finalist's targets on the fresh seeds, at the confirmation's level, with
 * its status there; `why` names a degenerate play and the preference's pick (with the preferred value).
 */
function confirmationRows(c: Confirmation, plan: TunePlan): string[][] {
  return c.finalists.flatMap((f, i) => {
    const why = [
      ...(f.degenerate.length > 0 ? [`degenerate: ${f.degenerate.join('; ')}`] : []),
      ...(i === c.pick ? [`the answer: meets every target${plan.prefer ? `, the ${plan.prefer.goal} ${plan.prefer.quantity} (${num(f.preferred)}) of those that do` : ''}`] : []),
    ].join('; ');
    return f.checks.map((k) =>
      checkRow(k, { stage: 'confirmation', candidate: f.name, confidence: c.confidence, matches: c.matches, status: f.status, droppedRound: '', droppedBy: '', why }),
    );
  });
}

export function tuneJson(spec: ResolvedSpec, plan: TunePlan, r: TuneOutcome): string {
  const out = r.race.outcomes();
  const closest = r.race.survivors().length === 0 ? r.race.closest() : undefined;
  const body = {
    format: 'tavolo-tune/1',
    tournament: spec.name,
    spec: spec.specPath ?? null,
    game: spec.game.name,
    seed: spec.seed,
    round_seed: '<seed>/round/<r>',
    candidates: spec.variants.map((v) => v.name),
    targets: plan.targets.map((t) => ({ quantity: t.quantity, min: Number.isFinite(t.min) ? t.min : null, max: Number.isFinite(t.max) ? t.max : null })),
    prefer: plan.prefer ?? null,
    error_rate: plan.errorRate,
    target_confidence: targetConfidence(r.race.size),
    preference_confidence: plan.prefer ? preferenceConfidence(r.race.size) : null,
    block: plan.block,
    rounds_planned: plan.rounds,
    rounds_played: r.rounds.length,
    budget: plan.budget,
    matches_spent: r.spent,
    grid_matches: r.gridMatches,
    stopped: r.stopped,
    meets: out.filter((c) => c.status === 'meets').map((c) => c.name),
    not_ruled_out: out.filter((c) => c.status === 'not-ruled-out').map((c) => c.name),
    closest: closest === undefined ? null : out[closest].name,
    rounds: r.rounds.map((n) => ({ round: n.round, candidates: n.candidates, matches: n.matches, dropped: n.dropped.map((e) => out[e.candidate].name) })),
    confirmation: r.confirmation ? confirmationJson(r.confirmation) : null,
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** Six decimals as a JSON number; null for an unknown value or an open side. */
const six = (x: number): number | null => (Number.isFinite(x) ? Number(x.toFixed(6)) : null);

/** tune.json's account of the confirmation: its seeds and level, each finalist's targets and play, the pick. */
function confirmationJson(c: Confirmation) {
  return {
    seed: c.seed,
    matches: c.matches,
    base: c.base,
    confidence: c.confidence,
    finalists: c.finalists.map((f) => ({
      name: f.name,
      status: f.status,
      targets: f.checks.map((k) => ({ quantity: k.target.quantity, estimate: six(k.estimate.estimate), ci_low: six(k.estimate.low), ci_high: six(k.estimate.high), status: k.status })),
      preferred: six(f.preferred),
      degenerate: f.degenerate,
      fallen: f.fallen,
    })),
    pick: c.pick >= 0 ? c.finalists[c.pick].name : null,
  };
}

/** Writes tune.csv and tune.json, each through a temporary file, renamed once both are whole (never half written). */
export function writeTuneFiles(outDir: string, spec: ResolvedSpec, plan: TunePlan, r: TuneOutcome): void {
  writeFilesAtomic([
    [join(outDir, 'tune.csv'), tuneCsv(spec, plan, r)],
    [join(outDir, 'tune.json'), tuneJson(spec, plan, r)],
  ]);
  // The search's own manifest (its rounds' folders have theirs): tavolo report checks it before rereading.
  writeManifest(outDir, ['tune.csv', 'tune.json']);
}
