// `tavolo skill` end to end, through the compiled CLI: a game where skill decides by construction
// (countdown: greedy plays the winning line of Nim) against one where it cannot (High Card with one card
// each: no choice at all), the skill trace, the files, their determinism across threads, and refusals.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, readCsvObjects, tavolo, tempDir } from '../../fixtures/cli.js';

const COUNTDOWN = join(FIXTURES, 'games', 'countdown.mjs');
const HIGHCARD = join(FIXTURES, 'highcard.mjs');
const SPEC_3P = join(FIXTURES, 'highcard-3p.json');

describe('tavolo skill on countdown, where skill decides by construction', () => {
  const out = tempDir();
  const args = ['skill', COUNTDOWN, '--matches', '40', '--budgets', '1,10,100', '--search-budget', '10', '--threads', '2', '--out', out];
  const first = tavolo(args);
  const rows = () => readCsvObjects(join(out, 'skill.csv'));

  it('answers in sentences before any table, and exits 0', () => {
    expect(first.stderr).not.toMatch(/tavolo:/);
    expect(first.code).toBe(0);
    const text = first.stdout;
    expect(text).toMatch(/In Countdown at 2 players, greedy finishes ahead of random in \d+% of their decided pairings \[\d+–\d+\], over 20 deals played in both seatings; random comes out ahead in \d+%: the outcome is mostly skill for casual players/);
    expect(text).toMatch(/Skill trace \(ismcts at 2 players, each budget against the one before it, Holm-adjusted\): 10 ahead of 1 in \d+%/);
    expect(text).toMatch(/Budgets above 100 iterations were not played \(--budgets 1,10,100,1000,10000 adds 1,000 and 10,000\)/);
    expect(text.indexOf('In Countdown')).toBeLessThan(text.indexOf('Pairings ('));
    expect(text.indexOf('Skill trace (ismcts')).toBeLessThan(text.indexOf('  budget'));
  });

  it('writes skill.csv: a row per pairing and per budget, greedy far ahead of random, the trace rising at its first step', () => {
    const header = readFileSync(join(out, 'skill.csv'), 'utf8').split('\n')[0];
    expect(header).toBe('section,players,stronger,weaker,budget,deals,undecided_deals,repeated_deals,seat_decided_deals,ahead_share,ahead_low95,ahead_high95,p_value,p_holm,reading,separated,rating,rating_low95,rating_high95');
    const r = rows();
    expect(r.map((x) => [x.section, x.players, x.stronger, x.weaker, x.budget])).toEqual([
      ['greedy-over-random', '2', 'greedy', 'random', ''],
      ['greedy-over-random', '4', 'greedy', 'random', ''],
      ['search-over-greedy', '2', 'ismcts-10', 'greedy', ''],
      ['search-over-greedy', '4', 'ismcts-10', 'greedy', ''],
      ['trace', '2', 'ismcts-1', '', '1'],
      ['trace', '2', 'ismcts-10', 'ismcts-1', '10'],
      ['trace', '2', 'ismcts-100', 'ismcts-10', '100'],
    ]);
    for (const x of r.slice(0, 2)) {
      expect(Number(x.ahead_share)).toBeGreaterThan(5 / 6);
      expect(x.reading).toBe('mostly skill');
      expect(Number(x.p_value)).toBeLessThan(0.001);
    }
    expect(r[5].separated).toBe('1');
    expect(Number(r[5].p_holm)).toBeLessThan(0.05);
    expect(Number(r[5].rating)).toBeGreaterThan(Number(r[4].rating));
  });

  it('writes skill.json with the settings, the answer and every figure', () => {
    const j = JSON.parse(readFileSync(join(out, 'skill.json'), 'utf8')) as Record<string, unknown> & { pairings: Array<Record<string, unknown>>; trace: { steps: unknown[]; ratings: unknown[] }; answer: string[] };
    expect(j.game).toBe('countdown');
    expect(j.matches_per_pairing).toBe(40);
    expect(j.budgets).toEqual([1, 10, 100]);
    expect(j.thresholds).toEqual({ mixed_from: 0.666667, skill_from: 0.833333 });
    expect(j.pairings).toHaveLength(4);
    expect(j.trace.steps).toHaveLength(2);
    expect(j.trace.ratings).toHaveLength(3);
    expect(j.answer[0]).toMatch(/^In Countdown at 2 players/);
  });

  it('reuses the finished runs when run again', () => {
    const again = tavolo(args);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(first.stdout.split('\n')[1]);
    expect(again.stderr).not.toMatch(/tavolo:/);
  });
});

describe('tavolo skill on High Card with one card each, where skill cannot matter', () => {
  const out = tempDir();
  const r = tavolo(['skill', HIGHCARD, '--option', 'hand=1', '--matches', '100', '--threads', '1', '--out', out]);

  it('finds greedy ahead in exactly half the decided pairings, cannot tell it from a coin, and says no search bot can play', () => {
    expect(r.code).toBe(0);
    const rows = readCsvObjects(join(out, 'skill.csv'));
    expect(rows.map((x) => x.section)).toEqual(['greedy-over-random', 'greedy-over-random']);
    for (const x of rows) {
      expect(x.ahead_share).toBe('0.500000');
      expect(x.p_value).toBe('1');
      expect(x.reading).toBe('cannot tell');
    }
    expect(r.stdout).toMatch(/greedy cannot be told from a coin toss here \(the interval holds 50%\), so these deals cannot tell how much of the outcome is skill for casual players/);
    expect(r.stdout).toMatch(/highcard has no search.determinize, so no search bot can play it/);
  });

  it('with its usual three cards, greedy is told apart from a coin (the fixture is not luck by accident)', () => {
    const o = tempDir();
    const three = tavolo(['skill', HIGHCARD, '--matches', '400', '--players', '3', '--threads', '1', '--out', o]);
    expect(three.code).toBe(0);
    const rows = readCsvObjects(join(o, 'skill.csv'));
    expect(rows.map((x) => x.players)).toEqual(['2', '3']);
    expect(Number(rows[0].ahead_share)).toBeGreaterThan(0.5);
    expect(Number(rows[0].p_value)).toBeLessThan(0.05);
  });
});

describe('tavolo skill --search-budget 0', () => {
  it('plays greedy against random only, and says so', () => {
    const out = tempDir();
    const r = tavolo(['skill', COUNTDOWN, '--search-budget', '0', '--matches', '20', '--threads', '1', '--out', out]);
    expect(r.code).toBe(0);
    expect(readCsvObjects(join(out, 'skill.csv')).map((x) => x.section)).toEqual(['greedy-over-random', 'greedy-over-random']);
    expect(r.stdout).toMatch(/No search bot was asked for \(--search-budget 0\): no search bot against greedy and no skill trace\./);
  });
});

describe('tavolo skill --trace-only', () => {
  it('plays the trace steps only, the same matches as the full command, and says so', () => {
    const out = tempDir();
    const r = tavolo(['skill', COUNTDOWN, '--trace-only', '--budgets', '1,10', '--matches', '20', '--threads', '1', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/only the trace of ismcts at 1, 10/);
    expect(r.stdout).not.toMatch(/greedy finishes ahead of random/);
    expect(r.stdout).toMatch(/^Skill and luck: countdown at 2 players,/);
    expect(r.stdout).not.toMatch(/Pairings \(/);
    const rows = readCsvObjects(join(out, 'skill.csv'));
    expect(rows.map((x) => [x.section, x.budget])).toEqual([['trace', '1'], ['trace', '10']]);
    expect((JSON.parse(readFileSync(join(out, 'skill.json'), 'utf8')) as { trace_only?: boolean }).trace_only).toBe(true);
    const full = tempDir();
    tavolo(['skill', COUNTDOWN, '--budgets', '1,10', '--matches', '20', '--threads', '1', '--out', full]);
    const step = 'trace/10-over-1/a/matches.csv';
    expect(readFileSync(join(out, step), 'utf8')).toBe(readFileSync(join(full, step), 'utf8'));
  });

  it('plays the trace at the table --trace-players asks for and says so', () => {
    const out = tempDir();
    const r = tavolo(['skill', COUNTDOWN, '--trace-only', '--trace-players', '3', '--budgets', '1,10', '--matches', '20', '--threads', '1', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Skill and luck: countdown at 3 players,/);
    expect(r.stdout).toMatch(/Skill trace \(ismcts at 3 players,/);
    const a = readCsvObjects(join(out, 'trace-3p', '10-over-1', 'a', 'matches.csv'));
    expect(a).toHaveLength(10);
    // Seating a: the larger budget in two of the three seats (they rotate from match to match).
    expect([a[0].seat0_bot, a[0].seat1_bot, a[0].seat2_bot].sort()).toEqual(['ismcts-1', 'ismcts-10', 'ismcts-10']);
    expect((JSON.parse(readFileSync(join(out, 'skill.json'), 'utf8')) as { trace_players?: number }).trace_players).toBe(3);
  });

  it('is refused when no search bot plays', () => {
    const r = tavolo(['skill', COUNTDOWN, '--trace-only', '--search-budget', '0', '--out', tempDir()]);
    expect(r.stderr).toMatch(/--trace-only: expected a search bot to trace, found none/);
    expect(r.code).toBe(2);
  });
});

describe('tavolo skill refuses bad input with exit 2, naming the field', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['an odd match count', ['--matches', '41'], /--matches: expected an even number \(each deal is played in both seatings\), found 41/],
    ['budgets that do not increase', ['--budgets', '100,10'], /--budgets: expected increasing budgets, found 10 after 100/],
    ['a single budget', ['--budgets', '100'], /--budgets: expected at least two budgets/],
    ['a budget that is no number', ['--budgets', '10,ten'], /--budgets: expected an integer/],
    ['a negative search budget', ['--search-budget', '-1'], /--search-budget: expected an integer/],
    ['a table the game does not allow', ['--players', '9'], /--players: countdown is played by 2 to 4 players, found 9/],
    ['an unknown option', ['--option', 'piles=3'], /--option/],
  ];
  for (const [what, flags, message] of cases) {
    it(what, () => {
      const r = tavolo(['skill', COUNTDOWN, ...flags, '--out', tempDir()]);
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
    });
  }

  it('an option with a spec, and a game that does not exist', () => {
    const spec = tavolo(['skill', SPEC_3P, '--option', 'hand=2', '--out', tempDir()]);
    expect(spec.stderr).toMatch(/--option: applies to a game, not a spec/);
    expect(spec.code).toBe(2);
    const none = tavolo(['skill', 'stopp', '--out', tempDir()]);
    expect(none.stderr).toMatch(/did you mean "stop"/);
    expect(none.code).toBe(2);
  });
});

describe('tavolo skill in a game that deals nothing but the first player (Scala, alphabeta against itself)', () => {
  const args = ['skill', 'scala', '--trace-only', '--budgets', '10,100', '--matches', '20', '--threads', '1'];
  const plainOut = tempDir();
  const plain = tavolo([...args, '--out', plainOut]);
  const openedOut = tempDir();
  const opened = tavolo([...args, '--opening', '4', '--out', openedOut]);
  const traceRow = (dir: string) => readCsvObjects(join(dir, 'skill.csv')).find((x) => x.budget === '100')!;

  it('says the deals repeat, counts each distinct deal once, and names --opening', () => {
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/[6-9] of the 10 deals of strongest-100 against strongest-10 gave exactly an earlier deal's two match records \(ranks, scores, turns and every metric\): the same play again, as when a game deals little and both bots decide alike\. Each counts once, so the figures count [1-4] deals; start each deal from a few random moves with --opening/);
    const row = traceRow(plainOut);
    expect(Number(row.repeated_deals)).toBeGreaterThanOrEqual(6);
    expect(Number(row.deals) + Number(row.undecided_deals)).toBe(10 - Number(row.repeated_deals));
  });

  it('with --opening every deal plays differently, and the runs record the opening', () => {
    expect(opened.code).toBe(0);
    expect(opened.stdout).toMatch(/seed "skill", 4 random opening moves/);
    expect(opened.stdout).not.toMatch(/gave exactly an earlier deal's/);
    expect(traceRow(openedOut).repeated_deals).toBe('0');
    // Heads-up Scala goes to the second seat between searching bots: most deals are even by seat, and the answer says so.
    const row = traceRow(openedOut);
    expect(Number(row.seat_decided_deals)).toBeGreaterThanOrEqual(Number(row.deals) / 2);
    expect(Number(row.seat_decided_deals)).toBeLessThanOrEqual(Number(row.deals));
    expect(opened.stdout).toMatch(
      new RegExp(`In ${row.seat_decided_deals} of the ${row.deals} deals of strongest-100 against strongest-10 the seats finished in the same order in both seatings: the seat decided them`),
    );
    expect((JSON.parse(readFileSync(join(openedOut, 'skill.json'), 'utf8')) as { opening?: number }).opening).toBe(4);
    const run = JSON.parse(readFileSync(join(openedOut, 'trace', '100-over-10', 'a', 'run.json'), 'utf8')) as { opening?: number };
    expect(run.opening).toBe(4);
  });

  it('refuses a negative opening with exit 2', () => {
    const r = tavolo(['skill', 'scala', '--opening', '-1', '--out', tempDir()]);
    expect(r.stderr).toMatch(/--opening: expected an integer/);
    expect(r.code).toBe(2);
  });
});
