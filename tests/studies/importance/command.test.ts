// `tavolo importance` end to end, through the compiled CLI: a file game where one action kind decides
// the match and another does nothing (the ranking must find which), the same command on Stop, on a spec
// and on a game file from the contract fixtures, its determinism across threads, and its refusals.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, readCsvObjects, tavolo, tempDir } from '../../fixtures/cli.js';
import { readRunJson } from '../../helpers/json-files.js';
import { openResult, readMatches } from '../../../src/analysis/results.js';

const GOLD_TIN = join(FIXTURES, 'importance', 'gold-tin.mjs');
const COUNTDOWN = join(FIXTURES, 'games', 'countdown.mjs');
const NO_KINDS = join(FIXTURES, 'no-kinds-game.mjs');

describe('tavolo importance on a game where gold decides and tin does nothing', () => {
  const out = tempDir();
  const args = ['importance', GOLD_TIN, '--opponents', 'random', '--matches', '600', '--threads', '1', '--out', out];
  const first = tavolo(args);
  const rows = () => readCsvObjects(join(out, 'importance.csv'));

  it('answers in sentences before any table, and exits 0', () => {
    expect(first.stderr).not.toMatch(/error/i);
    expect(first.code).toBe(0);
    const text = first.stdout;
    expect(text).toMatch(/1\. gold cards: loses [0-9.]+ points of greedy's win share, from [0-9.]+% to [0-9.]+% \(95% CI [0-9.]+ to [0-9.]+ points lost; Holm-adjusted p < 0\.001\)/);
    expect(text).toMatch(/2\. tin cards: no match changed/);
    expect(text).toMatch(/1\. gold \(goldCount\): one more \(goldCount=4\)/);
    expect(text.indexOf('1. gold cards')).toBeLessThan(text.indexOf('Restricted play:\n  rank'));
    expect(text.indexOf('No count change')).toBe(-1);
  });

  it('ranks gold first in both views, significant, and tin as no change in restricted play', () => {
    const r = rows().filter((x) => x.view === 'restricted');
    expect(r.map((x) => [x.rank, x.name])).toEqual([['1', 'gold'], ['2', 'tin']]);
    expect(Number(r[0].difference)).toBeLessThan(-0.2);
    expect(Number(r[0].p_holm)).toBeLessThan(0.001);
    expect(Number(r[0].ci_high95)).toBeLessThan(0);
    expect(Number(r[1].difference)).toBe(0);
    expect(Number(r[1].p_holm)).toBe(1);
    const s = rows().filter((x) => x.view === 'sensitivity');
    expect(s.filter((x) => x.rank === '1').map((x) => x.name)).toEqual(['goldCount', 'goldCount']);
    expect(s.find((x) => x.variant === 'goldCount=4')!.difference).toMatch(/^0\.\d+/);
    expect(Number(s.find((x) => x.variant === 'goldCount=2')!.difference)).toBeLessThan(0);
    for (const x of s.filter((y) => y.name === 'goldCount')) expect(Number(x.p_holm)).toBeLessThan(0.05);
  });

  it("tests each card against the one above it, paired on the same deals (the difference recomputed from the two runs' matches)", async () => {
    const r = rows().filter((x) => x.view === 'restricted');
    expect(r[0].above).toBe('');
    expect(r[1].above).toBe('gold');
    // Per seed, greedy's win share without tin minus without gold, by hand from the two runs' matches.csv.
    const share = async (dir: string) => {
      const info = openResult(dir);
      const bySeed = new Map<string, number>();
      await readMatches(info, (m) => {
        const seat = m.bots.indexOf('greedy');
        bySeed.set(m.seed, m.winners.includes(seat) ? 1 / m.winners.length : 0);
      });
      return bySeed;
    };
    const [gold, tin] = [await share(join(out, 'restricted', 'without-gold')), await share(join(out, 'restricted', 'without-tin'))];
    const d = [...tin.keys()].map((seed) => tin.get(seed)! - gold.get(seed)!);
    expect(d).toHaveLength(600);
    expect(Number(r[1].above_difference)).toBeCloseTo(d.reduce((a, x) => a + x, 0) / d.length, 8);
    // One neighbour test: Holm leaves its p as it is; gold decides, so without tin greedy wins far more than without gold.
    expect(Number(r[1].above_p_holm)).toBe(Number(r[1].above_p_value));
    expect(Number(r[1].above_p_holm)).toBeLessThan(0.001);
    expect(first.stdout).toMatch(/2\. tin cards: no match changed .*; told apart from gold cards \(paired match by match, Holm-adjusted p < 0\.001\)/);
    expect(first.stdout).toContain('gold cards > tin cards.');
  });

  it('writes a tidy importance.csv (one row per view, card and change) and a self-contained importance.html', () => {
    const header = readFileSync(join(out, 'importance.csv'), 'utf8').split('\n')[0];
    expect(header).toBe('view,rank,card,name,change,variant,quantity,reference_value,value,difference,ci_low95,ci_high95,p_value,p_holm,family,pairs,test,above,above_difference,above_p_value,above_p_holm');
    expect(rows()).toHaveLength(2 + 4);
    for (const x of rows()) expect(x.quantity).toBe('win_share:greedy');
    const html = readFileSync(join(out, 'importance.html'), 'utf8');
    expect(html).toContain('id="chart-restricted"');
    expect(html).toContain('id="chart-sensitivity"');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/);
  });

  it('reuses the finished runs when run again, and gives the same bytes on two threads', () => {
    const before = readFileSync(join(out, 'importance.csv'), 'utf8');
    const again = tavolo(args);
    expect(again.code).toBe(0);
    expect(readFileSync(join(out, 'importance.csv'), 'utf8')).toBe(before);
    const out2 = tempDir();
    const two = tavolo(['importance', GOLD_TIN, '--opponents', 'random', '--matches', '600', '--threads', '2', '--out', out2]);
    expect(two.code).toBe(0);
    expect(readFileSync(join(out2, 'importance.csv'), 'utf8')).toBe(before);
    expect(readFileSync(join(out2, 'restricted', 'without-gold', 'matches.csv'), 'utf8')).toBe(readFileSync(join(out, 'restricted', 'without-gold', 'matches.csv'), 'utf8'));
  });

  it('refuses, before any match, a folder that holds other runs (another match count), and --force plays them again', () => {
    const before = readFileSync(join(out, 'restricted', 'unrestricted', 'matches.csv'), 'utf8');
    const other = tavolo(['importance', GOLD_TIN, '--opponents', 'random', '--matches', '500', '--threads', '1', '--out', out]);
    expect(other.code).toBe(2);
    expect(other.stdout).toBe('');
    expect(other.stderr).toMatch(/--out: .*sensitivity holds another run than this command plays \(matches: 500 now, 600 there.*add --force/);
    expect(readFileSync(join(out, 'restricted', 'unrestricted', 'matches.csv'), 'utf8')).toBe(before);
    const forced = tavolo(['importance', GOLD_TIN, '--opponents', 'random', '--matches', '500', '--threads', '1', '--out', out, '--force']);
    expect(forced.code).toBe(0);
    expect(readCsvObjects(join(out, 'importance.csv'))[0].pairs).toBe('500');
  });

  it('ranks another quantity when asked (a metric of the game)', () => {
    const o = tempDir();
    const r = tavolo(['importance', GOLD_TIN, '--view', 'sensitivity', '--quantity', 'metric:gold_played', '--matches', '200', '--threads', '1', '--out', o]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/how gold played per match moves|how gold_played|gold played/);
    const s = readCsvObjects(join(o, 'importance.csv'));
    expect(s[0].name).toBe('goldCount');
    expect(existsSync(join(o, 'restricted'))).toBe(false);
  });
});

describe('tavolo importance works for every game that declares kinds or counts', () => {
  it('Stop: restricted play over its thirteen kinds of card', () => {
    const out = tempDir();
    const r = tavolo(['importance', 'stop', '--view', 'restricted', '--matches', '30', '--threads', '1', '--out', out]);
    expect(r.stderr).not.toMatch(/tavolo:/);
    expect(r.code).toBe(0);
    const rows = readCsvObjects(join(out, 'importance.csv'));
    expect(rows.map((x) => x.name).sort()).toEqual(['eight', 'five', 'four', 'jolly', 'one', 'seven', 'six_nine', 'skip', 'swap', 'three', 'two_plus', 'x_plus', 'zero'].sort());
    expect(new Set(rows.map((x) => x.family))).toEqual(new Set(['13']));
  });

  it('a game loaded from a file (the contract fixture countdown), both views', () => {
    const out = tempDir();
    const r = tavolo(['importance', COUNTDOWN, '--matches', '300', '--threads', '1', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Restricted play: greedy-focal against greedy/);
    expect(r.stdout).toMatch(/Sensitivity: each card count/);
    const rows = readCsvObjects(join(out, 'importance.csv'));
    expect(rows.filter((x) => x.view === 'sensitivity').map((x) => x.variant).sort()).toEqual(['pile=20', 'pile=22']);
  });

  it("a spec: its lineup, seed and baseline options, the first lineup entry measured", () => {
    const out = tempDir();
    const r = tavolo(['importance', 'tournaments/stramat-dado.json', '--view', 'restricted', '--matches', '60', '--threads', '1', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Restricted play: greedy against random, random, random/);
    const run = readRunJson(join(out, 'restricted', 'without-colpo'));
    expect(run.seed).toBe('dado');
    expect(run.lineup[0]).toMatchObject({ name: 'greedy', bot: 'restricted-greedy', params: { without: 'colpo' } });
  });
});

it('tavolo list names what a game declares for it: action kinds and card counts', () => {
  const r = tavolo(['list', 'stop']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('action kinds (restricted play, tavolo importance): zero, one, two_plus,');
  expect(r.stdout).toContain('card counts (sensitivity, tavolo importance): copies, jollies');
  expect(tavolo(['list', 'scala']).stdout).toContain('action kinds (restricted play, tavolo importance): one, two, three, four');
  expect(tavolo(['list', 'zatre']).stdout).toContain('action kinds (restricted play, tavolo importance): one, two, three, four, five, six, hold');
});

describe('tavolo importance refuses bad input with exit 2, naming the field', () => {
  it.each([
    [['importance', 'stramat', '--quantity', 'win_share:greedyy'], /--quantity: .*found "win_share:greedyy" \(did you mean "win_share:greedy"\?\)/],
    [['importance', NO_KINDS], /nokinds declares no action kinds .* and nokinds declares no card counts/],
    [['importance', 'tournaments/stramat-dado.json', '--players', '3'], /--players: applies to a game, not a spec/],
    [['importance', 'stramat', '--bot', 'nobot'], /unknown bot "nobot"/],
    [['importance', 'stramat', '--option', 'dadoCount=99'], /dadoCount/],
    [['importance', 'stramat', '--view', 'nope'], /Invalid values|choices/i],
  ])('%j', (args, message) => {
    const out = tempDir();
    const r = tavolo([...(args), '--out', out, '--matches', '10']);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(existsSync(join(out, 'importance.csv'))).toBe(false);
  });
});
