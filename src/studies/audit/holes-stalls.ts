import { wilson } from '../../analysis/intervals.js';
import type { Finding } from './finding.js';
import type { LineupPlay } from './holes-play.js';
import { PLAYERS, count, distinctPlays, finding, percent, percentRange, unseenBound } from './holes-words.js';
import { DEFAULT_ACTION_LIMIT, replayOf, type AuditSample } from './sample.js';

/** An end reason that names a safety cap (`turn_cap`, `round_cap`): the game stopped a match that went on too long. */
const CAP = /(^|_)cap$/;

/** Share of matches ended by a game's own cap from which it is worth a look. */
const CAP_AMBER = 0.1;

/**
 * Stalls: matches that did not end within the audit's action limit (red between strong players, amber
 * when only casual players stall: weak play may wander), and matches the game's own safety cap ended.
 */
export function stallFindings(ctx: AuditSample, plays: readonly LineupPlay[]): Finding[] {
  const limit = ctx.actionLimit ?? DEFAULT_ACTION_LIMIT;
  const out: Finding[] = [];
  for (const play of plays) {
    const stalls = play.matches.filter((m) => m.outcome === null);
    if (stalls.length === 0) continue;
    const n = play.matches.length;
    const loops = stalls.reduce((sum, m) => sum + play.repeatedPositions[m.match], 0) / (stalls.length * limit);
    out.push(
      finding(ctx, 'holes', {
        id: 'stall_action_limit',
        severity: play.label === 'strong' ? 'red' : 'amber',
        words:
          `${stalls.length} of ${count(n, 'match', 'matches')} between ${PLAYERS[play.label]} did not end within ${limit} decisions (a stall); ` +
          `${percent(loops)} of their decisions came back to a position already seen in the match${loops >= 0.5 ? ', a loop in the rules' : ''}.`,
        figure: percent(stalls.length / n),
        interval: percentRange(wilson(stalls.length, n)),
        evidence: distinctPlays(play.matches),
        reference: 'the five built-in games: no stall',
        replay: replayOf(ctx, play.lineup, stalls[0].match),
      }),
    );
  }
  if (out.length === 0) {
    const n = plays.reduce((sum, p) => sum + p.matches.length, 0);
    out.push(
      finding(ctx, 'holes', {
        id: 'stall_action_limit',
        severity: 'green',
        words: `Every one of the ${n} matches ended within ${limit} decisions: no stall seen (stalls in fewer than ${percent(unseenBound(n))} of matches could have been missed, 95%).`,
        figure: '0',
        evidence: plays.reduce((sum, p) => sum + distinctPlays(p.matches), 0),
        reference: 'the five built-in games: no stall',
      }),
    );
  }
  out.push(...capFindings(ctx, plays));
  return out;
}

/** Matches a game's own safety cap ended (an end reason such as `turn_cap`): amber from CAP_AMBER of a lineup's matches. */
function capFindings(ctx: AuditSample, plays: readonly LineupPlay[]): Finding[] {
  const out: Finding[] = [];
  for (const play of plays) {
    const capped = play.matches.filter((m) => m.outcome !== null && CAP.test(m.outcome.result.endReason));
    if (capped.length === 0) continue;
    const n = play.matches.length;
    const reasons = [...new Set(capped.map((m) => m.outcome!.result.endReason))].join(', ');
    out.push(
      finding(ctx, 'holes', {
        id: 'ended_by_cap',
        severity: capped.length / n >= CAP_AMBER ? 'amber' : 'info',
        words: `${capped.length} of ${count(n, 'match', 'matches')} between ${PLAYERS[play.label]} were ended by the game's safety cap (${reasons}), not by its rules of play.`,
        figure: percent(capped.length / n),
        interval: percentRange(wilson(capped.length, n)),
        evidence: distinctPlays(capped),
        reference: `under ${percent(CAP_AMBER, 0)} of matches`,
        replay: replayOf(ctx, play.lineup, capped[0].match),
      }),
    );
  }
  return out;
}
