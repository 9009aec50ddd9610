import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lineupDifferences } from '../../src/analysis/compare.js';
import type { ResultInfo } from '../../src/analysis/results.js';
import { tavoloAsync, tempDir } from '../fixtures/cli.js';

/** `tavolo compare` refuses runs whose lineups differ unless asked (issue 21, item 6). */
const dir = tempDir('tavolo-lineups-');
const spec = (name: string, bots: string[]) => {
  const file = join(dir, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({ name, game: 'stramat', players: 4, matches: 200, seed: 'lineups', variants: [{ name: 'base', options: {} }], bots: bots.map((bot) => ({ bot })) }),
  );
  return file;
};
const out = (name: string) => join(dir, 'results', name);

describe('tavolo compare of runs with different lineups', () => {
  beforeAll(async () => {
    const runs = await Promise.all([
      tavoloAsync(['run', spec('mixed', ['greedy', 'random', 'random', 'random']), '--out', out('mixed'), '--threads', '1']),
      tavoloAsync(['run', spec('greedy', ['greedy', 'greedy', 'greedy', 'greedy']), '--out', out('greedy'), '--threads', '1']),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it('is refused with exit 2, naming what differs and the flag that allows it', async () => {
    const r = await tavoloAsync(['compare', out('mixed'), out('greedy'), '--out', join(dir, 'cmp')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/lineups differ: .* plays greedy, random, random, random; .* plays greedy, greedy, greedy, greedy/);
    expect(r.stderr).toContain('--allow-different-lineups');
  });

  it('with --allow-different-lineups: compared, with the difference said first', async () => {
    const r = await tavoloAsync(['compare', out('mixed'), out('greedy'), '--out', join(dir, 'cmp2'), '--allow-different-lineups']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/note: compared although the lineups differ \(--allow-different-lineups\): lineups differ/);
    // Said first: under the question, before the answer's sentences (which mix the lineup into every difference).
    const first = r.stdout.indexOf('Note: lineups differ: ');
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(r.stdout.indexOf('Answer'));
    expect(r.stdout.slice(first).split('\n')[0]).toMatch(/greedy, random, random, random; .* greedy, greedy, greedy, greedy.*mix/);
  });
});

describe('lineupDifferences', () => {
  const info = (lineup: Array<{ name: string; bot: string; params?: unknown }>, players = lineup.length) =>
    ({ shown: 'x', players, lineup: lineup.map((e) => e.name), run: { lineup } }) as unknown as ResultInfo;

  it('names a bot whose parameters differ, ignores seat order and key order', () => {
    const a = info([{ name: 'mc', bot: 'mc', params: { playouts: 100, depth: 2 } }, { name: 'random', bot: 'random' }]);
    const same = info([{ name: 'random', bot: 'random' }, { name: 'mc', bot: 'mc', params: { depth: 2, playouts: 100 } }]);
    const other = info([{ name: 'mc', bot: 'mc', params: { playouts: 400, depth: 2 } }, { name: 'random', bot: 'random' }]);
    expect(lineupDifferences(a, same)).toEqual([]);
    expect(lineupDifferences(a, other)).toEqual(['"mc" has parameters {"depth":2,"playouts":100} in x and {"depth":2,"playouts":400} in x']);
  });

  it('names different player counts', () => {
    const a = info([{ name: 'a', bot: 'random' }, { name: 'b', bot: 'random' }]);
    const b = info([{ name: 'a', bot: 'random' }, { name: 'b', bot: 'random' }, { name: 'c', bot: 'random' }]);
    expect(lineupDifferences(a, b)[0]).toMatch(/player counts differ/);
  });
});

describe('the side-by-side table of a lineup of one bot', () => {
  it('has no win share row (it would only restate the annulled share), while a mixed lineup has one per bot', async () => {
    const twoVariants = (name: string, bots: string[]) => {
      const file = join(dir, `${name}.json`);
      const variants = [{ name: 'base', options: {} }, { name: 'fewer-dado', options: { dadoCount: 3 } }];
      writeFileSync(file, JSON.stringify({ name, game: 'stramat', players: 3, matches: 120, seed: 'one-bot', variants, bots: bots.map((bot) => ({ bot })) }));
      return file;
    };
    const side = (stdout: string) => stdout.slice(stdout.indexOf('Variants side by side:'), stdout.indexOf('\n\n', stdout.indexOf('Variants side by side:')));
    const same = await tavoloAsync(['run', twoVariants('all-greedy', ['greedy', 'greedy', 'greedy']), '--out', out('all-greedy'), '--threads', '1']);
    expect(same.code, same.stderr).toBe(0);
    expect(side(same.stdout)).toContain('turns, mean');
    expect(side(same.stdout)).not.toContain('win share');
    const mixed = await tavoloAsync(['run', twoVariants('two-bots', ['greedy', 'random', 'random']), '--out', out('two-bots'), '--threads', '1']);
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(side(mixed.stdout)).toContain('greedy win share');
    expect(side(mixed.stdout)).toContain('random win share');
  }, 120_000);
});
