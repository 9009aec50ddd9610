import { InputError } from '../errors.js';
import { PairAccumulator, SideAccumulator } from './accumulate.js';
import { holm } from './decisions.js';
import type { Estimate } from './estimate.js';
import { mcnemarTest, pairedMeanTest, wilcoxonSignedRank } from './paired-tests.js';
import { quantityPlan, type QuantityPlan } from './quantities.js';
import { matchBatches, type MatchRow, type ResultInfo } from './results.js';
import { mannWhitney, twoProportionTest, welchTest } from './two-sample-tests.js';

/**
 * Comparisons: the variants of one run against its reference (always paired: match i of every variant
 * starts from the same seed), or the variants of two runs matched by name (paired when both runs dealt
 * the same seeds, else as independent samples). One row per (variant, quantity), with Holm's correction
 * over every row of the comparison.
 */
export interface CompareRow {
  variant: string;
  reference: string;
  quantity: string;
  referenceValue: number;
  value: number;
  /** The estimate of value - referenceValue (the paired or two-sample estimate; equal to the plain difference). */
  difference: number;
  low: number;
  high: number;
  p: number;
  pHolm: number;
  test: string;
  /** Pairs behind the row; null for independent samples. */
  pairs: number | null;
  /** Standard error of the difference, degrees of freedom, per-match standard deviation (see Estimate). */
  se: number;
  df: number;
  sd: number;
  /** Matches on each side. */
  refMatches: number;
  matches: number;
}

export interface Comparison {
  rows: CompareRow[];
  /** Each variant's own matches (the side-by-side table), keyed by its label. */
  sides: Map<string, SideAccumulator>;
  paired: boolean;
  /** How the matches were paired or why they were not, in one sentence. */
  pairing: string;
  players: number;
  confidence: number;
  /** Things a reader should know (names or metrics only one run has, a pairing that failed). */
  notes: string[];
}

const CONFIDENCE = 0.95;

function row(variant: string, reference: string, quantity: string, ref: number, value: number, e: Estimate, paired: boolean, refN: number, n: number): CompareRow {
  return {
    variant,
    reference,
    quantity,
    referenceValue: ref,
    value,
    difference: e.estimate,
    low: e.low,
    high: e.high,
    p: e.p,
    pHolm: NaN,
    test: e.test,
    pairs: paired ? e.n : null,
    se: e.se,
    df: e.df,
    sd: e.sd,
    refMatches: refN,
    matches: n,
  };
}

const rankOnly = (test: string, p: number, n: number): Estimate => ({ estimate: NaN, low: NaN, high: NaN, p, se: NaN, df: NaN, sd: NaN, test, n });

/** End reasons of both sides, most frequent in the reference first. */
function reasonsOf(ref: SideAccumulator, cand: SideAccumulator): string[] {
  const all = new Set([...ref.endReasons.keys(), ...cand.endReasons.keys()]);
  return [...all].sort((x, y) => (ref.endReasons.get(y) ?? 0) - (ref.endReasons.get(x) ?? 0) || (x < y ? -1 : x > y ? 1 : 0));
}

/** The rows of one candidate against its reference, from pairs or from two independent samples. */
export function comparisonRows(variant: string, reference: string, acc: PairAccumulator | { ref: SideAccumulator; cand: SideAccumulator }): CompareRow[] {
  const paired = acc instanceof PairAccumulator;
  const { ref, cand } = acc;
  const names = ref.plan.names;
  const out: CompareRow[] = [];
  const estimates: Estimate[] = names.map((_, q) => {
    const binary = ref.binary[q] && cand.binary[q];
    if (paired) return binary ? mcnemarTest(acc.refOnly[q], acc.candOnly[q], acc.pairs[q], CONFIDENCE) : pairedMeanTest(acc.diffs[q], CONFIDENCE);
    const [a, b] = [ref.moments[q], cand.moments[q]];
    return binary ? twoProportionTest(a.mean * a.n, a.n, b.mean * b.n, b.n, CONFIDENCE) : welchTest(a, b, CONFIDENCE);
  });
  const faults = ref.moments[ref.plan.faultIndex].mean > 0 || cand.moments[ref.plan.faultIndex].mean > 0;
  const push = (quantity: string, q: number, e: Estimate) =>
    out.push(row(variant, reference, quantity, ref.moments[q].mean, cand.moments[q].mean, e, paired, ref.n, cand.n));
  names.forEach((quantity, q) => {
    if (q === ref.plan.faultIndex && !faults) return;
    if (ref.moments[q].n === 0 && cand.moments[q].n === 0) return;
    const e = estimates[q];
    push(quantity, q, { ...e, test: e.test });
    if (quantity === 'turns_mean') {
      const rank = paired ? wilcoxonSignedRank(acc.turnDiffs) : mannWhitney(ref.turns, cand.turns);
      const [m0, m1] = [ref.turns.median(), cand.turns.median()];
      out.push(row(variant, reference, 'turns_median', m0, m1, { ...rankOnly(paired ? 'wilcoxon-signed-rank' : 'mann-whitney', rank.p, rank.n), estimate: m1 - m0 }, paired, ref.n, cand.n));
    }
    if (quantity === 'annulled_rate') {
      for (const reason of reasonsOf(ref, cand)) {
        const x = ref.endReasons.get(reason) ?? 0;
        const y = cand.endReasons.get(reason) ?? 0;
        let e: Estimate;
        if (paired) {
          const d = acc.reasonDiscordance(reason);
          e = mcnemarTest(d.refOnly, d.candOnly, ref.n, CONFIDENCE);
        } else e = twoProportionTest(x, ref.n, y, cand.n, CONFIDENCE);
        out.push(row(variant, reference, `end_reason:${reason}`, x / ref.n, y / cand.n, e, paired, ref.n, cand.n));
      }
    }
  });
  return out;
}

/** Holm's adjusted p-values over every row (in place). */
export function adjustRows(rows: CompareRow[]): void {
  const adjusted = holm(rows.map((r) => r.p));
  rows.forEach((r, i) => (r.pHolm = adjusted[i]));
}

/** Pairs broken: the two sides' rows are not the same matches (seeds or counts differ). */
export class PairingBroken extends Error {}

/** Walks two row streams in step, handing each pair to `onPair`; checks that the pairs share their seed. */
export async function walkPairs(
  a: AsyncGenerator<MatchRow[]>,
  b: AsyncGenerator<MatchRow[]>,
  onPair: (x: MatchRow, y: MatchRow) => void,
): Promise<void> {
  let bufA: MatchRow[] = [];
  let bufB: MatchRow[] = [];
  let i = 0;
  let j = 0;
  let doneA = false;
  let doneB = false;
  try {
    for (;;) {
      if (i === bufA.length && !doneA) {
        const next = await a.next();
        if (next.done) doneA = true;
        else [bufA, i] = [next.value, 0];
        continue;
      }
      if (j === bufB.length && !doneB) {
        const next = await b.next();
        if (next.done) doneB = true;
        else [bufB, j] = [next.value, 0];
        continue;
      }
      const endA = i === bufA.length;
      const endB = j === bufB.length;
      if (endA && endB) return;
      if (endA || endB) throw new PairingBroken('one side has more matches than the other');
      const end = Math.min(bufA.length - i, bufB.length - j);
      for (let k = 0; k < end; k++) {
        const x = bufA[i + k];
        const y = bufB[j + k];
        if (x.seed !== y.seed || x.match !== y.match) {
          throw new PairingBroken(`match ${x.match} has seed ${x.seed} on one side and match ${y.match} seed ${y.seed} on the other`);
        }
        onPair(x, y);
      }
      i += end;
      j += end;
    }
  } finally {
    await a.return(undefined);
    await b.return(undefined);
  }
}

function uniqueNames(names: readonly string[]): string[] {
  return [...new Set(names)];
}

function planFor(info: ResultInfo, botNames: readonly string[], metricNames: readonly string[]): QuantityPlan {
  return quantityPlan({
    botNames,
    players: info.players,
    metricNames,
    metricIndex: metricNames.map((m) => info.metricNames.indexOf(m)),
  });
}

/** The reference variant of a run: `baseline` when given (it must be one of its variants), else the first. */
export function referenceVariant(info: ResultInfo, baseline?: string): string {
  if (baseline === undefined) return info.variants[0];
  if (!info.variants.includes(baseline)) {
    throw new InputError(`"${baseline}" is not a variant of ${info.shown} (its variants: ${info.variants.join(', ')})`, 'baseline');
  }
  return baseline;
}

/** Every variant of one run against its reference, pair by pair. */
export async function compareVariants(info: ResultInfo, baseline?: string): Promise<Comparison> {
  const reference = referenceVariant(info, baseline);
  const plan = planFor(info, uniqueNames(info.lineup), info.metricNames);
  const rows: CompareRow[] = [];
  const sides = new Map<string, SideAccumulator>();
  for (const variant of info.variants) {
    if (variant === reference) continue;
    const acc = new PairAccumulator(plan);
    await walkPairs(matchBatches(info, { variant: reference }), matchBatches(info, { variant }), (x, y) => acc.add(x, y));
    if (!sides.has(reference)) sides.set(reference, acc.ref);
    sides.set(variant, acc.cand);
    rows.push(...comparisonRows(variant, reference, acc));
  }
  adjustRows(rows);
  const ordered = new Map(info.variants.filter((v) => sides.has(v)).map((v) => [v, sides.get(v)!]));
  return {
    rows,
    sides: ordered,
    paired: true,
    pairing: `paired: match i of every variant starts from the same seed (${info.seed}/match/i), checked row by row`,
    players: info.players,
    confidence: CONFIDENCE,
    notes: [],
  };
}

/** The same game and player count, and at least one variant in common: else an InputError. */
function checkComparable(a: ResultInfo, b: ResultInfo): string[] {
  if (a.game !== b.game) throw new InputError(`${a.shown} is a run of ${a.game} and ${b.shown} of ${b.game}: only runs of the same game can be compared`);
  if (a.players !== b.players) {
    throw new InputError(`${a.shown} has ${a.players} players and ${b.shown} has ${b.players}: only runs with the same player count can be compared`);
  }
  const common = a.variants.filter((v) => b.variants.includes(v));
  if (common.length === 0) {
    throw new InputError(
      `${a.shown} and ${b.shown} have no variant in common (variants are matched by name): ${a.shown} has ${a.variants.join(', ')}; ${b.shown} has ${b.variants.join(', ')}`,
    );
  }
  return common;
}

/**
 * The variants two runs have in common, baseline `a` against candidate `b`. Paired when both runs have
 * the same master seed, match count and lineup order (the same matches, seat for seat), checked row by
 * row from the seed column; otherwise two independent samples.
 */
export async function compareRuns(a: ResultInfo, b: ResultInfo): Promise<Comparison> {
  const common = checkComparable(a, b);
  const notes: string[] = [];
  const bots = uniqueNames(a.lineup).filter((n) => b.lineup.includes(n));
  const onlyBots = uniqueNames([...a.lineup, ...b.lineup]).filter((n) => !bots.includes(n));
  if (onlyBots.length > 0) notes.push(`bots in one run only (no win-share rows): ${onlyBots.join(', ')}`);
  const metrics = a.metricNames.filter((m) => b.metricNames.includes(m));
  const onlyMetrics = [...a.metricNames, ...b.metricNames].filter((m) => !metrics.includes(m));
  if (onlyMetrics.length > 0) notes.push(`metrics in one run only (not compared): ${[...new Set(onlyMetrics)].join(', ')}`);
  const skipped = [...a.variants, ...b.variants].filter((v) => !common.includes(v));
  if (skipped.length > 0) notes.push(`variants in one run only (not compared): ${[...new Set(skipped)].join(', ')}`);
  const planA = planFor(a, bots, metrics);
  const planB = planFor(b, bots, metrics);
  const sameMatches = a.seed === b.seed && a.matchesPerVariant === b.matchesPerVariant && a.lineup.join('\u0000') === b.lineup.join('\u0000');

  const run = async (paired: boolean): Promise<Comparison> => {
    const rows: CompareRow[] = [];
    const sides = new Map<string, SideAccumulator>();
    for (const variant of common) {
      const label = { ref: `baseline:${variant}`, cand: `candidate:${variant}` };
      let acc: PairAccumulator | { ref: SideAccumulator; cand: SideAccumulator };
      if (paired) {
        const pairs = new PairAccumulator(planA, planB);
        await walkPairs(matchBatches(a, { variant }), matchBatches(b, { variant }), (x, y) => pairs.add(x, y));
        acc = pairs;
      } else {
        const ref = new SideAccumulator(planA);
        const cand = new SideAccumulator(planB);
        for await (const batch of matchBatches(a, { variant })) for (const r of batch) ref.add(r);
        for await (const batch of matchBatches(b, { variant })) for (const r of batch) cand.add(r);
        acc = { ref, cand };
      }
      sides.set(label.ref, acc.ref);
      sides.set(label.cand, acc.cand);
      rows.push(...comparisonRows(variant, a.shown, acc));
    }
    adjustRows(rows);
    return { rows, sides, paired, pairing: '', players: a.players, confidence: CONFIDENCE, notes };
  };

  if (sameMatches) {
    try {
      const out = await run(true);
      out.pairing = `paired: both runs have master seed ${JSON.stringify(a.seed)}, ${a.matchesPerVariant} matches per variant and the same lineup, and the seed column agrees row by row`;
      return out;
    } catch (err) {
      if (!(err instanceof PairingBroken)) throw err;
      notes.push(`the runs look alike but are not the same matches (${err.message}): compared as independent samples`);
    }
  }
  const out = await run(false);
  const why =
    a.seed !== b.seed
      ? `master seeds differ (${JSON.stringify(a.seed)}, ${JSON.stringify(b.seed)})`
      : a.matchesPerVariant !== b.matchesPerVariant
        ? `match counts differ (${a.matchesPerVariant}, ${b.matchesPerVariant})`
        : sameMatches
          ? 'the seed column disagrees'
          : 'the lineups differ (seat rotation)';
  out.pairing = `unpaired: ${why}, so the matches are two independent samples`;
  return out;
}
