import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { readJsonFile } from '../helpers/json-files.js';

/**
 * The regression gate end to end, as docs/regression-gate.md describes it: a baseline run, then a
 * candidate run of the same tournament without a change and with a rule option changed, compared with
 * `tavolo compare --tolerance` through the real CLI.
 */
const dir = tempDir('tavolo-gate-');
const spec = (name: string, options: Record<string, unknown>, variant = 'base') => {
  const file = join(dir, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name,
      game: 'stramat',
      players: 4,
      matches: 2000,
      seed: 'gate',
      variants: [{ name: variant, options }],
      bots: [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }],
    }),
  );
  return file;
};
const out = (name: string) => join(dir, 'results', name);

async function run(args: string[], cwd = ROOT) {
  const r = await tavoloAsync(args, cwd);
  return { ...r, all: `${r.stdout}\n${r.stderr}` };
}

describe('regression gate: tavolo compare --tolerance', () => {
  beforeAll(async () => {
    const runs = await Promise.all([
      run(['run', spec('baseline', {}), '--out', out('baseline'), '--threads', '1']),
      run(['run', spec('same', {}), '--out', out('same'), '--threads', '1']),
      run(['run', spec('changed', { dadoCount: 3 }), '--out', out('changed'), '--threads', '1']),
      run(['run', spec('renamed', {}, 'other'), '--out', out('renamed'), '--threads', '1', '--matches', '20']),
      run(['run', join(ROOT, 'tournaments', 'stramat-random-vs-greedy-2p.json'), '--out', out('two-players'), '--threads', '1', '--matches', '20']),
      run(['run', join(ROOT, 'tournaments', 'stop-random-vs-greedy-2p.json'), '--out', out('stop'), '--threads', '1', '--matches', '4']),
    ]);
    for (const r of runs) expect(r.code, r.all).toBe(0);
  });

  it('no change: equivalent, exit 0, paired (same seeds), files in --out', async () => {
    const r = await run(['compare', out('baseline'), out('same'), '--tolerance', 'win_share=0.03,turns_mean=0.5', '--out', join(dir, 'c1')]);
    expect(r.code, r.all).toBe(0);
    expect(r.stdout).toMatch(/paired: both runs have master seed "gate"/);
    expect(r.stdout).toMatch(/Verdict: equivalent/);
    expect(r.stdout).toMatch(/No significant difference/);
    expect(readFileSync(join(dir, 'c1', 'compare.csv'), 'utf8')).toMatch(/^variant,reference,quantity,/);
    expect(existsSync(join(dir, 'c1', 'variants.csv'))).toBe(true);
  });

  it('a rule option changed: changed, exit 1, and the longer games named in the findings', async () => {
    const r = await run(['compare', out('baseline'), out('changed'), '--tolerance', 'win_share=0.03,turns_mean=0.5', '--out', join(dir, 'c2')]);
    expect(r.code, r.all).toBe(1);
    expect(r.stdout).toMatch(/Verdict: changed/);
    expect(r.stdout).toMatch(/base: games [\d.]+ turns longer on average \(95% CI [\d.]+ to [\d.]+\)/);
    expect(r.stdout).toMatch(/turns_mean .* changed/);
  });

  it('a tolerance near the effect: inconclusive, exit 5, with the matches that would likely settle it', async () => {
    // The estimate (about 1.44 turns, se 0.21) is more than one standard error inside the tolerance 1.7.
    const r = await run(['compare', out('baseline'), out('changed'), '--tolerance', 'turns_mean=1.7', '--out', join(dir, 'c3')]);
    expect(r.code, r.all).toBe(5);
    expect(r.stdout).toMatch(/Verdict: inconclusive: neither shown; about [\d,]+ matches per variant would likely settle it/);
  });

  it('a tolerance at the estimate: inconclusive, exit 5, and says it sits at the tolerance instead of a run size', async () => {
    const r = await run(['compare', out('baseline'), out('changed'), '--tolerance', 'turns_mean=1.4', '--out', join(dir, 'c3b')]);
    expect(r.code, r.all).toBe(5);
    expect(r.stdout).toMatch(/Verdict: inconclusive: neither shown: the estimate sits at the tolerance \(base turns_mean [\d.]+ against ±1\.400/);
    expect(r.stdout).not.toMatch(/matches per variant would likely settle/);
  });

  it('--fail-on-change without tolerances: 1 on a significant row, 0 otherwise; default --out is compare/<a>-vs-<b>', async () => {
    const changed = await run(['compare', out('baseline'), out('changed'), '--fail-on-change'], dir);
    expect(changed.code, changed.all).toBe(1);
    expect(existsSync(join(dir, 'compare', 'baseline-vs-changed', 'compare.csv'))).toBe(true);
    const same = await run(['compare', out('baseline'), out('same'), '--fail-on-change'], dir);
    expect(same.code, same.all).toBe(0);
    const plain = await run(['compare', out('baseline'), out('changed')], dir);
    expect(plain.code, plain.all).toBe(0);
  });

  it('bad input: one clear message each, exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[out('baseline'), join(dir, 'nowhere')], /nowhere is not a finished tavolo result: the folder does not exist/],
      [[out('baseline'), dir], /is not a finished tavolo result: it has no run\.json/],
      [[out('baseline'), out('stop')], /is a run of stramat and .* of stop: only runs of the same game/],
      [[out('baseline'), out('two-players')], /has 4 players and .* has 2: only runs with the same player count/],
      [[out('baseline'), out('renamed')], /have no variant in common \(variants are matched by name\)/],
      [[out('baseline'), out('same'), '--tolerance', 'turns_mean'], /--tolerance: expected quantity=tolerance pairs/],
      [[out('baseline'), out('same'), '--tolerance', 'length=1'], /--tolerance: no quantity is named "length"/],
      [[out('baseline'), out('baseline')], /the same folder/],
    ];
    const results = await Promise.all(cases.map(([args]) => run(['compare', ...args])));
    results.forEach((r, i) => {
      expect(r.code, r.all).toBe(2);
      expect(r.stderr).toMatch(cases[i][1]);
      expect(r.stdout).toBe('');
    });
  });
});

describe('after tavolo run and tavolo merge of two variants', () => {
  it('run prints the side-by-side table and the findings; the spec\'s "baseline" names the reference', async () => {
    const file = join(dir, 'dado-baseline.json');
    const raw = readJsonFile<object>(join(ROOT, 'tournaments', 'stramat-dado.json'));
    writeFileSync(file, JSON.stringify({ ...raw, baseline: 'one-dado-fewer' }));
    const [plain, swapped, bad] = await Promise.all([
      run(['run', join(ROOT, 'tournaments', 'stramat-dado.json'), '--matches', '2000', '--threads', '1', '--out', join(dir, 'dado')]),
      run(['run', file, '--matches', '2000', '--threads', '1', '--out', join(dir, 'dado-swapped')]),
      (() => {
        const badFile = join(dir, 'dado-bad.json');
        writeFileSync(badFile, JSON.stringify({ ...raw, baseline: 'nope' }));
        return run(['run', badFile, '--matches', '20', '--out', join(dir, 'dado-bad')]);
      })(),
    ]);
    expect(plain.code, plain.all).toBe(0);
    expect(plain.stdout).toMatch(/Variants side by side:\n\s+base\s+one-dado-fewer\n/);
    expect(plain.stdout).toMatch(/Compared with base \(paired: match i of every variant starts from the same seed/);
    expect(plain.stdout).toMatch(/one-dado-fewer: games [\d.]+ turns longer on average \(95% CI [\d.]+ to [\d.]+\)/);
    expect(plain.stdout).toMatch(/one-dado-fewer: no detectable change in greedy's win share \(-?[\d.]+ points; would have detected about ±[\d.]+\)/);
    expect(existsSync(join(dir, 'dado', 'compare.csv'))).toBe(true);
    expect(swapped.stdout).toMatch(/Compared with one-dado-fewer/);
    expect(swapped.stdout).toMatch(/base: games [\d.]+ turns shorter on average/);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/baseline: expected the name of one of the variants \(base, one-dado-fewer\), found the string "nope"/);
  });

  it('merge of shards prints and writes the same comparison as the whole run', async () => {
    const spec = join(ROOT, 'tests', 'fixtures', 'highcard-3p.json');
    const shards = [0, 1].map((i) => join(dir, `hc-shard-${i}`));
    await Promise.all([
      run(['run', spec, '--shard', '0/2', '--out', shards[0], '--threads', '1']),
      run(['run', spec, '--shard', '1/2', '--out', shards[1], '--threads', '1']),
      run(['run', spec, '--out', join(dir, 'hc-whole'), '--threads', '1']),
    ]);
    const merged = await run(['merge', ...shards, '--out', join(dir, 'hc-merged')]);
    expect(merged.code, merged.all).toBe(0);
    expect(merged.stdout).toMatch(/Compared with base/);
    for (const f of ['compare.csv', 'variants.csv']) {
      expect(readFileSync(join(dir, 'hc-merged', f), 'utf8')).toBe(readFileSync(join(dir, 'hc-whole', f), 'utf8'));
    }
  });
});
