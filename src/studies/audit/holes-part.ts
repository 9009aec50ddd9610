import type { AuditPlan } from './plan.js';
import type { AuditSample, LineupEntry } from './sample.js';

/**
 * The holes in the rules and kingmaking as parts of the audit: one AuditSample built from the plan (its
 * game, options, table and seed; the strong run's lineup and greedy against random), played in the main
 * thread after the runs, so its findings are the same on any thread count and after --resume. Its sizes
 * are capped, not scaled with the budget: the replays with strong bots are the audit's dearest matches.
 */

/** Matches of each lineup the holes checks play (the inert-option check plays at most OPTION_MATCHES of them at each value). */
export const HOLES_MATCHES = 40;
export const OPTION_MATCHES = 12;
/**
 * Matches of the strong lineup examined for kingmaking (three or more players): each is played, then
 * every losing seat's last decisions are replayed with up to 12 actions each, the strong bots continuing.
 */
export const KINGMAKING_MATCHES = 12;

export interface SampleSizes {
  matches: number;
  optionMatches: number;
  /** 0 under three players: there is no kingmaking heads-up. */
  kingmakingMatches: number;
}

/** The sample's sizes at `matches` a strong comparison: never more than the audit's own strong runs play. */
export function sampleSizes(players: number, matches: number): SampleSizes {
  const holes = Math.min(matches, HOLES_MATCHES);
  return { matches: holes, optionMatches: Math.min(holes, OPTION_MATCHES), kingmakingMatches: players >= 3 ? Math.min(matches, KINGMAKING_MATCHES) : 0 };
}

const entries = (lineup: readonly LineupEntry[]): LineupEntry[] => lineup.map((e) => ({ name: e.name, factory: e.factory, params: e.params }));

/**
 * The lineups, deliberately: strong is the game's strongest bot in every seat (the strong run's lineup),
 * or greedy in every seat when the game has none; casual is greedy and random in turn (the casual skill
 * pairing's first seating).
 */
export function auditSample(plan: AuditPlan, command: string, sizes: SampleSizes = sampleSizes(plan.players, plan.matches)): AuditSample {
  const strongRun = plan.runs.find((r) => r.role === 'strong') ?? plan.runs.find((r) => r.role === 'casual')!;
  const casualRun = plan.runs.find((r) => r.role === 'casual-skill' && r.seating === 'a')!;
  const strongWords = plan.strong
    ? `strong players (${plan.strong.bot} in every seat, the first ${sizes.kingmakingMatches} matches of the strong lineup)`
    : `greedy bots (greedy in every seat, the first ${sizes.kingmakingMatches} matches: ${plan.game.name} has no strong bot)`;
  return {
    game: plan.game,
    gameRef: plan.gameRef,
    options: plan.options,
    players: plan.players,
    strong: entries(strongRun.spec.lineup),
    casual: entries(casualRun.spec.lineup),
    seed: plan.seed,
    matches: sizes.matches,
    optionMatches: sizes.optionMatches,
    kingmakingMatches: sizes.kingmakingMatches,
    strongWords,
    command,
  };
}
