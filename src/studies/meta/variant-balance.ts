import { stringify } from 'csv-stringify/sync';
import { holm } from '../../analysis/decisions.js';
import { normCdf, studentQuantile } from '../../analysis/distributions.js';
import { Z95 } from '../../analysis/intervals.js';
import { openResult, readMatches } from '../../analysis/results.js';
import { mixWeighted, multinomialWeight } from './analysis.js';
import { multisetKey } from './lineups.js';

/**
 * The comparison of variants over the population (docs/meta.md): each lineup is played in every variant
 * on the same deals, so a deal's difference between a variant and the reference is paired, as in a run.
 * Per multiset of strategies, the mean paired difference of the first player's win share (of the matches
 * someone won) and of the game's length, with a t interval over the deals; over the population, those
 * differences weighted by the reference's equilibrium mix (each seat filled from it, so a multiset weighs
 * its multinomial chance), the mix taken as fixed, as the first-player advantage over the mix is.
 */

export const VARIANT_QUANTITIES = ['first_player_advantage', 'turns_mean'] as const;
export type VariantQuantity = (typeof VARIANT_QUANTITIES)[number];

/** One deal of one variant, over its seatings: the first player's score summed over the decided matches, and turns over the played ones. */
interface DealSums {
  decided: number;
  fp: number;
  played: number;
  turns: number;
}

export interface LineupDifference {
  multiset: number[];
  variant: string;
  quantity: VariantQuantity;
  /** Deals with a value in both variants. */
  deals: number;
  difference: number;
  low: number;
  high: number;
  se: number;
}

export interface MixDifference {
  variant: string;
  quantity: VariantQuantity;
  difference: number;
  low: number;
  high: number;
  p: number;
  /** Holm over every variant's and quantity's test over the mix. */
  pHolm: number;
  /** Per lineup, the smallest and largest difference. */
  least: number;
  most: number;
}

export interface VariantBalance {
  reference: string;
  lineups: LineupDifference[];
  mix: MixDifference[];
}

type Deals = Map<string, Map<string, DealSums[]>>;

/** Every multiset's deals per variant, from its seatings' matches.csv (a match a bot's fault ended is left out). */
async function readDeals(runs: ReadonlyArray<{ dir: string; multiset: number[] }>): Promise<Deals> {
  const out: Deals = new Map();
  for (const run of runs) {
    const byVariant = out.get(multisetKey(run.multiset)) ?? new Map<string, DealSums[]>();
    out.set(multisetKey(run.multiset), byVariant);
    await readMatches(openResult(run.dir), (row) => {
      if (row.annulled && row.faultSeat >= 0) return;
      const deals = byVariant.get(row.variant) ?? [];
      byVariant.set(row.variant, deals);
      const d = (deals[row.match] ??= { decided: 0, fp: 0, played: 0, turns: 0 });
      d.played++;
      d.turns += row.turns;
      if (row.winners.length > 0 && row.firstPlayer >= 0) {
        d.decided++;
        d.fp += row.winners.includes(row.firstPlayer) ? 1 / row.winners.length : 0;
      }
    });
  }
  return out;
}

/** A deal's value of a quantity, or NaN when it has none (no decided match for the first player's share). */
function dealValue(d: DealSums | undefined, q: VariantQuantity): number {
  if (d === undefined) return NaN;
  if (q === 'turns_mean') return d.played > 0 ? d.turns / d.played : NaN;
  return d.decided > 0 ? d.fp / d.decided : NaN;
}

/** The mean paired difference over the deals with a value in both, with its t interval. */
function pairedDifference(ref: readonly DealSums[], cand: readonly DealSums[], q: VariantQuantity): Pick<LineupDifference, 'deals' | 'difference' | 'low' | 'high' | 'se'> {
  const diffs: number[] = [];
  for (let i = 0; i < Math.max(ref.length, cand.length); i++) {
    const d = dealValue(cand[i], q) - dealValue(ref[i], q);
    if (Number.isFinite(d)) diffs.push(d);
  }
  const n = diffs.length;
  const mean = n > 0 ? diffs.reduce((a, b) => a + b, 0) / n : NaN;
  const sd = n > 1 ? Math.sqrt(diffs.reduce((a, d) => a + (d - mean) ** 2, 0) / (n - 1)) : NaN;
  const se = sd / Math.sqrt(n);
  const half = n > 1 ? studentQuantile(0.975, n - 1) * se : NaN;
  return { deals: n, difference: mean, low: mean - half, high: mean + half, se };
}

/** Per variant and quantity: the lineups' differences weighted by the mix, with a normal interval and p-value (the mix fixed). */
function overMix(lineups: readonly LineupDifference[], mix: readonly number[]): Omit<MixDifference, 'pHolm'> {
  const { mean: difference, se } = mixWeighted(lineups.map((l) => ({ multiset: l.multiset, value: l.difference, se: l.se })), mix);
  const finite = lineups.map((l) => l.difference).filter(Number.isFinite);
  return {
    variant: lineups[0].variant,
    quantity: lineups[0].quantity,
    difference,
    low: difference - Z95 * se,
    high: difference + Z95 * se,
    p: se > 0 ? 2 * (1 - normCdf(Math.abs(difference / se))) : difference === 0 ? 1 : 0,
    least: Math.min(...finite),
    most: Math.max(...finite),
  };
}

/** Every other variant against the reference (the first), per multiset and over the reference's mix. */
export async function variantBalance(runs: ReadonlyArray<{ dir: string; multiset: number[] }>, variants: readonly string[], mix: readonly number[]): Promise<VariantBalance> {
  const deals = await readDeals(runs);
  const [reference, ...others] = variants;
  const multisets = [...new Map(runs.map((r) => [multisetKey(r.multiset), r.multiset])).values()];
  const lineups: LineupDifference[] = [];
  const mixed: Array<Omit<MixDifference, 'pHolm'>> = [];
  for (const variant of others) {
    for (const quantity of VARIANT_QUANTITIES) {
      const mine = multisets.map((m) => {
        const byVariant = deals.get(multisetKey(m))!;
        return { multiset: m, variant, quantity, ...pairedDifference(byVariant.get(reference) ?? [], byVariant.get(variant) ?? [], quantity) };
      });
      lineups.push(...mine);
      mixed.push(overMix(mine, mix));
    }
  }
  const adjusted = holm(mixed.map((m) => m.p));
  return { reference, lineups, mix: mixed.map((m, i) => ({ ...m, pHolm: adjusted[i] })) };
}

const num = (v: number) => (Number.isFinite(v) ? Number(v.toPrecision(10)) : '');

export const VARIANTS_HEADER = ['lineup', 'variant', 'reference', 'quantity', 'difference', 'ci_low95', 'ci_high95', 'deals', 'mix_weight', 'p_value', 'p_holm'] as const;

/** variants.csv: each multiset's paired difference, then the mix's (lineup `mix`, with its p-values). */
export function variantsCsv(b: VariantBalance, names: readonly string[], mix: readonly number[]): string {
  const rows = [
    ...b.lineups.map((l) => [l.multiset.map((s) => names[s]).join(' '), l.variant, b.reference, l.quantity, num(l.difference), num(l.low), num(l.high), l.deals, num(multinomialWeight(l.multiset, mix)), '', '']),
    ...b.mix.map((m) => ['mix', m.variant, b.reference, m.quantity, num(m.difference), num(m.low), num(m.high), '', 1, num(m.p), num(m.pHolm)]),
  ];
  return stringify([[...VARIANTS_HEADER], ...rows]);
}
