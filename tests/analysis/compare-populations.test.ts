// The answer per population: the two sentences (every population agrees; the populations disagree)
// rebuilt from rows, Holm over every population's tests of a variant checked against the adjustment done by
// hand, and the family's error rate calibrated by a seeded simulation of null comparisons.
import { describe, expect, it } from 'vitest';
import { adjustOverPopulations, populationWords, populationsCsv, type PopulationRows } from '../../src/analysis/compare-populations.js';
import { normCdf } from '../../src/analysis/distributions.js';
import type { VerdictRow } from '../../src/analysis/verdict.js';
import { Rng } from '../../src/engine/rng.js';

/** A row of one-dado-fewer against base with a normal test: difference d, standard error se. */
function row(quantity: string, d: number, se: number): VerdictRow {
  const p = 2 * (1 - normCdf(Math.abs(d / se)));
  return { variant: 'one-dado-fewer', reference: 'base', quantity, referenceValue: 30, value: 30 + d, difference: d, low: d - 1.96 * se, high: d + 1.96 * se, p, pHolm: p, se, sameAs: '', pairs: 1000 };
}

const pop = (population: string, rows: VerdictRow[]): PopulationRows => ({ population, rows, words: { lineup: ['greedy', 'random'] } });

describe('the answer per population', () => {
  it('says games are longer for every population when each changed the same way', () => {
    const pops = [pop('casual', [row('turns_mean', 1.4, 0.2)]), pop('strong', [row('turns_mean', 1.21, 0.2)])];
    const words = populationWords(pops, adjustOverPopulations(pops));
    expect(words[1]).toBe('  Games are longer for every population: casual +1.40 turns, strong +1.21 turns.');
  });

  it('says the populations disagree when one changed and another did not, naming which', () => {
    const pops = [pop('casual', [row('turns_mean', 1.4, 0.2)]), pop('strong', [row('turns_mean', -0.2, 0.3)])];
    const words = populationWords(pops, adjustOverPopulations(pops));
    expect(words[1]).toBe('  The populations disagree on game length (turns): casual +1.40 turns (significant), strong -0.20 turns (no detectable change).');
  });

  it('says nothing moved when no population shows a change', () => {
    const pops = [pop('casual', [row('turns_mean', 0.1, 0.2)]), pop('strong', [row('turns_mean', -0.1, 0.3)])];
    expect(populationWords(pops, adjustOverPopulations(pops))[1]).toBe('  No population shows a detectable change in the 1 quantity compared (2 tests).');
  });

  it("adjusts by Holm over every population's tests of a variant together, as done by hand", () => {
    const ps = [0.001, 0.02, 0.04, 0.3];
    const rows = ps.map((p, i) => ({ ...row(`metric:m${i}`, 1, 1), p }));
    const pops = [pop('a', rows.slice(0, 2)), pop('b', rows.slice(2))];
    const got = adjustOverPopulations(pops).map((x) => x.pPopulations);
    // Holm by hand over the four: sorted 0.001, 0.02, 0.04, 0.3 times 4, 3, 2, 1, made monotone.
    [0.004, 0.06, 0.08, 0.3].forEach((v, i) => expect(got[i]).toBeCloseTo(v, 12));
    // A repeated column (same_as) and a constant one (no p-value) stay out of the family.
    const more = [pop('a', [...rows.slice(0, 2), { ...row('x', 1, 1), sameAs: 'metric:m0' }]), pop('b', [...rows.slice(2), { ...row('y', 0, 0), p: NaN }])];
    const again = adjustOverPopulations(more).map((x) => x.pPopulations);
    [0.004, 0.06, NaN, 0.08, 0.3, NaN].forEach((v, i) => (Number.isNaN(v) ? expect(again[i]).toBeNaN() : expect(again[i]).toBeCloseTo(v, 12)));
  });

  it('keeps the population as the first column of populations.csv', () => {
    const pops = [pop('casual', [row('turns_mean', 1.4, 0.2)])];
    const lines = populationsCsv(adjustOverPopulations(pops)).trim().split('\n');
    expect(lines[0]).toBe('population,variant,reference,quantity,reference_value,value,difference,ci_low95,ci_high95,p_value,p_holm,p_holm_populations');
    expect(lines[1].startsWith('casual,one-dado-fewer,base,turns_mean,')).toBe(true);
  });

  it('holds the family error rate at 5% under no change (seeded simulation), where testing each population alone does not', () => {
    const rng = new Rng('populations-null');
    // A standard normal from two uniforms (Box-Muller).
    const normal = () => Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
    const trials = 2000;
    let withHolm = 0;
    let alone = 0;
    for (let t = 0; t < trials; t++) {
      const pops = ['casual', 'greedy', 'strong'].map((name) => pop(name, Array.from({ length: 5 }, (_, q) => row(`metric:q${q}`, normal(), 1))));
      const adjusted = adjustOverPopulations(pops);
      if (adjusted.some((x) => x.pPopulations < 0.05)) withHolm++;
      if (adjusted.some((x) => x.row.p < 0.05)) alone++;
    }
    // Binomial 95% upper margin around 5% at 2000 trials is about 1 point.
    expect(withHolm / trials).toBeLessThanOrEqual(0.06);
    // Fifteen tests at 5% each: 1 - 0.95^15, about 54%, of the null runs would call something changed.
    expect(alone / trials).toBeGreaterThan(0.45);
  });
});
