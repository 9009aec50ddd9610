import { csvLines } from '../io/csv.js';
import { holm } from './decisions.js';
import { differenceCells, pText } from './comparison-text.js';
import { isMargin } from './quantities.js';
import { VERDICT_ALPHA, type VerdictRow } from './verdict.js';
import { SCORE_POINTS, decimalsFor, quantityName, signed, type Words } from './verdict-words.js';

/**
 * The comparison of variants answered per population (docs/populations.md): each population's rows
 * against the same reference, Holm-adjusted together over every population's tests of a variant, so
 * that a claim about several populations ("longer for every population") holds at the verdict's level.
 */

/** One population's comparison: its name, its rows (compare.csv's, as verdict rows) and its words (lineup, metric labels). */
export interface PopulationRows {
  population: string;
  rows: readonly VerdictRow[];
  words: Words;
}

/** A population's row with its p-value adjusted over the variant's tests in every population. */
export interface PopulationRow {
  population: string;
  row: VerdictRow;
  /** Holm over the tests of this variant in every population (NaN: not tested, a constant or repeated column). */
  pPopulations: number;
}

/** A row that enters Holm's family: a finite p-value, not a repeat of another column. */
const tested = (r: VerdictRow) => Number.isFinite(r.p) && (r.sameAs ?? '') === '';

/** Every population's rows of each candidate variant, adjusted by Holm over that variant's tests in all populations. */
export function adjustOverPopulations(pops: readonly PopulationRows[]): PopulationRow[] {
  const out: PopulationRow[] = pops.flatMap((p) => p.rows.map((row) => ({ population: p.population, row, pPopulations: NaN })));
  for (const variant of new Set(out.map((x) => x.row.variant))) {
    const family = out.filter((x) => x.row.variant === variant && tested(x.row));
    const adjusted = holm(family.map((x) => x.row.p));
    family.forEach((x, i) => (x.pPopulations = adjusted[i]));
  }
  return out;
}

/** "+1.40" or "+1.4 points": a difference at the precision its interval allows, in the quantity's unit. */
function differenceText(r: VerdictRow, rate: boolean): string {
  const s = rate ? 100 : 1;
  const d = Math.max(rate ? 1 : 0, decimalsFor((s * (r.high - r.low)) / 2));
  const unit = rate ? ' points' : isMargin(r.quantity) ? ` ${SCORE_POINTS}` : '';
  return `${signed(s * r.difference, d)}${unit}`;
}

const changed = (x: PopulationRow) => x.pPopulations < VERDICT_ALPHA;

/** One quantity across the populations that have it: agreeing (each changed, the same way) or disagreeing. */
function quantitySentence(xs: readonly PopulationRow[], name: string, rate: boolean, all: number): string {
  const up = xs.every((x) => x.row.difference > 0);
  const down = xs.every((x) => x.row.difference < 0);
  const every = xs.length === all ? 'every population' : `every population that has it (${xs.length} of ${all})`;
  // Game length reads as the designer says it: "games are longer", in turns.
  const turns = xs[0].row.quantity === 'turns_mean';
  const figure = (x: PopulationRow) => `${x.population} ${differenceText(x.row, rate)}${turns ? ' turns' : ''}`;
  if (xs.every(changed) && (up || down)) {
    const claim = turns ? `Games are ${up ? 'longer' : 'shorter'}` : `${name.replace(/^./, (c) => c.toUpperCase())} is ${up ? 'higher' : 'lower'}`;
    return `${claim} for ${every}: ${xs.map(figure).join(', ')}.`;
  }
  const each = xs.map((x) => `${figure(x)} (${changed(x) ? 'significant' : 'no detectable change'})`);
  return `The populations disagree on ${name}: ${each.join(', ')}.`;
}

/**
 * The answer per population for each candidate variant, in sentences: every quantity that changed in at
 * least one population, said for each population that has it; then how many moved in none.
 */
export function populationWords(pops: readonly PopulationRows[], adjusted: readonly PopulationRow[]): string[] {
  const lines: string[] = [];
  const variants = [...new Set(adjusted.map((x) => x.row.variant))];
  for (const variant of variants) {
    const mine = adjusted.filter((x) => x.row.variant === variant);
    const family = mine.filter((x) => tested(x.row)).length;
    // Length is said by the mean, as in a run's verdict; the medians' rows stay in the family and in populations.csv.
    const quantities = [...new Set(mine.filter((x) => tested(x.row)).map((x) => x.row.quantity))].filter((q) => q !== 'turns_median' && q !== 'turns_median_difference');
    lines.push(
      `${variant} against ${mine[0].row.reference}, per population (${pops.map((p) => p.population).join(', ')}; a change is a difference with Holm-adjusted p < ${VERDICT_ALPHA} over the ${family} tests of all the populations together):`,
    );
    let quiet = 0;
    for (const q of quantities) {
      const xs = mine.filter((x) => x.row.quantity === q && tested(x.row));
      if (!xs.some(changed)) {
        quiet++;
        continue;
      }
      const words = pops.find((p) => p.population === xs[0].population)!.words;
      const named = quantityName(q, words);
      lines.push(`  ${quantitySentence(xs, named.name, named.rate, pops.length)}`);
    }
    const plural = (n: number) => `${n} quantit${n === 1 ? 'y' : 'ies'}`;
    if (quiet === quantities.length) lines.push(`  No population shows a detectable change in ${quiet === 1 ? 'the' : 'any of the'} ${plural(quiet)} compared (${family} tests).`);
    else if (quiet > 0) lines.push(`  No population shows a detectable change in the other ${plural(quiet)} compared.`);
  }
  return lines;
}

export const POPULATIONS_HEADER = ['population', 'variant', 'reference', 'quantity', 'reference_value', 'value', 'difference', 'ci_low95', 'ci_high95', 'p_value', 'p_holm', 'p_holm_populations'] as const;

/** populations.csv: every population's comparison rows, the population first, with the p-value adjusted over all populations. */
export function populationsCsv(adjusted: readonly PopulationRow[]): string {
  return csvLines([[...POPULATIONS_HEADER], ...adjusted.map(({ population, row, pPopulations }) => [population, ...differenceCells(row), pText(pPopulations)])]);
}
