// Populations in a spec: validation (each mistake named by its field, exit 2), and `tavolo run` end to end
// on the high-card fixture: one ordinary run per population whose matches.csv is byte for byte a run of the
// same lineup alone (variants paired within it, as in any run), the population kept as a column, the
// answer per population first, and the same bytes on one thread and two.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/errors.js';
import { parsePopulationsSpec } from '../../src/runner/populations-spec.js';
import { parseSpec } from '../../src/runner/spec.js';
import { FIXTURES, tavolo, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 180_000 });

const GAME = join(FIXTURES, 'highcard.mjs');

function popSpec(): Record<string, unknown> {
  return {
    name: 'pops',
    description: 'Do longer hands change the high-card game?',
    game: GAME,
    players: 3,
    matches: 150,
    seed: 'pops',
    variants: [{ name: 'base', options: {} }, { name: 'long-hands', options: { hand: 6 } }],
    populations: {
      mixed: { description: 'greedy against two random bots', bots: [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }] },
      greedy: { bots: [{ bot: 'greedy' }, { bot: 'greedy' }, { bot: 'greedy' }] },
    },
  };
}

function thrown(f: () => unknown): InputError {
  try {
    f();
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error('nothing thrown');
}

const pops = (s: Record<string, unknown>) => s.populations as Record<string, { bots: Array<Record<string, unknown>> } & Record<string, unknown>>;

describe('a spec with populations is validated field by field', () => {
  const cases: Array<[string, (s: Record<string, unknown>) => void, string, string[]]> = [
    ['a misspelt field of a bot', (s) => (pops(s).mixed.bots[1].parms = {}), 'populations.mixed.bots[1].parms', ['unknown field "parms"', 'did you mean "params"']],
    ['a misspelt field of a population', (s) => (pops(s).greedy.bot = []), 'populations.greedy.bot', ['did you mean "bots"', 'valid fields are: description, bots']],
    ['a misspelt top-level field', (s) => (s.population = s.populations), 'population', ['did you mean "populations"']],
    ['no population', (s) => (s.populations = {}), 'populations', ['expected at least one population', 'found none']],
    ['a population name that is no folder name', (s) => (pops(s)['a/b'] = pops(s).mixed), 'populations.a/b', ['folder separator']],
    ['both bots and populations', (s) => (s.bots = [{ bot: 'greedy' }]), 'bots', ['found both']],
    ['a population without bots', (s) => (pops(s).greedy = { description: 'no lineup' } as never), 'populations.greedy.bots', ['expected an array']],
  ];
  for (const [what, mutate, field, fragments] of cases) {
    it(what, () => {
      const s = popSpec();
      mutate(s);
      const err = thrown(() => parsePopulationsSpec(s));
      expect(err.field).toBe(field);
      for (const f of fragments) expect(err.message).toContain(f);
    });
  }

  it('is refused, by its field, by a command that takes one lineup', () => {
    expect(thrown(() => parseSpec(popSpec())).field).toBe('populations');
  });

  it('names a mistake in a population\'s lineup by the population on the command line, exit 2, nothing written', () => {
    const dir = tempDir();
    const s = popSpec();
    pops(s).greedy.bots[2] = { bot: 'greedyy' };
    writeFileSync(join(dir, 'spec.json'), JSON.stringify(s));
    const r = tavolo(['run', join(dir, 'spec.json'), '--out', join(dir, 'out')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/populations\.greedy\.bots\[2\]\.bot: .*did you mean "greedy"/);
    expect(r.stdout).toBe('');
    const wrong = popSpec();
    pops(wrong).greedy.bots.pop();
    writeFileSync(join(dir, 'count.json'), JSON.stringify(wrong));
    const c = tavolo(['run', join(dir, 'count.json'), '--out', join(dir, 'out')]);
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(/populations\.greedy\.bots: expected exactly 3 entries/);
  });
});

describe('tavolo run of a spec with populations', () => {
  const dir = tempDir();
  const file = join(dir, 'pops.json');
  writeFileSync(file, JSON.stringify(popSpec()));
  const one = tavolo(['run', file, '--threads', '1', '--out', join(dir, 'one')]);
  const two = tavolo(['run', file, '--threads', '2', '--out', join(dir, 'two')]);
  // The mixed population's lineup as an ordinary spec.
  const { populations, ...rest } = popSpec();
  writeFileSync(join(dir, 'alone.json'), JSON.stringify({ ...rest, name: 'pops-mixed', bots: (populations as Record<string, { bots: unknown }>).mixed.bots }));
  const alone = tavolo(['run', join(dir, 'alone.json'), '--threads', '1', '--out', join(dir, 'alone')]);

  it('answers per population first, before each population\'s own verdict', () => {
    expect(one.code, one.stderr).toBe(0);
    const answer = one.stdout.indexOf('Answer per population:');
    expect(answer).toBeGreaterThan(0);
    expect(one.stdout).toContain('long-hands against base, per population (mixed, greedy;');
    expect(one.stdout.indexOf('Population mixed (')).toBeGreaterThan(answer);
  });

  it('plays each population as an ordinary run of its lineup: the same matches.csv bytes as that lineup alone', () => {
    expect(alone.code, alone.stderr).toBe(0);
    expect(readFileSync(join(dir, 'one', 'mixed', 'matches.csv'))).toEqual(readFileSync(join(dir, 'alone', 'matches.csv')));
  });

  it('keeps the population as the first column of summary.csv and populations.csv, and in populations.json', () => {
    const summary = readFileSync(join(dir, 'one', 'summary.csv'), 'utf8').trim().split('\n');
    const own = readFileSync(join(dir, 'one', 'greedy', 'summary.csv'), 'utf8').trim().split('\n');
    expect(summary[0]).toBe(`population,${own[0]}`);
    expect(summary.filter((l) => l.startsWith('greedy,')).map((l) => l.slice('greedy,'.length))).toEqual(own.slice(1));
    const csv = readFileSync(join(dir, 'one', 'populations.csv'), 'utf8').trim().split('\n');
    expect(new Set(csv.slice(1).map((l) => l.split(',')[0]))).toEqual(new Set(['mixed', 'greedy']));
    const json = JSON.parse(readFileSync(join(dir, 'one', 'populations.json'), 'utf8')) as { populations: Array<{ population: string; lineup: string[] }> };
    expect(json.populations.map((p) => p.population)).toEqual(['mixed', 'greedy']);
  });

  it('is compared by tavolo compare population by population, each as its own folders would be', () => {
    const other = popSpec();
    (other.variants as Array<{ options: Record<string, unknown> }>)[0].options = { hand: 5 };
    writeFileSync(join(dir, 'other.json'), JSON.stringify(other));
    expect(tavolo(['run', join(dir, 'other.json'), '--threads', '1', '--out', join(dir, 'other')]).code).toBe(0);
    const c = tavolo(['compare', join(dir, 'one'), join(dir, 'other'), '--out', join(dir, 'cmp')]);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout).toMatch(/2 populations in common \(mixed, greedy\)/);
    expect(c.stdout).toMatch(/Answer per population:\nbase in \S+ against base in \S+, per population \(mixed, greedy;/);
    const single = tavolo(['compare', join(dir, 'one', 'greedy'), join(dir, 'other', 'greedy'), '--out', join(dir, 'cmp-greedy')]);
    expect(single.code, single.stderr).toBe(0);
    expect(readFileSync(join(dir, 'cmp', 'greedy', 'compare.csv'))).toEqual(readFileSync(join(dir, 'cmp-greedy', 'compare.csv')));
    expect(readFileSync(join(dir, 'cmp', 'populations.csv'), 'utf8').split('\n')[0]).toMatch(/^population,variant,/);
  });

  it('writes the same bytes on one thread and on two', () => {
    expect(two.code, two.stderr).toBe(0);
    for (const f of ['populations.csv', 'populations.json', 'summary.csv', join('mixed', 'matches.csv'), join('greedy', 'compare.csv')]) {
      expect(readFileSync(join(dir, 'two', f)), f).toEqual(readFileSync(join(dir, 'one', f)));
    }
  });
});
