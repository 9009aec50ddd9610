import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'csv-parse/sync';
import { removeTempDirs, tavoloAsync, tempDir, type CliResult } from '../fixtures/cli.js';

/** The variant names of a grid hold a comma, so they are quoted: read with a real CSV parser. */
const readCsvObjects = (file: string) => parse<Record<string, string>>(readFileSync(file, 'utf8'), { columns: true });

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
afterAll(removeTempDirs);

/**
 * Win shares that saturate: the Zatre grid (light squares x points, greedy against random), where
 * greedy wins every match of every cell. The answer must say so first and speak of the margin, and must
 * not lead with the first-player advantage, which then only records how often greedy moved first. The
 * margins the words give are recomputed here from matches.csv's scores.
 */

const SPEC = {
  name: 'zatre-light-points',
  description: 'Do the light squares and the points for a run change Zatre, greedy against random?',
  game: 'zatre',
  players: 2,
  matches: 60,
  seed: 'zg-a',
  sweep: { lightSquares: ['standard', 'none', 'inner'], points: [[1, 2, 4], [1, 2, 3], [2, 3, 4]] },
  bots: [
    { name: 'greedy', bot: 'greedy' },
    { name: 'random', bot: 'random' },
  ],
};

/** Greedy's margin over random in one matches.csv row, from the scores (Zatre: a higher score is better). */
function greedyMargin(r: Record<string, string>): number {
  const g = r.seat0_bot === 'greedy' ? 0 : 1;
  return Number(r[`seat${g}_score`]) - Number(r[`seat${1 - g}_score`]);
}

describe('a grid where one bot wins every match (Zatre, greedy against random)', () => {
  const dir = tempDir('tavolo-saturation-');
  let run: CliResult;
  let answer: string[];

  beforeAll(async () => {
    const spec = join(dir, 'spec.json');
    writeFileSync(spec, JSON.stringify(SPEC));
    run = await tavoloAsync(['run', spec, '--out', join(dir, 'out'), '--threads', '1']);
    answer = run.stdout.split('\n');
  });

  it('greedy won every one of the 60 matches in each of the 9 cells (the case of the example)', () => {
    expect(run.code, run.stderr).toBe(0);
    const rows = readCsvObjects(join(dir, 'out', 'matches.csv'));
    expect(rows).toHaveLength(9 * 60);
    expect(rows.every((r) => r[`seat${r.winners}_bot`] === 'greedy')).toBe(true);
  });

  it('says first who wins, in words, and speaks of the margin, with the margins matches.csv gives', () => {
    const who = answer.findIndex((l) => l.startsWith('Who wins: greedy won every match in every cell'));
    expect(who, run.stdout).toBeGreaterThan(0);
    expect(answer[who]).toBe('Who wins: greedy won every match in every cell (60 of 60 matches in each of the 9): its win share is 100% throughout and cannot tell the cells apart; its margin says by how much.');
    // Before anything about the first player or the trends.
    expect(answer.findIndex((l) => /first-player|first player/i.test(l))).toBeGreaterThan(who);
    const margin = answer[who + 1];
    expect(margin).toMatch(/^Greedy's margin over the best other seat is lowest at (.+): \+(\d+) score points \(95% CI .+\), highest at (.+): \+(\d+) score points/);
    // The cells named lowest and highest, and their means, recomputed from the scores.
    const rows = readCsvObjects(join(dir, 'out', 'matches.csv'));
    const means = new Map<string, number>();
    for (const v of new Set(rows.map((r) => r.variant))) {
      const m = rows.filter((r) => r.variant === v).map(greedyMargin);
      means.set(v, m.reduce((a, b) => a + b, 0) / m.length);
    }
    const sorted = [...means].sort((a, b) => a[1] - b[1]);
    const [, lowAt, low, highAt, high] = /lowest at (.+?): \+(\d+) .* highest at (.+?): \+(\d+) /.exec(margin)!;
    expect(lowAt.replace(', ', ',')).toBe(sorted[0][0]);
    expect(highAt.replace(', ', ',')).toBe(sorted[sorted.length - 1][0]);
    expect(Number(low)).toBe(Math.round(sorted[0][1]));
    expect(Number(high)).toBe(Math.round(sorted[sorted.length - 1][1]));
  });

  it('says the first-player advantage is uninformative instead of reporting it as a finding', () => {
    const text = run.stdout;
    expect(text).toContain("The first-player advantage says nothing here: greedy won every match, so the first player's share of the wins only records how often greedy moved first.");
    expect(text).not.toMatch(/The first-player advantage is lowest/);
    expect(text).not.toMatch(/Balance: the first-player advantage did not move/);
    expect(text).toContain("Balance: the first-player advantage says nothing here: greedy won every match");
  });

  it('compares each cell with the baseline by its margin, paired, when the win shares cannot move', () => {
    const text = run.stdout;
    expect(text).toContain('Who wins: greedy won every match in both (60 of 60 and 60 of 60): its win share sits at 100% and cannot move, so its margin says how the variant changed the contest.');
    const cmp = readCsvObjects(join(dir, 'out', 'compare.csv')).filter((r) => r.quantity === 'margin:greedy');
    expect(cmp).toHaveLength(8);
    expect(cmp.every((r) => r.test === 'paired-t' && r.pairs === '60')).toBe(true);
    // The loser's margin mirrors the winner's in two seats: the same column, tested once.
    const mirror = readCsvObjects(join(dir, 'out', 'compare.csv')).filter((r) => r.quantity === 'margin:random');
    expect(mirror.every((r) => r.same_as === 'margin:greedy')).toBe(true);
  });

  it('keeps the saturated win share in grid.csv, untested, and report.html says the same words', async () => {
    const grid = readCsvObjects(join(dir, 'out', 'grid.csv'));
    const share = grid.filter((r) => r.quantity === 'win_share:greedy');
    expect(share).toHaveLength(9);
    expect(share.every((r) => r.estimate === '1' && r.slope1_p === '' && r.slope1_p_holm === '')).toBe(true);
    expect(grid.filter((r) => r.quantity === 'margin:greedy')).toHaveLength(9);
    const page = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    expect(page).toContain('greedy won every match in every cell (60 of 60 matches in each of the 9)');
    expect(page).toContain("Not a finding about the seats: in every variant greedy won every match, so there the first player's share of the wins only records how often that bot moved first.");
    const again = await tavoloAsync(['report', join(dir, 'out')]);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(dir, 'out', 'report.html'), 'utf8')).toContain('greedy won every match in every cell');
  });
});

describe('a single variant where one bot wins every match', () => {
  it('says so, gives the margins in score points, and calls the first-player advantage uninformative', async () => {
    const dir = tempDir('tavolo-saturation-one-');
    const spec = join(dir, 'spec.json');
    writeFileSync(spec, JSON.stringify({ ...SPEC, name: 'zatre-one', sweep: undefined, matches: 30 }));
    const r = await tavoloAsync(['run', spec, '--out', join(dir, 'out'), '--threads', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Who wins: greedy won every match \(30 of 30\): its win share sits at 100%, and its margin says by how much/);
    expect(r.stdout).toMatch(/in score points, ahead positive: greedy's margin over the best other seat \+\d+ \(95% CI \+\d+ to \+\d+\)/);
    expect(r.stdout).toContain("Balance: the first-player advantage says nothing here: greedy won every match");
    expect(r.stdout).not.toMatch(/first player has an advantage|first player is at a disadvantage|no sign of a first-player advantage/);
  });
});

describe('a one-option sweep where one bot wins every match', () => {
  it('says so first with the margin at each value, keeps the share out of Holm, and leaves the first player out', async () => {
    const dir = tempDir('tavolo-saturation-sweep-');
    const spec = join(dir, 'spec.json');
    writeFileSync(spec, JSON.stringify({ ...SPEC, name: 'zatre-rise', sweep: { bonusRise: [0, 1, 2] }, matches: 40 }));
    const r = await tavoloAsync(['run', spec, '--out', join(dir, 'out'), '--threads', '1']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const who = lines.findIndex((l) => l.startsWith('Who wins: greedy won every match at every value of bonusRise (40 of 40 at each)'));
    expect(who, r.stdout).toBeGreaterThan(0);
    expect(lines[who]).toMatch(/its margin says by how much: \+\d+ score points \(95% CI \+\d+ to \+\d+\) at bonusRise = 0, .* at bonusRise = 2\.$/);
    expect(lines[who + 1]).toMatch(/^The first-player advantage says nothing here/);
    const sweep = parse<Record<string, string>>(readFileSync(join(dir, 'out', 'sweep.csv'), 'utf8'), { columns: true });
    expect(sweep.filter((x) => x.quantity === 'win_share:greedy').every((x) => x.estimate === '1' && x.slope_p === '' && x.slope_p_holm === '')).toBe(true);
    const tested = new Set(sweep.filter((x) => x.slope_p !== '').map((x) => x.quantity)).size;
    // The report's chart of the share says why it has no trend, not "too few matches".
    const page = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    expect(page).toContain('Not tested: this bot won every match at every value, so the share cannot move; its margin says by how much.');
    expect(page).not.toContain('No trend can be estimated (too few matches).');
    const none = lines.find((l) => l.startsWith('No trend found in any quantity'));
    // Holm counts each distinct column once (a quantity repeated under another name is one test).
    if (none) expect(none).toMatch(new RegExp(`Holm over (${tested} quantities|\\d+ distinct quantities of ${tested},)`));
  });
});

describe('the margins where a lower score is better (Stop)', () => {
  it('reads the lower score as ahead: greedy margin over random is their scores subtracted the other way', async () => {
    const dir = tempDir('tavolo-margins-stop-');
    const spec = join(dir, 'spec.json');
    const bots = [{ name: 'greedy', bot: 'greedy' }, { name: 'random', bot: 'random' }];
    writeFileSync(spec, JSON.stringify({ name: 'stop-margins', game: 'stop', players: 2, matches: 60, seed: 'stop-margins', bots, variants: [{ name: 'base', options: {} }, { name: 'again', options: {} }] }));
    const r = await tavoloAsync(['run', spec, '--out', join(dir, 'out'), '--threads', '1']);
    expect(r.code, r.stderr).toBe(0);
    const rows = readCsvObjects(join(dir, 'out', 'matches.csv')).filter((x) => x.variant === 'base' && x.annulled !== '1');
    const byHand = rows.map((x) => {
      const g = x.seat0_bot === 'greedy' ? 0 : 1;
      return Number(x[`seat${1 - g}_score`]) - Number(x[`seat${g}_score`]);
    });
    const mean = byHand.reduce((a, b) => a + b, 0) / byHand.length;
    // Greedy wins most Stop matches against random: its margin, ahead positive, is above 0.
    expect(mean).toBeGreaterThan(0);
    const lead = rows.map((x) => Math.abs(Number(x.seat0_score) - Number(x.seat1_score)));
    const own = readCsvObjects(join(dir, 'out', 'variants.csv'));
    const figure = (q: string) => Number(own.find((x) => x.variant === 'base' && x.quantity === q)!.value);
    expect(figure('margin:greedy')).toBeCloseTo(mean, 5);
    expect(figure('margin:random')).toBeCloseTo(-mean, 5);
    expect(figure('winner_margin')).toBeCloseTo(lead.reduce((a, b) => a + b, 0) / lead.length, 5);
    // The page draws the margins' paired differences in score points, apart from the relative chart.
    const page = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    expect(page).toContain('forest-margins');
    expect(page).toContain('Difference from the reference variant (score points)');
  });
});
