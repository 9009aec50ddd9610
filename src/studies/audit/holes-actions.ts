import { clopperPearson, wilson } from '../../analysis/intervals.js';
import type { ActionKind } from '../../engine/game.js';
import type { Finding } from './finding.js';
import type { KindCounts, LineupPlay } from './holes-play.js';
import { count, distinctPlays, finding, percent, percentRange } from './holes-words.js';
import { replayOf, type AuditSample } from './sample.js';

/** Decisions with a choice (the kind beside something else) from which "never chosen" is a verdict, not a hint. */
export const MIN_CHOICES = 20;
/** Share of those decisions at which strong bots took a kind for it to count as always taken. */
export const ALWAYS_TAKEN = 0.95;
/** Lower end of the 95% interval of the win share of the seats that took a kind, for it to dominate. */
export const DOMINANT_WIN_SHARE = 0.75;

/**
 * Actions never worth taking, and actions that dominate, from the strong lineup's decisions: a kind
 * that was a choice and that no strong bot ever took (amber with at least MIN_CHOICES such decisions,
 * information below; a kind taken only when nothing else was legal is information), and a kind the strong bots took whenever it was a choice and whose takers won
 * (red: the game is decided by it).
 */
export function actionFindings(ctx: AuditSample, strong: LineupPlay): Finding[] {
  const kinds = ctx.game.importance?.actionKinds ?? [];
  const out: Finding[] = [];
  for (const kind of kinds) {
    const c = strong.kinds.get(kind.name);
    if (c === undefined || c.contested === 0) continue;
    if (c.chosen === 0) out.push(neverChosen(ctx, strong, kind, c));
    else if (c.chosenContested === 0) out.push(onlyWhenForced(ctx, strong, kind, c));
    else {
      const d = dominance(ctx, strong, kind, c);
      if (d) out.push(d);
    }
  }
  return out;
}

function neverChosen(ctx: AuditSample, strong: LineupPlay, kind: ActionKind, c: KindCounts): Finding {
  const [, high] = clopperPearson(0, c.contested, 0.95);
  const enough = c.contested >= MIN_CHOICES;
  return finding(ctx, 'actions', {
    id: 'action_never_chosen',
    severity: enough ? 'amber' : 'info',
    words:
      `Strong players never took ${kind.label} (\`${kind.name}\`): 0 of the ${count(c.contested, 'decision')} where it was legal beside something else ` +
      `(taken at most ${percent(high)} of the time, 95%). ` +
      (enough ? 'It is never worth taking for these bots, or they undervalue it; `tavolo importance` measures what it is worth.' : `Too few choices to say (fewer than ${MIN_CHOICES}).`),
    figure: `0 of ${c.contested}`,
    interval: `0% to ${percent(high)}`,
    evidence: distinctPlays(strong.matches),
    reference: 'every kind is taken at some decision',
    replay: replayOf(ctx, strong.lineup, c.firstContested),
  });
}

/** A kind the strong bots took only when nothing else was legal: information (another kind may simply be better). */
function onlyWhenForced(ctx: AuditSample, strong: LineupPlay, kind: ActionKind, c: KindCounts): Finding {
  return finding(ctx, 'actions', {
    id: 'action_only_when_forced',
    severity: 'info',
    words:
      `Strong players took ${kind.label} (\`${kind.name}\`) only when nothing else was legal (${count(c.chosen, 'time')}); ` +
      `at the ${count(c.contested, 'decision')} where it was a choice they took something else.`,
    figure: `0 of ${c.contested}`,
    evidence: distinctPlays(strong.matches),
    reference: 'information',
    replay: replayOf(ctx, strong.lineup, c.firstContested),
  });
}

/** Win counts of the seats that took a kind and of those that did not, over the strong lineup's decided matches. */
function takersAndOthers(strong: LineupPlay, kind: string): { takers: number; takerWins: number; others: number; otherWins: number } {
  const t = { takers: 0, takerWins: 0, others: 0, otherWins: 0 };
  for (const m of strong.matches) {
    const winners = m.outcome?.result.winners ?? [];
    if (winners.length === 0) continue;
    strong.taken[m.match].forEach((kinds, seat) => {
      const won = winners.includes(seat) ? 1 : 0;
      if (kinds.has(kind)) {
        t.takers++;
        t.takerWins += won;
      } else {
        t.others++;
        t.otherWins += won;
      }
    });
  }
  return t;
}

/** A dominating kind: taken at ALWAYS_TAKEN of its choices, and its takers won far more than the others. */
function dominance(ctx: AuditSample, strong: LineupPlay, kind: ActionKind, c: KindCounts): Finding | null {
  if (c.contested < MIN_CHOICES || c.chosenContested / c.contested < ALWAYS_TAKEN) return null;
  const t = takersAndOthers(strong, kind.name);
  const takers = wilson(t.takerWins, t.takers);
  const others = wilson(t.otherWins, t.others);
  if (t.others === 0 || takers[0] < DOMINANT_WIN_SHARE || takers[0] <= others[1]) return null;
  const example = strong.matches.find((m) => m.outcome !== null && strong.taken[m.match].some((k) => k.has(kind.name)))!;
  return finding(ctx, 'actions', {
    id: 'dominant_action',
    severity: 'red',
    words:
      `${kind.label} (\`${kind.name}\`) dominates: strong players took it at ${c.chosenContested} of the ${c.contested} decisions where it was a choice, ` +
      `and the seats that took it won ${percent(t.takerWins / t.takers)} of their matches (${t.takerWins} of ${t.takers}) against ${percent(t.otherWins / t.others)} for the others ` +
      `(${t.otherWins} of ${t.others}; observational: who gets to take it is part of it).`,
    figure: percent(t.takerWins / t.takers),
    interval: percentRange(takers),
    evidence: distinctPlays(strong.matches),
    reference: `takers win less than ${percent(DOMINANT_WIN_SHARE, 0)} (lower end of the 95% interval)`,
    replay: replayOf(ctx, strong.lineup, example.match),
  });
}
