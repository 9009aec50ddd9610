import { describe, expect, it } from 'vitest';
import { BatchPlanner, FIRST_AUTO_BATCH, MAX_AUTO_BATCH, TARGET_MS } from '../../src/runner/batching.js';

const ranges = [
  { variant: 0, start: 0, end: 100_000 },
  { variant: 1, start: 500, end: 700 },
];

/** Takes every batch, reporting each as played at `msPerMatch`. */
function plan(p: BatchPlanner, msPerMatch: number) {
  const out = [];
  for (const b of p) {
    out.push(b);
    p.observe(b.end - b.start, (b.end - b.start) * msPerMatch);
  }
  return out;
}

function covers(batches: Array<{ variant: number; start: number; end: number }>) {
  for (const r of ranges) {
    const mine = batches.filter((b) => b.variant === r.variant);
    expect(mine[0].start).toBe(r.start);
    for (let i = 1; i < mine.length; i++) expect(mine[i].start).toBe(mine[i - 1].end);
    expect(mine[mine.length - 1].end).toBe(r.end);
    for (const b of mine) expect(b.end).toBeGreaterThan(b.start);
  }
}

describe('batch sizes', () => {
  it('a fixed size cuts every range into batches of that size, in order', () => {
    const batches = plan(new BatchPlanner(ranges, 300, 2), 0.01);
    covers(batches);
    expect(batches.filter((b) => b.end - b.start !== 300)).toHaveLength(2); // the two ranges' remainders
  });

  it('auto: small first batches, then about TARGET_MS of play each, shrinking towards the end', () => {
    const msPerMatch = 0.025; // 40,000 matches a second
    const batches = plan(new BatchPlanner(ranges, 'auto', 2), msPerMatch);
    covers(batches);
    expect(batches[0].end - batches[0].start).toBe(FIRST_AUTO_BATCH);
    const sizes = batches.map((b) => b.end - b.start);
    const target = Math.round(TARGET_MS / msPerMatch);
    expect(Math.max(...sizes)).toBe(target);
    // Guided: no batch is more than a quarter of what was left per thread, so the last ones are small.
    expect(sizes[sizes.length - 1]).toBeLessThan(50);
    expect(batches.length).toBeLessThan(100);
  });

  it('auto: slow bots get batches of a match or a few, fast games never more than MAX_AUTO_BATCH', () => {
    const slow = plan(new BatchPlanner(ranges, 'auto', 2), 2000);
    covers(slow);
    expect(Math.max(...slow.slice(1).map((b) => b.end - b.start))).toBe(1);
    const fast = plan(new BatchPlanner([{ variant: 0, start: 0, end: 10_000_000 }], 'auto', 1), 0.0001);
    expect(Math.max(...fast.map((b) => b.end - b.start))).toBe(MAX_AUTO_BATCH);
  });
});
