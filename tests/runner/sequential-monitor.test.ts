import { describe, expect, it } from 'vitest';
import { REC_FIXED, recordWidth } from '../../src/runner/batch.js';
import { SequentialMonitor } from '../../src/runner/sequential-monitor.js';
import type { SequentialSpec } from '../../src/runner/sequential-spec.js';

const PLAYERS = 4;

/** Records of matches (first player 0), each given by its winning seats (none: annulled). */
function records(winners: number[][]): Float64Array {
  const width = recordWidth(PLAYERS);
  const rec = new Float64Array(winners.length * width);
  winners.forEach((w, m) => {
    const o = m * width;
    rec[o + 3] = -1;
    rec[o + 4] = w.length === 0 ? 1 : 0;
    rec[o + 5] = -1;
    for (const s of w) rec[o + REC_FIXED + PLAYERS + s] = 1;
  });
  return rec;
}

describe('the sequential first-player advantage is the one definition (decided matches only)', () => {
  it('annulled matches count for no position: a fair candidate with half its matches annulled reads 0, not -12.5 points', () => {
    const spec: SequentialSpec = {
      question: { kind: 'variant', variant: 1, baseline: 0, quantity: 'first_player_advantage' },
      alpha: 0.05,
      beta: 0.05,
      d0: 0,
      d1: 0.1,
      within: null,
      checkEvery: 400,
    };
    const monitor = new SequentialMonitor(spec, PLAYERS, 800, ['a', 'b', 'c', 'd']);
    // Baseline: in every rotation of four matches the first player wins one (a fair share, 0 advantage).
    const base = Array.from({ length: 800 }, (_, i) => (i % 4 === 0 ? [0] : [1]));
    // Candidate: the last two matches of every rotation annulled; of the two decided, the first player wins
    // one in even rotations (share 1/2) and none in odd ones (0): 1/4 of the decided matches, advantage 0.
    const fair = Array.from({ length: 800 }, (_, i) => (i % 4 >= 2 ? [] : i % 4 === 0 && Math.floor(i / 4) % 2 === 0 ? [0] : [1]));
    monitor.offer(0, 0, records(base));
    const checkpoints = monitor.offer(1, 0, records(fair));
    expect(checkpoints.length).toBeGreaterThan(0);
    // The old per-match value (position 0's share minus 1/4 in every match, annulled ones included) read -0.125.
    expect(checkpoints[0].estimate).toBeCloseTo(0, 12);
  });
});
