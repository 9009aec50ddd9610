import type { Finding } from './finding.js';
import type { LineupPlay } from './holes-play.js';
import { PLAYERS, count, distinctPlays, finding, percent } from './holes-words.js';
import { replayOf, type AuditSample } from './sample.js';

/** Share of a lineup's matches repeating an earlier one from which the run's own answer warns (docs/statistics.md, "Repeated plays"). */
const REPEAT_AMBER = 0.1;

/**
 * Repeated games: matches that played an earlier match again move for move (the same play hash), per
 * lineup; and, for information, positions that came back within a match.
 */
export function repeatFindings(ctx: AuditSample, plays: readonly LineupPlay[]): Finding[] {
  const out: Finding[] = [];
  for (const play of plays) {
    const n = play.matches.length;
    const distinct = distinctPlays(play.matches);
    if (n === 0 || (n - distinct) / n < REPEAT_AMBER) continue;
    const seen = new Set<string>();
    const first = play.matches.find((m) => seen.size === seen.add(m.hash).size)!;
    out.push(
      finding(ctx, 'holes', {
        id: 'repeated_games',
        severity: 'amber',
        words:
          `${n - distinct} of ${count(n, 'match', 'matches')} between ${PLAYERS[play.label]} repeated an earlier match move for move (${count(distinct, 'distinct game')}): ` +
          'these bots reach few games from these seeds, so every figure rests on fewer games than matches; a few random opening moves (a spec\'s `opening`) or bots that draw their moves widen the games played.',
        figure: percent((n - distinct) / n),
        evidence: distinct,
        reference: `under ${percent(REPEAT_AMBER, 0)} of matches repeat (the run warns from there)`,
        replay: replayOf(ctx, play.lineup, first.match),
      }),
    );
  }
  if (out.length === 0) {
    const n = plays.reduce((sum, p) => sum + p.matches.length, 0);
    const distinct = plays.reduce((sum, p) => sum + distinctPlays(p.matches), 0);
    out.push(
      finding(ctx, 'holes', {
        id: 'repeated_games',
        severity: 'green',
        words: `${distinct} of the ${n} matches were distinct games: repeats stay under ${percent(REPEAT_AMBER, 0)} for each lineup.`,
        figure: percent((n - distinct) / Math.max(n, 1)),
        evidence: distinct,
        reference: `under ${percent(REPEAT_AMBER, 0)} of matches repeat`,
      }),
    );
  }
  const positions = positionFinding(ctx, plays);
  if (positions) out.push(positions);
  return out;
}

/**
 * Positions that came back within a finished match (the same table, the same seat to act): information,
 * since many games return to a position by design (a memory game turns its cards back); a stall that
 * loops is named by the stall finding.
 */
function positionFinding(ctx: AuditSample, plays: readonly LineupPlay[]): Finding | null {
  let matches = 0;
  let withRepeat = 0;
  let decisions = 0;
  let repeated = 0;
  let example: { play: LineupPlay; match: number } | null = null;
  for (const play of plays) {
    for (const m of play.matches) {
      if (m.outcome === null) continue;
      matches++;
      decisions += m.outcome.decisions;
      const r = play.repeatedPositions[m.match];
      repeated += r;
      if (r > 0) {
        withRepeat++;
        example ??= { play, match: m.match };
      }
    }
  }
  if (example === null) return null;
  return finding(ctx, 'holes', {
    id: 'repeated_positions',
    severity: 'info',
    words:
      `In ${withRepeat} of ${count(matches, 'finished match', 'finished matches')} a position came back (the same table with the same seat to act), ` +
      `at ${percent(repeated / Math.max(decisions, 1))} of all decisions: by design in some games, a loop if it keeps a match from ending.`,
    figure: percent(withRepeat / matches),
    evidence: matches,
    reference: 'information: a loop shows as a stall',
    replay: replayOf(ctx, example.play.lineup, example.match),
  });
}
