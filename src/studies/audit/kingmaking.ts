import { fixed, wilson } from '../../analysis/intervals.js';
import type { AnyGame } from '../../engine/game.js';
import type { SeatBot } from '../../engine/match.js';
import { deriveSeed } from '../../engine/rng.js';
import type { Finding } from './finding.js';
import { count, finding, percent, percentRange } from './holes-words.js';
import { playBranch } from './kingmaking-branch.js';
import { completeOptions, DEFAULT_ACTION_LIMIT, playAuditMatch, replayOf, seatsOf, type AuditMatch, type AuditSample } from './sample.js';

/** Each seat's last decisions (with a choice) that are replayed with every other action. */
export const LAST_DECISIONS = 2;
/** The most actions of one decision played as branches (the chosen one and the first others in legal order). */
export const MAX_BRANCHES = 12;
/** Lower ends of the kingmaking rate's 95% interval from which the finding is amber and red. */
export const KINGMAKING_AMBER = 0.05;
export const KINGMAKING_RED = 0.25;

/** A seat's decision as it stood: the state before the action (a clone), the decision's number and the action taken. */
interface Snapshot {
  readonly decision: number;
  readonly state: unknown;
  readonly action: number;
}

/** What replaying one decision found: each branch's action and winners (null: the branch did not end). */
export interface DecisionVerdict {
  readonly seat: number;
  readonly decision: number;
  readonly branches: readonly { readonly action: number; readonly winners: readonly number[] | null }[];
  /** No branch made the seat a winner (every branch ended). */
  readonly couldNotWin: boolean;
  /** The seat could not win, and its choice changed who did (the branches' winners differ). */
  readonly kingmaker: boolean;
}

/**
 * Replays a seat's decision with each legal action (up to MAX_BRANCHES, the taken one first), the same
 * bots continuing from a copy of the state with the same continuation seed in every branch. The seat
 * "could no longer win" when no branch makes it a winner; it "made the king" when, besides, the
 * branches do not all end with the same winners.
 */
export function judgeDecision(game: AnyGame, seats: readonly SeatBot[], seat: number, snap: Snapshot, seed: string, limit: number): DecisionVerdict {
  const legal = new Int32Array(Math.max(game.maxActions, 1));
  const n = game.legalActions(snap.state, legal);
  const actions = [snap.action, ...Array.from(legal.subarray(0, n)).filter((a) => a !== snap.action)].slice(0, MAX_BRANCHES);
  const branchSeed = deriveSeed(seed, 'kingmaking', snap.decision);
  const branches = actions.map((action) => ({ action, winners: playBranch(game, snap.state, action, seats, branchSeed, limit) }));
  const ended = branches.every((b) => b.winners !== null);
  const couldNotWin = ended && branches.every((b) => !b.winners!.includes(seat));
  const outcomes = new Set(branches.map((b) => (b.winners ?? []).join(',')));
  return { seat, decision: snap.decision, branches, couldNotWin, kingmaker: couldNotWin && outcomes.size > 1 };
}

/** One match examined: its record, and the first decision at which a seat that could no longer win chose the winner. */
export interface KingmakingMatch {
  readonly match: AuditMatch;
  readonly kingmaker: DecisionVerdict | null;
}

/**
 * Plays match `i` of the strong lineup, keeping a copy of the state at each seat's last LAST_DECISIONS
 * decisions with a choice, then judges those of the seats that did not win.
 */
export function examineMatch(ctx: AuditSample, i: number): KingmakingMatch {
  const game = ctx.game;
  const opts = completeOptions(game, ctx.options, ctx.players);
  const limit = ctx.actionLimit ?? DEFAULT_ACTION_LIMIT;
  const last: Snapshot[][] = Array.from({ length: ctx.players }, () => []);
  const legal = new Int32Array(Math.max(game.maxActions, 1));
  let decision = 0;
  const onAction = (state: unknown, player: number, action: number): void => {
    if (game.legalActions(state, legal) > 1) {
      const kept = last[player];
      kept.push({ decision, state: game.clone(state), action });
      if (kept.length > LAST_DECISIONS) kept.shift();
    }
    decision++;
  };
  const match = playAuditMatch(ctx, opts, ctx.strong, i, { onAction });
  const winners = match.outcome?.result.winners ?? [];
  if (winners.length === 0) return { match, kingmaker: null };
  const seats = seatsOf(ctx.strong, i).map((e) => ({ factory: e.factory, params: e.params }));
  for (let seat = 0; seat < ctx.players; seat++) {
    if (winners.includes(seat)) continue;
    for (const snap of [...last[seat]].reverse()) {
      const verdict = judgeDecision(game, seats, seat, snap, match.seed, limit);
      if (verdict.kingmaker) return { match, kingmaker: verdict };
    }
  }
  return { match, kingmaker: null };
}

/**
 * The kingmaking rate with its 95% interval: Wilson's on the matches someone won, each distinct play
 * counted once by Kish's effective number n_eff = N² / Σ n_g² (docs/statistics.md, "Kingmaking").
 */
export function kingmakingRate(examined: readonly KingmakingMatch[]): { decided: number; kingmade: number; effective: number; rate: number; interval: [number, number] } {
  const decided = examined.filter((m) => (m.match.outcome?.result.winners.length ?? 0) > 0);
  const kingmade = decided.filter((m) => m.kingmaker !== null).length;
  const sizes = new Map<string, number>();
  for (const m of decided) sizes.set(m.match.hash, (sizes.get(m.match.hash) ?? 0) + 1);
  const squares = [...sizes.values()].reduce((s, c) => s + c * c, 0);
  const n = decided.length;
  const effective = n > 0 ? (n * n) / squares : 0;
  const rate = n > 0 ? kingmade / n : 0;
  return { decided: n, kingmade, effective, rate, interval: wilson(rate * effective, effective) };
}

/**
 * Kingmaking, for three or more players: on a sample of the strong lineup's matches, how often a seat
 * that could no longer win decided who did (judgeDecision). Nothing for two players.
 */
export function auditKingmaking(ctx: AuditSample): Promise<Finding[]> {
  return Promise.resolve().then(() => {
    if (ctx.players < 3) return [];
    const examined: KingmakingMatch[] = [];
    const matches = ctx.kingmakingMatches ?? Math.min(ctx.matches, 30);
    for (let i = 0; i < matches; i++) examined.push(examineMatch(ctx, i));
    return [kingmakingFinding(ctx, examined)];
  });
}

function kingmakingFinding(ctx: AuditSample, examined: readonly KingmakingMatch[]): Finding {
  const r = kingmakingRate(examined);
  const low = r.interval[0];
  const severity = low >= KINGMAKING_RED ? 'red' : low >= KINGMAKING_AMBER ? 'amber' : 'green';
  const example = examined.find((m) => m.kingmaker !== null);
  const plays = r.effective < r.decided - 1e-9 ? ` (${fixed(r.effective, 1)} effective distinct games)` : '';
  const how = example ? exampleWords(example) : '';
  return finding(ctx, 'kingmaking', {
    id: 'kingmaking',
    severity,
    words:
      `In ${r.kingmade} of ${count(r.decided, 'decided match', 'decided matches')} between ${ctx.strongWords ?? 'strong players'}${plays}, a seat that could no longer win decided who did ` +
      `(${percent(r.rate)}, ${percentRange(r.interval)}, 95%): replaying its last ${LAST_DECISIONS} decisions with every other legal action, the same bots ` +
      `continuing, it never won, and its choice changed the winner.${how}`,
    figure: percent(r.rate),
    interval: percentRange(r.interval),
    evidence: Math.round(r.effective),
    reference: `under ${percent(KINGMAKING_AMBER, 0)} (lower end of the 95% interval)`,
    ...(example ? { replay: replayOf(ctx, ctx.strong, example.match.match) } : {}),
  });
}

/** "In match 3, seat 2's decision 14 gave the win to seat 0 or seat 1 as it chose." */
function exampleWords(m: KingmakingMatch): string {
  const v = m.kingmaker!;
  // A branch that ended with no winner (a draw) gives the win to no one.
  const winners = [...new Set(v.branches.map((b) => (b.winners ?? []).map((s) => `seat ${s}`).join(' and ') || 'no one'))];
  return ` For example match ${m.match.match}: seat ${v.seat} at decision ${v.decision} of the match could give the win to ${winners.join(' or ')}.`;
}
