import { quantityPlan } from '../../analysis/quantities.js';
import { openResult, readMatches } from '../../analysis/results.js';
import { resolveOptions } from '../../engine/options.js';
import type { ResolvedSpec, Variant } from '../../runner/spec.js';
import { checkValues, type Preference, type Target, type TargetCheck } from './race.js';
import type { TunePlan } from './spec.js';

/**
 * The confirmation after a race (docs/tune.md, "The confirmation"): the finalists, the candidates the
 * race did not rule out, are played again with the game's base rules on fresh seeds, `<seed>/confirm`,
 * which no round used, so the answer does not rest on the matches that chose them (a race keeps the
 * candidates whose matches happened to look good). Every finalist and the base rules play the same seeds,
 * paired. Each finalist's targets are checked once on these matches alone, at the level 1 - errorRate /
 * (finalists x targets); and its play is compared with the base rules' to name a degenerate candidate:
 * one whose matches nearly all end the same way, or whose real choices mostly vanish (fewer decisions per
 * turn, a smaller share of decisions with a choice). A metric per match that falls by more than half is
 * reported beside it, not counted as a collapse: removing a card zeroes the metric that counts it, and a
 * metric of something bad (annulled games) falling is good news; the numbers are shown for the reader to judge.
 */

/** An ending this common is a game that always stops the same way (Stramat with no Dado: 98.85% with the deck empty). */
export const END_REASON_LIMIT = 0.95;
/** Real choices falling by more than this share of the base rules' value: most of the play is gone. */
export const COLLAPSE_SHARE = 0.5;
/** ... and by more than this many standard errors of the difference: a rare event seen twice in the base rules and never in a candidate is noise. */
export const COLLAPSE_Z = 3.29;

/** What a set of matches shows of its play, for the comparison with the base rules. */
export interface PlaySummary {
  matches: number;
  /** The mean per match of each metric (metric:<name>, the measures among them) and of decisions per turn. */
  means: Map<string, number>;
  /** The standard error of each of `means` (absent: taken as 0). */
  errors?: Map<string, number>;
  /** The share of the matches ending with each end reason. */
  endings: Map<string, number>;
}

export interface ConfirmedCandidate {
  /** Index among all the spec's candidates. */
  candidate: number;
  name: string;
  checks: TargetCheck[];
  /** meets: every interval inside its target; outside: one lies outside; undecided otherwise. */
  status: 'meets' | 'outside' | 'undecided';
  /** The preference's quantity over the confirmation's matches (NaN without a preference). */
  preferred: number;
  /** How its play collapsed against the base rules, in words; empty when it did not. */
  degenerate: string[];
  /** The metrics per match that fell by more than half against the base rules, in words (not a collapse by themselves). */
  fallen: string[];
}

export interface Confirmation {
  seed: string;
  /** Matches per finalist (and for the base rules). */
  matches: number;
  /** The variant that plays the game's base rules. */
  base: string;
  /** The level of each target interval: 1 - errorRate / (finalists x targets). */
  confidence: number;
  finalists: ConfirmedCandidate[];
  /** Index (into finalists) of the one the preference picks among those meeting every target and not degenerate; -1 for none. */
  pick: number;
}

export const confirmSeed = (spec: Pick<ResolvedSpec, 'seed'>): string => `${spec.seed}/confirm`;

/** The base rules' variant: the game's default options, named `base` unless a candidate has that name. */
export function baseVariant(spec: ResolvedSpec): Variant {
  const taken = new Set(spec.variants.map((v) => v.name));
  const name = ['base', 'base-rules', 'tavolo-base-rules'].find((n) => !taken.has(n))!;
  return { name, options: resolveOptions(spec.game.options, {}, 'option') };
}

/** The confirmation's tournament: the base rules, then the finalists, on the confirmation's seeds. */
export function confirmSpec(spec: ResolvedSpec, plan: TunePlan, finalists: readonly number[]): ResolvedSpec {
  const base = baseVariant(spec);
  const variants = [base, ...finalists.map((c) => spec.variants[c])];
  const { sequential: _sequential, sweep: _sweep, ...rest } = spec;
  return { ...rest, name: `${spec.name}-confirm`, matches: plan.confirm, seed: confirmSeed(spec), variants, baseline: base.name };
}

export const confirmConfidence = (plan: Pick<TunePlan, 'errorRate' | 'targets'>, finalists: number): number =>
  1 - plan.errorRate / (Math.max(finalists, 1) * plan.targets.length);

/** A variant's values of the targets (and the preference's, last) and the summary of its play. */
interface VariantRead {
  values: Float64Array[];
  play: PlaySummary;
}

/** Reads the confirmation folder: per variant (base first), the quantities' values and its play. */
export async function readConfirmation(dir: string, names: readonly string[], plan: TunePlan): Promise<VariantRead[]> {
  const info = openResult(dir);
  if (info.variants.join('\n') !== names.join('\n')) {
    throw new Error(`${info.shown} does not hold this confirmation: expected ${names.join(', ')}, found ${info.variants.join(', ')}`);
  }
  const q = quantityPlan({ game: info.game, botNames: [...new Set(info.lineup)], players: info.players, metricNames: info.metricNames, metricIndex: info.metricNames.map((_, i) => i) });
  const quantities = [...plan.targets.map((t) => t.quantity), ...(plan.prefer ? [plan.prefer.quantity] : [])];
  const wanted = quantities.map((n) => q.names.indexOf(n));
  const endingOf = quantities.map((n) => (n.startsWith('end_reason:') ? n.slice('end_reason:'.length) : undefined));
  const n = info.matchesPerVariant;
  const values = names.map(() => wanted.map(() => new Float64Array(n).fill(NaN)));
  const sums = names.map(() => new PlaySums(info.metricNames));
  const buf = new Float64Array(q.names.length);
  await readMatches(info, (row) => {
    q.values(row, buf);
    wanted.forEach((at, k) => (values[row.variantIndex][k][row.match] = endingOf[k] === undefined ? buf[at] : row.endReason === endingOf[k] ? 1 : 0));
    sums[row.variantIndex].add(row.decisions, row.turns, row.endReason, row.metrics);
  });
  return names.map((_, v) => ({ values: values[v], play: sums[v].summary() }));
}

/** Running sums of one variant's play: per quantity (decisions, real choices, each metric) its count, sum and sum of squares. */
class PlaySums {
  private matches = 0;
  private readonly sums = new Map<string, [number, number, number]>();
  private readonly endings = new Map<string, number>();
  constructor(private readonly metricNames: readonly string[]) {}

  private put(name: string, x: number): void {
    if (Number.isNaN(x)) return;
    const s = this.sums.get(name) ?? [0, 0, 0];
    s[0]++;
    s[1] += x;
    s[2] += x * x;
    this.sums.set(name, s);
  }

  add(decisions: number, turns: number, ending: string, metrics: readonly number[]): void {
    this.matches++;
    if (turns > 0) this.put('decisions_per_turn', decisions / turns);
    this.endings.set(ending, (this.endings.get(ending) ?? 0) + 1);
    metrics.forEach((m, i) => this.put(`metric:${this.metricNames[i]}`, m));
  }

  summary(): PlaySummary {
    const means = new Map<string, number>();
    const errors = new Map<string, number>();
    for (const [name, [n, sum, squares]] of this.sums) {
      const mean = sum / n;
      means.set(name, mean);
      errors.set(name, n > 1 ? Math.sqrt(Math.max(squares - n * mean * mean, 0) / (n - 1) / n) : Infinity);
    }
    const n = Math.max(this.matches, 1);
    const endings = new Map([...this.endings].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, c]) => [k, c / n]));
    return { matches: this.matches, means, errors, endings };
  }
}

/** The measures of real choices (docs/measures.md), when the spec asks for them: their fall is a collapse. */
const CHOICES: Record<string, string> = {
  decisions_per_turn: 'decisions per turn',
  'metric:choice_share': 'share of decisions with more than one option',
  'metric:distinct_choice_share': 'share of decisions whose options the heuristic tells apart',
};
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
/** Two decimals, or two significant digits below 1 (a rare event: 0.0055 a match, not 0.01). */
const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 1 || x === 0 ? x.toFixed(2) : x.toPrecision(2));

/** The quantities whose mean per match fell by more than COLLAPSE_SHARE of a positive base value and by more than COLLAPSE_Z standard errors. */
function fallen(base: PlaySummary, c: PlaySummary): Array<{ name: string; before: number; after: number }> {
  const out: Array<{ name: string; before: number; after: number }> = [];
  for (const [name, before] of base.means) {
    const after = c.means.get(name);
    if (!(before > 0) || after === undefined || Number.isNaN(after)) continue;
    // The two sets of matches taken as independent: a conservative error for paired matches.
    const se = Math.hypot(base.errors?.get(name) ?? 0, c.errors?.get(name) ?? 0);
    if (after < before * (1 - COLLAPSE_SHARE) && before - after > COLLAPSE_Z * se) out.push({ name, before, after });
  }
  return out;
}

/**
 * How a candidate's play collapsed against the base rules, in words (empty when it did not): an end
 * reason above END_REASON_LIMIT of its matches that the base rules do not reach; decisions per turn, or
 * a measured share of real choices, fallen by more than half (and beyond noise).
 */
export function degenerateSigns(base: PlaySummary, c: PlaySummary): string[] {
  const out: string[] = [];
  for (const [reason, share] of c.endings) {
    const before = base.endings.get(reason) ?? 0;
    if (share > END_REASON_LIMIT && before <= END_REASON_LIMIT) out.push(`${pct(share)} of matches ended with ${reason} (base rules ${pct(before)})`);
  }
  for (const f of fallen(base, c)) if (CHOICES[f.name]) out.push(`${CHOICES[f.name]} fell from ${num(f.before)} to ${num(f.after)}`);
  return out;
}

/** The game's metrics per match that fell by more than half against the base rules: "played_one 7.13 to 0.72". */
export function fallenMetrics(base: PlaySummary, c: PlaySummary): string[] {
  return fallen(base, c)
    .filter((f) => f.name.startsWith('metric:') && !CHOICES[f.name])
    .map((f) => `${f.name.slice('metric:'.length)} ${num(f.before)} to ${num(f.after)}`);
}

/** The confirmation's verdict from its matches: each finalist's targets, its play against the base rules, and the pick. */
export function confirmationOf(
  spec: { seed: string; base: string; matches: number },
  plan: TunePlan,
  finalists: ReadonlyArray<{ candidate: number; name: string }>,
  read: readonly VariantRead[],
): Confirmation {
  const confidence = confirmConfidence(plan, finalists.length);
  const base = read[0].play;
  const confirmed = finalists.map((f, k): ConfirmedCandidate => {
    const { values, play } = read[k + 1];
    const checks = plan.targets.map((t: Target, q) => checkValues(values[q], t, confidence));
    const status = checks.some((k) => k.status === 'outside') ? 'outside' : checks.every((k) => k.status === 'inside') ? 'meets' : 'undecided';
    const preferred = plan.prefer ? meanOf(values[plan.targets.length]) : NaN;
    return { candidate: f.candidate, name: f.name, checks, status, preferred, degenerate: degenerateSigns(base, play), fallen: fallenMetrics(base, play) };
  });
  return { seed: spec.seed, matches: spec.matches, base: spec.base, confidence, finalists: confirmed, pick: pickOf(confirmed, plan.prefer) };
}

function meanOf(values: Float64Array): number {
  let s = 0;
  let n = 0;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    s += v;
    n++;
  }
  return n > 0 ? s / n : NaN;
}

/** The preference's pick among the finalists meeting every target that did not collapse; without a preference, the only one. */
function pickOf(cs: readonly ConfirmedCandidate[], prefer: Preference | undefined): number {
  const ok = cs.map((c, i) => ({ c, i })).filter(({ c }) => c.status === 'meets' && c.degenerate.length === 0);
  if (ok.length === 0) return -1;
  if (!prefer) return ok.length === 1 ? ok[0].i : -1;
  const sign = prefer.goal === 'lowest' ? 1 : -1;
  return ok.reduce((best, x) => (sign * x.c.preferred < sign * best.c.preferred ? x : best)).i;
}
