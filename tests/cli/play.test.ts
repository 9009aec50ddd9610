import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES, ROOT, readCsvObjects, tavoloAsync, tempDir } from '../fixtures/cli.js';

// These tests start processes and load modules; on a busy machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** The `result:` line of `tavolo play` as matches.csv fields. */
function playResult(stdout: string, players: number): Record<string, string> {
  const line = stdout.split('\n').find((l) => l.startsWith('result: '));
  expect(line, stdout).toBeDefined();
  const kv = Object.fromEntries(
    line!
      .slice('result: '.length)
      .split(' ')
      .map((p) => p.split('=') as [string, string]),
  );
  const out: Record<string, string> = {
    winners: kv.winners,
    first_player: kv.first_player,
    turns: kv.turns,
    decisions: kv.decisions,
    end_reason: kv.end_reason,
  };
  const scores = kv.scores.split(',');
  const ranks = kv.ranks.split(',');
  for (let s = 0; s < players; s++) {
    out[`seat${s}_score`] = scores[s];
    out[`seat${s}_rank`] = ranks[s];
  }
  return out;
}

function pick(row: Record<string, string>, like: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(like).map((k) => [k, row[k]]));
}

describe('tavolo play replays exactly the tournament matches', () => {
  const dir = tempDir();
  let demo: Array<Record<string, string>>;
  let dado: Array<Record<string, string>>;
  let highcard: Array<Record<string, string>>;

  beforeAll(async () => {
    const runs = await Promise.all([
      tavoloAsync(['run', 'tournaments/stramat-demo.json', '--seed', '7', '--matches', '8', '--threads', '1', '--out', join(dir, 'demo')]),
      tavoloAsync(['run', 'tournaments/stramat-dado.json', '--seed', '7', '--matches', '4', '--threads', '1', '--out', join(dir, 'dado')]),
      tavoloAsync(['run', join(FIXTURES, 'highcard-3p.json'), '--matches', '6', '--threads', '1', '--out', join(dir, 'hc')]),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    demo = readCsvObjects(join(dir, 'demo', 'matches.csv'));
    dado = readCsvObjects(join(dir, 'dado', 'matches.csv'));
    highcard = readCsvObjects(join(dir, 'hc', 'matches.csv'));
  }, 60_000);

  it('Stramat, master seed 7: play is match 0, and --match 5 is match 5', async () => {
    const args = ['play', '--game', 'stramat', '--players', '4', '--bots', 'greedy,random,random,random', '--seed', '7'];
    const [m0, m5] = await Promise.all([tavoloAsync(args), tavoloAsync([...args, '--match', '5'])]);
    expect(m0.code, m0.stderr).toBe(0);
    expect(m5.code, m5.stderr).toBe(0);
    const r0 = playResult(m0.stdout, 4);
    const r5 = playResult(m5.stdout, 4);
    expect(r0).toEqual(pick(demo[0], r0));
    expect(r5).toEqual(pick(demo[5], r5));
    // Match 5 rotates the lineup by one seat: seat 0 is played by lineup entry 1.
    expect(m5.stdout).toContain('Seats: 0 random, 1 random, 2 random, 3 greedy');
    // The table is shown at the start and the moves name seat and bot.
    const lines = m0.stdout.split('\n');
    expect(lines.some((l) => /^\s+1\. seat \d \((greedy|random)\): /.test(l))).toBe(true);
    expect(Number(r0.decisions)).toBe(lines.filter((l) => /^\s+\d+\. seat \d /.test(l)).length);
  });

  it('--spec with --variant and --match replays that match of the spec', async () => {
    const r = await tavoloAsync(['play', '--spec', 'tournaments/stramat-dado.json', '--variant', 'one-dado-fewer', '--match', '3', '--seed', '7']);
    expect(r.code, r.stderr).toBe(0);
    const res = playResult(r.stdout, 4);
    const row = dado.find((x) => x.variant === 'one-dado-fewer' && x.match === '3')!;
    expect(res).toEqual(pick(row, res));
    expect(r.stdout).toContain('dadoCount=3');
  });

  it('a game module by path, with --option, reproduces a variant of the fixture tournament', async () => {
    const base = ['play', '--game', join(FIXTURES, 'highcard.mjs'), '--bots', 'greedy,random,random', '--seed', 'fixture', '--match', '2'];
    const [a, b] = await Promise.all([
      tavoloAsync(base),
      tavoloAsync([...base, '--option', 'hand=6', '--option', 'annulOnTie=true']),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const ra = playResult(a.stdout, 3);
    const rb = playResult(b.stdout, 3);
    expect(ra).toEqual(pick(highcard.find((x) => x.variant === 'base' && x.match === '2')!, ra));
    expect(rb).toEqual(pick(highcard.find((x) => x.variant === 'long-hands' && x.match === '2')!, rb));
  });
});

describe('tavolo list', () => {
  it('shows the games with player ranges and options, and the bots with parameters', async () => {
    const r = await tavoloAsync(['list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/stramat: .*2-6 players/);
    expect(r.stdout).toMatch(/dadoCount \(int from 0 to \d+, default 4\)/);
    expect(r.stdout).toContain('random: ');
    expect(r.stdout).toMatch(/greedy: [^\n]*\n\s+epsilon \(number from 0 to 1, default 0\)/);
  });
});

describe('the example bot (bots/examples/first-legal.mjs)', () => {
  it('loads from a path relative to the cwd and plays a full match', async () => {
    const r = await tavoloAsync(['play', '--game', 'stramat', '--bots', 'bots/examples/first-legal.mjs,random', '--seed', '3'], ROOT);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/seat \d \(first-legal\): /);
    expect(r.stdout).toMatch(/^result: /m);
    expect(r.stdout).not.toContain('Fault');
  });
});

describe('tavolo play tells what happened', () => {
  const stramat = ['play', '--game', 'stramat', '--bots', 'random,random,random', '--seed', '3'];
  const stop = ['play', '--game', 'stop', '--bots', 'random,random,random', '--seed', '3', '--option', 'targetScore=60'];

  it('prints the events under each decision, the turns, rounds and games, and every card in the full view', async () => {
    const [a, b, c] = await Promise.all([
      tavoloAsync(stramat),
      tavoloAsync(stop),
      tavoloAsync(['play', '--game', 'stramat', '--bots', 'random,random', '--seed', '5', '--option', 'evening=2']),
    ]);
    for (const r of [a, b, c]) expect(r.code, r.stderr).toBe(0);
    // Stramat: the deal, the first player's roll, each turn's draw, named in full.
    expect(a.stdout).toMatch(/^ {2}== new deal ==$/m);
    expect(a.stdout).toMatch(/^ {8}· who starts: seat 0 rolls \d/m);
    expect(a.stdout).toMatch(/^ {8}· seat 0 is dealt: /m);
    expect(a.stdout).toMatch(/^ {2}-- turn 1: seat \d$/m);
    expect(a.stdout).toMatch(/^ {8}· seat \d draws: /m);
    expect(a.stdout).toMatch(/^ {2}== the match is over \(/m);
    // Turn numbers follow each other.
    const turns = [...a.stdout.matchAll(/^ {2}-- turn (\d+): /gm)].map((m) => Number(m[1]));
    expect(turns).toEqual(turns.map((_, i) => i + 1));
    // Stop: rounds are marked with their scores.
    expect(b.stdout).toMatch(/^ {2}== round 1: seat \d shuffles and deals 7 cards each ==$/m);
    expect(b.stdout).toMatch(/^ {2}== round 1 over \(.*\)\. Penalty points: seat 0 \+\d+=\d+/m);
    // An evening marks its games.
    expect(c.stdout).toContain('== game 1 of 2 of the evening: new deal ==');
    expect(c.stdout).toContain('== game 2 of 2 of the evening: new deal ==');
    expect(c.stdout).toMatch(/== the evening is over after 2 games/);
  });

  it('--as <seat> shows the match as that seat saw it: its own cards, the others face down', async () => {
    const [full, as0, stop1] = await Promise.all([tavoloAsync(stramat), tavoloAsync([...stramat, '--as', '0']), tavoloAsync([...stop, '--as', '1'])]);
    for (const r of [full, as0, stop1]) expect(r.code, r.stderr).toBe(0);
    expect(as0.stdout).toContain('As seat 0 saw it');
    expect(as0.stdout).toMatch(/^ {8}· seat 0 is dealt: /m);
    expect(as0.stdout).toMatch(/^ {8}· seat 1 is dealt 3 cards$/m);
    expect(as0.stdout).not.toMatch(/seat [12] is dealt: /);
    expect(as0.stdout).not.toMatch(/seat [12] draws: /);
    expect(full.stdout).toMatch(/seat [12] draws: /);
    // Seat 0's view of the table before its decisions: the others' hands face down.
    expect(as0.stdout).toMatch(/seat 0 sees:\n.*\n.*\n.*\n {10}seat 0[^:]*: \S/);
    expect(as0.stdout).toMatch(/ {10}seat 1[^:]*: .*\+\d+ face down/);
    // The same match: the same result line.
    const resultLine = (s: string) => s.split('\n').find((l) => l.startsWith('result: '));
    expect(resultLine(as0.stdout)).toBe(resultLine(full.stdout));
    // Stop: a seat never sees another's dealt or drawn cards.
    expect(stop1.stdout).toMatch(/seat 1 is dealt: /);
    expect(stop1.stdout).not.toMatch(/seat [02] is dealt: /);
    expect(stop1.stdout).not.toMatch(/seat [02] draws: /);
  });

  it('--as names a seat of the match', async () => {
    const r = await tavoloAsync([...stramat, '--as', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--as: seat 3 does not exist: the seats are 0 to 2/);
  });

  it('exits 1 when a bot faulted, as run does', async () => {
    const r = await tavoloAsync(['play', '--game', 'stramat', '--bots', `${join(FIXTURES, 'bad-bot.mjs')},random`, '--seed', '1']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^Fault: seat \d \(bad\) illegal_action/m);
    expect(r.stdout).toMatch(/fault_seat=\d/);
  });
});
