import { FAULT_REASONS } from './batch.js';
import { lineupIndex } from '../engine/plan.js';
import { Rec, recordWidth, scoreAt, wonAt } from './records.js';
import { SEATS_HEADER, SUMMARY_HEADER, csvLines } from '../io/csv.js';
import { clusteredWilson, fixed } from '../analysis/intervals.js';
import { PlayTally } from '../analysis/play-tally.js';

/**
 * Incremental aggregation of match records into the per-bot summary and the per-position table.
 * Fed in match order by the main thread; memory does not grow with the number of matches.
 *
 * Wins are split between tied winners (a win shared by k seats counts 1/k). They are kept as integer
 * counts per k and only divided at the end, so the totals are exact whatever the batch layout.
 */
export class VariantStats {
  readonly names: string[];
  private readonly entryName: Int32Array;
  private readonly n: number;
  // per name
  private readonly appearances: Float64Array;
  private readonly winsByK: Float64Array; // name * (n + 1) + k
  /** Matches by how many of the name's seats won (w) and how many seats won in all (k): (name * (n + 1) + w) * (n + 1) + k. */
  private readonly winCombos: Float64Array;
  private readonly scoreSum: Float64Array;
  private readonly turnsSum: Float64Array;
  private readonly annulled: Float64Array;
  private readonly faults: Float64Array;
  // per position from the first player
  private readonly posWinsByK: Float64Array; // pos * (n + 1) + k
  private readonly posScoreSum: Float64Array;
  /** Faulted matches by reason (FAULT_REASONS order). */
  private readonly faultMatches = new Float64Array(FAULT_REASONS.length);
  private decisions = 0;
  private matchCount = 0;
  /** Matches someone won (the positions' shares count these). */
  private decidedCount = 0;
  private annulledMatchCount = 0;
  /** The matches' distinct plays (addPlays): they widen the intervals when plays repeat. */
  readonly plays = new PlayTally();

  constructor(
    readonly variant: string,
    /** Lineup entry names, in lineup order (duplicates are aggregated). */
    lineupNames: readonly string[],
  ) {
    this.n = lineupNames.length;
    this.names = [...new Set(lineupNames)];
    this.entryName = Int32Array.from(lineupNames, (name) => this.names.indexOf(name));
    const k = this.names.length;
    this.appearances = new Float64Array(k);
    this.winsByK = new Float64Array(k * (this.n + 1));
    this.winCombos = new Float64Array(k * (this.n + 1) * (this.n + 1));
    this.scoreSum = new Float64Array(k);
    this.turnsSum = new Float64Array(k);
    this.annulled = new Float64Array(k);
    this.faults = new Float64Array(k);
    this.posWinsByK = new Float64Array(this.n * (this.n + 1));
    this.posScoreSum = new Float64Array(this.n);
  }

  /** Adds the matches starting at `start`, from their records (the layout: Rec in runner/records.ts). */
  add(start: number, rec: Float64Array): void {
    const n = this.n;
    const width = recordWidth(n);
    const count = rec.length / width;
    for (let m = 0; m < count; m++) {
      const i = start + m;
      const o = m * width;
      const first = rec[o + Rec.FIRST_PLAYER];
      const turns = rec[o + Rec.TURNS];
      const faultSeat = rec[o + Rec.FAULT_SEAT];
      const annulled = rec[o + Rec.ANNULLED];
      let k = 0;
      for (let s = 0; s < n; s++) k += rec[o + wonAt(n, s)];
      if (k > 0) this.decidedCount++;
      this.countCombos(i, rec, o, k);
      for (let s = 0; s < n; s++) {
        const name = this.entryName[lineupIndex(s, i, n)];
        const score = rec[o + scoreAt(s)];
        const won = rec[o + wonAt(n, s)];
        const pos = (s - first + n) % n;
        this.appearances[name]++;
        this.scoreSum[name] += score;
        this.turnsSum[name] += turns;
        this.annulled[name] += annulled;
        if (faultSeat === s) this.faults[name]++;
        this.posScoreSum[pos] += score;
        if (won) {
          this.winsByK[name * (n + 1) + k]++;
          this.posWinsByK[pos * (n + 1) + k]++;
        }
      }
      this.decisions += rec[o + Rec.DECISIONS];
      this.annulledMatchCount += annulled;
      const reason = rec[o + Rec.FAULT_REASON];
      if (reason >= 0) this.faultMatches[reason]++;
    }
    this.matchCount += count;
  }

  /** The play hashes of the matches in `rec` (the same matches, in order; matches.csv's play_hash). */
  addPlays(hashes: readonly string[], rec: Float64Array): void {
    const n = this.n;
    const width = recordWidth(n);
    hashes.forEach((hash, m) => {
      let decided = false;
      for (let s = 0; s < n; s++) if (rec[m * width + wonAt(n, s)]) decided = true;
      this.plays.add(hash, decided);
    });
  }

  /** One match's (w, k) per name: how many of its seats won, out of k winners (integer counts: exact in any batch layout). */
  private countCombos(i: number, rec: Float64Array, o: number, k: number): void {
    const n = this.n;
    const won = new Int32Array(this.names.length);
    for (let s = 0; s < n; s++) if (rec[o + wonAt(n, s)]) won[this.entryName[lineupIndex(s, i, n)]]++;
    for (let b = 0; b < won.length; b++) this.winCombos[(b * (n + 1) + won[b]) * (n + 1) + k]++;
  }

  /** Sum over matches of the squared per-match win share of name b (its won seats / k / its seats). */
  private sumSquares(b: number, seats: number): number {
    const n = this.n;
    let s = 0;
    for (let w = 1; w <= n; w++) for (let k = 1; k <= n; k++) s += (this.winCombos[(b * (n + 1) + w) * (n + 1) + k] * (w / k / seats) ** 2);
    return s;
  }

  /** Matches someone won. */
  get decidedMatches(): number {
    return this.decidedCount;
  }

  get totalDecisions(): number {
    return this.decisions;
  }

  get matches(): number {
    return this.matchCount;
  }

  /** Matches annulled (by the rules, or because a bot faulted), each counted once. */
  get annulledMatches(): number {
    return this.annulledMatchCount;
  }

  /** How many seats of a match each bot name holds (2 for a bot listed twice in the lineup). */
  seatsPerMatch(): Map<string, number> {
    const out = new Map<string, number>();
    for (const e of this.entryName) out.set(this.names[e], (out.get(this.names[e]) ?? 0) + 1);
    return out;
  }

  /** Matches that ended because a bot faulted, by end reason (only reasons that occurred). */
  faultsByReason(): Record<string, number> {
    const out: Record<string, number> = {};
    FAULT_REASONS.forEach((r, i) => {
      if (this.faultMatches[i] > 0) out[r] = this.faultMatches[i];
    });
    return out;
  }

  /** All matches that ended because a bot faulted. */
  get faultedMatches(): number {
    return this.faultMatches.reduce((a, b) => a + b, 0);
  }

  private splitWins(byK: Float64Array, index: number): number {
    const n = this.n;
    let wins = 0;
    for (let k = 1; k <= n; k++) wins += byK[index * (n + 1) + k] / k;
    return wins;
  }

  /** Per bot name: the numbers behind summary.csv. */
  botRows(): BotRow[] {
    const seats = this.seatsPerMatch();
    return this.names.map((name, b) => {
      const matches = this.appearances[b];
      const wins = this.splitWins(this.winsByK, b);
      // The match is the unit: a bot's seats in one match share its outcome (docs/statistics.md, "Win shares").
      const perMatch = seats.get(name) ?? 1;
      const [low, high] = clusteredWilson(wins / perMatch, this.sumSquares(b, perMatch), this.matchCount, undefined, this.plays.designEffect());
      return {
        variant: this.variant,
        bot: name,
        matches,
        wins,
        winRate: matches > 0 ? wins / matches : NaN,
        low,
        high,
        meanScore: matches > 0 ? this.scoreSum[b] / matches : NaN,
        meanTurns: matches > 0 ? this.turnsSum[b] / matches : NaN,
        annulled: this.annulled[b],
        faults: this.faults[b],
      };
    });
  }

  /**
   * Per position in turn order from the first player: the numbers behind seats.csv. A position's win
   * share is its share of the matches someone won (first-player.ts: an annulled match counts for no
   * position), so the shares add up to 1 and the fair share is 1/players.
   */
  positionRows(): PositionRow[] {
    const rows: PositionRow[] = [];
    const matches = this.matchCount;
    const decided = this.decidedCount;
    const n = this.n;
    for (let pos = 0; pos < n; pos++) {
      const wins = this.splitWins(this.posWinsByK, pos);
      let squares = 0;
      for (let k = 1; k <= n; k++) squares += this.posWinsByK[pos * (n + 1) + k] / (k * k);
      const [low, high] = clusteredWilson(wins, squares, decided, undefined, this.plays.designEffect(true));
      rows.push({
        variant: this.variant,
        position: pos,
        matches,
        decided,
        wins,
        winRate: decided > 0 ? wins / decided : NaN,
        low,
        high,
        meanScore: matches > 0 ? this.posScoreSum[pos] / matches : NaN,
      });
    }
    return rows;
  }
}

export interface BotRow {
  variant: string;
  bot: string;
  matches: number;
  wins: number;
  winRate: number;
  low: number;
  high: number;
  meanScore: number;
  meanTurns: number;
  annulled: number;
  faults: number;
}

export interface PositionRow {
  variant: string;
  position: number;
  matches: number;
  /** Matches someone won: the win share's denominator. */
  decided: number;
  wins: number;
  winRate: number;
  low: number;
  high: number;
  meanScore: number;
}

/** Decimals used in the reports (fixed, so files are byte-identical across runs). */
export const DECIMALS = { wins: 3, rate: 4, score: 3, turns: 2 } as const;

export function summaryCsv(stats: readonly VariantStats[]): string {
  const rows: Array<Array<string | number>> = [[...SUMMARY_HEADER]];
  for (const v of stats) {
    for (const r of v.botRows()) {
      rows.push([
        r.variant,
        r.bot,
        r.matches,
        fixed(r.wins, DECIMALS.wins),
        fixed(r.winRate, DECIMALS.rate),
        fixed(r.low, DECIMALS.rate),
        fixed(r.high, DECIMALS.rate),
        fixed(r.meanScore, DECIMALS.score),
        fixed(r.meanTurns, DECIMALS.turns),
        r.annulled,
        r.faults,
        ...playCells(v.plays, false),
      ]);
    }
  }
  return csvLines(rows);
}

export function seatsCsv(stats: readonly VariantStats[]): string {
  const rows: Array<Array<string | number>> = [[...SEATS_HEADER]];
  for (const v of stats) {
    for (const r of v.positionRows()) {
      rows.push([
        r.variant,
        r.position,
        r.matches,
        r.decided,
        fixed(r.wins, DECIMALS.wins),
        fixed(r.winRate, DECIMALS.rate),
        fixed(r.low, DECIMALS.rate),
        fixed(r.high, DECIMALS.rate),
        fixed(r.meanScore, DECIMALS.score),
        ...playCells(v.plays, true),
      ]);
    }
  }
  return csvLines(rows);
}

/** The plays and effective_plays cells (over the decided matches for seats.csv); empty without play hashes. */
function playCells(plays: PlayTally, decidedOnly: boolean): string[] {
  return plays.known ? [String(plays.plays(decidedOnly)), fixed(plays.effective(decidedOnly), 1)] : ['', ''];
}
