import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Z95 } from '../../src/analysis/intervals.js';
import { ROOT, readCsvObjects, tavolo, tempDir } from '../fixtures/cli.js';

/**
 * Repeated plays in `tavolo run`'s answer. Scala deals nothing (chance only picks who starts), so a
 * small alphabeta, deterministic on an open board, against the first legal move plays the same few
 * games from every seed: the answer must say so before any figure, and its win shares must be as wide
 * as those few plays allow, not as 60 independent matches would make them. Greedy against greedy breaks
 * its ties at random, so its plays all differ, and the answer must not cry wolf there.
 */

vi.setConfig({ testTimeout: 120_000 });

const dir = tempDir();

function spec(name: string, bots: unknown[], matches: number, extra: Record<string, unknown> = {}): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({ name, game: 'scala', players: 2, matches, seed: name, description: `Scala heads-up: ${name}.`, variants: [{ name: 'base', options: {} }], bots, ...extra }),
  );
  return file;
}

const deterministic = [
  { name: 'alphabeta', bot: 'alphabeta', params: { nodes: 20 } },
  { name: 'first', bot: join(ROOT, 'bots', 'examples', 'first-legal.mjs') },
];

/** Wilson's score interval by its formula, on n trials. */
function wilsonByHand(p: number, n: number): [number, number] {
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [centre - half, centre + half];
}

describe('a run whose plays repeat', () => {
  const out = join(dir, 'repeating');
  const r = tavolo(['run', spec('repeating', deterministic, 60), '--threads', '1', '--out', out]);
  const rows = readCsvObjects(join(out, 'matches.csv'));

  it('writes each match\'s play hash; matches with the same hash have the same record', () => {
    expect(r.code).toBe(0);
    const byHash = new Map<string, Record<string, string>>();
    for (const row of rows) {
      expect(row.play_hash).toMatch(/^[0-9a-f]{16}$/);
      const { match: _m, seed: _s, ...record } = row;
      const first = byHash.get(row.play_hash);
      if (first) expect(record).toEqual(first);
      else byHash.set(row.play_hash, record);
    }
    // Two seatings, two first players: at most four plays.
    expect(byHash.size).toBeLessThanOrEqual(4);
  });

  it('says so first, before any figure, with the counts and what to do', () => {
    const distinct = new Set(rows.map((x) => x.play_hash)).size;
    const lines = r.stdout.split('\n');
    const q = lines.findIndex((l) => l.startsWith('Question: '));
    expect(lines[q + 1]).toMatch(new RegExp(`^Repeated play: ${60 - distinct} of the 60 matches of base \\(.*%\\) repeat an earlier match move for move`));
    expect(lines[q + 1]).toContain(`${distinct} distinct plays`);
    expect(lines[q + 1]).toContain("the spec's `opening`");
    expect(lines[q + 2]).toBe('Answer (95% intervals):');
  });

  it("gives win shares as wide as the distinct plays allow (Wilson on Kish's n_eff), wider than on 60 matches", () => {
    const sizes = new Map<string, number>();
    for (const row of rows) sizes.set(row.play_hash, (sizes.get(row.play_hash) ?? 0) + 1);
    const nEff = (60 * 60) / [...sizes.values()].reduce((a, n) => a + n * n, 0);
    const share = readCsvObjects(join(out, 'summary.csv')).find((x) => x.bot === 'alphabeta')!;
    const p = Number(share.wins) / 60;
    const [low, high] = wilsonByHand(p, nEff);
    const pct = (v: number) => (100 * v).toFixed(1);
    expect(r.stdout).toContain(`alphabeta won ${pct(p)}% of its matches (95% CI ${pct(low)} to ${pct(high)}%)`);
    const [pl, ph] = wilsonByHand(p, 60);
    expect(high - low).toBeGreaterThan(2 * (ph - pl));
  });
});

describe('summary.csv and compare of runs whose plays repeat', () => {
  const a = join(dir, 'repeating');
  const b = join(dir, 'repeating-b');
  tavolo(['run', spec('repeating-b', deterministic, 60), '--threads', '1', '--out', b]);
  const plays = (folder: string) => {
    const sizes = new Map<string, number>();
    for (const row of readCsvObjects(join(folder, 'matches.csv'))) sizes.set(row.play_hash, (sizes.get(row.play_hash) ?? 0) + 1);
    return { distinct: sizes.size, effective: (60 * 60) / [...sizes.values()].reduce((x, n) => x + n * n, 0) };
  };

  it("summary.csv and seats.csv name the distinct and effective plays; the summary's interval is about the verdict's", () => {
    const p = plays(a);
    const share = readCsvObjects(join(a, 'summary.csv')).find((x) => x.bot === 'alphabeta')!;
    expect([share.plays, share.effective_plays]).toEqual([String(p.distinct), p.effective.toFixed(1)]);
    const [low, high] = wilsonByHand(Number(share.win_rate), ((60 - 1) * p.effective) / 60);
    expect(Number(share.win_rate_low95)).toBeCloseTo(low, 3);
    expect(Number(share.win_rate_high95)).toBeCloseTo(high, 3);
    for (const seat of readCsvObjects(join(a, 'seats.csv'))) expect(seat.plays).toBe(String(p.distinct));
  });

  it('compare says first that both sides repeat, and widens its rows to the effective plays', () => {
    const out = join(dir, 'compared');
    const r = tavolo(['compare', a, b, '--out', out]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const answer = lines.findIndex((l) => l.startsWith('Answer'));
    const notes = lines.slice(0, answer).filter((l) => l.startsWith('Repeated play: '));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('of the 60 matches of base in');
    expect(notes[0]).toContain('effective plays');
    expect(r.stdout).toMatch(/\n {2}distinct plays +\d +\d\n/);
    // Four plays a side: no change of a win share could have been detected, and the words say so, not "±121 points".
    expect(r.stdout).toContain("alphabeta's win share shows no detectable change");
    expect(r.stdout).not.toMatch(/±(1\d\d|[2-9]\d\d)(\.\d+)? points would have been detected/);
    const row = readCsvObjects(join(out, 'compare.csv')).find((x) => x.quantity === 'win_share:alphabeta')!;
    const effective = Math.min(plays(a).effective, plays(b).effective);
    expect(row.effective_plays).toBe(effective.toFixed(1));
    expect([row.reference_plays, row.plays]).toEqual([String(plays(a).distinct), String(plays(b).distinct)]);
  });
});

describe('a run whose plays all differ', () => {
  it('greedy against greedy on Scala: every match a play of its own (random ties), and no repeated-play note', () => {
    const out = join(dir, 'greedy');
    const r = tavolo(['run', spec('greedy', [{ name: 'greedy', bot: 'greedy' }, { name: 'greedy2', bot: 'greedy' }], 40), '--threads', '1', '--out', out]);
    expect(r.code).toBe(0);
    const rows = readCsvObjects(join(out, 'matches.csv'));
    expect(new Set(rows.map((x) => x.play_hash)).size).toBe(40);
    expect(r.stdout).not.toContain('Repeated play');
  });

  it('an opening of random moves turns the repeating pairing into distinct plays', () => {
    const out = join(dir, 'opening');
    const r = tavolo(['run', spec('opening', deterministic, 40, { opening: 4 }), '--threads', '1', '--out', out]);
    expect(r.code).toBe(0);
    const rows = readCsvObjects(join(out, 'matches.csv'));
    expect(new Set(rows.map((x) => x.play_hash)).size).toBeGreaterThan(36);
    expect(r.stdout).not.toContain('Repeated play');
  });
});
