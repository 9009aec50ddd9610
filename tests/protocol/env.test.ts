// The Python environment: `tavolo serve-env` answers a driving program with the bot protocol's messages
// (and an error line for a bad request), and the example tabular agent, trained through TavoloEnv on Stop,
// beats random with a stated 95% interval, while the same agent untrained does not; the interval is
// checked against a reference computation and its coverage calibrated by a seeded simulation.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import quantile from '@stdlib/stats-base-dists-normal-quantile';
import { describe, expect, it, vi } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { ROOT } from '../fixtures/cli.js';
import { PYTHON_DIR, pythonAvailable } from './python.js';

vi.setConfig({ testTimeout: 300_000 });

const TRAIN = join(PYTHON_DIR, 'examples', 'train_tabular.py');

function serveEnv(lines: object[]): Array<Record<string, unknown>> {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'tavolo.js'), 'serve-env'], { input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n', encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The 95% Wilson score interval, written from its formula (the reference for the example's). */
function wilson(wins: number, n: number): [number, number] {
  const z = quantile(0.975, 0, 1);
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

describe('tavolo serve-env', () => {
  it('deals the match of the seed, offers the legal actions by number, code and text, and refuses what was not offered', () => {
    const reset = { type: 'reset', protocol: 1, game: 'stop', players: 2, options: { maxRounds: 1 }, seed: 'e' };
    const [first, again, refused] = serveEnv([reset, reset, { type: 'action', action: -5 }]);
    expect(first.type).toBe('decide');
    expect(again).toEqual(first);
    const actions = first.actions as Array<{ action: number; code: string; text: string }>;
    expect(actions.length).toBeGreaterThan(0);
    for (const a of actions) expect([typeof a.action, typeof a.code, typeof a.text]).toEqual(['number', 'string', 'string']);
    expect(refused).toEqual({ type: 'error', message: 'expected one of the offered actions, found -5' });
  });

  it('answers a request for an unknown game or protocol with an error line, and goes on', () => {
    const out = serveEnv([
      { type: 'reset', protocol: 1, game: 'no-such-game' },
      { type: 'reset', protocol: 2, game: 'stop' },
      { type: 'reset', protocol: 1, game: 'stramat', players: 2, seed: 1 },
    ]);
    expect(out.map((m) => m.type)).toEqual(['error', 'error', 'decide']);
    expect(String(out[0].message)).toContain('no-such-game');
  });
});

describe.skipIf(!pythonAvailable())('the example agent trained through TavoloEnv', () => {
  const run = (train: number) => {
    const r = spawnSync('python3', [TRAIN, '--train', String(train), '--eval', '300', '--seed', '2', '--json'], { encoding: 'utf8', timeout: 280_000 });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { wins: number; eval: number; low: number; high: number };
  };

  it('beats random after 300 matches of training (95% interval above 1/2), and not untrained', () => {
    const trained = run(300);
    expect(trained.low).toBeGreaterThan(0.5);
    const untrained = run(0);
    expect(untrained.low).toBeLessThan(0.5);
    expect(untrained.high).toBeGreaterThan(0.5);
    for (const r of [trained, untrained]) {
      const [low, high] = wilson(r.wins, r.eval);
      expect(r.low).toBeCloseTo(low, 10);
      expect(r.high).toBeCloseTo(high, 10);
    }
  });

  it("the example's interval covers a win rate of 1/2 in about 95% of seeded simulated evaluations", () => {
    const rng = new Rng('wilson-coverage');
    const n = 300;
    const draws = Array.from({ length: 2000 }, () => {
      let wins = 0;
      for (let i = 0; i < n; i++) wins += rng.float() < 0.5 ? 1 : 0;
      return wins;
    });
    const code = `import json,sys; sys.path.insert(0, ${JSON.stringify(join(PYTHON_DIR, 'examples'))}); from train_tabular import wilson; print(json.dumps([wilson(w, ${n}) for w in json.load(sys.stdin)]))`;
    const r = spawnSync('python3', ['-c', code], { input: JSON.stringify(draws), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const intervals = JSON.parse(r.stdout) as Array<[number, number]>;
    const covered = intervals.filter(([low, high]) => low <= 0.5 && 0.5 <= high).length / intervals.length;
    // 2000 draws: the coverage's standard error is about 0.5 percentage points.
    expect(covered).toBeGreaterThan(0.93);
    expect(covered).toBeLessThan(0.97);
  });
});
