import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MatchRow } from '../../../src/analysis/results.js';
import { aheadShare, firstPlayerAdvantage, meanOf, type RunRows } from '../../../src/studies/audit/figures.js';
import { tallyKinds } from '../../../src/studies/audit/actions.js';
import { planAudit } from '../../../src/studies/audit/plan.js';
import { readRun } from '../../../src/studies/audit/figures.js';
import { runTournament } from '../../../src/runner/run.js';
import { FIXTURES, ROOT, tempDir } from '../../fixtures/cli.js';

/** The audit's figures against values computed independently: a binomial formula, the game's own metric. */

function row(match: number, winner: number, firstPlayer: number, hash: string, bots = ['a', 'b']): MatchRow {
  const ranks = bots.map((_, s) => (s === winner ? 1 : 2));
  return { variant: 'base', variantIndex: 0, match, seed: `s/match/${match}`, bots, winners: [winner], annulled: false, scores: ranks.map((r) => 2 - r), ranks, firstPlayer, turns: 10, decisions: 10, endReason: 'over', faultSeat: -1, playHash: hash, metrics: [] };
}

/** A play hash as matches.csv writes it: 16 hexadecimal digits. */
const hex = (i: number) => (Math.imul(i + 1, 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(2);

const run = (rows: MatchRow[]): RunRows => ({ rows, metricNames: [], players: 2, distinct: rows.length });

describe('tavolo audit: figures', () => {
  it('gives the first-player advantage and its interval of a binomial share when every match is decided', () => {
    // 80 of 100 matches won by the first player, distinct plays: +30 points, se sqrt(0.8 * 0.2 / 100) (delta method = binomial here, up to n/(n-1)).
    const rows = Array.from({ length: 100 }, (_, i) => row(i, i < 80 ? i % 2 : 1 - (i % 2), i % 2, hex(i)));
    const f = firstPlayerAdvantage(run(rows));
    expect(f.estimate).toBeCloseTo(0.3, 12);
    const se = Math.sqrt((0.8 * 0.2) / 99);
    expect(f.high - f.estimate).toBeCloseTo(1.959963984540054 * se, 6);
  });

  it('gives plays repeated four times the interval of the distinct plays (widened by the root of the design effect, 4)', () => {
    const distinct = Array.from({ length: 100 }, (_, i) => row(i, i < 80 ? i % 2 : 1 - (i % 2), i % 2, hex(i)));
    // The same 100 outcomes, each play repeated 4 times: Kish's design effect is 4, the interval twice as wide.
    const repeated = distinct.flatMap((r) => [0, 1, 2, 3].map((k) => ({ ...r, match: 4 * r.match + k })));
    const a = firstPlayerAdvantage(run(distinct));
    const b = firstPlayerAdvantage(run(repeated));
    expect(b.estimate).toBeCloseTo(a.estimate, 12);
    // Unwidened, 400 matches would give half the width; the sample sds differ by their n - 1 only.
    expect((b.high - b.low) / (a.high - a.low)).toBeCloseTo(Math.sqrt(99 / 100) * Math.sqrt(400 / 399), 6);
  });

  it('counts a deal whose two plays repeat an earlier deal once', () => {
    const a = [row(0, 0, 0, 'x', ['strong', 'weak']), row(1, 0, 0, 'x', ['strong', 'weak']), row(2, 1, 0, 'y', ['strong', 'weak'])];
    const b = [row(0, 1, 0, 'u', ['weak', 'strong']), row(1, 1, 0, 'u', ['weak', 'strong']), row(2, 1, 0, 'v', ['weak', 'strong'])];
    const f = aheadShare(run(a), run(b), 'strong');
    expect(f.repeated).toBe(1);
    expect(f.deals).toBe(3);
    // Deal 0: strong won both seatings (1); deal 2: strong lost seating a, won b (1/2).
    expect(f.estimate.share).toBeCloseTo(0.75, 12);
  });

  it('tallies the action kinds of replayed matches as the game counted them, and sees the gold card win', async () => {
    const dir = tempDir('tavolo-audit-kinds-');
    const plan = await planAudit({ target: join(FIXTURES, 'importance', 'gold-tin.mjs'), baseDir: ROOT, players: 2, matches: 80 }, () => dir);
    const pairing = plan.runs.find((r) => r.key === 'casual-skill/a')!;
    await runTournament(pairing.spec, { threads: 1, batch: 'auto', outDir: pairing.dir });
    const rows = (await readRun(pairing.dir)).rows;
    const t = tallyKinds(pairing.spec, rows, rows.length)!;
    const gold = t.kinds.find((k) => k.kind === 'gold')!;
    // The game's own count of gold cards played (its gold_played metric), summed over the same matches.
    const goldPlayed = rows.reduce((n, r) => n + r.metrics[0], 0);
    expect(gold.played).toBe(goldPlayed);
    expect(t.matches).toBe(rows.length);
    // Random seats that kept gold lose points it would have scored: the observational gap is positive.
    expect(gold.withIt.mean).toBeGreaterThan(gold.without.mean);
    expect(meanOf([1, 2, 3]).estimate).toBe(2);
  }, 60_000);
});
