// The statistic of `tavolo skill` (src/analysis/paired-ahead.ts) on hand-built matches and against
// reference values, and the words its thresholds give (src/studies/skill/words.ts, docs/measures.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dealValue, matchPairs, pairedAhead } from '../../src/analysis/paired-ahead.js';
import { normCdf } from '../../src/analysis/distributions.js';
import { SKILL_BANDS, bandsReached, pairingSentence, percent, skillBand, skillReading, traceSentence, type TraceStep } from '../../src/studies/skill/words.js';
import type { AheadEstimate } from '../../src/analysis/paired-ahead.js';

describe('pairs of seats in a match and deals', () => {
  it('counts the decided pairs of one stronger and one weaker seat, and those the stronger won', () => {
    // Four seats S W S W ranked 1 3 2 4: each S is ahead of both W.
    expect(matchPairs([1, 3, 2, 4], [true, false, true, false])).toEqual({ decided: 4, won: 4 });
    // A game that ranks only its winner: S wins (1), the rest tie at 2: the other S ties both W (undecided).
    expect(matchPairs([1, 2, 2, 2], [true, false, true, false])).toEqual({ decided: 2, won: 2 });
    // W wins: both S behind it, tied with the other W.
    expect(matchPairs([2, 1, 2, 2], [true, false, true, false])).toEqual({ decided: 2, won: 0 });
    // An annulled match: everyone ranked 1, nothing decided.
    expect(matchPairs([1, 1], [true, false])).toEqual({ decided: 0, won: 0 });
  });

  it('a deal is the share of its decided pairs over both seatings; none decided gives NaN', () => {
    expect(dealValue({ decided: 2, won: 2 }, { decided: 2, won: 0 })).toBe(0.5);
    expect(dealValue({ decided: 4, won: 3 }, { decided: 0, won: 0 })).toBe(0.75);
    expect(dealValue({ decided: 0, won: 0 }, { decided: 0, won: 0 })).toBeNaN();
  });
});

describe('pairedAhead against reference values', () => {
  it('is Wilson\'s interval when every deal is a plain win or loss, and below 200 deals the exact test (R: prop.test, binom.test)', () => {
    const e = pairedAhead([...Array<number>(66).fill(1), ...Array<number>(34).fill(0)]);
    expect(e.share).toBe(0.66);
    // R 4.3: prop.test(66, 100, correct = FALSE)$conf.int = 0.5627773 0.7453848 (its score p-value, 0.001374276, is
    // the one from 200 deals on); below, the sign-flip test of plain wins and losses is the exact binomial test:
    // binom.test(66, 100)$p.value = 0.00178993 (Python: 2 * sum(comb(100, k) for k in range(35)) / 2**100).
    expect(e.low95).toBeCloseTo(0.5627773, 6);
    expect(e.high95).toBeCloseTo(0.7453848, 6);
    expect(e.p).toBeCloseTo(0.0017899303914868526, 12);
    expect(e.deals).toBe(100);
    // From 200 deals on, the score test Wilson's interval inverts: prop.test(132, 200, correct = FALSE)$p.value = 6.33e-6.
    const big = pairedAhead([...Array<number>(132).fill(1), ...Array<number>(68).fill(0)]);
    const z = (0.66 - 0.5) / Math.sqrt(0.25 / 200);
    expect(big.p).toBeCloseTo(2 * normCdf(-z), 12);
  });

  it('narrows by the design effect when deals are less spread than coins (worked by hand)', () => {
    // Mean 0.725, variance (over n) 0.105625, n_eff = 10 * 0.725 * 0.275 / 0.105625 = 18.87574;
    // Wilson(0.725 * 18.87574, 18.87574) = [0.4994381, 0.8744673]. The p-value, with 10 deals, is the exact
    // sign-flip test: distances from 1/2 of +0.5 (five), -0.5, +0.25 and three 0s; 16 of the 2^7 sign
    // patterns are at least as far from 0 (listed by hand in Python): p = 0.125.
    const e = pairedAhead([1, 1, 1, 1, 0.5, 0.5, 0.5, 0, 1, 0.75]);
    expect(e.share).toBeCloseTo(0.725, 12);
    expect(e.low95).toBeCloseTo(0.4994381, 6);
    expect(e.high95).toBeCloseTo(0.8744673, 6);
    expect(e.p).toBe(0.125);
  });

  it('takes deals with no spread at all as coin-like deals, not as an exact share', () => {
    const e = pairedAhead(Array<number>(10).fill(0.5));
    // Wilson(5, 10) = [0.2365931, 0.7634069]; a share of exactly 1/2 is no evidence: p = 1.
    expect(e.low95).toBeCloseTo(0.2365931, 6);
    expect(e.high95).toBeCloseTo(0.7634069, 6);
    expect(e.p).toBe(1);
    expect(pairedAhead(Array<number>(10).fill(0.75)).low95).toBeLessThan(0.75);
  });

  it('refuses a deal value outside [0, 1] and gives NaN without deals', () => {
    expect(() => pairedAhead([0.5, 1.5])).toThrow(/\[0, 1\]/);
    expect(pairedAhead([]).share).toBeNaN();
  });
});

const est = (share: number, low95: number, high95: number, p = 0.01): AheadEstimate => ({ share, low95, high95, p, deals: 100 });

describe('the words: mostly luck, mixed, mostly skill', () => {
  it('cuts the skill edge 2 * share - 1 into thirds: 2/3 and 5/6', () => {
    expect(SKILL_BANDS).toEqual({ mixedFrom: 2 / 3, skillFrom: 5 / 6 });
    expect(skillBand(0.5)).toBe('mostly luck');
    expect(skillBand(0.66)).toBe('mostly luck');
    expect(skillBand(2 / 3)).toBe('mixed');
    expect(skillBand(0.83)).toBe('mixed');
    expect(skillBand(5 / 6)).toBe('mostly skill');
    expect(skillBand(1)).toBe('mostly skill');
    expect(skillBand(0.3)).toBe('mostly luck');
  });

  it('says reversed only when the weaker bot is ahead beyond the noise, and which bands the interval reaches', () => {
    expect(skillReading(est(0.3, 0.2, 0.4))).toBe('reversed');
    expect(skillReading(est(0.45, 0.35, 0.55))).toBe('cannot tell');
    expect(skillReading(est(0.6, 0.52, 0.68))).toBe('mostly luck');
    expect(bandsReached(est(0.66, 0.63, 0.69))).toEqual(['mostly luck', 'mixed']);
    expect(bandsReached(est(0.9, 0.86, 0.93))).toEqual(['mostly skill']);
  });

  it('docs/measures.md states the same thresholds', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'measures.md'), 'utf8');
    expect(doc).toMatch(/below 2\/3[^\n]*mostly luck/);
    expect(doc).toMatch(/5\/6 or more[^\n]*mostly skill/);
  });

  it('puts the answer in one sentence per pairing', () => {
    const text = pairingSentence({ game: 'Stop', players: 4, stronger: 'greedy', weaker: 'random', audience: 'casual players', estimate: est(0.6, 0.57, 0.63), undecided: 0 });
    expect(text).toBe(
      'In Stop at 4 players, greedy finishes ahead of random in 60% of their decided pairings [57–63], over 100 deals played in both seatings; random comes out ahead in 40%: the outcome is mostly luck for casual players.',
    );
    expect(pairingSentence({ game: 'X', players: 2, stronger: 'a', weaker: 'b', audience: 'strong players', estimate: est(0.66, 0.63, 0.69), undecided: 3 })).toMatch(
      /\(and 3 that decided nothing\).*mostly luck \(the interval reaches mostly luck and mixed\) for strong players\.$/,
    );
    expect(pairingSentence({ game: 'X', players: 2, stronger: 'a', weaker: 'b', audience: 'casual players', estimate: est(0.52, 0.45, 0.59, 0.6), undecided: 0 })).toMatch(/a cannot be told from a coin toss here/);
  });

  it('says "cannot tell", never a band, when the interval holds 50% (a coin toss is not "mostly luck")', () => {
    for (const e of [est(0.55, 0.49, 0.62, 0.1), est(0.5, 0.5, 0.7, 0.05), est(0.45, 0.35, 0.55, 0.3)]) {
      expect(skillReading(e)).toBe('cannot tell');
      const text = pairingSentence({ game: 'Stop', players: 4, stronger: 'ismcts', weaker: 'greedy', audience: 'strong players', estimate: e, undecided: 0 });
      expect(text).not.toMatch(/mostly luck|mixed|mostly skill/);
      expect(text).toMatch(/ismcts cannot be told from a coin toss here \(the interval holds 50%\), so these deals cannot tell how much of the outcome is skill for strong players\.$/);
    }
  });

  it('writes percentages whole, with one decimal near 0 and 100, never "100.0"', () => {
    expect(percent(0.6612)).toBe('66%');
    expect(percent(0.995)).toBe('99.5%');
    expect(percent(0.9999999)).toBe('100%');
    expect(percent(0.004)).toBe('0.4%');
    expect(pairingSentence({ game: 'Z', players: 2, stronger: 'a', weaker: 'b', audience: 'casual players', estimate: est(1, 0.886, 0.99999999), undecided: 0 })).toContain('[89–100]');
  });

  it('says where the trace flattens', () => {
    const step = (lower: number, separated: boolean, share: number): TraceStep => ({ lower, upper: 10 * lower, estimate: est(share, share - 0.05, share + 0.05), pHolm: separated ? 0.001 : 0.4, separated });
    const rising = traceSentence('ismcts', 2, [step(10, true, 0.9), step(100, true, 0.7)]);
    expect(rising).toMatch(/Each tenfold budget wins more, up to 1,000/);
    const flat = traceSentence('ismcts', 2, [step(10, true, 0.9), step(100, true, 0.7), step(1000, false, 0.52)]);
    expect(flat).toMatch(/Each tenfold budget wins more up to 1,000, then the trace flattens \(1,000 vs 10,000 not separated\)\.$/);
    expect(flat.indexOf('100 ahead of 10 in 90% [85–95], separated')).toBeGreaterThan(0);
    expect(traceSentence('ismcts', 2, [step(10, false, 0.5), step(100, true, 0.8)])).toMatch(/flat from the start \(10 vs 100 not separated\) \(though 1,000 vs 100 is separated again\)/);
  });

  it('names the seat where it decided at least half of the flat step\'s deals', () => {
    const step = (lower: number, separated: boolean, seatDecided: number): TraceStep => ({ lower, upper: 10 * lower, estimate: { ...est(0.51, 0.5, 0.52), deals: 96 }, pHolm: separated ? 0.001 : 0.4, separated, seatDecided });
    const seated = traceSentence('alphabeta', 2, [step(10, true, 80), step(100, false, 94)]);
    expect(seated).toMatch(/then the trace flattens \(100 vs 1,000 not separated, where the seat decided 94 of its 96 deals\)\.$/);
    expect(traceSentence('alphabeta', 2, [step(10, true, 80), step(100, false, 47)])).toMatch(/\(100 vs 1,000 not separated\)\.$/);
    expect(traceSentence('alphabeta', 4, [step(10, false, 60)])).toMatch(/flat from the start \(10 vs 100 not separated, where the seat decided 60 of its 96 deals\): these matches cannot tell whether the budget buys strength\.$/);
  });
});
