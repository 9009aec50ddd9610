import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Standings, headToHeadCsv, leaderboardText, ratingsCsv, standingsAfterRun, RATINGS_HEADER, HEAD_TO_HEAD_HEADER } from '../../src/analysis/standings.js';

/** Rows of a 3-seat table: a > b > c by construction, with some ties (annulled) and upsets. */
function rows(): Array<{ variant: string; bots: string[]; ranks: number[] }> {
  const out: Array<{ variant: string; bots: string[]; ranks: number[] }> = [];
  const names = ['a', 'b', 'c'];
  for (let i = 0; i < 300; i++) {
    const bots = [0, 1, 2].map((s) => names[(s + i) % 3]);
    const order = i % 10 === 0 ? null : i % 7 === 0 ? ['c', 'b', 'a'] : i % 5 === 0 ? ['b', 'a', 'c'] : ['a', 'b', 'c'];
    const ranks = bots.map((b) => (order ? order.indexOf(b) + 1 : 1));
    out.push({ variant: i < 150 ? 'v1' : 'v2', bots, ranks });
  }
  return out;
}

describe('standings files', () => {
  const st = new Standings();
  for (const r of rows()) st.add(r);
  const results = st.results();

  it('ratings.csv: one row per variant and name, best first, with the columns the issue names', () => {
    const lines = ratingsCsv(results).trimEnd().split('\n');
    expect(lines[0]).toBe(RATINGS_HEADER.join(','));
    expect(RATINGS_HEADER.slice(0, 7)).toEqual(['variant', 'bot', 'rating', 'rating_low95', 'rating_high95', 'matches', 'rank']);
    const body = lines.slice(1).map((l) => l.split(','));
    expect(body.map((r) => `${r[0]}:${r[1]}:${r[6]}`)).toEqual(['v1:a:1', 'v1:b:2', 'v1:c:3', 'v2:a:1', 'v2:b:2', 'v2:c:3']);
    for (const r of body) {
      expect(Number(r[3])).toBeLessThan(Number(r[2]));
      expect(Number(r[4])).toBeGreaterThan(Number(r[2]));
      expect(r[5]).toBe('150');
    }
    // The last of a variant has no next.
    expect(body[2].slice(7)).toEqual(['', '', '']);
    expect(body[0][9]).toMatch(/^[01]$/);
  });

  it('head-to-head.csv: every ordered pair, shares that add up to one', () => {
    const lines = headToHeadCsv(results).trimEnd().split('\n');
    expect(lines[0]).toBe(HEAD_TO_HEAD_HEADER.join(','));
    const body = lines.slice(1).map((l) => l.split(','));
    expect(body).toHaveLength(12);
    const share = (v: string, a: string, b: string) => Number(body.find((r) => r[0] === v && r[1] === a && r[2] === b)![4]);
    expect(share('v1', 'a', 'b') + share('v1', 'b', 'a')).toBeCloseTo(1, 4);
    expect(share('v1', 'a', 'c')).toBeGreaterThan(0.5);
  });

  it('the leaderboard says which neighbours are separated', () => {
    const text = leaderboardText(results);
    expect(text).toMatch(/Ratings, variant v1 \(150 matches/);
    expect(text).toMatch(/a .*(ahead of|not separated from) b/);
  });

  it('does not depend on the order of the rows', () => {
    const back = new Standings();
    const r = rows();
    // Same first row per variant (it fixes the name order), the rest reversed.
    const v1 = r.filter((x) => x.variant === 'v1');
    const v2 = r.filter((x) => x.variant === 'v2');
    for (const x of [v1[0], ...v1.slice(1).reverse(), v2[0], ...v2.slice(1).reverse()]) back.add(x);
    expect(ratingsCsv(back.results())).toBe(ratingsCsv(results));
    expect(headToHeadCsv(back.results())).toBe(headToHeadCsv(results));
  });
});

describe('after a run', () => {
  it('a folder the standings cannot read gives a warning, not an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tavolo-standings-'));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await standingsAfterRun(dir)).toBe('');
      expect(String(err.mock.calls[0][0])).toMatch(/^warning: ratings.csv and head-to-head.csv were not written: .*no run.json/);
    } finally {
      err.mockRestore();
    }
  });
});
