// The meta-game's analysis on simulated deals with known answers (tally.ts's tallyOfDeals, as the
// command builds it from matches.csv): the coverage of the deal-paired win-share and first-player
// intervals at 95%, the words' relations (a cycle, a dominant and a dominated strategy), the weights of
// the lineups under a mix, and a bootstrap that is the same for the same seed.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/rng.js';
import { analyseMeta, beatCycles, multinomialWeight } from '../../../src/studies/meta/analysis.js';
import { multisetKey, multisets } from '../../../src/studies/meta/lineups.js';
import { tallyOfDeals, type Deal, type Tally } from '../../../src/studies/meta/tally.js';

/**
 * Heads-up deals of every pair: in deal d, the row strategy a wins with chance share + seat / 2 when it
 * sits first and share - seat / 2 when second (seat: the first player's edge); with chance `linked` the
 * two seatings of a deal draw the same uniform (a deal that favours a in one seating favours it in the other).
 */
function simulate(share: number[][], deals: number, rng: Rng, seat = 0, linked = 0.5): Map<string, Tally> {
  const n = share.length;
  const out = new Map<string, Tally>();
  for (const m of multisets(n, 2)) {
    const [a, b] = m;
    const list: Deal[] = [];
    for (let d = 0; d < deals; d++) {
      if (a === b) {
        const firstWins = rng.float() < 0.5 + seat / 2 ? 1 : 0;
        list.push({ played: 1, per: [0.5], decided: 1, fp: firstWins, hashes: [`${a}${b}-${d}`] });
        continue;
      }
      const u1 = rng.float();
      const u2 = rng.float() < linked ? u1 : rng.float();
      const aFirst = u1 < share[a][b] + seat / 2 ? 1 : 0; // a seated first
      const aSecond = u2 < share[a][b] - seat / 2 ? 1 : 0; // b seated first
      list.push({ played: 2, per: [aFirst + aSecond, 2 - aFirst - aSecond], decided: 2, fp: aFirst + (1 - aSecond), hashes: [`${a}${b}-${d}`, `${b}${a}-${d}`] });
    }
    out.set(multisetKey(m), tallyOfDeals(m, list));
  }
  return out;
}

describe('the matrix and first-player intervals, calibrated on simulated deals', () => {
  it('cover the true win share and first-player share about 95% of the time', () => {
    const rng = new Rng('meta-calibration');
    const truth = [[0.5, 0.62], [0.38, 0.5]];
    const experiments = 400;
    let cellCovered = 0;
    let fpCovered = 0;
    for (let e = 0; e < experiments; e++) {
      const r = analyseMeta(2, 2, simulate(truth, 120, rng, 0.16), `e${e}`, 0);
      const c = r.matrix[0][1];
      if (c.low <= 0.62 && 0.62 <= c.high) cellCovered++;
      const l = r.lineups.find((x) => x.multiset.join() === '0,1')!;
      // The first player wins 0.62 + 0.08 with strategy 0 first and 0.38 + 0.08 with strategy 1 first: 0.58 a deal.
      if (l.low <= 0.58 && 0.58 <= l.high) fpCovered++;
    }
    // 400 experiments: a coverage of 0.95 lands within +-0.03 with probability above 99%.
    expect(cellCovered / experiments).toBeGreaterThan(0.92);
    expect(cellCovered / experiments).toBeLessThan(0.98);
    expect(fpCovered / experiments).toBeGreaterThan(0.92);
    expect(fpCovered / experiments).toBeLessThan(0.98);
  });
});

describe('the relations the words name', () => {
  it('finds the cycle of a noisy rock-paper-scissors, no dominant strategy, and the uniform mix', () => {
    const r = analyseMeta(3, 2, simulate([[0.5, 0.3, 0.7], [0.7, 0.5, 0.3], [0.3, 0.7, 0.5]], 600, new Rng('rps')), 'rps', 50);
    expect(r.dominant).toEqual([]);
    expect(r.dominated).toEqual([]);
    expect(r.cycles).toEqual([[0, 2, 1]]);
    for (const x of r.mix) expect(Math.abs(x - 1 / 3)).toBeLessThan(0.05);
    expect(r.inSupport).toEqual([1, 1, 1]);
  });

  it('calls a strategy that beats every other dominant, and one beaten by a better one dominated', () => {
    const r = analyseMeta(3, 2, simulate([[0.5, 0.4, 0.2], [0.6, 0.5, 0.3], [0.8, 0.7, 0.5]], 600, new Rng('dom')), 'dom', 20);
    expect(r.dominant).toEqual([2]);
    expect(r.dominated).toEqual([{ strategy: 0, by: 1 }, { strategy: 1, by: 2 }]);
    expect(r.mix).toEqual([0, 0, 1]);
    expect(r.cycles).toEqual([]);
  });

  it('does not call a strategy dominant on too few deals to tell', () => {
    const r = analyseMeta(2, 2, simulate([[0.5, 0.45], [0.55, 0.5]], 20, new Rng('few')), 'few', 0);
    expect(r.dominant).toEqual([]);
  });

  it('walks a cycle of the beats relation in its order, and finds none without one', () => {
    const cyc = [[false, true, false, false], [false, false, true, false], [false, false, false, true], [true, false, false, false]];
    expect(beatCycles(cyc)).toEqual([[0, 1, 2, 3]]);
    expect(beatCycles([[false, true, true], [false, false, true], [false, false, false]])).toEqual([]);
  });
});

describe('the weights of the lineups under a mix', () => {
  it('are the multinomial chances of seating each multiset, summing to 1', () => {
    const mix = [0.5, 0.3, 0.2];
    for (const p of [2, 3, 4]) expect(multisets(3, p).reduce((a, m) => a + multinomialWeight(m, mix), 0)).toBeCloseTo(1, 12);
    expect(multinomialWeight([0, 1], mix)).toBeCloseTo(2 * 0.5 * 0.3, 12);
    expect(multinomialWeight([0, 0, 2], mix)).toBeCloseTo(3 * 0.25 * 0.2, 12);
  });

  it("weights the first player's advantage by the mix: all on the lineup the mix plays", () => {
    const r = analyseMeta(3, 2, simulate([[0.5, 0.4, 0.2], [0.6, 0.5, 0.3], [0.8, 0.7, 0.5]], 300, new Rng('fp'), 0.2), 'fp', 0);
    const self = r.lineups.find((l) => l.multiset.join() === '2,2')!;
    expect(r.weighted.advantage).toBeCloseTo(self.advantage, 12);
  });
});

describe('the bootstrap', () => {
  it('is the same for the same seed and differs for another', () => {
    const tallies = simulate([[0.5, 0.48, 0.55], [0.52, 0.5, 0.47], [0.45, 0.53, 0.5]], 200, new Rng('boot'));
    const a = analyseMeta(3, 2, tallies, 's', 40);
    const b = analyseMeta(3, 2, tallies, 's', 40);
    const c = analyseMeta(3, 2, tallies, 't', 40);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify([a.mixLow, a.mixHigh, a.inSupport])).not.toBe(JSON.stringify([c.mixLow, c.mixHigh, c.inSupport]));
  });
});
