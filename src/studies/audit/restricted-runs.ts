import { builtInBots } from '../../plugins/builtins.js';
import type { RawSpec } from '../../runner/spec.js';
import { declaredKinds, restrictedSpec, type ImportanceBase } from '../../studies/importance/plan.js';
import type { AuditRun, Base, RunSettings } from './plan.js';

/**
 * Restricted play in the audit: what a player loses without each action kind, causal. The runs are the
 * importance study's restricted view (src/studies/importance/plan.ts, restrictedSpec): a greedy mirror whose
 * focal seat (`greedy-focal`, moving round the table match by match) is once unrestricted and once, for each
 * kind the game declares, `restricted-greedy` that never plays the kind while another action is legal; all on
 * the audit's seed and opening, so the runs pair match by match.
 */

/** The focal entry's name in the restricted runs (the importance study's name for a shared bot). */
export const FOCAL = 'greedy-focal';

/** The importance study's base for the audit's greedy mirror, `matches` a run. */
function importanceBase(b: Base, p: RunSettings): ImportanceBase {
  const bots = Array.from({ length: p.players }, (_, k) => ({ bot: 'greedy', name: k === 0 ? FOCAL : 'greedy' }));
  return { gameRef: b.gameRef, game: b.game, players: p.players, matches: p.matches, seed: p.seed, options: b.options, bots, focus: 0, focusName: FOCAL, name: `${b.name}-audit`, restrictedBot: 'restricted-greedy' };
}

/** The unrestricted run and one per declared kind (none when the game declares no kinds or greedy has no restricted version). */
export function restrictedRuns(b: Base, p: RunSettings): Array<Omit<AuditRun, 'spec' | 'dir'>> {
  const kinds = declaredKinds(b.game);
  if (kinds.length === 0 || !Object.hasOwn(builtInBots, 'restricted-greedy')) return [];
  const base = importanceBase(b, p);
  const spec = (kind: string | null): RawSpec => ({ ...restrictedSpec(base, kind), ...(p.opening > 0 ? { opening: p.opening } : {}) });
  return [
    { role: 'unrestricted', key: 'restricted/unrestricted', raw: spec(null) },
    ...kinds.map((k) => ({ role: 'restricted' as const, key: `restricted/without-${k.name}`, kind: k.name, raw: spec(k.name) })),
  ];
}
