import { PositionShares, ratioTest } from '../../analysis/first-player.js';
import { Moments } from '../../analysis/moments.js';
import { PlayTally } from '../../analysis/play-tally.js';
import { dealValue, matchPairs, pairedAhead, type AheadEstimate } from '../../analysis/paired-ahead.js';
import { openResult, readMatches, type MatchRow } from '../../analysis/results.js';
import { critical } from '../../analysis/estimate.js';

/**
 * The figures of the audit's scorecard, each from one run's matches.csv (or a pairing's two), computed
 * with the analysis layer's own estimators: the first-player advantage and the seats' shares
 * (first-player.ts, widened by the repeated plays' design effect, play-tally.ts), the ahead share of a
 * pairing played in both seatings (paired-ahead.ts), and means with their t intervals (moments.ts).
 */

export interface Figure {
  estimate: number;
  low: number;
  high: number;
}

/** One run's matches, in file order, and how many distinct games they were (repeated plays counted once). */
export interface RunRows {
  rows: MatchRow[];
  metricNames: string[];
  players: number;
  distinct: number;
}

export async function readRun(dir: string): Promise<RunRows> {
  const info = openResult(dir);
  const rows: MatchRow[] = [];
  await readMatches(info, (row) => rows.push(row));
  const tally = new PlayTally();
  for (const r of rows) tally.add(r.playHash, r.winners.length > 0);
  return { rows, metricNames: info.metricNames, players: info.players, distinct: tally.known ? tally.plays() : rows.length };
}

/** The design effect of the decided matches' repeated plays: the intervals of repeated games widen by its root (docs/statistics.md, "Repeated plays"). */
function decidedDesignEffect(rows: readonly MatchRow[]): number {
  const tally = new PlayTally();
  for (const r of rows) tally.add(r.playHash, r.winners.length > 0);
  return tally.designEffect(true);
}

/** Position `pos`'s share of the decided matches (first-player.ts), minus `offset`, with its 95% interval. */
export function positionShare(run: RunRows, pos: number, offset = 0): Figure {
  const shares = new PositionShares(run.players);
  for (const r of run.rows) if (r.faultSeat < 0) shares.add(r);
  const s = shares.share(pos);
  const widen = Math.sqrt(decidedDesignEffect(run.rows));
  const e = ratioTest({ estimate: s.estimate - offset, se: s.se * widen, sd: s.sd }, 'delta-z', shares.cm.n);
  return { estimate: e.estimate, low: e.low, high: e.high };
}

/** The first-player advantage: the first position's share of the decided matches minus the fair share. */
export function firstPlayerAdvantage(run: RunRows): Figure {
  return positionShare(run, 0, 1 / run.players);
}

/** The position whose share is furthest from the fair share, and its figure (minus the fair share). */
export function worstPosition(run: RunRows): { position: number; figure: Figure } {
  let best = { position: 0, figure: positionShare(run, 0, 1 / run.players) };
  for (let pos = 1; pos < run.players; pos++) {
    const f = positionShare(run, pos, 1 / run.players);
    if (Math.abs(f.estimate) > Math.abs(best.figure.estimate)) best = { position: pos, figure: f };
  }
  return best;
}

/** A mean with its t interval (NaN values left out), and the values' standard deviation. */
export function meanOf(values: Iterable<number>): Figure & { sd: number; n: number } {
  const m = new Moments();
  for (const v of values) if (v === v) m.add(v);
  const half = m.n > 1 ? critical(0.95, m.n - 1) * m.se : NaN;
  return { estimate: m.mean, low: m.mean - half, high: m.mean + half, sd: m.sd, n: m.n };
}

/** A metric's values, one per match (NaN where the match has none), or undefined when the run has no such column. */
export function metricValues(run: RunRows, name: string): number[] | undefined {
  const k = run.metricNames.indexOf(name);
  return k < 0 ? undefined : run.rows.map((r) => r.metrics[k]);
}

/** Each end reason's share of the matches, most frequent first (then by name). */
export function endReasonShares(run: RunRows): Array<{ reason: string; matches: number; share: number }> {
  const counts = new Map<string, number>();
  for (const r of run.rows) counts.set(r.endReason, (counts.get(r.endReason) ?? 0) + 1);
  return [...counts]
    .map(([reason, matches]) => ({ reason, matches, share: matches / run.rows.length }))
    .sort((a, b) => b.matches - a.matches || (a.reason < b.reason ? -1 : 1));
}

/** A pairing played in both seatings: its ahead share (paired-ahead.ts) over the distinct deals, and the deals counted. */
export interface AheadFigure {
  estimate: AheadEstimate;
  deals: number;
  /** Deals whose two matches repeat an earlier deal's (their play hashes): counted once. */
  repeated: number;
}

/** The stronger bot's ahead share over the deals (match i of seating a with match i of seating b). */
export function aheadShare(a: RunRows, b: RunRows, stronger: string): AheadFigure {
  const byMatch = new Map(b.rows.map((row) => [row.match, row]));
  const seen = new Set<string>();
  const values: number[] = [];
  let repeated = 0;
  for (const row of a.rows) {
    const other = byMatch.get(row.match);
    if (other === undefined || other.seed !== row.seed) throw new Error(`match ${row.match} has no twin with the same seed in the other seating`);
    const key = `${row.playHash}|${other.playHash}`;
    if (row.playHash !== '' && seen.has(key)) {
      repeated++;
      continue;
    }
    seen.add(key);
    const v = dealValue(matchPairs(row.ranks, row.bots.map((n) => n === stronger)), matchPairs(other.ranks, other.bots.map((n) => n === stronger)));
    if (!Number.isNaN(v)) values.push(v);
  }
  return { estimate: pairedAhead(values), deals: a.rows.length, repeated };
}
