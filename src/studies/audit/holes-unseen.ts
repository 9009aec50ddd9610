import type { AnyGame } from '../../engine/game.js';
import type { Finding } from './finding.js';
import type { LineupPlay } from './holes-play.js';
import { count, distinctPlays, finding, percent, unseenBound } from './holes-words.js';
import type { AuditSample } from './sample.js';

/**
 * The end reasons a game declares it can end by: an optional `endReasons` list of the words its
 * `result` gives as `endReason`. The contract does not require it; a game without it gets no
 * "never seen" verdict on its ends, only the list of those seen.
 */
export function declaredEndReasons(game: AnyGame): readonly string[] | null {
  const list = (game as { endReasons?: unknown }).endReasons;
  if (!Array.isArray(list) || !list.every((r): r is string => typeof r === 'string')) return null;
  return list;
}

/** The ends seen over the finished matches of every lineup, with their counts, most frequent first. */
function endsSeen(plays: readonly LineupPlay[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const p of plays) for (const m of p.matches) if (m.outcome) counts.set(m.outcome.result.endReason, (counts.get(m.outcome.result.endReason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/**
 * End reasons and action kinds that never occur across the sample: a declared end that ended no match
 * (amber: unreachable, or rarer than the sample can see), and an action kind that was never legal.
 */
export function unseenFindings(ctx: AuditSample, plays: readonly LineupPlay[]): Finding[] {
  return [...endFindings(ctx, plays), ...kindFindings(ctx, plays)];
}

function endFindings(ctx: AuditSample, plays: readonly LineupPlay[]): Finding[] {
  const finished = plays.flatMap((p) => p.matches.filter((m) => m.outcome !== null));
  const n = finished.length;
  const seen = endsSeen(plays);
  const listed = seen.map(([r, c]) => `${r} ${percent(c / Math.max(n, 1), 0)}`).join(', ');
  const evidence = distinctPlays(finished);
  const declared = declaredEndReasons(ctx.game);
  const bound = percent(unseenBound(n));
  if (declared === null) {
    return [
      finding(ctx, 'holes', {
        id: 'end_reasons_seen',
        severity: 'info',
        words: `Ends seen over ${count(n, 'finished match', 'finished matches')}: ${listed || 'none'}. The game declares no list of its end reasons (\`endReasons\`), so an end that never happens cannot be named.`,
        evidence,
        reference: 'information',
      }),
    ];
  }
  const never = declared.filter((r) => !seen.some(([s]) => s === r));
  if (never.length === 0) {
    return [
      finding(ctx, 'holes', {
        id: 'end_reason_never_seen',
        severity: 'green',
        words: `Every declared end happened over ${count(n, 'finished match', 'finished matches')}: ${listed}.`,
        evidence,
        reference: 'every declared end happens',
      }),
    ];
  }
  return never.map((reason) =>
    finding(ctx, 'holes', {
      id: 'end_reason_never_seen',
      severity: 'amber',
      words:
        `The end \`${reason}\` is declared but ended none of the ${count(n, 'finished match', 'finished matches')} (strong and casual players): ` +
        `it cannot happen, or happens in fewer than ${bound} of matches (95%). Ends seen: ${listed || 'none'}.`,
      figure: `0 of ${n}`,
      interval: `0% to ${bound}`,
      evidence,
      reference: 'every declared end happens',
    }),
  );
}

/** Each action kind of the game that was legal at no decision of any lineup. */
function kindFindings(ctx: AuditSample, plays: readonly LineupPlay[]): Finding[] {
  const kinds = ctx.game.importance?.actionKinds ?? [];
  const decisions = plays.reduce((sum, p) => sum + p.matches.reduce((s, m) => s + (m.outcome?.decisions ?? 0), 0), 0);
  const evidence = plays.reduce((sum, p) => sum + distinctPlays(p.matches), 0);
  const out: Finding[] = [];
  for (const kind of kinds) {
    if (plays.some((p) => (p.kinds.get(kind.name)?.legal ?? 0) > 0)) continue;
    out.push(
      finding(ctx, 'holes', {
        id: 'action_kind_never_available',
        severity: 'amber',
        words: `${kind.label} (\`${kind.name}\`) was legal at none of the bots' ${decisions} decisions in ${count(evidence, 'game')}: it cannot be played, or only in rare positions.`,
        figure: `0 of ${decisions}`,
        evidence,
        reference: 'every action kind is available',
      }),
    );
  }
  return out;
}
