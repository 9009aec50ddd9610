// Calibration of the intervals of repeated plays (src/analysis/repeats.ts) by simulation. A deterministic
// pairing reaches only some plays of a game: each run draws which plays exist (K of them, reached with
// Zipf-like frequencies 1/(g+1)^s) and what each gives (a win with probability p, or a value around a mean
// mu), then plays N matches from fresh seeds, each landing on a play by those frequencies. The interval
// should hold p (or mu) 95% of the time over runs: it answers "how do these bots fare in this game", of
// which a run has seen as many plays as it reached. The plain interval on the N matches does not.
// Seeded with the project's generator; the bounds are three standard errors of a binomial proportion over
// the replications, with room above for the conservative side.
import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/analysis/intervals.js';
import { Moments } from '../../src/analysis/moments.js';
import { PlayRepeats } from '../../src/analysis/repeats.js';
import { Rng } from '../../src/engine/rng.js';

const REPS = 2000;
const se95 = 3 * Math.sqrt((0.95 * 0.05) / REPS);

interface Scenario {
  plays: number;
  matches: number;
  zipf: number;
  kind: 'rate' | 'mean';
  /** The true rate p, or the true mean mu (values mu + standard normal). */
  truth: number;
}

function normal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
}

/** Coverage of the repeated-play interval and of the plain one over the matches, and the mean distinct plays. */
function simulate(s: Scenario, seed: string): { covered: number; plain: number; distinct: number } {
  const rng = new Rng(seed);
  const weights = Array.from({ length: s.plays }, (_, g) => 1 / (g + 1) ** s.zipf);
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  const cumulative = weights.map((w) => (acc += w) / total);
  let covered = 0;
  let plain = 0;
  let distinct = 0;
  const v = new Float64Array(1);
  for (let r = 0; r < REPS; r++) {
    const value = Array.from({ length: s.plays }, () => (s.kind === 'rate' ? (rng.float() < s.truth ? 1 : 0) : s.truth + normal(rng)));
    const repeats = new PlayRepeats();
    const m = new Moments();
    for (let i = 0; i < s.matches; i++) {
      const u = rng.float();
      let g = 0;
      while (cumulative[g] < u) g++;
      v[0] = value[g];
      m.add(v[0]);
      repeats.add(`${g.toString(16).padStart(8, '0')}9e3779b1`, v);
    }
    distinct += repeats.distinct;
    const [low, high] = repeats.interval(0, m, s.kind === 'rate') ?? [NaN, NaN];
    if (low <= s.truth && s.truth <= high) covered++;
    const t = 1.959963984540054 * m.se;
    const [pl, ph] = s.kind === 'rate' ? wilson(m.mean * m.n, m.n) : [m.mean - t, m.mean + t];
    if (pl <= s.truth && s.truth <= ph) plain++;
  }
  return { covered: covered / REPS, plain: plain / REPS, distinct: distinct / REPS };
}

describe('intervals of repeated plays cover the truth about 95% of the time', () => {
  it.each<[string, Scenario, number]>([
    // [name, scenario, lowest coverage accepted]
    ['11 plays, Zipf 1, 100 matches, rate 0.7', { plays: 11, matches: 100, zipf: 1, kind: 'rate', truth: 0.7 }, 0.95 - se95],
    ['30 plays, Zipf 1, 100 matches, rate 0.7', { plays: 30, matches: 100, zipf: 1, kind: 'rate', truth: 0.7 }, 0.95 - se95],
    ['20 plays, Zipf 1.5, 400 matches, rate 0.3', { plays: 20, matches: 400, zipf: 1.5, kind: 'rate', truth: 0.3 }, 0.95 - se95],
    ['200 plays, even, 100 matches (few repeats), rate 0.7', { plays: 200, matches: 100, zipf: 0, kind: 'rate', truth: 0.7 }, 0.95 - se95],
    // Four equally likely plays: the estimate takes five values only, and coverage falls to about 91%.
    ['4 plays, even, 100 matches, rate 0.5', { plays: 4, matches: 100, zipf: 0, kind: 'rate', truth: 0.5 }, 0.89],
    ['11 plays, Zipf 1, 100 matches, mean', { plays: 11, matches: 100, zipf: 1, kind: 'mean', truth: 3 }, 0.95 - se95],
    ['200 plays, even, 100 matches, mean', { plays: 200, matches: 100, zipf: 0, kind: 'mean', truth: 3 }, 0.95 - se95],
  ])('%s', (name, scenario, lowest) => {
    const r = simulate(scenario, `repeats-calibration/${name}`);
    const what = `${name}: coverage ${r.covered}, plain ${r.plain}, distinct plays ${r.distinct}`;
    if (process.env.TAVOLO_SHOW_CALIBRATION) console.log(what);
    expect(r.covered, what).toBeGreaterThanOrEqual(lowest);
    expect(r.covered, what).toBeLessThanOrEqual(0.995);
    // Where most matches repeat, the plain interval over the matches misses far more often than 5%.
    if (r.distinct < scenario.matches / 3) expect(r.plain, what).toBeLessThan(0.6);
  });
});
