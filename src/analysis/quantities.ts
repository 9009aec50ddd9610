import type { MatchRow } from './results.js';
import { scoreDirection } from './score-direction.js';

/**
 * The quantities a comparison looks at, each a number per match whose mean over the matches is the
 * quantity (a win share is the mean of the match's share of wins; a rate is the mean of a 0/1
 * indicator). End reasons are found while reading and handled by the accumulators; the game length's
 * median is drawn from a histogram of `turns`.
 *
 * Wins and ties follow the reports: a win shared by k seats gives each 1/k; an annulled match gives no
 * one a win and still counts as played for the bots' win shares (README, "Reading the output"). The
 * positions in turn order and the first-player advantage count only the matches someone won (NaN
 * otherwise; see first-player.ts).
 */
export interface QuantityPlan {
  names: string[];
  /** Fills `out` (length names.length) with the values of one match. */
  values(row: MatchRow, out: Float64Array): void;
  /** Index of the fault indicator (a row is shown only when faults occurred). */
  faultIndex: number;
  players: number;
}

export interface PlanInput {
  /** Lineup names to follow (a comparison of two runs uses the names both have). */
  botNames: readonly string[];
  players: number;
  /** Metric names to follow, and where each sits in a row's `metrics` (per side: two runs may order them differently). */
  metricNames: readonly string[];
  metricIndex: readonly number[];
  /** The game's name: its `betterScore` sets the margins' direction (score-direction.ts). */
  game?: string;
  /**
   * Which scores are better, when known without the registry (a game from a file); overrides `game`.
   * With neither, the plan has no margins: a margin read the wrong way round would mislead.
   */
  betterScore?: 'lower' | 'higher';
}

export function quantityPlan(p: PlanInput): QuantityPlan {
  const n = p.players;
  const names: string[] = [];
  const bots = p.botNames.map((b) => `win_share:${b}`);
  const winAt = names.length;
  names.push(...bots);
  const direction = p.betterScore ?? (p.game !== undefined ? scoreDirection(p.game) : undefined);
  const marginAt = names.length;
  if (direction !== undefined) names.push(...p.botNames.map((b) => `margin:${b}`), 'winner_margin');
  const leadAt = direction !== undefined ? names.length - 1 : -1;
  const margins = direction !== undefined ? scoreMargins(n, direction) : undefined;
  const advantageAt = names.push('first_player_advantage') - 1;
  const seatAt = names.length;
  for (let k = 0; k < n; k++) names.push(`seat_win_share:${k}`);
  const turnsAt = names.push('turns_mean') - 1;
  const decisionsAt = names.push('decisions_mean') - 1;
  const annulledAt = names.push('annulled_rate') - 1;
  const faultAt = names.push('fault_rate') - 1;
  const metricAt = names.length;
  names.push(...p.metricNames.map((m) => `metric:${m}`));
  const botIndex = new Map(p.botNames.map((b, i) => [b, i]));
  // Rows share their seat-name arrays (one per seat rotation): each is mapped to bot indices once.
  const seatBots = new Map<readonly string[], Int32Array>();
  const seatsOf = new Float64Array(p.botNames.length);
  const metricIndex = [...p.metricIndex];

  return {
    names,
    faultIndex: faultAt,
    players: n,
    values(row, out) {
      // Loops rather than fill(): a few cells per match, where the call costs more than the stores.
      for (let i = 0; i < seatAt + n; i++) out[i] = 0;
      for (let b = 0; b < seatsOf.length; b++) seatsOf[b] = 0;
      const share = row.winners.length > 0 ? 1 / row.winners.length : 0;
      let bySeat = seatBots.get(row.bots);
      if (bySeat === undefined) {
        bySeat = Int32Array.from(row.bots, (name) => botIndex.get(name) ?? -1);
        if (seatBots.size < 4096) seatBots.set(row.bots, bySeat);
      }
      for (let s = 0; s < n; s++) if (bySeat[s] >= 0) seatsOf[bySeat[s]]++;
      for (const w of row.winners) {
        const b = bySeat[w];
        if (b >= 0) out[winAt + b] += share / seatsOf[b];
        out[seatAt + ((w - row.firstPlayer + n) % n)] += share;
      }
      for (let b = 0; b < seatsOf.length; b++) if (seatsOf[b] === 0) out[winAt + b] = NaN;
      // Turn order counts over the matches someone won (first-player.ts): an annulled match is left out
      // (NaN), so a position's mean is its share of the decided matches and the advantage is position 0's
      // share minus 1/players, whatever the annulled rate.
      if (row.winners.length === 0) for (let k = 0; k < n; k++) out[seatAt + k] = NaN;
      out[advantageAt] = out[seatAt] - 1 / n;
      margins?.fill(row, bySeat, seatsOf, out, marginAt, leadAt);
      out[turnsAt] = row.turns;
      out[decisionsAt] = row.decisions;
      out[annulledAt] = row.annulled ? 1 : 0;
      out[faultAt] = row.faultSeat >= 0 ? 1 : 0;
      for (let m = 0; m < metricIndex.length; m++) out[metricAt + m] = row.metrics[metricIndex[m]];
    },
  };
}

/**
 * The score margins of one match, in the game's points, signed so that ahead is positive whichever way
 * the game counts: a seat's margin is its score minus the best other seat's score (the best other score
 * minus its own where a lower score is better), a bot's is that averaged over the seats it plays, and the
 * winner's margin is the best score's lead over the next best (0 on a tie). An annulled match, or one
 * with a score missing, has no margin (NaN): a match stopped by a fault did not finish its scoring.
 */
function scoreMargins(players: number, better: 'lower' | 'higher') {
  const sign = better === 'lower' ? -1 : 1;
  return {
    fill(row: MatchRow, bySeat: Int32Array, seatsOf: Float64Array, out: Float64Array, marginAt: number, leadAt: number): void {
      let first = -Infinity;
      let second = -Infinity;
      let whole = players > 1 && !row.annulled && row.scores.length === players;
      for (let s = 0; s < players && whole; s++) {
        const v = sign * row.scores[s];
        if (Number.isNaN(v)) whole = false;
        else if (v > first) {
          second = first;
          first = v;
        }
        else if (v > second) second = v;
      }
      for (let b = 0; b < seatsOf.length; b++) out[marginAt + b] = whole && seatsOf[b] > 0 ? 0 : NaN;
      out[leadAt] = whole ? first - second : NaN;
      if (!whole) return;
      for (let s = 0; s < players; s++) {
        const b = bySeat[s];
        if (b < 0) continue;
        const v = sign * row.scores[s];
        // The best other seat: the second best when this seat holds the best score, else the best.
        out[marginAt + b] += (v - (v === first ? second : first)) / seatsOf[b];
      }
    },
  };
}

/** Margins in the game's points (`margin:<bot>`, `winner_margin`): not rates, and said with the unit "points". */
export function isMargin(quantity: string): boolean {
  return quantity.startsWith('margin:') || quantity === 'winner_margin';
}

/** Whether a quantity is a share or rate (shown in percentage points) rather than a mean of counts. */
export function isRate(quantity: string): boolean {
  return /^(win_share|seat_win_share|end_reason):|^(first_player_advantage|annulled_rate|fault_rate)$/.test(quantity);
}

/**
 * What a quantity is measured in and the values it can take, so that a target or a tolerance written in
 * another unit (30 for 30%, 1 for one point of first-player advantage) is caught before anything is
 * played, and so that a share gets an interval that stays within its range.
 */
export interface QuantityUnit {
  /** The unit in words, for messages: "a fraction of the matches (0.3 is 30%)". */
  unit: string;
  /** The least and the greatest value the quantity can take (infinite when unknown). */
  range: [number, number];
  /** A share of the matches: the mean of per-match values within `range`, which is one wide (a 0/1 indicator, a share of the wins). */
  share: boolean;
}

/** The unit and range of a compare.csv quantity (docs/statistics.md, "The quantities"), for `players` seats. */
export function quantityUnit(quantity: string, players: number): QuantityUnit {
  if (quantity === 'first_player_advantage') {
    const fair = 1 / players;
    return { unit: 'a difference of fractions of the decided matches (0.01 is one point)', range: [-fair, 1 - fair], share: true };
  }
  if (isRate(quantity)) return { unit: 'a fraction of the matches (0.3 is 30%)', range: [0, 1], share: true };
  if (quantity === 'turns_mean' || quantity === 'decisions_mean') return { unit: 'a count per match', range: [0, Infinity], share: false };
  // A measure named as a share (choice_share, forced_turn_share, ...) is a fraction of something in each match.
  if (/^metric:.*_share$/.test(quantity)) return { unit: 'a fraction (0.3 is 30%)', range: [0, 1], share: false };
  // A margin is in the game's points, ahead positive; the winner's lead over the runner-up is never negative.
  if (quantity === 'winner_margin') return { unit: "the game's score points (the winner's lead over the runner-up)", range: [0, Infinity], share: false };
  if (isMargin(quantity)) return { unit: "the game's score points (ahead positive)", range: [-Infinity, Infinity], share: false };
  return { unit: "the metric's own unit", range: [-Infinity, Infinity], share: false };
}
