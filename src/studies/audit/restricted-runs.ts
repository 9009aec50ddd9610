import type { AnyGame, Options } from '../../engine/game.js';
import { builtInBots } from '../../plugins/builtins.js';
import type { RawSpec } from '../../runner/spec.js';

/**
 * Restricted play in the audit: what a player loses without each action kind, causal. The runs are those
 * of `tavolo importance --view restricted` on a greedy mirror: the focal seat (`greedy-focal`, moving round
 * the table match by match) is once unrestricted and once, for each kind the game declares, the built-in
 * `restricted-greedy` (bots/restricted.ts) that never plays the kind while another action is legal; every
 * other entry unchanged and every run on the audit's seed, match count and opening, so that
 * src/analysis/compare.ts pairs them match by match.
 */

/** The focal entry's name in the restricted runs. */
export const FOCAL = 'greedy-focal';

interface Target {
  game: AnyGame;
  gameRef: string;
  name: string;
  options: Options;
}

interface Settings {
  players: number;
  matches: number;
  seed: string;
  opening: number;
}

export interface RestrictedRun {
  role: 'unrestricted' | 'restricted';
  key: string;
  kind?: string;
  raw: RawSpec;
}

/** The action kinds the game declares (with a classifier), or none. */
export function declaredKinds(game: AnyGame): Array<{ name: string; label: string }> {
  return typeof game.importance?.actionKind === 'function' ? [...(game.importance?.actionKinds ?? [])] : [];
}

function spec(b: Target, p: Settings, kind: string | null): RawSpec {
  const focal = kind === null ? { name: FOCAL, bot: 'greedy' } : { name: FOCAL, bot: 'restricted-greedy', params: { without: kind } };
  return {
    name: `${b.name}-audit-${kind === null ? 'unrestricted' : `without-${kind}`}`,
    game: b.gameRef,
    players: p.players,
    matches: p.matches,
    seed: p.seed,
    ...(p.opening > 0 ? { opening: p.opening } : {}),
    variants: [{ name: 'base', options: b.options }],
    bots: [focal, ...Array.from({ length: p.players - 1 }, () => ({ name: 'greedy', bot: 'greedy' }))],
  };
}

/** The unrestricted run and one per declared kind (none when the game declares no kinds). */
export function restrictedRuns(b: Target, p: Settings): RestrictedRun[] {
  const kinds = declaredKinds(b.game);
  if (kinds.length === 0 || !Object.hasOwn(builtInBots, 'restricted-greedy')) return [];
  return [
    { role: 'unrestricted', key: 'restricted/unrestricted', raw: spec(b, p, null) },
    ...kinds.map((k): RestrictedRun => ({ role: 'restricted', key: `restricted/without-${k.name}`, kind: k.name, raw: spec(b, p, k.name) })),
  ];
}
