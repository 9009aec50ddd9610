import { costSentence, estimateCost, matchesFor } from '../../runner/cost.js';
import type { ResolvedSpec } from '../../runner/spec.js';
import { durationText } from '../../terminal/duration.js';
import type { TunePlan } from './spec.js';

/**
 * What a search will cost at most, said before it plays (docs/reference.md, "What a command will cost"):
 * a pilot of the candidates' first matches, scaled to the race's bound (its budget, or every round of
 * every candidate, whichever is less), and the confirmation on top (the base rules and one finalist; each
 * further finalist adds as much again). Undefined when it is not long, or the pilot could not measure.
 */
export async function tuneCostLine(spec: ResolvedSpec, plan: TunePlan, threads: number, confirm: boolean): Promise<string | undefined> {
  const { race, confirmation } = mostMatches(spec, plan, confirm);
  const e = await estimateCost([{ spec, matches: race + confirmation }], threads);
  if (e === undefined) return undefined;
  const perMatch = e.seconds / (race + confirmation);
  const fewer = matchesFor(60, e.seconds, spec.matches);
  const cheaper = fewer === undefined ? [] : [{ flag: `--matches ${fewer}`, seconds: (e.seconds * fewer) / spec.matches }];
  const line = costSentence('The search', e, cheaper, true);
  if (line === undefined) return undefined;
  const early = ' Its race stops as soon as it has decided, often well before its budget';
  return confirm ? `${line}${early}; the bound includes one finalist's confirmation, and each further finalist adds about ${durationText(plan.confirm * perMatch)}.` : `${line}${early}.`;
}

/** The most matches a search plays: its race's bound (its budget, or every round of every candidate) and one finalist's confirmation. */
export function mostMatches(spec: ResolvedSpec, plan: TunePlan, confirm: boolean): { race: number; confirmation: number } {
  return { race: Math.min(plan.budget, plan.block * plan.rounds * spec.variants.length), confirmation: confirm ? 2 * plan.confirm : 0 };
}
