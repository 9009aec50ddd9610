import type { CostEstimate } from '../../runner/cost.js';
import { ACTION_SAMPLE } from './actions.js';
import { auditHoles } from './holes.js';
import { auditSample, sampleSizes } from './holes-part.js';
import { auditKingmaking } from './kingmaking.js';
import { CASUAL_FACTOR, type AuditPlan } from './plan.js';

/**
 * What the audit plays in the main thread after its runs, and what it costs: the holes sample, the
 * kingmaking replays and the replays that tally the action kinds. None of it is in a run, so the runs'
 * pilot does not see it; it is timed here on a sample of two matches (one for kingmaking) and scaled by
 * the sizes the plan will use, so that the estimate said before the audit starts, and the match count a
 * budget plans, include it. The timing decides the match count only, recorded in budget-plan.json, never
 * a match.
 */

/** Seconds a match of each serial part took in the pilot. */
export interface SerialCost {
  holes: number;
  kingmaking: number;
  /** A casual run's match, from the runs' pilot (the action kinds' replays play the casual mirror again). */
  casual: number;
}

const PILOT_SIZES = { matches: 2, optionMatches: 2 };

const seconds = (t0: number) => (performance.now() - t0) / 1000; // clock-ok: the serial parts' pilot, for the estimate only

/** Times the serial parts on a small sample of `plan` (its findings are thrown away). */
export async function pilotSerial(plan: AuditPlan, runs: CostEstimate | undefined, command: string): Promise<SerialCost> {
  const kingmakingMatches = plan.players >= 3 ? 1 : 0;
  const sample = auditSample(plan, command, { ...PILOT_SIZES, kingmakingMatches });
  let t0 = performance.now(); // clock-ok: as above
  await auditHoles(sample);
  const holes = seconds(t0) / PILOT_SIZES.matches;
  t0 = performance.now(); // clock-ok: as above
  await auditKingmaking(sample);
  const kingmaking = kingmakingMatches > 0 ? seconds(t0) / kingmakingMatches : 0;
  const casualRun = plan.runs[0];
  const casual = runs && runs.perRun.length > 0 ? (runs.perRun[0] * runs.threads) / Math.max(1, casualRun.spec.matches) : 0;
  return { holes, kingmaking, casual };
}

/** The serial parts' seconds at `matches` a strong comparison (they play in one thread, whatever --threads). */
export function serialSeconds(c: SerialCost, players: number, matches: number): number {
  const s = sampleSizes(players, matches);
  return c.holes * s.matches + c.kingmaking * s.kingmakingMatches + c.casual * Math.min(CASUAL_FACTOR * matches, ACTION_SAMPLE);
}
