import type { MatchRow } from './results.js';

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
}

export function quantityPlan(p: PlanInput): QuantityPlan {
  const n = p.players;
  const names: string[] = [];
  const bots = p.botNames.map((b) => `win_share:${b}`);
  const winAt = names.length;
  names.push(...bots);
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
      out[turnsAt] = row.turns;
      out[decisionsAt] = row.decisions;
      out[annulledAt] = row.annulled ? 1 : 0;
      out[faultAt] = row.faultSeat >= 0 ? 1 : 0;
      for (let m = 0; m < metricIndex.length; m++) out[metricAt + m] = row.metrics[metricIndex[m]];
    },
  };
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
  return { unit: "the metric's own unit", range: [-Infinity, Infinity], share: false };
}
