import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { closestName, didYouMean, editDistance } from '../../src/did-you-mean.js';
import { listText } from '../../src/cli/list.js';
import { FIXTURES, tavoloAsync, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 120_000 });

/** Issue 21, item 8: "did you mean" for misspelt names, and `tavolo list <game>`. */
describe('did you mean', () => {
  it('edit distance counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('greedy', 'greedy')).toBe(0);
    expect(editDistance('gredy', 'greedy')).toBe(1);
    expect(editDistance('graedy', 'greedy')).toBe(1);
    expect(editDistance('geredy', 'greedy')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('suggests only a close name, ignoring case', () => {
    expect(closestName('stramt', ['stramat', 'stop', 'zatre'])).toBe('stramat');
    expect(closestName('Stramat', ['stramat', 'stop'])).toBe('stramat');
    expect(closestName('chess', ['stramat', 'stop', 'zatre'])).toBeUndefined();
    expect(closestName('x', ['y', 'stop'])).toBe('y');
    expect(didYouMean('randum', ['random', 'greedy'])).toBe(' (did you mean "random"?)');
    expect(didYouMean('zzz', ['random'])).toBe('');
  });
});

describe('tavolo list <game>', () => {
  it('lists that game alone, with its options and metrics, and names the bots', async () => {
    const text = await listText('stop');
    expect(text.split('\n')[0]).toMatch(/^ {2}stop: Stop, 2-10 players/);
    expect(text).toContain('handSize');
    expect(text).not.toMatch(/^ {2}stramat:/m);
    expect(text).toMatch(/^Bots: random, greedy, pimc, ismcts, alphabeta, memory/m);
  });

  it('a misspelt game: exit 2, did you mean', async () => {
    const r = await tavoloAsync(['list', 'stramt']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown game "stramt" (did you mean "stramat"?)');
    const ok = await tavoloAsync(['list', 'zatre']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^ {2}zatre: /);
  });
});

describe('misspelt names through the CLI: exit 2 and the likely name', () => {
  const dir = tempDir();
  const spec = (name: string, body: Record<string, unknown>) => {
    const file = join(dir, `${name}.json`);
    const base = { name, game: join(FIXTURES, 'highcard.mjs'), players: 2, matches: 4, seed: 1, bots: [{ bot: 'random' }, { bot: 'greedy' }] };
    writeFileSync(file, JSON.stringify({ ...base, ...body }));
    return file;
  };
  const CASES: Array<[string, string[], string]> = [
    ['a command', ['rn', 'x.json'], 'unknown command "rn" (did you mean "run"?)'],
    ['a flag', ['run', 'x.json', '--thredas', '2'], 'unknown option --thredas (did you mean "--threads"?)'],
    ['a game', ['run', spec('game', { game: 'stramt', players: 4, bots: Array(4).fill({ bot: 'random' }) })], 'game: unknown game "stramt" (did you mean "stramat"?)'],
    ['a bot', ['run', spec('bot', { bots: [{ bot: 'randum' }, { bot: 'greedy' }] })], 'bots[0].bot: unknown bot "randum" (did you mean "random"?)'],
    ['an option', ['run', spec('option', { variants: [{ name: 'a', options: { hnad: 4 } }] })], 'variants[0].options.hnad: unknown option (did you mean "hand"?)'],
    ['a bot parameter', ['run', spec('param', { bots: [{ bot: 'random' }, { bot: 'greedy', params: { epsilonn: 0.1 } }] })], 'unknown bot parameter (did you mean "epsilon"?)'],
    ['a spec field', ['run', spec('field', { mtches: 3 })], 'unknown field "mtches" (did you mean "matches"?)'],
    ['the baseline variant', ['run', spec('baseline', { variants: [{ name: 'base' }, { name: 'long' }], baseline: 'bsae' })], 'found the string "bsae" (did you mean "base"?)'],
    ['a variant of play', ['play', '--spec', spec('play', { variants: [{ name: 'base' }, { name: 'long' }] }), '--variant', 'lnog'], 'unknown variant "lnog" (did you mean "long"?)'],
  ];
  it.concurrent.each(CASES)('%s', async (_name, args, fragment) => {
    const r = await tavoloAsync(args);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(fragment);
  });
});
