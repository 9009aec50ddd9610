import {
  decideRound,
  preferenceConfidence,
  preferenceStanding,
  shortfall,
  type CandidateValues,
  type Elimination,
  type Preference,
  type PreferenceStanding,
  type RaceSize,
  type Target,
  type TargetCheck,
} from './race.js';

/**
 * The state of a race across its rounds: which candidates are still in, every value they have played,
 * who was dropped when and why. It plays nothing: `addRound` takes the round's values (from the
 * runner's matches.csv, or synthetic ones in the calibration test) and applies race.ts's decisions.
 */

/** What became of a candidate. */
export type CandidateStatus = 'meets' | 'not-ruled-out' | 'dropped';

export interface CandidateOutcome {
  name: string;
  status: CandidateStatus;
  /** Matches it played. */
  matches: number;
  /** The round (1-based) after which it was dropped. */
  droppedRound?: number;
  /** The test that dropped it (its `candidate` is this candidate's index among all). */
  elimination?: Elimination;
  /** Its targets at the last round it played. */
  checks: TargetCheck[];
}

export class Race {
  private readonly values: Float64Array[][];
  private readonly out: CandidateOutcome[];
  private alive: number[];
  /** Rounds added so far. */
  rounds = 0;

  constructor(
    names: readonly string[],
    readonly targets: readonly Target[],
    readonly size: RaceSize,
    readonly prefer?: Preference,
  ) {
    const quantities = targets.length + (prefer ? 1 : 0);
    this.values = names.map(() => Array.from({ length: quantities }, () => new Float64Array(0)));
    this.out = names.map((name) => ({ name, status: 'not-ruled-out', matches: 0, checks: [] }));
    this.alive = names.map((_, i) => i);
  }

  /** Candidate indices still in the race, in the spec's order. */
  survivors(): readonly number[] {
    return this.alive;
  }

  /**
   * Adds a round: block[k][q] holds quantity q (the targets' in order, then the preference's) over the
   * round's matches for the k-th survivor. Returns the candidates dropped after it.
   */
  addRound(block: ReadonlyArray<ReadonlyArray<ArrayLike<number>>>): Elimination[] {
    if (block.length !== this.alive.length) throw new Error(`a round needs values for ${this.alive.length} candidates, found ${block.length}`);
    this.rounds++;
    const cands: CandidateValues[] = this.alive.map((c, k) => {
      this.values[c] = this.values[c].map((old, q) => concat(old, block[k][q]));
      this.out[c].matches = this.values[c][0].length;
      return { name: this.out[c].name, values: this.values[c] };
    });
    const decision = decideRound(cands, this.targets, this.size, this.prefer);
    this.alive.forEach((c, k) => (this.out[c].checks = decision.checks[k]));
    const dropped = decision.eliminated.map((e) => ({ ...e, candidate: this.alive[e.candidate], against: e.against === undefined ? undefined : this.alive[e.against] }));
    for (const e of dropped) {
      Object.assign(this.out[e.candidate], { status: 'dropped', droppedRound: this.rounds, elimination: e });
    }
    const gone = new Set(dropped.map((e) => e.candidate));
    this.alive = this.alive.filter((c) => !gone.has(c));
    for (const c of this.alive) this.out[c].status = this.confirmed(c) ? 'meets' : 'not-ruled-out';
    return dropped;
  }

  private confirmed(c: number): boolean {
    return this.out[c].checks.every((k) => k.status === 'inside');
  }

  /**
   * Nothing more to learn: no candidate left; or every survivor shown inside every target (and, with a
   * preference, only one left).
   */
  decided(): boolean {
    if (this.alive.length === 0) return true;
    if (this.rounds === 0) return false;
    if (!this.alive.every((c) => this.confirmed(c))) return false;
    return !this.prefer || this.alive.length === 1;
  }

  /**
   * With a preference and several survivors: the best of them on its quantity and each other's paired
   * difference from it, at the preference's level (none of them is shown worse, or it would be out).
   */
  standing(): PreferenceStanding | undefined {
    if (!this.prefer || this.alive.length < 2) return undefined;
    const cands = this.alive.map((c) => ({ name: this.out[c].name, values: this.values[c] }));
    const s = preferenceStanding(cands, cands.map((_, k) => k), this.targets.length, this.prefer, preferenceConfidence(this.size));
    return { best: this.alive[s.best], others: s.others.map((o) => ({ candidate: this.alive[o.candidate], estimate: o.estimate })) };
  }

  /** The mean of the preference's quantity over a candidate's matches (NaN without a preference). */
  preferredMean(c: number): number {
    if (!this.prefer || c < 0) return NaN;
    let s = 0;
    let n = 0;
    for (const v of this.values[c][this.targets.length]) {
      if (Number.isNaN(v)) continue;
      s += v;
      n++;
    }
    return n > 0 ? s / n : NaN;
  }

  outcomes(): readonly CandidateOutcome[] {
    return this.out;
  }

  /**
   * When no candidate is left: the closest, the one that stayed longest, then the one missing fewest
   * targets at its last round, then the smallest total shortfall (race.ts), then the spec's order.
   */
  closest(): number | undefined {
    if (this.out.length === 0) return undefined;
    const key = (o: CandidateOutcome) => [
      -(o.droppedRound ?? Infinity),
      o.checks.filter((k) => k.status === 'outside').length,
      o.checks.reduce((s, k) => s + shortfall(k), 0),
    ];
    let best = 0;
    for (let c = 1; c < this.out.length; c++) {
      const a = key(this.out[c]);
      const b = key(this.out[best]);
      const i = a.findIndex((x, j) => x !== b[j]);
      if (i >= 0 && a[i] < b[i]) best = c;
    }
    return best;
  }
}

function concat(a: Float64Array, b: ArrayLike<number>): Float64Array {
  const out = new Float64Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
