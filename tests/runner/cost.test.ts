// A command's cost, said before it plays (runner/cost.ts): pilots in a thread of their own, scaled to the
// matches and threads, the sentence, the smaller settings and the time left of a study.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { costSentence, estimateCost, LONG_SECONDS, matchesFor, RunPace, StudyClock, type CostEstimate } from '../../src/runner/cost.js';
import { prepare, runBatch } from '../../src/runner/batch.js';
import { resolveSpec } from '../../src/runner/spec.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

async function spinSpec(matches: number, params: Record<string, unknown>) {
  return resolveSpec(
    {
      name: 'cost',
      game: join(FIXTURES, 'highcard.mjs'),
      players: 2,
      matches,
      seed: 'cost',
      variants: [{ name: 'base' }],
      bots: [{ bot: join(FIXTURES, 'misbehave.mjs'), name: 'spinner', params }, { bot: 'random' }],
    },
    process.cwd(),
  );
}

const estimate = (seconds: number, over: Partial<CostEstimate> = {}): CostEstimate => ({
  seconds,
  perRun: [seconds],
  threads: 2,
  pilot: { seconds: 0.5, matches: 40, decisions: 240, lengthFromRandomPlay: false },
  ...over,
});

describe('estimateCost', () => {
  it('scales a pilot to the run: 3 ms a decision of one seat, 3 decisions of it a match', async () => {
    // highcard's default hand is 3: the spinner decides 3 times a match, about 9 ms; 8,000 matches on one thread.
    const spec = await spinSpec(8000, { spin: 3000 });
    const e = await estimateCost([{ spec, matches: 8000 }], 1);
    expect(e).toBeDefined();
    expect(e!.seconds).toBeGreaterThan(8000 * 0.009 * 0.7);
    // Against the same matches timed here and now: a busy machine slows both alike.
    const p = prepare(spec.game, 2, spec.seed, spec.variants, spec.lineup);
    const t0 = performance.now();
    runBatch(p, 0, 0, 100);
    const real = (performance.now() - t0) / 1000 / 100;
    expect(e!.seconds / 8000).toBeGreaterThan(real / 4);
    expect(e!.seconds / 8000).toBeLessThan(real * 4);
    expect(e!.pilot.lengthFromRandomPlay).toBe(false);
  });

  it('pilots runs of one key once, costs a run with nothing to play nothing, and divides by the threads', async () => {
    const spec = await spinSpec(4000, { spin: 2000 });
    const e = await estimateCost(
      [
        { spec, matches: 4000, key: 'same' },
        { spec, matches: 4000, key: 'same' },
        { spec, matches: 0 },
      ],
      2,
    );
    expect(e!.perRun[0]).toBe(e!.perRun[1]);
    expect(e!.perRun[2]).toBe(0);
    expect(e!.seconds).toBeCloseTo(2 * e!.perRun[0], 9);
    expect(e!.threads).toBe(Math.min(2, (await import('node:os')).availableParallelism()));
  });

  it('says nothing rather than hang when a bot never returns, or ends its thread', async () => {
    const hang = await spinSpec(1000, { mode: 'loop' });
    const t0 = performance.now();
    expect(await estimateCost([{ spec: hang, matches: 1000 }], 1)).toBeUndefined();
    expect(performance.now() - t0).toBeLessThan(15_000);
    const exits = await spinSpec(1000, { mode: 'exit' });
    expect(await estimateCost([{ spec: exits, matches: 1000 }], 1)).toBeUndefined();
  }, 30_000);
});

describe('the sentence', () => {
  it('is said only past LONG_SECONDS', () => {
    expect(costSentence('This run', estimate(LONG_SECONDS - 1))).toBeUndefined();
    expect(costSentence('This run', undefined)).toBeUndefined();
    expect(costSentence('This run', estimate(250))).toBe('This run will take about 4 min on 2 threads (from a pilot of 40 matches in 0.5 s).');
  });

  it('names the smaller settings that save time, and only those; a sequential run is a bound', () => {
    const s = costSentence('This run', estimate(7200), [
      { flag: '--matches 2000', seconds: 60 },
      { flag: '--view sensitivity', seconds: 9000 },
    ], true);
    expect(s).toBe('This run will take at most about 2 h on 2 threads (from a pilot of 40 matches in 0.5 s). A smaller setting: --matches 2000 would take about 1 min.');
  });

  it('says when a match was too long to pilot whole', () => {
    const s = costSentence('The 14 runs', estimate(20000, { pilot: { seconds: 6.1, matches: 0, decisions: 881, lengthFromRandomPlay: true } }));
    expect(s).toContain("from a pilot of 881 decisions in 6.1 s, a match's length taken from random play: it may be off by half or more");
  });
});

describe('matchesFor', () => {
  it('offers a round, even, smaller count for about the target time, only when it saves most of the wait', () => {
    expect(matchesFor(60, 600, 20000)).toBe(2000);
    expect(matchesFor(60, 1000, 20000)).toBe(1000);
    expect(matchesFor(60, 170, 20000)).toBeUndefined();
    expect(matchesFor(300, 52200, 20000)).toBe(100);
    expect(matchesFor(300, 80000, 20000)).toBeUndefined();
    expect(matchesFor(60, 7000, 20000)).toBe(100);
  });
});

describe('StudyClock', () => {
  it('says the estimate of the runs left, and nothing once they are short or unknown', () => {
    const clock = new StudyClock(estimate(700, { perRun: [100, 200, 400] }));
    expect(clock.leftBefore(0)).toBe('about 12 min left');
    expect(clock.leftBefore(3)).toBeUndefined();
    expect(new StudyClock(undefined).leftBefore(1)).toBeUndefined();
  });
});

describe('RunPace', () => {
  /** A pace fed batches of `size` matches every `every` ms of a clock the test moves. */
  function fed(total: number, batches: Array<{ at: number; done: number }>) {
    let now = 0;
    const pace = new RunPace(total, 0, () => now);
    for (const b of batches) {
      now = b.at;
      pace.note(b.done);
    }
    return pace;
  }

  it('reads the rest of a steady run from its latest second: 1,000 matches a second, 90,000 left', () => {
    const batches = Array.from({ length: 12 }, (_, k) => ({ at: 250 * (k + 1), done: 250 * (k + 1) }));
    const e = fed(93_000, batches).estimate(2)!;
    expect(e.seconds).toBeCloseTo(90, 6);
    expect(e.pilot).toMatchObject({ matches: 3000, ownStart: true });
    expect(e.pilot.seconds).toBeCloseTo(3, 9);
    expect(costSentence('This run', e)).toMatch(/^This run will take about 1\.5 min|^This run will take about 2 min/);
  });

  it('waits while the pace still grows (workers starting, batches growing), unless asked anyway', () => {
    // The second second plays four times the first: not settled.
    const batches = [
      { at: 500, done: 100 },
      { at: 1000, done: 200 },
      { at: 1500, done: 600 },
      { at: 2000, done: 1000 },
    ];
    const pace = fed(100_000, batches);
    expect(pace.estimate(2)).toBeUndefined();
    const e = pace.estimate(2, true)!;
    expect(e.seconds).toBeCloseTo((100_000 - 1000) * (1 / 800), 6);
  });

  it('has nothing to say before its first batch', () => {
    const pace = fed(1000, []);
    expect(pace.started()).toBe(false);
    expect(pace.estimate(2, true)).toBeUndefined();
    expect(pace.left()).toBe(1000);
  });
});
