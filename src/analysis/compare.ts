import { InputError } from '../errors.js';
import { PairAccumulator, SideAccumulator } from './accumulate.js';
import { correctForRepeats, type RowPlays } from './compare-repeats.js';
import { holm } from './decisions.js';
import type { Estimate } from './estimate.js';
import { PairedPositionShares, PositionShares, ratioTest, unpairedShareDifference } from './first-player.js';
import { mcnemarTest, pairedMeanTest, signTest } from './paired-tests.js';
import { quantityPlan, type QuantityPlan } from './quantities.js';
import { matchBatches, type ByteSpan, type MatchRow, type ResultInfo } from './results.js';
import { moodMedianTest, twoProportionTest, welchTest } from './two-sample-tests.js';

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
  /**
   * How many distinct tests share Holm's correction with this row (NaN when the row has no p-value):
   * the level the row is really tested at is alpha / family at Holm's first step (see detectableChange).
   */
  family: number;
  /** The quantity of the same variant that is the same column (same test statistic): this row is not tested again. '' when none. */
  sameAs: string;
  /** The distinct plays of both sides and the effective plays the row counts (compare-repeats.ts); absent without play hashes. */
  plays?: RowPlays;
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
    family: NaN,
    sameAs: '',
  };
}

/** The turn-order accumulators of a comparison: paired, or one per side. */
export type PositionAccumulator = PairedPositionShares | { ref: PositionShares; cand: PositionShares };

/** The row of a position's share (`seat_win_share:k`, or the first-player advantage for k = 0 minus 1/players). */
function positionEstimate(positions: PositionAccumulator, pos: number, offset: number): { e: Estimate; ref: number; cand: number } {
  const paired = positions instanceof PairedPositionShares;
  const d = paired ? positions.difference(pos) : unpairedShareDifference(positions.ref, positions.cand, pos);
  const n = paired ? positions.cm.n : positions.ref.cm.n + positions.cand.cm.n;
  return { e: ratioTest(d, paired ? 'paired-delta' : 'delta-z', n), ref: d.reference - offset, cand: d.candidate - offset };
}

/** Both sides the same constant in every match: nothing to test (left out of the rows and of Holm's family). */
function isConstant(ref: SideAccumulator, cand: SideAccumulator, q: number): boolean {
  const [a, b] = [ref.moments[q], cand.moments[q]];
  return a.n > 1 && b.n > 1 && a.sd === 0 && b.sd === 0 && a.mean === b.mean;
}

/** The game length's median row: paired, the median of the per-pair differences (sign test); else the difference of medians (Mood's test). */
function medianRow(variant: string, reference: string, acc: PairAccumulator | { ref: SideAccumulator; cand: SideAccumulator }): CompareRow {
  const { ref, cand } = acc;
  if (acc instanceof PairAccumulator) {
    return row(variant, reference, 'turns_median_difference', NaN, NaN, signTest(acc.turnDiffs), true, ref.n, cand.n);
  }
  const [m0, m1] = [ref.turns.median(), cand.turns.median()];
  const mood = moodMedianTest(ref.turns, cand.turns);
  const e: Estimate = { estimate: m1 - m0, low: NaN, high: NaN, p: mood.p, se: NaN, df: NaN, sd: NaN, test: 'mood-median', n: ref.n + cand.n };
  return row(variant, reference, 'turns_median', m0, m1, e, false, ref.n, cand.n);
}

export interface RowOptions {
  /** Turn order over the decided matches (first-player.ts); without it those rows use the per-match means over the decided matches. */
  positions?: PositionAccumulator;
  /** Receives the quantities that are constant on both sides (left out). */
  constant?: string[];
}

/** End reasons of both sides, most frequent in the reference first. */
function reasonsOf(ref: SideAccumulator, cand: SideAccumulator): string[] {
  const all = new Set([...ref.endReasons.keys(), ...cand.endReasons.keys()]);
  return [...all].sort((x, y) => (ref.endReasons.get(y) ?? 0) - (ref.endReasons.get(x) ?? 0) || (x < y ? -1 : x > y ? 1 : 0));
}

/**
 * A quantity's two levels for its row. Paired, when an empty cell on either side left some matches out of
 * the pairs, both levels are the means over the pairs the difference is over, so that "from A to B" and
 * the difference describe one population (B - A is the difference); otherwise each side's own mean.
 */
function levelsOnPairs(acc: PairAccumulator | { ref: SideAccumulator; cand: SideAccumulator }, q: number): [number, number] {
  const [a, b] = [acc.ref.moments[q], acc.cand.moments[q]];
  if (!(acc instanceof PairAccumulator) || (acc.pairs[q] === a.n && acc.pairs[q] === b.n)) return [a.mean, b.mean];
  const m = acc.pairedMeans(q);
  return [m.ref, m.cand];
}

/** The rows of one candidate against its reference, from pairs or from two independent samples. */
export function comparisonRows(
  variant: string,
  reference: string,
  acc: PairAccumulator | { ref: SideAccumulator; cand: SideAccumulator },
  options: RowOptions = {},
): CompareRow[] {
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
  const push = (quantity: string, q: number, e: Estimate) => {
    const [from, to] = levelsOnPairs(acc, q);
    out.push(row(variant, reference, quantity, from, to, e, paired, ref.n, cand.n));
  };
  names.forEach((quantity, q) => {
    if (q === ref.plan.faultIndex && !faults) return;
    if (ref.moments[q].n === 0 && cand.moments[q].n === 0) return;
    if (isConstant(ref, cand, q)) {
      options.constant?.push(quantity);
      return;
    }
    const pos = quantity === 'first_player_advantage' ? 0 : quantity.startsWith('seat_win_share:') ? Number(quantity.slice(15)) : -1;
    if (pos >= 0 && options.positions) {
      const offset = quantity === 'first_player_advantage' ? 1 / ref.plan.players : 0;
      const x = positionEstimate(options.positions, pos, offset);
      out.push(row(variant, reference, quantity, x.ref, x.cand, x.e, paired, ref.n, cand.n));
      return;
    }
    push(quantity, q, estimates[q]);
    if (quantity === 'turns_mean') out.push(medianRow(variant, reference, acc));
    if (quantity === 'annulled_rate') {
      for (const reason of reasonsOf(ref, cand)) {
        const x = ref.endReasons.get(reason) ?? 0;
        const y = cand.endReasons.get(reason) ?? 0;
        let e: Estimate;
        if (paired) {
          const d = acc.reasonDiscordance(reason);
          e = mcnemarTest(d.refOnly, d.candOnly, ref.n, CONFIDENCE);
        } else e = twoProportionTest(x, ref.n, y, cand.n, CONFIDENCE);
        if ((x === ref.n && y === cand.n) || (x === 0 && y === 0)) {
          options.constant?.push(`end_reason:${reason}`);
          continue;
        }
        out.push(row(variant, reference, `end_reason:${reason}`, x / ref.n, y / cand.n, e, paired, ref.n, cand.n));
      }
    }
  });
  // Repeated plays are fewer observations than matches: every row as wide as the distinct plays allow.
  const plays = correctForRepeats(out, ref, cand);
  if (plays) for (const r of out) r.plays = plays;
  return out;
}

/**
 * What makes two rows of one variant the same column: the same test on the same pairs with the same
 * p-value and the same |estimate / se| (a column and its complement, or a column and a rescaled copy,
 * such as annulled_rate, metric:annulled_games and metric:played_<x>, give the same statistic), and
 * for 0/1 outcomes the same rate up to complement. Rows with no spread (se 0) are never merged.
 */
function sameColumnKey(r: CompareRow): string | null {
  if (!Number.isFinite(r.p) || !(r.se > 0)) return null;
  const sig = (v: number) => v.toPrecision(12);
  const binary = r.test.startsWith('mcnemar') || r.test === 'two-proportion-z';
  const rate = binary ? sig(Math.min(r.referenceValue, 1 - r.referenceValue)) : '';
  return [r.variant, r.test, r.pairs ?? r.matches, sig(r.p), sig(Math.abs(r.difference / r.se)), rate].join('\u0000');
}

/**
 * Holm's adjusted p-values (in place) over the distinct tests of the comparison: a row that is the
 * same column as an earlier row of its variant (sameColumnKey) is named in `sameAs` and takes that
 * row's adjusted p-value instead of being counted again; constant rows were left out before. Each
 * tested row's `family` is the number of distinct tests.
 */
export function adjustRows(rows: CompareRow[]): void {
  const first = new Map<string, CompareRow>();
  const tested: CompareRow[] = [];
  for (const r of rows) {
    const key = sameColumnKey(r);
    const earlier = key === null ? undefined : first.get(key);
    if (earlier) r.sameAs = earlier.quantity;
    else {
      if (key !== null) first.set(key, r);
      if (Number.isFinite(r.p)) tested.push(r);
    }
  }
  const adjusted = holm(tested.map((r) => r.p));
  tested.forEach((r, i) => {
    r.pHolm = adjusted[i];
    r.family = tested.length;
  });
  for (const r of rows) {
    if (r.sameAs === '') continue;
    const rep = rows.find((x) => x.variant === r.variant && x.quantity === r.sameAs)!;
    [r.pHolm, r.family] = [rep.pHolm, rep.family];
  }
}

/** Notes naming the columns that are one quantity, and the constant ones, for the terminal. */
export function familyNotes(rows: readonly CompareRow[], constant: readonly string[]): string[] {
  const notes: string[] = [];
  const groups = new Map<string, string[]>();
  for (const r of rows) if (r.sameAs !== '') groups.set(r.sameAs, [...(groups.get(r.sameAs) ?? []), r.quantity]);
  const seen = new Set<string>();
  for (const [rep, same] of groups) {
    const text = [rep, ...new Set(same)].join(', ');
    if (seen.has(text)) continue;
    seen.add(text);
    notes.push(`one quantity, tested once: ${text}`);
  }
  const constants = [...new Set(constant)];
  if (constants.length > 0) notes.push(`the same in every match of both sides (not tested): ${constants.join(', ')}`);
  return notes;
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

export function uniqueNames(names: readonly string[]): string[] {
  return [...new Set(names)];
}

export function planFor(info: Pick<ResultInfo, 'players' | 'metricNames'> & { game?: string }, botNames: readonly string[], metricNames: readonly string[]): QuantityPlan {
  return quantityPlan({
    game: info.game,
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

/**
 * Every variant of one run against its reference, pair by pair. `spans`: where each variant's rows lie in
 * matches.csv (from a whole read of the file that checked it, such as the one pass after a run): each
 * side then reads only its own rows instead of the whole file.
 */
export async function compareVariants(
  info: ResultInfo,
  baseline?: string,
  spans?: readonly ByteSpan[],
  fed?: ReadonlyMap<number, { acc: PairAccumulator; positions: PairedPositionShares }>,
): Promise<Comparison> {
  const reference = referenceVariant(info, baseline);
  const plan = planFor(info, uniqueNames(info.lineup), info.metricNames);
  // Pairs gathered as the runner wrote matches.csv (paired-feed.ts) are with the first variant, and are
  // used only when they hold the same quantities (a feed told another game, or none, has other margins).
  const samePlan = (acc: PairAccumulator) => acc.ref.plan.names.join('\n') === plan.names.join('\n');
  const given = reference === info.variants[0] && [...(fed?.values() ?? [])].every((p) => samePlan(p.acc)) ? fed : undefined;
  const rows: CompareRow[] = [];
  const constant: string[] = [];
  const sides = new Map<string, SideAccumulator>();
  const rowsOf = (variant: string) => matchBatches(info, { variant, span: spans?.[info.variants.indexOf(variant)] });
  for (const variant of info.variants) {
    if (variant === reference) continue;
    const { acc, positions } = given?.get(info.variants.indexOf(variant)) ?? (await pairsOf(info.players, plan, rowsOf(reference), rowsOf(variant)));
    if (!sides.has(reference)) sides.set(reference, acc.ref);
    sides.set(variant, acc.cand);
    rows.push(...comparisonRows(variant, reference, acc, { positions, constant }));
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
    notes: familyNotes(rows, constant),
  };
}

/** A variant's pairs with its reference, walked from their rows (`candPlan`: the variant's, when its run has another plan). */
async function pairsOf(
  players: number,
  plan: QuantityPlan,
  reference: AsyncGenerator<MatchRow[]>,
  variant: AsyncGenerator<MatchRow[]>,
  candPlan: QuantityPlan = plan,
): Promise<{ acc: PairAccumulator; positions: PairedPositionShares }> {
  const acc = new PairAccumulator(plan, candPlan);
  const positions = new PairedPositionShares(players);
  await walkPairs(reference, variant, (x, y) => {
    acc.add(x, y);
    positions.add(x, y);
  });
  return { acc, positions };
}

/** A value as JSON with its object keys sorted, so that the same parameters compare equal whatever their order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

interface LineupEntry {
  name: string;
  bot: string;
  params: string;
}

function lineupEntries(info: ResultInfo): LineupEntry[] {
  const raw = Array.isArray(info.run.lineup) ? (info.run.lineup as Array<Record<string, unknown>>) : [];
  return info.lineup.map((name, k) => ({ name, bot: canonical(raw[k]?.bot ?? null), params: canonical(raw[k]?.params ?? null) }));
}

/**
 * What differs between the lineups of two runs, one sentence each (empty when they are the same bots
 * with the same parameters, in any seat order): the player count, the lineup's names, a name played by
 * another bot, or a bot's parameters. Such runs differ in more than the change under test, so
 * `tavolo compare` refuses them unless asked (--allow-different-lineups).
 */
export function lineupDifferences(a: ResultInfo, b: ResultInfo): string[] {
  if (a.players !== b.players) return [`player counts differ: ${a.shown} has ${a.players} players, ${b.shown} has ${b.players}`];
  const out: string[] = [];
  const [ea, eb] = [lineupEntries(a), lineupEntries(b)];
  const names = (e: LineupEntry[]) => e.map((x) => x.name).sort();
  if (names(ea).join('\u0000') !== names(eb).join('\u0000')) {
    out.push(`lineups differ: ${a.shown} plays ${a.lineup.join(', ')}; ${b.shown} plays ${b.lineup.join(', ')}`);
  }
  for (const name of new Set(a.lineup.filter((n) => b.lineup.includes(n)))) {
    const [x, y] = [ea.find((e) => e.name === name)!, eb.find((e) => e.name === name)!];
    if (x.bot !== y.bot) out.push(`"${name}" is bot ${x.bot} in ${a.shown} and ${y.bot} in ${b.shown}`);
    else if (x.params !== y.params) out.push(`"${name}" has parameters ${x.params} in ${a.shown} and ${y.params} in ${b.shown}`);
  }
  return out;
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

/** What two runs share and may be compared on (bots, metrics), and notes on what only one has. */
interface RunsInCommon {
  variants: string[];
  bots: string[];
  metrics: string[];
  notes: string[];
}

function runsInCommon(a: ResultInfo, b: ResultInfo): RunsInCommon {
  const variants = checkComparable(a, b);
  const notes: string[] = [];
  const bots = uniqueNames(a.lineup).filter((n) => b.lineup.includes(n));
  const onlyBots = uniqueNames([...a.lineup, ...b.lineup]).filter((n) => !bots.includes(n));
  if (onlyBots.length > 0) notes.push(`bots in one run only (no win-share rows): ${onlyBots.join(', ')}`);
  const metrics = a.metricNames.filter((m) => b.metricNames.includes(m));
  const onlyMetrics = [...a.metricNames, ...b.metricNames].filter((m) => !metrics.includes(m));
  if (onlyMetrics.length > 0) notes.push(`metrics in one run only (not compared): ${[...new Set(onlyMetrics)].join(', ')}`);
  const skipped = [...a.variants, ...b.variants].filter((v) => !variants.includes(v));
  if (skipped.length > 0) notes.push(`variants in one run only (not compared): ${[...new Set(skipped)].join(', ')}`);
  return { variants, bots, metrics, notes };
}

type SideAccumulators = { ref: SideAccumulator; cand: SideAccumulator };

/** One variant of two runs as two independent samples, each side read on its own. */
async function unpairedSides(
  a: ResultInfo,
  b: ResultInfo,
  variant: string,
  planA: QuantityPlan,
  planB: QuantityPlan,
): Promise<{ acc: SideAccumulators; positions: PositionAccumulator }> {
  const acc = { ref: new SideAccumulator(planA), cand: new SideAccumulator(planB) };
  const positions = { ref: new PositionShares(a.players), cand: new PositionShares(b.players) };
  for await (const batch of matchBatches(a, { variant })) for (const r of batch) {
    acc.ref.add(r);
    positions.ref.add(r);
  }
  for await (const batch of matchBatches(b, { variant })) for (const r of batch) {
    acc.cand.add(r);
    positions.cand.add(r);
  }
  return { acc, positions };
}

/**
 * The comparison of the variants two runs have in common, paired match by match or as independent
 * samples (`pairing` is left for the caller to say why). A pairing whose seed column disagrees throws
 * PairingBroken (walkPairs).
 */
async function compareCommon(a: ResultInfo, b: ResultInfo, common: RunsInCommon, paired: boolean): Promise<Comparison> {
  const planA = planFor(a, common.bots, common.metrics);
  const planB = planFor(b, common.bots, common.metrics);
  const rows: CompareRow[] = [];
  const constant: string[] = [];
  const sides = new Map<string, SideAccumulator>();
  for (const variant of common.variants) {
    const { acc, positions } = paired
      ? await pairsOf(a.players, planA, matchBatches(a, { variant }), matchBatches(b, { variant }), planB)
      : await unpairedSides(a, b, variant, planA, planB);
    sides.set(`baseline:${variant}`, acc.ref);
    sides.set(`candidate:${variant}`, acc.cand);
    rows.push(...comparisonRows(variant, a.shown, acc, { positions, constant }));
  }
  adjustRows(rows);
  return { rows, sides, paired, pairing: '', players: a.players, confidence: CONFIDENCE, notes: [...common.notes, ...familyNotes(rows, constant)] };
}

/** Why two runs are compared as independent samples, in words. */
function unpairedReason(a: ResultInfo, b: ResultInfo, sameMatches: boolean): string {
  const why =
    a.seed !== b.seed
      ? `master seeds differ (${JSON.stringify(a.seed)}, ${JSON.stringify(b.seed)})`
      : a.matchesPerVariant !== b.matchesPerVariant
        ? `match counts differ (${a.matchesPerVariant}, ${b.matchesPerVariant})`
        : sameMatches
          ? 'the seed column disagrees'
          : 'the lineups differ (seat rotation)';
  return `unpaired: ${why}, so the matches are two independent samples`;
}

/**
 * The variants two runs have in common, baseline `a` against candidate `b`. Paired when both runs have
 * the same master seed, match count and lineup order (the same matches, seat for seat), checked row by
 * row from the seed column; otherwise two independent samples.
 */
export async function compareRuns(a: ResultInfo, b: ResultInfo): Promise<Comparison> {
  const common = runsInCommon(a, b);
  const sameMatches = a.seed === b.seed && a.matchesPerVariant === b.matchesPerVariant && a.lineup.join('\u0000') === b.lineup.join('\u0000');
  if (sameMatches) {
    try {
      const out = await compareCommon(a, b, common, true);
      out.pairing = `paired: both runs have master seed ${JSON.stringify(a.seed)}, ${a.matchesPerVariant} matches per variant and the same lineup, and the seed column agrees row by row`;
      return out;
    } catch (err) {
      if (!(err instanceof PairingBroken)) throw err;
      common.notes.push(`the runs look alike but are not the same matches (${err.message}): compared as independent samples`);
    }
  }
  const out = await compareCommon(a, b, common, false);
  out.pairing = unpairedReason(a, b, sameMatches);
  return out;
}
