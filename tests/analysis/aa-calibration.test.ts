import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PairAccumulator } from '../../src/analysis/accumulate.js';
import { adjustRows, comparisonRows, type CompareRow } from '../../src/analysis/compare.js';
import { binomCdf } from '../../src/analysis/distributions.js';
import { PairedPositionShares } from '../../src/analysis/first-player.js';
import { quantityPlan } from '../../src/analysis/quantities.js';
import { openResult, readMatches, type MatchRow } from '../../src/analysis/results.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { tempDir } from '../fixtures/cli.js';

/**
 * Calibration on real matches that are NOT identical (issue 21, item 9): chunks of one long Stramat run
 * (greedy and three random bots), chunk j paired match by match with chunk j + FAMILIES as if they were two
 * variants. Both come from the same game, so every difference is noise: each paired comparison (all its
 * rows, Holm over its distinct columns, as compare.csv does it) is one family under the null, and Holm
 * keeps the chance of any finding in it at or below alpha. The families use disjoint matches, so the
 * number with a finding is at most Binomial(FAMILIES, 0.05): the test fails when it exceeds the count
 * that has probability below 0.001 under that binomial (an exact bound), as anti-conservative tests would.
 * (tournaments/stramat-aa.json pairs identical matches: it checks determinism, not this.)
 */
const FAMILIES = 20;
const PAIRS = 400; // a multiple of the player count: paired matches share their seat rotation
const ALPHA = 0.05;

/** The smallest k with P(X >= k) < 0.001 for X ~ Binomial(n, alpha). */
function exactBound(n: number, alpha: number): number {
  let k = 0;
  while (1 - (k === 0 ? 0 : binomCdf(k - 1, n, alpha)) >= 0.001) k++;
  return k;
}

describe('A/A on non-identical matches: chunks of one run compared as if paired', () => {
  const dir = tempDir('tavolo-aa-chunks-');
  const families: CompareRow[][] = [];

  beforeAll(async () => {
    const file = join(dir, 'spec.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'aa-chunks',
        game: 'stramat',
        players: 4,
        matches: 2 * FAMILIES * PAIRS,
        seed: 'aa-chunks',
        variants: [{ name: 'base', options: {} }],
        bots: [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }],
      }),
    );
    await runTournament(await loadSpec(file), { threads: 2, batch: 'auto', outDir: join(dir, 'out') });
    const info = openResult(join(dir, 'out'));
    const rows: MatchRow[] = [];
    await readMatches(info, (r) => rows.push(r));
    const plan = quantityPlan({ botNames: ['greedy', 'random'], players: 4, metricNames: info.metricNames, metricIndex: info.metricNames.map((_, i) => i) });
    for (let f = 0; f < FAMILIES; f++) {
      const acc = new PairAccumulator(plan);
      const positions = new PairedPositionShares(4);
      for (let i = f * PAIRS; i < (f + 1) * PAIRS; i++) {
        const [x, y] = [rows[i], rows[i + FAMILIES * PAIRS]];
        acc.add(x, y);
        positions.add(x, y);
      }
      const family = comparisonRows('later', 'earlier', acc, { positions });
      adjustRows(family);
      families.push(family);
    }
  }, 600_000);

  it('the matches are not identical: the paired differences have spread', () => {
    for (const family of families) expect(family.find((r) => r.quantity === 'turns_mean')!.sd).toBeGreaterThan(0);
  });

  it('family-wise false positives after Holm stay within the exact binomial bound', () => {
    const bound = exactBound(FAMILIES, ALPHA); // 6 for 20 families: P(X >= 6) = 0.0003 (SciPy binom.sf(5, 20, 0.05))
    const withFinding = families.filter((f) => f.some((r) => r.pHolm < ALPHA)).length;
    expect(withFinding, `${withFinding} of ${FAMILIES} families had a finding; bound ${bound}`).toBeLessThan(bound);
  });

  it('the check has teeth: without Holm, a finding in almost every family would break the bound', () => {
    const raw = families.filter((f) => f.some((r) => r.p < ALPHA && r.sameAs === '')).length;
    // Each family tests about 25 distinct (correlated) columns: most families have some raw p < 0.05.
    expect(raw).toBeGreaterThanOrEqual(exactBound(FAMILIES, ALPHA));
  });

  it('single rows reject at about alpha (exact binomial bound on the count of raw p < 0.05)', () => {
    const tested = families.flat().filter((r) => Number.isFinite(r.p) && r.sameAs === '');
    const rejected = tested.filter((r) => r.p < ALPHA).length;
    // Rows of one family are correlated, so this only bounds gross miscalibration.
    expect(rejected).toBeLessThan(exactBound(tested.length, ALPHA) * 1.5);
  });
});
