import type { Bot, Decision } from '../../engine/bot.js';
import type { AnyGame } from '../../engine/game.js';
import type { SeatBot } from '../../engine/match.js';
import { completeOptions, playAuditMatch, type AuditMatch, type AuditSample, type LineupEntry } from './sample.js';

/** How often an action kind was on offer and taken, over a lineup's bot decisions. */
export interface KindCounts {
  /** Decisions where an action of the kind was legal. */
  legal: number;
  /** Of those, decisions where something else was legal too (taking the kind was a choice). */
  contested: number;
  /** Decisions where the bot took an action of the kind. */
  chosen: number;
  /** Of those, decisions where something else was legal too. */
  chosenContested: number;
  /** The first match in which the kind was on offer beside something else (-1: none), to replay. */
  firstContested: number;
}

/** One lineup's sample, as the holes checks read it. */
export interface LineupPlay {
  readonly label: 'strong' | 'casual';
  readonly lineup: readonly LineupEntry[];
  readonly matches: AuditMatch[];
  /** Per match, the decisions taken at a position already seen earlier in that match (same seat to act). */
  readonly repeatedPositions: number[];
  /** Per action kind of the game (importance.actionKinds), its counts over every bot decision. */
  readonly kinds: Map<string, KindCounts>;
  /** Per match, per seat, the kinds that seat took at least once. */
  readonly taken: Set<string>[][];
}

/** Plays the sample's matches with one lineup, watching every decision. */
export function playLineup(ctx: AuditSample, label: 'strong' | 'casual'): LineupPlay {
  const lineup = label === 'strong' ? ctx.strong : ctx.casual;
  const opts = completeOptions(ctx.game, ctx.options, ctx.players);
  const kinds = new Map<string, KindCounts>();
  for (const k of ctx.game.importance?.actionKinds ?? []) kinds.set(k.name, { legal: 0, contested: 0, chosen: 0, chosenContested: 0, firstContested: -1 });
  const play: LineupPlay = { label, lineup, matches: [], repeatedPositions: [], kinds, taken: [] };
  for (let i = 0; i < ctx.matches; i++) {
    const seen = new Set<string>();
    let repeats = 0;
    const taken = Array.from({ length: ctx.players }, () => new Set<string>());
    const onAction = (state: unknown, player: number): void => {
      const key = `${player}\n${ctx.game.view.describe(state)}`;
      if (seen.has(key)) repeats++;
      else seen.add(key);
    };
    const wrap = (seat: number, bot: SeatBot): SeatBot => watchedSeat(ctx.game, bot, { kinds, taken: taken[seat], match: i });
    play.matches.push(playAuditMatch(ctx, opts, lineup, i, { onAction }, wrap));
    play.repeatedPositions.push(repeats);
    play.taken.push(taken);
  }
  return play;
}

/** Where a seat's decisions are counted: the lineup's kinds, the seat's kinds taken in this match, the match. */
interface SeatTally {
  readonly kinds: Map<string, KindCounts>;
  readonly taken: Set<string>;
  readonly match: number;
}

/** The seat's bot, its decisions counted by action kind (what was legal, what it took). */
function watchedSeat(game: AnyGame, seat: SeatBot, tally: SeatTally): SeatBot {
  const inner = seat.factory;
  const kindOf = game.importance?.actionKind;
  if (kindOf === undefined) return seat;
  const factory = {
    name: inner.name,
    description: inner.description,
    params: inner.params,
    create(ctx: Parameters<typeof inner.create>[0]): Bot {
      const bot = inner.create(ctx);
      return {
        choose(decision: Decision): number {
          const offered = offeredKinds(decision, kindOf);
          const action = bot.choose(decision);
          if (offered.has(action)) tallyDecision(offered, kindOf(action, decision.observation), tally);
          return action;
        },
      };
    },
  };
  return { factory, params: seat.params };
}

/** The kind of each legal action of a decision (read before the bot is asked: a file bot may scribble on `legal`). */
function offeredKinds(decision: Decision, kindOf: (action: number, obs: unknown) => string | null): Map<number, string | null> {
  const obs = decision.observation;
  const out = new Map<number, string | null>();
  for (let i = 0; i < decision.count; i++) out.set(decision.legal[i], kindOf(decision.legal[i], obs));
  return out;
}

/** Counts one decision: each kind on offer, whether another action was on offer beside it, the kind taken. */
function tallyDecision(offered: Map<number, string | null>, chosen: string | null, { kinds, taken, match }: SeatTally): void {
  const count = offered.size;
  const perKind = new Map<string | null, number>();
  for (const k of offered.values()) perKind.set(k, (perKind.get(k) ?? 0) + 1);
  for (const [k, n] of perKind) {
    const c = k === null ? undefined : kinds.get(k);
    if (c === undefined) continue;
    const contested = n < count;
    c.legal++;
    if (contested) {
      c.contested++;
      if (c.firstContested < 0) c.firstContested = match;
    }
    if (k === chosen) {
      c.chosen++;
      if (contested) c.chosenContested++;
    }
  }
  if (chosen !== null) taken.add(chosen);
}
