// Calibration of compare's correction for repeated plays (src/analysis/compare-repeats.ts) by simulation.
// Two runs of one pairing under the same rules (no true difference): each reaches K plays with Zipf-like
// frequencies 1/(g+1), draws what each play gives (who wins, with probability 1/2 each; a length around
// 50 turns), then plays N matches from fresh seeds. Compared as independent samples, the rows corrected
// by the design effect should call a difference at most about 5% of the time; the same matches without
// play hashes (every match counted as independent) call one far more often. Seeded with the project's
// generator; the bound is 5% plus three standard errors of a proportion over the replications.
import { describe, expect, it } from 'vitest';
import { SideAccumulator } from '../../src/analysis/accumulate.js';
import { comparisonRows } from '../../src/analysis/compare.js';
import { quantityPlan } from '../../src/analysis/quantities.js';
import type { MatchRow } from '../../src/analysis/results.js';
import { Rng } from '../../src/engine/rng.js';

const REPS = 600;
const PLAYS = 11;
const MATCHES = 100;
const plan = quantityPlan({ botNames: ['a', 'b'], players: 2, metricNames: [], metricIndex: [] });
const bound = 0.05 + 3 * Math.sqrt((0.05 * 0.95) / REPS);

function normal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
}

/** One run: its plays' outcomes drawn, then N matches landing on them; hashes left out when `hashes` is false. */
function run(rng: Rng, cumulative: readonly number[], run: number, hashes: boolean): SideAccumulator {
  const plays = cumulative.map(() => ({ winner: rng.float() < 0.5 ? 0 : 1, turns: Math.round(50 + 5 * normal(rng)) }));
  const side = new SideAccumulator(plan);
  for (let i = 0; i < MATCHES; i++) {
    const u = rng.float();
    let g = 0;
    while (cumulative[g] < u) g++;
    const p = plays[g];
    const row: MatchRow = {
      variant: 'base',
      variantIndex: 0,
      match: i,
      seed: `s/${i}`,
      bots: ['a', 'b'],
      winners: [p.winner],
      annulled: false,
      scores: p.winner === 0 ? [1, 0] : [0, 1],
      ranks: p.winner === 0 ? [1, 2] : [2, 1],
      firstPlayer: 0,
      turns: p.turns,
      decisions: p.turns,
      endReason: 'end',
      faultSeat: -1,
      playHash: hashes ? `${run.toString(16).padStart(4, '0')}${g.toString(16).padStart(4, '0')}9e3779b1` : '',
      metrics: [],
    };
    side.add(row);
  }
  return side;
}

/** The share of replications whose win-share and length rows have p < 0.05, with and without the correction. */
function falseAlarms(seed: string): { share: number; turns: number; plainShare: number; plainTurns: number } {
  const weights = Array.from({ length: PLAYS }, (_, g) => 1 / (g + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  const cumulative = weights.map((w) => (acc += w) / total);
  cumulative[PLAYS - 1] = 1;
  const counts = { share: 0, turns: 0, plainShare: 0, plainTurns: 0 };
  for (let r = 0; r < REPS; r++) {
    for (const hashes of [true, false]) {
      const rng = new Rng(`${seed}/${r}`);
      const rows = comparisonRows('base', 'ref', { ref: run(rng, cumulative, 2 * r, hashes), cand: run(rng, cumulative, 2 * r + 1, hashes) });
      const p = (q: string) => rows.find((x) => x.quantity === q)?.p ?? 1;
      if (p('win_share:a') < 0.05) counts[hashes ? 'share' : 'plainShare']++;
      if (p('turns_mean') < 0.05) counts[hashes ? 'turns' : 'plainTurns']++;
    }
  }
  return { share: counts.share / REPS, turns: counts.turns / REPS, plainShare: counts.plainShare / REPS, plainTurns: counts.plainTurns / REPS };
}

describe("compare's rows over repeated plays (11 plays, 1/(g+1), 100 matches a side)", () => {
  it('call a difference at most about 5% of the time under no difference; counting matches calls one far more often', () => {
    const f = falseAlarms('compare-repeats-calibration');
    if (process.env.TAVOLO_SHOW_CALIBRATION) console.log(f);
    expect(f.share).toBeLessThanOrEqual(bound);
    expect(f.turns).toBeLessThanOrEqual(bound);
    expect(f.plainShare).toBeGreaterThan(0.3);
    expect(f.plainTurns).toBeGreaterThan(0.3);
  });
});
