import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { VariantStats } from '../../src/runner/aggregate.js';
import { wilson } from '../../src/analysis/intervals.js';
import { REC_FIXED, recordWidth } from '../../src/runner/batch.js';

/**
 * Win-share intervals with the match as the unit, calibrated on a game whose seats share outcomes: a
 * four-seat pairs game (seats 0 and 2 against 1 and 3, as Zatre pairs), a win shared by the two seats of
 * the winning team. greedy plays one seat, random three; greedy's team wins 60% of the matches, so
 * greedy's true win share is 0.6 / 2 = 0.30 and random's (0.6 x 1/2 + 0.4 x 2 x 1/2) / 3 = 0.2333.
 */
const PLAYERS = 4;
const LINEUP = ['greedy', 'random', 'random', 'random'];
const TRUE = new Map([
  ['greedy', 0.3],
  ['random', (0.6 * 0.5 + 0.4 * 1) / 3],
]);

function pairsGame(rng: Rng, matches: number): VariantStats {
  const v = new VariantStats('pairs', LINEUP);
  const width = recordWidth(PLAYERS);
  const rec = new Float64Array(matches * width);
  for (let i = 0; i < matches; i++) {
    const o = i * width;
    // Entry e sits at seat (e - i) mod 4: greedy (entry 0) at seat (-i) mod 4.
    const greedySeat = (((-i) % PLAYERS) + PLAYERS) % PLAYERS;
    const greedyTeamWins = rng.float() < 0.6;
    const winningParity = greedyTeamWins ? greedySeat % 2 : 1 - (greedySeat % 2);
    rec[o + 3] = -1;
    rec[o + 5] = -1;
    for (let s = 0; s < PLAYERS; s++) if (s % 2 === winningParity) rec[o + REC_FIXED + PLAYERS + s] = 1;
  }
  v.add(0, rec);
  return v;
}

describe('summary.csv intervals respect the grouping of seats within a match (pairs game)', () => {
  it('cover the true win share about 95% of the time; Wilson on seat appearances over-covers', () => {
    const rng = new Rng('clustered-intervals');
    const reps = 1000;
    const cover = new Map([...TRUE.keys()].map((k) => [k, 0]));
    const coverOld = new Map([...TRUE.keys()].map((k) => [k, 0]));
    for (let r = 0; r < reps; r++) {
      for (const row of pairsGame(rng, 400).botRows()) {
        const truth = TRUE.get(row.bot)!;
        if (row.low <= truth && truth <= row.high) cover.set(row.bot, cover.get(row.bot)! + 1);
        const [lo, hi] = wilson(row.wins, row.matches);
        if (lo <= truth && truth <= hi) coverOld.set(row.bot, coverOld.get(row.bot)! + 1);
      }
    }
    const tol = 3 * Math.sqrt((0.95 * 0.05) / reps);
    for (const bot of TRUE.keys()) {
      const rate = cover.get(bot)! / reps;
      expect(rate, bot).toBeGreaterThan(0.95 - tol);
      expect(rate, bot).toBeLessThan(0.95 + tol);
      expect(coverOld.get(bot)! / reps, bot).toBeGreaterThan(0.99); // too wide by about 1.9x (greedy), far more (random)
    }
  });

  it('seats.csv: the positions share the matches someone won, their intervals take the match as the unit', () => {
    const v = pairsGame(new Rng('clustered-seats'), 400);
    const rows = v.positionRows();
    expect(rows.reduce((a, r) => a + r.winRate, 0)).toBeCloseTo(1, 12);
    // A position's per-match value is 0 or 1/2: the interval is about half as wide as Wilson's on 0/1 outcomes.
    const [lo, hi] = wilson(rows[0].wins, rows[0].decided);
    expect((rows[0].high - rows[0].low) / (hi - lo)).toBeLessThan(0.6);
  });
});
