// `tavolo skill`'s whole-command runs that play many small runs again (about a minute on the loaded
// 2-core machine): the same seed gives the same files on one and two threads, and a folder holding
// another run of the command is refused without --force. In the long project (tests/long-suites.ts).
import { readFileSync } from 'node:fs';
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
