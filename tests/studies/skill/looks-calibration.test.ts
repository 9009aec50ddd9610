// The trace's stopping rule, calibrated by seeded simulation through the study's own decision path
// (pairedAhead's test -> lookFigures -> decideLook): under no difference the false "separated" rate stays
// at or below the stated level, and under a real difference a step stops early on average.
import { describe, expect, it } from 'vitest';
import { decideLook, goesOn, lookPlan, type LookPlan } from '../../../src/analysis/group-sequential.js';
import { dealValue, pairedAhead } from '../../../src/analysis/paired-ahead.js';
import { wilson } from '../../../src/analysis/intervals.js';
import { Rng } from '../../../src/engine/rng.js';
import { lookFigures } from '../../../src/studies/skill/analysis.js';
import { EQUAL_MARGIN, MAX_LOOKS, MIN_LOOK_DEALS, TRACE_ALPHA } from '../../../src/studies/skill/plan.js';

/** A heads-up deal in both seatings: each match the stronger wins with `win`, loses with `loss`, else ties. */
function deal(rng: Rng, win: number, loss: number): number {
  const match = () => {
    const u = rng.float();
    return u < win ? { decided: 1, won: 1 } : u < win + loss ? { decided: 1, won: 0 } : { decided: 0, won: 0 };
  };
  return dealValue(match(), match());
}

/** One step played look by look: its decision and the deals it used. */
function step(rng: Rng, plan: LookPlan, win: number, loss: number, bar?: number): { decision: string; deals: number } {
  const values: number[] = [];
  for (const [k, n] of plan.looks.entries()) {
    while (values.length < n) values.push(deal(rng, win, loss));
    const look = decideLook(bar === undefined ? plan : { ...plan, constant: bar * Math.sqrt(n / plan.looks[plan.looks.length - 1]) }, k, lookFigures(pairedAhead(values.filter((v) => !Number.isNaN(v)))), 0.5);
    if (!goesOn(look)) return { decision: look.decision, deals: n };
  }
  throw new Error('unreachable: the last look decides');
}

const RUNS = 2000;
const CAP = 100;

function simulate(label: string, win: number, loss: number, bar?: number) {
  const rng = new Rng(`skill-looks/${label}`);
  const plan = lookPlan(CAP, TRACE_ALPHA, EQUAL_MARGIN, MAX_LOOKS, MIN_LOOK_DEALS);
  let separated = 0;
  let deals = 0;
  for (let r = 0; r < RUNS; r++) {
    const s = step(rng, plan, win, loss, bar);
    if (s.decision === 'above' || s.decision === 'below') separated++;
    deals += s.deals;
  }
  return { rate: separated / RUNS, interval: wilson(separated, RUNS), meanDeals: deals / RUNS };
}

describe("the skill trace's looks", () => {
  it('under no difference call a step separated (either way) at most at the stated 5%, within the Monte Carlo interval', () => {
    const r = simulate('null', 0.45, 0.45);
    expect(r.interval[0]).toBeLessThanOrEqual(TRACE_ALPHA);
    // Some steps do cross: the rule is not merely blind.
    expect(r.rate).toBeGreaterThan(0.005);
  });

  it("the fixed test's bar at every look would not keep it (the check can fail)", () => {
    const r = simulate('naive', 0.45, 0.45, 1.959964);
    expect(r.interval[0]).toBeGreaterThan(TRACE_ALPHA);
  });

  it('under a real difference (65% ahead) stops early on average and separates almost always', () => {
    const r = simulate('real', 0.585, 0.315);
    expect(r.meanDeals).toBeLessThan(0.7 * CAP);
    expect(r.rate).toBeGreaterThan(0.9);
  });
});
