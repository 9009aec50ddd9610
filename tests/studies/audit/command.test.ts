import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, tavolo, tempDir } from '../../fixtures/cli.js';

/** Bad input is refused before anything is played: exit 2, the flag named, what was found and what was expected. */
describe('tavolo audit: bad input', () => {
  const luck = join(FIXTURES, 'toy-games', 'luck.mjs');
  it.each([
    [['--players', '7'], /--players.*2 to 4 players, found 7/],
    [['--matches', '3'], /--matches.*expected an even number.*found 3/],
    [['--matches', '4', '--budget', '5m'], /--budget.*cannot be given with it/],
    [['--budget', '5 minutes'], /--budget.*expected a duration/],
    [['--force', '--resume', '--matches', '4'], /--force.*expected one of the two/],
    [['--option', 'rounds=0', '--matches', '4'], /--option/],
  ])('refuses %j', (flags, message) => {
    const out = tempDir('tavolo-audit-bad-');
    const r = tavolo(['audit', luck, '--out', out, ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('is listed in tavolo --help', () => {
    expect(tavolo(['--help']).stdout).toMatch(/audit <target>/);
  });
});
