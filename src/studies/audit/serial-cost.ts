import type { CostEstimate } from '../../runner/cost.js';
import { ACTION_SAMPLE } from './actions.js';
import { sampleSizes } from './holes-part.js';
import { CASUAL_FACTOR, type AuditPlan, type RunRole } from './plan.js';

/**
 * What the audit plays in the main thread after its runs, and what it costs: the holes sample (each
 * lineup's matches, and the casual ones again at other option values), the kingmaking replays and the
 * replays that tally the action kinds. None of it is a run, so it is costed from the runs' pilot: a
 * match of a lineup costs what the pilot measured for the run that plays that lineup, on one thread
 * (the main thread plays alone, whatever --threads). The estimate said before the audit starts, and the
 * match count a budget plans, include it.
 */

/** Seconds one match of each lineup takes on one thread, from the runs' pilot. */
export interface SerialCost {
  strong: number;
  casual: number;
  /** A match of greedy against random (the holes' casual lineup). */
  skill: number;
}

/**
 * Matches the inert-option check plays, per option the game declares, for each match of its sample: a
 * value either side and the ends of the range, each stopped at its first move unlike the base value's.
 */
export const OPTION_PLAYS = 1;
/**
 * A match examined for kingmaking costs the match and its replays: each losing seat's last two decisions
 * with up to 12 actions each, the strong bots continuing to the end, which is near; counted as two matches.
 */
export const KINGMAKING_COST = 2;

/** One match of the first run of `role`, on one thread, from the estimate (0 when not measured). */
function perMatch(plan: AuditPlan, e: CostEstimate | undefined, role: RunRole): number {
  const k = plan.runs.findIndex((r) => r.role === role);
  if (e === undefined || k < 0 || e.perRun[k] === undefined) return 0;
  return (e.perRun[k] * e.threads) / Math.max(1, plan.runs[k].spec.matches);
}

/** The serial parts' per-match costs from the runs' pilot of `plan` (a pilot of every run at its full count). */
export function serialCost(plan: AuditPlan, e: CostEstimate | undefined): SerialCost {
  const casual = perMatch(plan, e, 'casual');
  return { strong: perMatch(plan, e, 'strong') || casual, casual, skill: perMatch(plan, e, 'casual-skill') };
}

/** The serial parts' seconds at `matches` a strong comparison. */
export function serialSeconds(c: SerialCost, plan: Pick<AuditPlan, 'players' | 'game'>, matches: number): number {
  const s = sampleSizes(plan.players, matches);
  const holes = c.strong * s.matches + c.skill * (s.matches + OPTION_PLAYS * plan.game.options.length * s.optionMatches);
  return holes + c.strong * KINGMAKING_COST * s.kingmakingMatches + c.casual * Math.min(CASUAL_FACTOR * matches, ACTION_SAMPLE);
}
