import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Interrupted, runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { ROOT, readCsvObjects, tavolo, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { readRunJson, type SequentialSection } from '../helpers/json-files.js';

/**
 * The three-outcome sequential test (spec field `equalWithin`; Sobel and Wald's two SPRTs) on real
 * matches: a bot that is in fact weaker gets "weaker", a mirror gets "equal", and the stopping point and
 * files are the same however the matches were played.
 */
vi.setConfig({ testTimeout: 300_000 });

const dir = tempDir('tavolo-three-way-');
const read = (d: string, f: string) => readFileSync(join(d, f), 'utf8');

function specFile(name: string, spec: Record<string, unknown>): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ name, game: 'stramat', seed: name, variants: [{ name: 'base', options: {} }], ...spec }));
  return file;
}

/** greedy against itself under two names: the true difference is exactly 0. */
const mirror = (name: string, sequential: Record<string, unknown>, seed = name) =>
  specFile(name, {
    seed,
    players: 2,
    matches: 4000,
    bots: [
      { name: 'greedy-a', bot: 'greedy' },
      { name: 'greedy-b', bot: 'greedy' },
    ],
    sequential: { bot: 'greedy-a', opponent: 'greedy-b', checkEvery: 40, ...sequential },
  });

async function runInProcess(file: string, out: string, extra: Partial<Parameters<typeof runTournament>[1]> = {}) {
  return runTournament(await loadSpec(file), { threads: 1, batch: 'auto', outDir: out, inProcess: true, ...extra });
}

describe('three outcomes on real matches', () => {
  it('a bot that is in fact weaker gets "weaker" (tournaments/stramat-greedy-vs-ismcts-three-way.json)', async () => {
    const out = join(dir, 'weaker');
    const r = await runInProcess(join(ROOT, 'tournaments', 'stramat-greedy-vs-ismcts-three-way.json'), out);
    expect(r.sequential!.verdict).toBe('lower');
    const info = readRunJson<SequentialSection>(out);
    expect(info.sequential.verdict).toBe('weaker');
    expect(info.sequential.equal_within).toBe(0.05);
    expect(info.sequential.verdict_text[0]).toMatch(/^greedy is weaker than ismcts \(95%\): decided after [\d,]+ of at most 8,000 matches\.$/);
    // The estimate, read back from the matches themselves: greedy's wins minus ismcts's, per match.
    const rows = readCsvObjects(join(out, 'summary.csv'));
    const wins = (name: string) => Number(rows.find((x) => x.bot === name)!.wins);
    expect(wins('greedy')).toBeLessThan(wins('ismcts'));
    const last = readCsvObjects(join(out, 'sequential.csv')).at(-1)!;
    expect(last.decision).toBe('lower');
    expect(last.below).toBe('-0.05 accepted');
    expect(last.above).toBe('0 accepted');
    expect(Number(last.matches)).toBe(r.sequential!.stopAt);
  });

  it('greedy against itself is "equal within ±10 points", and the terminal says so in words', async () => {
    // A mirror ends "equal" in about 90% of seeds (a wrong "stronger" or "weaker" at most alpha each):
    // seed m1 is one of those (measured: m1 to m52 gave 46 equal, 4 stronger, 2 weaker).
    const out = join(dir, 'equal');
    const r = await tavoloAsync(['run', mirror('equal', { equalWithin: 0.1 }, 'm1'), '--out', out, '--threads', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/greedy-a and greedy-b are equally strong within ±10 points of win share \(95%\): decided after [\d,]+ of at most 4,000 matches/);
    expect(r.stdout).not.toMatch(/H0 accepted|H1 accepted/);
    // The decision is the answer: said in the verdict block, under the question and before any table.
    const decision = r.stdout.indexOf('Sequential test: greedy-a and greedy-b are equally strong');
    expect(decision).toBeGreaterThan(r.stdout.indexOf('Question:'));
    expect(decision).toBeLessThan(r.stdout.indexOf('Who wins:'));
    expect(decision).toBeLessThan(r.stdout.indexOf('\nVariant base:'));
  });
});

describe('the three-outcome test stops at the same point however the matches were played', () => {
  it('threads, batch sizes and a resume after an interruption give the same files', async () => {
    const file = mirror('det', { equalWithin: 0.1 });
    const outs = ['t1', 't2', 'resumed'].map((k) => join(dir, `det-${k}`));
    for (const [out, ...flags] of [
      [outs[0], '--threads', '1'],
      [outs[1], '--threads', '2', '--batch', '7'],
    ]) {
      const r = await tavoloAsync(['run', file, '--out', out, ...flags]);
      expect(r.code, r.stderr).toBe(0);
    }
    const controller = new AbortController();
    let batches = 0;
    await expect(
      runInProcess(file, outs[2], { batch: 3, signal: controller.signal, onProgress: () => ++batches === 20 && controller.abort(new Interrupted('SIGINT')) }),
    ).rejects.toThrow();
    const resumed = await runInProcess(file, outs[2], { resume: true, batch: 11 });
    expect(resumed.info.resumed).toBe(true);
    for (const f of ['matches.csv', 'summary.csv', 'seats.csv', 'sequential.csv']) {
      const a = read(outs[0], f);
      expect(a.length).toBeGreaterThan(50);
      for (const o of outs.slice(1)) expect(read(o, f), `${f} in ${o}`).toBe(a);
    }
    expect(readRunJson<SequentialSection>(outs[0]).sequential.matches).toBeLessThan(4000);
  });
});

describe('three-outcome specs: bad input', () => {
  it('names the field of each mistake', () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ equalWithin: 0.05, d0: 0, d1: 0.05 }, /sequential\.equalWithin: give either d0 and d1 .* or equalWithin .*, not both/],
      [{}, /sequential: expected d0 and d1 .* or equalWithin/],
      [{ d0: 0 }, /sequential\.d1: expected a number/],
      [{ equalWithin: -0.05 }, /sequential\.equalWithin/],
    ];
    for (const [sequential, message] of cases) {
      const r = tavolo(['run', mirror('bad', sequential), '--out', join(dir, 'bad')]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(existsSync(join(dir, 'bad', 'matches.csv'))).toBe(false);
    }
  });
});
