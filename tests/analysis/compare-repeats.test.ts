// Repeated plays in summary.csv, seats.csv and compare (src/analysis/play-tally.ts, compare-repeats.ts):
// the Scala example, greedy against greedy, 400 matches of which 388 are one game, rebuilt from
// its rows. Reference values come from the formulas here: Kish's design effect, Wilson's interval by
// its textbook formula, and the two-proportion z test's p-value through @stdlib's normal cdf.
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import { describe, expect, it } from 'vitest';
import { SideAccumulator } from '../../src/analysis/accumulate.js';
import { comparisonRows } from '../../src/analysis/compare.js';
import { compareRepeatNotes } from '../../src/analysis/compare-repeats.js';
import { compareCsv } from '../../src/analysis/comparison-text.js';
import { Z95 } from '../../src/analysis/intervals.js';
import { playHashesOf } from '../../src/analysis/play-tally.js';
import { quantityPlan } from '../../src/analysis/quantities.js';
import type { MatchRow } from '../../src/analysis/results.js';
import { VariantStats, seatsCsv, summaryCsv } from '../../src/runner/aggregate.js';
import { Rec, recordWidth, scoreAt, wonAt } from '../../src/runner/records.js';

const MATCHES = 400;
const SAME = 388;
/** Kish's design effect of 388 matches of one play and 12 plays of one match each. */
const DEFF = (SAME * SAME + (MATCHES - SAME)) / MATCHES;

const hex = (g: number) => `${g.toString(16).padStart(8, '0')}9e3779b1`;

/**
 * Match i of a Scala heads-up between `greedy` and `greedy2` (seats swapped on odd matches): with
 * `repeating`, the first 388 matches are one play (greedy in seat 0 moves first and wins by 49) and the
 * other 12 are plays of their own; otherwise every match is its own play, greedy winning 3 in 5.
 */
function scalaMatch(i: number, repeating: boolean): MatchRow {
  const same = repeating && i < SAME;
  const greedySeat = same ? 0 : i % 2;
  const greedyWins = same || i % 5 < 3;
  const winner = greedyWins ? greedySeat : 1 - greedySeat;
  return {
    variant: 'base',
    variantIndex: 0,
    match: i,
    seed: `scala/match/${i}`,
    bots: greedySeat === 0 ? ['greedy', 'greedy2'] : ['greedy2', 'greedy'],
    winners: [winner],
    annulled: false,
    scores: winner === 0 ? [49, 0] : [0, 49 - (i % 7)],
    ranks: winner === 0 ? [1, 2] : [2, 1],
    firstPlayer: same ? 0 : i % 2,
    turns: same ? 61 : 50 + (i % 13),
    decisions: same ? 61 : 50 + (i % 13),
    endReason: 'last_player',
    faultSeat: -1,
    playHash: same ? hex(0) : hex(1000 + i + (repeating ? 0 : 5000)),
    metrics: [],
  };
}

const plan = quantityPlan({ game: 'scala', botNames: ['greedy', 'greedy2'], players: 2, metricNames: [], metricIndex: [] });

function side(repeating: boolean, hashes = true): SideAccumulator {
  const s = new SideAccumulator(plan);
  for (let i = 0; i < MATCHES; i++) s.add({ ...scalaMatch(i, repeating), ...(hashes ? {} : { playHash: '' }) });
  return s;
}

/** Wilson's score interval by its formula, on n trials. */
function wilsonByHand(p: number, n: number): [number, number] {
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [centre - half, centre + half];
}

describe("compare: a side whose plays repeat (the issue's Scala example)", () => {
  // The repeating run against a run of distinct plays (other seeds: two independent samples).
  const rows = comparisonRows('base', 'scala-greedy', { ref: side(true), cand: side(false) });
  // The same matches with no play hashes: what every match counted as independent gives.
  const plain = comparisonRows('base', 'scala-greedy', { ref: side(true, false), cand: side(false, false) });
  const share = rows.find((r) => r.quantity === 'win_share:greedy')!;
  const before = plain.find((r) => r.quantity === 'win_share:greedy')!;

  it('widens every interval by the square root of the design effect, never narrower than counting matches', () => {
    expect(DEFF).toBeCloseTo(376.39, 2);
    for (const r of rows) {
      const p = plain.find((x) => x.quantity === r.quantity)!;
      if (!Number.isFinite(p.low)) continue;
      expect(r.high - r.low).toBeGreaterThanOrEqual(p.high - p.low);
      const clamped = r.low === -1 || r.high === 1;
      if (!clamped) expect(r.high - r.low).toBeCloseTo((p.high - p.low) * Math.sqrt(DEFF), 9);
    }
    expect(share.low).toBe(-1);
  });

  it("gives the p-value of the z statistic over the effective plays, not the matches", () => {
    // The pooled two-proportion z test (Wald under the null), its standard error grown by sqrt(deff).
    const [x1, x2] = [SAME + 6, 240];
    const pooled = (x1 + x2) / (2 * MATCHES);
    const se = Math.sqrt(pooled * (1 - pooled) * (2 / MATCHES));
    const d = x2 / MATCHES - x1 / MATCHES;
    expect(before.p).toBeCloseTo(2 * normalCdf(-Math.abs(d) / se, 0, 1), 12);
    expect(before.p).toBeLessThan(1e-20);
    expect(share.p).toBeCloseTo(2 * normalCdf(-Math.abs(d) / (se * Math.sqrt(DEFF)), 0, 1), 9);
    expect(share.p).toBeGreaterThan(0.05);
  });

  it('writes the distinct plays and the effective plays in compare.csv', () => {
    const csv = compareCsv(rows).split('\n');
    expect(csv[0].split(',').slice(-3)).toEqual(['reference_plays', 'plays', 'effective_plays']);
    const line = csv.find((l) => l.includes(',win_share:greedy,'))!;
    expect(line.split(',').slice(-3)).toEqual(['13', '400', (MATCHES / DEFF).toFixed(1)]);
  });

  it('says first that 388 of the 400 matches were one game, what the rows count, and what to do', () => {
    const notes = compareRepeatNotes([
      { label: 'base in scala-greedy', side: side(true) },
      { label: 'base in scala-opening', side: side(false) },
    ]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^Repeated play: 388 of the 400 matches of base in scala-greedy were one repeated game \(13 distinct plays in all\)/);
    expect(notes[0]).toContain(`count its ${(MATCHES / DEFF).toFixed(1)} effective plays (Kish's), not its 400 matches`);
    expect(notes[0]).toContain("the spec's `opening`");
  });
});

/** The records and matches.csv bytes of the 400 matches (only the columns up to play_hash matter here). */
function scalaBatch(repeating: boolean): { rec: Float64Array; csv: Buffer } {
  const w = recordWidth(2);
  const rec = new Float64Array(MATCHES * w);
  const lines: string[] = [];
  for (let i = 0; i < MATCHES; i++) {
    const m = scalaMatch(i, repeating);
    const o = i * w;
    rec[o + Rec.FIRST_PLAYER] = m.firstPlayer;
    rec[o + Rec.TURNS] = m.turns;
    rec[o + Rec.DECISIONS] = m.decisions;
    rec[o + Rec.FAULT_SEAT] = -1;
    rec[o + Rec.FAULT_REASON] = -1;
    m.scores.forEach((s, k) => (rec[o + scoreAt(k)] = s));
    rec[o + wonAt(2, m.winners[0])] = 1;
    // A quoted cell with a comma before the hash: the reader must not count its comma.
    lines.push(`base,${i},"${m.seed},x",${m.playHash},7\n`);
  }
  return { rec, csv: Buffer.from(lines.join('')) };
}

describe('summary.csv and seats.csv of the same run', () => {
  const stats = (repeating: boolean) => {
    const v = new VariantStats('base', ['greedy', 'greedy2']);
    const { rec, csv } = scalaBatch(repeating);
    v.add(0, rec);
    v.addPlays(playHashesOf(csv, 3), rec);
    return v;
  };
  const summary = (repeating: boolean) => summaryCsv([stats(repeating)]).trim().split('\n').map((l) => l.split(','));
  const seats = (repeating: boolean) => seatsCsv([stats(repeating)]).trim().split('\n').map((l) => l.split(','));

  it('count the distinct plays and the effective plays, and widen the win shares to them', () => {
    const rows = summary(true);
    expect(rows[0].slice(-2)).toEqual(['plays', 'effective_plays']);
    const greedy = rows.find((r) => r[1] === 'greedy')!;
    expect(greedy.slice(-2)).toEqual(['13', (MATCHES / DEFF).toFixed(1)]);
    // One seat a match, no shared wins: the per-match spread gives n - 1 effective matches, divided by deff.
    const p = Number(greedy[4]);
    const [low, high] = wilsonByHand(p, (MATCHES - 1) / DEFF);
    expect(Number(greedy[5])).toBeCloseTo(low, 4);
    expect(Number(greedy[6])).toBeCloseTo(high, 4);
    const [l0, h0] = wilsonByHand(p, MATCHES - 1);
    expect(high - low).toBeGreaterThan(5 * (h0 - l0));
  });

  it('seats.csv: the first player won 388 times in one play, its share as wide as 13 plays allow', () => {
    const rows = seats(true);
    expect(rows[0].slice(-2)).toEqual(['plays', 'effective_plays']);
    const first = rows[1];
    expect(first.slice(-2)).toEqual(['13', (MATCHES / DEFF).toFixed(1)]);
    expect(Number(first[7]) - Number(first[6])).toBeGreaterThan(0.5);
  });

  it('with every play distinct, the files are what they were (deff 1) and say 400 plays', () => {
    const rows = summary(false);
    const greedy = rows.find((r) => r[1] === 'greedy')!;
    expect(greedy.slice(-2)).toEqual(['400', '400.0']);
    const [low, high] = wilsonByHand(Number(greedy[4]), MATCHES - 1);
    expect(Number(greedy[5])).toBeCloseTo(low, 4);
    expect(Number(greedy[6])).toBeCloseTo(high, 4);
  });
});
