import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/studies/audit/finding.js';
import { auditHoles } from '../../../src/studies/audit/holes.js';
import { auditKingmaking } from '../../../src/studies/audit/kingmaking.js';
import { alarms, sampleOf } from './holes-fixture.js';

/**
 * The five built-in games raise no false alarm on a small seeded sample (greedy as the strong lineup,
 * greedy and random as the casual one). The alarms that do fire are named here with the reason they are
 * true of these bots, not of a hole in the rules:
 * - Zatre: greedy never holds tiles back (`hold`): its heuristic values a placed tile, and holding
 *   places none. Stramat: greedy never plays the Stramat card when it has another. Both are true of
 *   greedy (the audit's strong lineup is the game's strongest preset; greedy keeps this test short).
 * - Stramat and Stop with three players: kingmaking, in 2 of the 3 matches examined (a seat out of the
 *   race whose last card gives the win to one or the other): a real trait of three-player play.
 * Options that changed none of the 3 matches per value (Stramat's birichino, Zatre's partner rules, ...)
 * are information at that size (OPTION_MATCHES_FOR_AMBER).
 */
const EXPECTED: Record<string, readonly string[]> = {
  stramat: ['action_never_chosen:stramat', 'kingmaking'],
  stop: ['kingmaking'],
  zatre: ['action_never_chosen:hold'],
  scala: [],
  symbotrio: [],
};

function named(f: Finding): string {
  const kind = /\(`(\w+)`\)/.exec(f.words);
  return kind ? `${f.id}:${kind[1]}` : f.id;
}

describe('holes and kingmaking on the built-in games', () => {
  it.each([
    ['stramat', 3],
    ['stop', 3],
    ['zatre', 2],
    ['scala', 2],
    ['symbotrio', 3],
  ] as const)('%s (%i players): only the alarms named above', async (game, players) => {
    const ctx = await sampleOf(game, { players, matches: 8, optionMatches: 3, kingmakingMatches: 3, seed: 'builtin' });
    const findings = [...(await auditHoles(ctx)), ...(await auditKingmaking(ctx))];
    expect(alarms(findings).map(named).sort()).toEqual([...EXPECTED[game]].sort());
  });
});
