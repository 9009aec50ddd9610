import { fixed } from '../../analysis/intervals.js';
import type { MetaResult } from './analysis.js';
import type { MixDifference, VariantBalance } from './variant-balance.js';
import { mixWords, type MetaContext } from './words.js';

/**
 * The variants' comparison over the population in sentences (docs/meta.md): for each variant, what it does
 * to the game's length and to the first player's advantage for players drawn from the reference's
 * equilibrium mix, how far the lineups spread, and the variant's own mix.
 */

const ALPHA = 0.05;

function figure(m: Pick<MixDifference, 'quantity'>, v: number): string {
  const turns = m.quantity === 'turns_mean';
  const x = turns ? v : 100 * v;
  return `${x > 0 ? '+' : ''}${fixed(x, turns ? 2 : 1)}${turns ? ' turns' : ' points'}`;
}

function quantityWords(m: MixDifference): string {
  const what = m.quantity === 'turns_mean' ? 'game length' : "the first player's advantage";
  const verdict = m.pHolm < ALPHA ? 'a change' : 'no detectable change';
  return `${what} ${figure(m, m.difference)} (95% interval ${figure(m, m.low)} to ${figure(m, m.high)}; ${verdict}), per lineup from ${figure(m, m.least)} to ${figure(m, m.most)}`;
}

/** The sentences: the family first, then one line per variant and its own mix. */
export function variantWords(b: VariantBalance, mixes: ReadonlyMap<string, MetaResult>, c: MetaContext): string[] {
  const lines = [
    `Variants against ${b.reference}, over ${b.reference}'s equilibrium mix (each seat filled from it; deal i of a lineup played in every variant; 95% intervals with the mix taken as fixed; a change is a Holm-adjusted p < ${ALPHA} over the ${b.mix.length} tests):`,
  ];
  for (const variant of new Set(b.mix.map((m) => m.variant))) {
    const mine = b.mix.filter((m) => m.variant === variant);
    lines.push(`  ${variant}: ${mine.map(quantityWords).join('; ')} (variants.csv).`);
    const own = mixes.get(variant);
    if (own) lines.push(`  ${mixWords(own, c).replace(/^The equilibrium mix/, `Under ${variant}, the equilibrium mix`).replace(/^The alpha-rank mix/, `Under ${variant}, the alpha-rank mix`)}`);
  }
  return lines;
}
