// `tavolo skill`'s whole-command runs that play many small runs again (about a minute on the loaded
// 2-core machine): the same seed gives the same files on one and two threads, and a folder holding
// another run of the command is refused without --force. In the long project (tests/long-suites.ts).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, tavolo, tempDir } from '../../fixtures/cli.js';

const COUNTDOWN = join(FIXTURES, 'games', 'countdown.mjs');
const HIGHCARD = join(FIXTURES, 'highcard.mjs');

describe('tavolo skill is deterministic: the same seed gives the same bytes on any thread count', () => {
  const small = (threads: string, out: string, seed = 'skill') => ['skill', COUNTDOWN, '--matches', '20', '--budgets', '1,10', '--search-budget', '5', '--threads', threads, '--seed', seed, '--out', out];

  it('on one and two threads, and another seed gives other files (the comparison can fail)', () => {
    const [one, two, other] = [tempDir(), tempDir(), tempDir()];
    for (const [threads, out, seed] of [['1', one, 'skill'], ['2', two, 'skill'], ['1', other, 'other']]) expect(tavolo(small(threads, out, seed)).code).toBe(0);
    for (const file of ['skill.csv', 'skill.json', 'trace/10-over-1/a/matches.csv']) {
      const bytes = readFileSync(join(one, file), 'utf8');
      expect(readFileSync(join(two, file), 'utf8')).toBe(bytes);
      // countdown's greedy plays one line whatever the seed, so skill.csv may agree; the deals may not.
      if (file !== 'skill.csv') expect(readFileSync(join(other, file), 'utf8')).not.toBe(bytes);
    }
  });
});

describe('tavolo skill stops a trace step at its first clear look, byte for byte alike on any thread count and after a resume', () => {
  const trace = (threads: string, out: string, ...more: string[]) => ['skill', COUNTDOWN, '--trace-only', '--budgets', '1,10,100', '--matches', '160', '--threads', threads, '--out', out, ...more];
  const FILES = ['skill.csv', 'skill.json', 'looks.csv', 'trace/10-over-1/look-2/a/matches.csv', 'trace/100-over-10/b/matches.csv'];

  it('stops before the cap, and one thread, two threads and a resumed run write the same files', () => {
    const [one, two] = [tempDir(), tempDir()];
    const first = tavolo(trace('1', one));
    expect(first.code).toBe(0);
    // Both steps are separated at their second look of four: half the trace's matches are not played.
    expect(first.stdout).toMatch(/Stopping saved 160 of 320 matches of the trace: 2 of 2 steps were clear early/);
    expect(readFileSync(join(one, 'looks.csv'), 'utf8')).toMatch(/trace\/10-over-1,1,10,2,80,.*,separated\n/);
    expect(tavolo(trace('2', two)).code).toBe(0);
    const bytes = FILES.map((f) => readFileSync(join(one, f), 'utf8'));
    expect(FILES.map((f) => readFileSync(join(two, f), 'utf8'))).toEqual(bytes);
    // A study stopped after its first looks: the same command again plays the rest and writes the same files.
    for (const f of ['skill.csv', 'skill.json', 'looks.csv', 'trace/10-over-1/look-2', 'trace/100-over-10/look-2']) rmSync(join(two, f), { recursive: true });
    expect(tavolo(trace('2', two)).code).toBe(0);
    expect(FILES.map((f) => readFileSync(join(two, f), 'utf8'))).toEqual(bytes);
  });

  it('with --no-stop plays every match of each step, in one folder a seating, as the fixed plan', () => {
    const out = tempDir();
    const r = tavolo(trace('2', out, '--no-stop'));
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/Stopping saved/);
    expect(readFileSync(join(out, 'trace/10-over-1/a/matches.csv'), 'utf8').trim().split('\n')).toHaveLength(81);
  });
});

describe('tavolo skill and a folder of another run', () => {
  it('a folder holding another run of the command, unless --force', () => {
    const out = tempDir();
    expect(tavolo(['skill', HIGHCARD, '--matches', '20', '--threads', '1', '--out', out]).code).toBe(0);
    const other = tavolo(['skill', HIGHCARD, '--matches', '30', '--threads', '1', '--out', out]);
    expect(other.stderr).toMatch(/--out: .*greedy-over-random-2p.a holds another run than this command plays .*add --force/);
    expect(other.code).toBe(2);
    expect(tavolo(['skill', HIGHCARD, '--matches', '30', '--threads', '1', '--out', out, '--force']).code).toBe(0);
  });
});
