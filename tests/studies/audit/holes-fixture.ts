import { join } from 'node:path';
import type { AnyGame, Options } from '../../../src/engine/game.js';
import { loadGame } from '../../../src/plugins/loader.js';
import type { Finding } from '../../../src/studies/audit/finding.js';
import { resolveLineup, type AuditSample } from '../../../src/studies/audit/sample.js';
import { FIXTURES } from '../../fixtures/cli.js';

/** The folder of the audit's toy games (game modules loaded by path, as a user's game is). */
export const TOYS = join(FIXTURES, 'toy-games');

/** What a test changes of a sample: the rest is a small seeded default. */
export interface SampleSettings {
  readonly players: number;
  readonly strong?: readonly string[];
  readonly casual?: readonly string[];
  readonly matches?: number;
  readonly seed?: string;
  readonly options?: Options;
  readonly kingmakingMatches?: number;
  readonly optionMatches?: number;
  readonly actionLimit?: number;
}

/** A sample of `ref` (a toy game's file name, or a built-in game's name) as an audit would build it. */
export async function sampleOf(ref: string, s: SampleSettings): Promise<AuditSample> {
  const gameRef = ref.endsWith('.mjs') ? `./${ref}` : ref;
  const { game } = await loadGame(gameRef, TOYS);
  return sampleFor(game, gameRef, s);
}

/** A sample of a game already in hand (a game written inside a test). */
export async function sampleFor(game: AnyGame, gameRef: string, s: SampleSettings): Promise<AuditSample> {
  return {
    game,
    gameRef,
    options: s.options ?? {},
    players: s.players,
    strong: await resolveLineup(s.strong ?? ['greedy'], game, s.players, TOYS, 'strong'),
    casual: await resolveLineup(s.casual ?? ['greedy', 'random'], game, s.players, TOYS, 'casual'),
    seed: s.seed ?? 'audit-test',
    matches: s.matches ?? 40,
    ...(s.kingmakingMatches !== undefined ? { kingmakingMatches: s.kingmakingMatches } : {}),
    ...(s.optionMatches !== undefined ? { optionMatches: s.optionMatches } : {}),
    ...(s.actionLimit !== undefined ? { actionLimit: s.actionLimit } : {}),
  };
}

/** The findings with this id. */
export function withId(findings: readonly Finding[], id: string): Finding[] {
  return findings.filter((f) => f.id === id);
}

/** The findings a designer is asked to look at (red or amber). */
export function alarms(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.severity === 'red' || f.severity === 'amber');
}
