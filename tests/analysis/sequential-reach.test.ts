// A sequential spec's reach (src/analysis/sequential-reach.ts): how often its maximum lets the test reach
// each answer where that answer is true, from the test's own decisions on seeded simulated blocks, and
// the start line that says it before any match. The shipped three-outcome spec's maximum of 2,000
// matches left 84% of equal-strength runs undecided.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { reachLine, sequentialReach, SHORT_BELOW } from '../../src/analysis/sequential-reach.js';
import { runSequential, sequentialVerdict, type SequentialDesign } from '../../src/analysis/sequential.js';
import { Rng } from '../../src/engine/rng.js';
import { loadSpec } from '../../src/runner/spec.js';
import { ROOT, tavoloAsync, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 120_000 });

const THREE_WAY: SequentialDesign = { alpha: 0.05, beta: 0.05, d0: 0, d1: 0.05, within: 0.05 };
const TWO_WAY: SequentialDesign = { alpha: 0.05, beta: 0.05, d0: 0, d1: 0.1, within: null };

describe('the simulated verdicts are the test\'s own', () => {
  it('sequentialVerdict decides as runSequential does, block for block (both kinds of test, several truths)', () => {
    for (const design of [THREE_WAY, TWO_WAY]) {
      for (const truth of [-0.1, -0.05, 0, 0.03, 0.05, 0.1]) {
        for (let r = 0; r < 30; r++) {
          const seed = `reach-same/${design.within}/${truth}/${r}`;
          const draw = (rng: Rng) => () => (rng.float() < (1 + truth) / 2 ? 1 : -1) / 2 + (rng.float() < (1 + truth) / 2 ? 1 : -1) / 2;
          const a = runSequential(design, draw(new Rng(seed)), 10, 600).verdict;
          const b = sequentialVerdict(design, draw(new Rng(seed)), 10, 600);
          expect(b, seed).toBe(a);
        }
      }
    }
  });
});

describe('the reach', () => {
  it("with room enough, matches Wald's operating characteristic: each answer at its own truth about 1 - alpha or better", () => {
    // Wald: P(accept H1 | d1) >= 1 - beta and P(accept H0 | d0) >= 1 - alpha, up to the normal approximation
    // (overshoot at checkpoints only makes errors rarer). 20,000 matches is far beyond the expected length.
    const figures = sequentialReach({ design: TWO_WAY, players: 2, checkEvery: 20, matches: 20000 });
    for (const f of figures) {
      expect(f.undecided, f.answer).toBeLessThan(0.01);
      expect(f.reached, f.answer).toBeGreaterThan(0.93);
    }
  });

  it('is the same figures every time (seeded)', () => {
    const plan = { design: THREE_WAY, players: 2, checkEvery: 20, matches: 2000 };
    expect(sequentialReach(plan, 200)).toEqual(sequentialReach(plan, 200));
  });

  it('the shipped three-outcome spec can reach "equal": its maximum gives every answer in at least 85% of runs', async () => {
    const spec = await loadSpec(join(ROOT, 'tournaments', 'stramat-greedy-vs-ismcts-three-way.json'));
    const s = spec.sequential!;
    expect(s.within).toBe(0.05);
    const plan = { design: { alpha: s.alpha, beta: s.beta, d0: s.d0, d1: s.d1, within: s.within }, players: spec.players, checkEvery: s.checkEvery, matches: spec.matches };
    const figures = sequentialReach(plan);
    expect(figures.map((f) => f.answer)).toEqual(['higher', 'equal', 'lower']);
    for (const f of figures) expect(f.reached, f.answer).toBeGreaterThan(0.85);
    // Its old maximum, 2,000 matches, left most equal-strength runs undecided.
    const old = sequentialReach({ ...plan, matches: 2000 });
    expect(old[1].reached).toBeLessThan(0.2);
    expect(old[1].undecided).toBeGreaterThan(0.75);
    expect(reachLine({ ...spec, matches: 2000 })).toMatch(/The maximum is short for 'higher', 'equal' and 'lower': raise matches/);
    expect(reachLine(spec)).not.toMatch(/short/);
    expect(SHORT_BELOW).toBe(0.8);
  });
});

describe('the start line', () => {
  it('a sequential run says its reach before any match; a quantity question says its spread is unknown', async () => {
    const dir = tempDir('tavolo-reach-');
    const spec = join(dir, 'reach.json');
    writeFileSync(spec, JSON.stringify({
      name: 'reach', game: 'stramat', players: 2, matches: 200, seed: 'reach', variants: [{ name: 'base', options: {} }],
      bots: [{ name: 'greedy', bot: 'greedy' }, { name: 'random', bot: 'random' }],
      sequential: { bot: 'greedy', opponent: 'random', d0: 0, d1: 0.05, checkEvery: 20 },
    }));
    const r = await tavoloAsync(['run', spec, '--out', join(dir, 'out'), '--threads', '1']);
    expect(r.code, r.stderr).toBe(0);
    const line = r.stdout.split('\n').find((l) => l.startsWith('Reach: '))!;
    expect(line).toMatch(/^Reach: its maximum of 200 matches gives 'H1 accepted' in \d+% of runs where greedy is 5 points ahead of random \(\d+% undecided\), 'H0 accepted' in \d+% of runs where the two are equal/);
    expect(line).toMatch(/The maximum is short for 'H1 accepted' and 'H0 accepted'/);
    expect(r.stdout.indexOf('Reach: ')).toBeLessThan(r.stdout.indexOf('Question:') < 0 ? Infinity : r.stdout.indexOf('Question:'));
    expect(reachLine({ players: 2, matches: 200, sequential: { question: { kind: 'variant' }, alpha: 0.05, beta: 0.05, d0: 0, d1: 1, within: null, checkEvery: 20 } })).toMatch(/depends on the quantity's spread, unknown before the run/);
  });
});
