import { beforeAll, describe, expect, it, vi } from 'vitest';
import { tuneCharts, type TuneMark } from '../../../src/studies/tune/charts.js';
import { resolveTune } from '../../../src/studies/tune/spec.js';
import { fixtureSearch, tuneCsvRows as csvRows, type FixtureSearch } from '../../helpers/tune-search.js';
import { join } from 'node:path';
import { readJsonFile } from '../../helpers/json-files.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * tune.html's data from a small search on the high-card fixture (tests/helpers/tune-search.ts), checked
 * against the tune.csv and tune.json the search wrote, not against the chart code's own sums.
 */

let f: FixtureSearch;

beforeAll(async () => {
  f = await fixtureSearch('tavolo-tune-charts-');
});

/** Where an estimate lies against its target, from the numbers alone: the gap to the band, then how far the interval reaches beyond it. */
function closeness(m: TuneMark, min: number, max: number): [number, number] {
  const x = m.x ?? Infinity;
  const gap = x < min ? min - x : x > max ? x - max : 0;
  return [gap, Math.max(0, min - (m.lo ?? -Infinity)) + Math.max(0, (m.hi ?? Infinity) - max)];
}

describe("tune.html's chart data", () => {
  it('has one mark per candidate per target, each the estimate and interval of tune.csv with its status and round', () => {
    const charts = tuneCharts(f.search.outcome, f.plan);
    const rows = csvRows(f.dir);
    const statuses = new Set(rows.map((x) => x.candidate_status));
    // The fixture search has every kind of candidate but one meeting every target.
    expect([...statuses].sort()).toEqual(['dropped', 'not-ruled-out']);
    expect(charts.targets.map((c) => c.quantity)).toEqual(['annulled_rate', 'win_share:greedy', 'turns_mean']);
    for (const c of charts.targets) {
      const mine = rows.filter((x) => x.quantity === c.quantity);
      expect(c.marks.map((m) => m.candidate).sort()).toEqual(mine.map((x) => x.candidate).sort());
      const scale = c.quantity === 'turns_mean' ? 1 : 100;
      for (const m of c.marks) {
        const row = mine.find((x) => x.candidate === m.candidate)!;
        expect(m.x).toBeCloseTo(Number(row.estimate) * scale, 3);
        expect(m.lo).toBeCloseTo(Number(row.ci_low) * scale, 3);
        expect(m.hi).toBeCloseTo(Number(row.ci_high) * scale, 3);
        expect(m.target).toBe(row.target_status);
        expect(m.status).toBe({ meets: 'meets every target', 'not-ruled-out': 'not ruled out', dropped: 'dropped' }[row.candidate_status]);
        expect(m.round).toBe(row.round_dropped === '' ? null : Number(row.round_dropped));
        expect(m.dropNote).toBe(row.round_dropped === '' ? null : `dropped in round ${row.round_dropped}${row.dropped_by === c.quantity ? ', here' : ''}`);
      }
    }
    expect(charts.confidence).toBe(Number(rows[0].confidence));
  });

  it('orders each chart closest first and shades the target, an open side reaching the edge', () => {
    const charts = tuneCharts(f.search.outcome, f.plan);
    for (const [t, c] of charts.targets.entries()) {
      const scale = c.quantity === 'turns_mean' ? 1 : 100;
      const { min, max } = f.plan.targets[t];
      const keys = c.marks.map((m) => closeness(m, min * scale, max * scale));
      for (let i = 1; i < keys.length; i++) {
        const [a, b] = [keys[i - 1], keys[i]];
        expect(a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1] + 1e-9), `${c.quantity}: ${c.marks[i - 1].candidate} before ${c.marks[i].candidate}`).toBe(true);
      }
      expect(c.band).toEqual([Number.isFinite(min) ? min * scale : c.domain[0], Number.isFinite(max) ? max * scale : c.domain[1]]);
      for (const m of c.marks) expect(m.lo! >= c.domain[0] && m.hi! <= c.domain[1]).toBe(true);
    }
    // The length target: the hand-1 and hand-6 candidates (3 and 18 turns) are farthest, the inside ones first.
    const turns = charts.targets[2].marks;
    expect(turns.slice(-4).map((m) => m.candidate).sort()).toEqual(['hand=1,annulOnTie=false', 'hand=1,annulOnTie=true', 'hand=6,annulOnTie=false', 'hand=6,annulOnTie=true']);
  });

  it('stacks the matches spent round by round as tune.json counts them, under the full grid', () => {
    const json = readJsonFile<{ grid_matches: number; matches_spent: number; block: number; rounds: { round: number; candidates: number }[] }>(join(f.dir, 'tune.json'));
    const { bars, grid, spent } = tuneCharts(f.search.outcome, f.plan).rounds;
    expect([grid, spent]).toEqual([json.grid_matches, json.matches_spent]);
    let sum = 0;
    for (const round of json.rounds) {
      const mine = bars.filter((b) => b.round === `round ${round.round}`);
      expect(mine.map((b) => [b.part, b.matches])).toEqual([
        ['earlier rounds', sum],
        ['this round', round.candidates * json.block],
      ]);
      sum += round.candidates * json.block;
    }
    expect(sum).toBe(spent);
    expect(spent).toBeLessThan(grid);
  });

  it('with a preference: the candidates it dropped say so', async () => {
    // Turns at most 10 leaves hands 2 and 3; highest turns_mean: turns are 3 x hand, so the paired
    // difference is exact and hand 2 goes at once.
    const p = await fixtureSearch('tavolo-tune-charts-prefer-', (spec, raw) =>
      resolveTune({ ...raw, prefer: { quantity: 'turns_mean', goal: 'highest' }, targets: [...raw.targets.slice(0, 2), { quantity: 'turns_mean', min: 4, max: 10 }] }, spec),
    );
    const notes = tuneCharts(p.search.outcome, p.plan).targets.flatMap((c) => c.marks.filter((m) => m.dropNote?.endsWith(', preference')).map((m) => m.candidate));
    const byPreference = csvRows(p.dir).filter((x) => x.dropped_by.startsWith('prefer:'));
    expect(notes.sort()).toEqual(byPreference.map((x) => x.candidate).sort());
    expect([...new Set(notes)]).toEqual(['hand=2,annulOnTie=false']);
  });
});
