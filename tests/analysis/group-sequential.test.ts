import { describe, expect, it } from 'vitest';
import { boundaryAt, decideLook, lookPlan, obrienFlemingConstant, unitsSaved } from '../../src/analysis/group-sequential.js';
import { normQuantile } from '../../src/analysis/distributions.js';
import { Rng } from '../../src/engine/rng.js';

const equal = (K: number) => Array.from({ length: K }, (_, k) => (k + 1) / K);

describe("O'Brien-Fleming's constant", () => {
  // Jennison and Turnbull, Group Sequential Methods (2000), Table 2.3: C_B(K, 0.05), equal group sizes.
  const TABLE: Array<[number, number]> = [
    [1, 1.96],
    [2, 1.977],
    [3, 2.004],
    [4, 2.024],
    [5, 2.04],
  ];
  it.each(TABLE)('at %i equal looks and alpha 0.05 is the published %f', (K, c) => {
    expect(obrienFlemingConstant(equal(K), 0.05)).toBeCloseTo(c, 3);
  });

  it('one look is the fixed two-sided test, at any alpha', () => {
    expect(obrienFlemingConstant([1], 0.01)).toBeCloseTo(normQuantile(0.995), 6);
  });

  it('at unequal looks gives a crossing chance of alpha under no difference (seeded Brownian motion)', () => {
    const fractions = [0.3, 0.7, 1];
    const c = obrienFlemingConstant(fractions, 0.05);
    const rng = new Rng('group-sequential/brownian');
    const gauss = () => Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
    const runs = 100_000;
    let crossed = 0;
    for (let r = 0; r < runs; r++) {
      let b = 0;
      let t = 0;
      for (const f of fractions) {
        b += Math.sqrt(f - t) * gauss();
        t = f;
        if (Math.abs(b) >= c) {
          crossed++;
          break;
        }
      }
    }
    const rate = crossed / runs;
    // The Monte Carlo interval at 99%: the integration is checked, not the seed.
    const mc = 2.576 * Math.sqrt((0.05 * 0.95) / runs);
    expect(Math.abs(rate - 0.05)).toBeLessThan(mc);
    // A fixed test's bar at every look errs more often: the correction is not idle.
    expect(c).toBeGreaterThan(1.96);
  });
});

describe('lookPlan and decideLook', () => {
  it('looks at equal steps of the cap, fewer when the cap is small, one below two minimum looks', () => {
    expect(lookPlan(100, 0.05, 0.05).looks).toEqual([25, 50, 75, 100]);
    expect(lookPlan(25, 0.05, 0.05).looks).toEqual([12, 25]);
    expect(lookPlan(15, 0.05, 0.05).looks).toEqual([15]);
  });

  it('the bar falls from look to look to C at the last', () => {
    const plan = lookPlan(100, 0.05, 0.05);
    expect(boundaryAt(plan, 0)).toBeCloseTo(2.024 * 2, 2);
    expect(boundaryAt(plan, 3)).toBeCloseTo(2.024, 3);
  });

  it('separated above or below at the bar, equal inside the margin, else on until the cap', () => {
    const plan = lookPlan(100, 0.05, 0.05);
    expect(decideLook(plan, 0, { estimate: 0.8, z: 4.1, se: 0.05 }, 0.5).decision).toBe('above');
    expect(decideLook(plan, 0, { estimate: 0.2, z: -4.1, se: 0.05 }, 0.5).decision).toBe('below');
    expect(decideLook(plan, 0, { estimate: 0.8, z: 3.9, se: 0.05 }, 0.5).decision).toBe('continue');
    expect(decideLook(plan, 1, { estimate: 0.51, z: 0.5, se: 0.01 }, 0.5).decision).toBe('equal');
    expect(decideLook(plan, 1, { estimate: 0.51, z: 0.5, se: 0.02 }, 0.5).decision).toBe('continue');
    expect(decideLook(plan, 3, { estimate: 0.55, z: 1.5, se: 0.04 }, 0.5).decision).toBe('cap');
  });

  it('counts what stopping saved: the caps not played', () => {
    const plan = lookPlan(100, 0.05, 0.05);
    const at = (units: number) => ({ look: 1, units, estimate: 0, z: 0, se: 0, boundary: 0, low: 0, high: 0, decision: 'above' as const });
    expect(unitsSaved(plan, [[at(25)], [at(25), at(50)], [at(100)]])).toEqual({ saved: 125, total: 300, early: 2 });
  });
});
