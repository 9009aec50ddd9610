import { playMatch } from '../../engine/match.js';
import { matchSeed, rotations } from '../../engine/plan.js';
import { Moments } from '../../analysis/moments.js';
import { welchTest } from '../../analysis/two-sample-tests.js';
import type { MatchRow } from '../../analysis/results.js';
import type { ResolvedSpec } from '../../runner/spec.js';
import type { AuditContext } from './context.js';
import type { Finding } from './finding.js';
import { percent, pointsInterval, points } from './words.js';

/**
 * Per action kind the game declares (its importance facet): how often the kind is among a decision's
 * legal actions, how often it is played when it is, and the win share of the seats that played it
 * against the seats that had it and never played it. The matches.csv of a run holds no decisions, so a
 * sample of the casual run's matches is replayed here, in this thread, exactly as they were played (same
 * seeds, seats and opening: the engine's plan.ts), each checked against its row. Observational, and said
 * so: a kind played by the seats that were winning anyway looks good without being good; restricted play
 * (tavolo importance, the next experiment) measures what a player loses without it.
 */

/** Matches replayed: enough for a kind's shares, cheap next to a run of greedy bots. */
export const ACTION_SAMPLE = 300;

export interface KindTally {
  kind: string;
  label: string;
  /** Bots' decisions at which the kind was legal, and at which it was played. */
  available: number;
  played: number;
  /** Per seat-match where it was legal at least once: the seat's win share, split by whether it played the kind. */
  withIt: Moments;
  without: Moments;
}

export interface ActionTallies {
  decisions: number;
  matches: number;
  kinds: KindTally[];
}

/** Replays the first `sample` rows of a run of `spec` and tallies every action kind. */
export function tallyKinds(spec: ResolvedSpec, rows: readonly MatchRow[], sample = ACTION_SAMPLE): ActionTallies | undefined {
  const game = spec.game;
  const facet = game.importance;
  if (facet === undefined || typeof facet.actionKind !== 'function' || facet.actionKinds.length === 0) return undefined;
  const kinds: KindTally[] = facet.actionKinds.map((k) => ({ kind: k.name, label: k.label, available: 0, played: 0, withIt: new Moments(), without: new Moments() }));
  const index = new Map(kinds.map((k, i) => [k.kind, i]));
  const legal = new Int32Array(game.maxActions);
  const options = spec.variants[0].options;
  let decisions = 0;
  const used = rows.slice(0, sample);
  for (const row of used) {
    const seats = rotations(spec.lineup)[row.match % spec.players];
    const had = Array.from({ length: spec.players }, () => new Uint8Array(kinds.length));
    const took = Array.from({ length: spec.players }, () => new Uint8Array(kinds.length));
    let moves = 0;
    const outcome = playMatch(game, options, seats, matchSeed(spec.seed, row.match), {
      opening: spec.opening,
      onAction(state, seat, action) {
        // The opening's moves were drawn at random, not chosen by a bot.
        if (moves++ < spec.opening) return;
        decisions++;
        const obs = game.observe(state, seat);
        const count = game.legalActions(state, legal);
        const seen = new Uint8Array(kinds.length);
        for (let i = 0; i < count; i++) {
          const k = index.get(facet.actionKind(legal[i], obs) ?? '');
          if (k !== undefined) seen[k] = 1;
        }
        for (let k = 0; k < kinds.length; k++) {
          if (!seen[k]) continue;
          kinds[k].available++;
          had[seat][k] = 1;
        }
        const chosen = index.get(facet.actionKind(action, obs) ?? '');
        if (chosen !== undefined) {
          kinds[chosen].played++;
          took[seat][chosen] = 1;
        }
      },
    });
    if (outcome.result.winners.join(' ') !== row.winners.join(' ') || outcome.result.turns !== row.turns) {
      throw new Error(`the replay of match ${row.match} did not end as its matches.csv row (a game or bot that is not deterministic?)`);
    }
    const winners = outcome.result.winners;
    for (let seat = 0; seat < spec.players; seat++) {
      const share = winners.includes(seat) ? 1 / winners.length : 0;
      kinds.forEach((k, i) => {
        if (had[seat][i]) (took[seat][i] ? k.withIt : k.without).add(share);
      });
    }
  }
  return { decisions, matches: used.length, kinds };
}

/** The smallest difference in win share that makes an observational gap worth a look. */
export const NOTABLE_GAP = 0.15;

function kindFinding(ctx: AuditContext, t: ActionTallies, k: KindTally): Finding {
  const legalShare = k.available / Math.max(t.decisions, 1);
  const playedShare = k.available > 0 ? k.played / k.available : NaN;
  const base = { command: ctx.command, area: 'actions' as const, evidence: t.matches, reference: 'observational: no built-in reference; restricted play (the next experiment) says what a player loses without it' };
  const usage = `Action kind ${k.kind} (${k.label}): legal at ${percent(legalShare)} of the greedy bots' decisions in ${t.matches} replayed matches, and played at ${percent(playedShare)} of those`;
  if (k.withIt.n < 2 || k.without.n < 2) {
    return { ...base, id: `action_${k.kind}`, severity: k.available === 0 ? 'amber' : 'info', words: `${usage}; too few seats ${k.withIt.n < 2 ? 'played it' : 'passed it over'} to compare win shares.`, figure: percent(playedShare), interval: '' };
  }
  const e = welchTest(k.without, k.withIt);
  const fig = { estimate: e.estimate, low: e.low, high: e.high };
  const notable = Math.abs(e.estimate) >= NOTABLE_GAP && (e.low > 0 || e.high < 0);
  return {
    ...base,
    id: `action_${k.kind}`,
    severity: notable ? 'amber' : 'info',
    words: `${usage}. Observational, not causal: seats that played it won ${percent(k.withIt.mean)} of their matches, seats that had it and did not ${percent(k.without.mean)}, a difference of ${points(e.estimate)} (95% interval ${pointsInterval(fig)}).`,
    figure: points(e.estimate),
    interval: pointsInterval(fig),
  };
}

export async function actionsPart(ctx: AuditContext): Promise<Finding[]> {
  const run = ctx.plan.runs.find((r) => r.role === 'casual-opening') ?? ctx.plan.runs.find((r) => r.role === 'casual')!;
  const t = tallyKinds(run.spec, (await ctx.casual()).rows);
  return t === undefined ? [] : t.kinds.map((k) => kindFinding(ctx, t, k));
}
