import { LEAST_BUDGET_MATCHES, MOST_BUDGET_MATCHES, planBudget, type BudgetPlan } from '../../runner/budget.js';
import { estimateCost } from '../../runner/cost.js';
import type { RawSpec, ResolvedSpec } from '../../runner/spec.js';
import type { TimeBudget } from '../../terminal/budget-flag.js';
import { mostMatches } from './cost.js';
import { DEFAULT_ROUNDS, resolveTune } from './spec.js';

/**
 * `tavolo tune --budget`: the most matches a candidate (the spec's `matches`) that fits the time, for the
 * search's bound (every round of every candidate, or tune.budget, and one finalist's confirmation). A
 * candidate plays whole rounds, so the count is a multiple of tune.block, or, without it, of the players
 * times the default rounds (the block is then a tenth of the count).
 */
export async function planTuneBudget(o: {
  raw: RawSpec;
  spec: ResolvedSpec;
  outDir: string;
  budget: TimeBudget;
  threads: number;
  confirm: boolean;
}): Promise<BudgetPlan> {
  const block = (o.raw.tune as { block?: unknown } | undefined)?.block;
  const step = typeof block === 'number' ? block : o.spec.players * DEFAULT_ROUNDS;
  // The most a search of `matches` a candidate plays; a count the tune field refuses fits nothing.
  const most = (matches: number) => {
    try {
      const at = { ...o.spec, matches };
      const m = mostMatches(at, resolveTune(o.raw.tune, at), o.confirm);
      return m.race + m.confirmation;
    } catch {
      return Infinity;
    }
  };
  const piloted = most(o.spec.matches);
  return planBudget({
    dir: o.outDir,
    budget: o.budget,
    settings: JSON.stringify({ study: 'tune', spec: { ...o.raw, matches: undefined }, seed: o.spec.seed, confirm: o.confirm }),
    threads: o.threads,
    step,
    least: Math.max(step, LEAST_BUDGET_MATCHES),
    most: MOST_BUDGET_MATCHES,
    pilot: async () => ({ matches: piloted, estimate: await estimateCost([{ spec: o.spec, matches: piloted }], o.threads) }),
    scale: (seconds, pilotedMatches, matches) => (seconds * most(matches)) / pilotedMatches,
  });
}
