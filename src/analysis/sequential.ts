/**
 * Wald's sequential probability ratio test (SPRT) on paired data, with the paired normal approximation
 * (docs/sequential.md).
 *
 * The unit of the test is a block: one full rotation of the seats (`players` consecutive matches, from a
 * multiple of `players`), the counterpart of the chess testers' game pair (the two colours on one
 * opening). Each block gives one number x, the mean over its matches of a per-match difference (a bot's
 * win share minus another's; a quantity in a variant minus the same match in the baseline). Blocks are
 * independent and identically distributed: every block has the same seat rotation and fresh seeds.
 *
 * H0: E[x] = d0 against H1: E[x] = d1. With n blocks, mean m and variance s^2 (maximum likelihood, /n),
 * the log-likelihood ratio of two normal models with the variance estimated from the data is
 *
 *   LLR = n (d1 - d0) (m - (d0 + d1) / 2) / s^2
 *
 * (the plug-in approximation of the generalised SPRT: Van den Bergh, "A practical introduction to the
 * GSPRT"). Wald's bounds: accept H1 when LLR >= log((1 - beta) / alpha), H0 when LLR <= log(beta /
 * (1 - alpha)). The test is evaluated only at checkpoints, which can only make it stop later and err
 * less (calibrated by simulation in tests/analysis/sequential-calibration.test.ts).
 */
import { normQuantile } from './distributions.js';
import { Moments } from './moments.js';
import { pairedMeanTest } from './paired-tests.js';

export interface SprtDesign {
  alpha: number;
  beta: number;
  d0: number;
  d1: number;
}

/**
 * What a test ended with. The two-outcome test (H0 against H1) says 'H1 accepted' or 'H0 accepted'; the
 * three-outcome test (see ThreeWaySprt) says 'higher', 'lower' or 'equal' (within its ±d); either may end
 * 'undecided at the maximum'. 'conflicting' is the three-outcome test's halves accepting opposite
 * differences (possible only when the block mean swings by more than d between their decisions).
 */
export type Verdict = 'H1 accepted' | 'H0 accepted' | 'higher' | 'lower' | 'equal' | 'conflicting' | 'undecided at the maximum';

/** A decision at a checkpoint: the two-outcome test's hypothesis, or the three-outcome test's answer. */
export type Decision = 'H1' | 'H0' | 'higher' | 'lower' | 'equal' | 'conflicting';

/** The three-outcome test's halves at a checkpoint (null in a two-outcome test's state). */
export interface HalvesState {
  /** LLR of the half that tests 0 against -d (the other half's LLR is the state's `llr`). */
  llrBelow: number;
  /** Each half's decision, kept once taken: 'H1' is a difference of +d (above) or -d (below). */
  above: 'H1' | 'H0' | null;
  below: 'H1' | 'H0' | null;
}

/** Blocks needed before a checkpoint may decide: the variance estimate of fewer is too rough. */
export const MIN_BLOCKS = 10;

export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

export interface SprtState {
  blocks: number;
  /** Mean of the block values (the estimate of E[x]) and its 95% paired-t interval, fixed-sample style. */
  estimate: number;
  low95: number;
  high95: number;
  /** Standard deviation of one block value. */
  sd: number;
  llr: number;
  lower: number;
  upper: number;
  /** The decision at this point: null to go on. */
  decision: Decision | null;
  /** The three-outcome test's halves; null for the two-outcome test. */
  halves: HalvesState | null;
}

/** A sequential test fed one block value at a time and evaluated at checkpoints. */
export interface SequentialTest {
  add(x: number): void;
  /** The test at a checkpoint (call it only there: a three-outcome half keeps the decision it took). */
  state(): SprtState;
  /** Only the decision at a checkpoint (as state() decides it, without the interval): for simulations. */
  decision(): Decision | null;
}

/** The block values' moments (Welford, shared with the comparison layer); `state()` is the test now. */
export class PairedSprt implements SequentialTest {
  private readonly blocks = new Moments();
  readonly lower: number;
  readonly upper: number;

  constructor(readonly design: SprtDesign) {
    if (design.d0 === design.d1) throw new Error('the SPRT needs d0 != d1');
    ({ lower: this.lower, upper: this.upper } = sprtBounds(design.alpha, design.beta));
  }

  add(x: number): void {
    this.blocks.add(x);
  }

  /** The log-likelihood ratio now, the variance it uses and the decision it gives. */
  private test(): { llr: number; variance: number; decision: 'H1' | 'H0' | null } {
    const { d0, d1 } = this.design;
    const n = this.blocks.n;
    // The likelihood ratio uses the maximum-likelihood variance (divided by n).
    const variance = n > 0 ? this.blocks.m2 / n : 0;
    const llr = variance > 0 ? (n * (d1 - d0) * (this.blocks.mean - (d0 + d1) / 2)) / variance : 0;
    const ready = n >= MIN_BLOCKS && variance > 0;
    return { llr, variance, decision: !ready ? null : llr >= this.upper ? 'H1' : llr <= this.lower ? 'H0' : null };
  }

  decision(): 'H1' | 'H0' | null {
    return this.test().decision;
  }

  state(): SprtState {
    const { llr, variance, decision } = this.test();
    const e = pairedMeanTest(this.blocks);
    return { blocks: this.blocks.n, estimate: this.blocks.mean, low95: e.low, high95: e.high, sd: Math.sqrt(variance), llr, lower: this.lower, upper: this.upper, decision, halves: null };
  }
}

/**
 * Blocks a fixed-sample one-sided test needs for the same error rates: ((z_{1-alpha} + z_{1-beta}) sd /
 * |d1 - d0|)^2, with `sd` the standard deviation of one block value.
 */
export function fixedSampleBlocks(design: SprtDesign, sd: number): number {
  const z = normQuantile(1 - design.alpha) + normQuantile(1 - design.beta);
  return Math.ceil(((z * sd) / Math.abs(design.d1 - design.d0)) ** 2);
}

export function verdictOf(decision: Decision | null): Verdict {
  if (decision === null) return 'undecided at the maximum';
  return decision === 'H1' ? 'H1 accepted' : decision === 'H0' ? 'H0 accepted' : decision;
}

/**
 * Sobel and Wald's three-decision test (1949), in the paired normal approximation: is the mean block
 * value above 0 (by d), below it (by d), or within ±d of it? Two SPRTs read the same blocks: "above"
 * tests 0 against +d, "below" tests 0 against -d, each at its own alpha and beta (Wald's bounds, as
 * PairedSprt). Each half stops on its own and keeps its decision; the test stops when both have decided:
 * above +d and below 0: 'higher'; below -d and above 0: 'lower'; both 0: 'equal'.
 *
 * So a wrong 'higher' needs the above half to accept +d: at a true difference of 0 or less that happens
 * at most about alpha of the time (a lower truth makes it rarer), and likewise 'lower'; 'equal' needs both
 * halves to accept 0, which at a true difference of +d or more (or -d or less) happens at most about
 * beta of the time. Calibrated by simulation in tests/analysis/sequential-three-way.test.ts.
 */
export class ThreeWaySprt implements SequentialTest {
  private readonly above: PairedSprt;
  private readonly below: PairedSprt;
  private aboveDecision: 'H1' | 'H0' | null = null;
  private belowDecision: 'H1' | 'H0' | null = null;

  constructor(readonly design: ThreeWayDesign) {
    if (!(design.within > 0)) throw new Error('the three-outcome test needs within > 0');
    const { alpha, beta, within } = design;
    this.above = new PairedSprt({ alpha, beta, d0: 0, d1: within });
    this.below = new PairedSprt({ alpha, beta, d0: 0, d1: -within });
  }

  add(x: number): void {
    this.above.add(x);
    this.below.add(x);
  }

  state(): SprtState {
    const a = this.above.state();
    const b = this.below.state();
    this.aboveDecision ??= a.decision as 'H1' | 'H0' | null;
    this.belowDecision ??= b.decision as 'H1' | 'H0' | null;
    const halves: HalvesState = { llrBelow: b.llr, above: this.aboveDecision, below: this.belowDecision };
    return { ...a, decision: combine(this.aboveDecision, this.belowDecision), halves };
  }

  decision(): Decision | null {
    this.aboveDecision ??= this.above.decision();
    this.belowDecision ??= this.below.decision();
    return combine(this.aboveDecision, this.belowDecision);
  }
}

/**
 * The verdict of the test over a sequence of block values, checked every `checkEvery` blocks up to
 * `maxBlocks`, as runSequential decides it but without the checkpoints' intervals: for the simulations
 * of sequential-reach.ts, which run it thousands of times.
 */
export function sequentialVerdict(design: SequentialDesign, nextBlock: () => number, checkEvery: number, maxBlocks: number): Verdict {
  const test = sequentialTest(design);
  for (let b = 1; b <= maxBlocks; b++) {
    test.add(nextBlock());
    if (b % checkEvery !== 0 && b !== maxBlocks) continue;
    const d = test.decision();
    if (d) return verdictOf(d);
  }
  return verdictOf(null);
}

export interface ThreeWayDesign {
  alpha: number;
  beta: number;
  /** d: the differences +d and -d the halves test against 0. */
  within: number;
}

function combine(above: 'H1' | 'H0' | null, below: 'H1' | 'H0' | null): Decision | null {
  if (above === null || below === null) return null;
  if (above === 'H1') return below === 'H1' ? 'conflicting' : 'higher';
  return below === 'H1' ? 'lower' : 'equal';
}

/** A design with `within` set is the three-outcome test; else the two-outcome SPRT of d0 against d1. */
export type SequentialDesign = SprtDesign & { within?: number | null };

export function sequentialTest(design: SequentialDesign): SequentialTest {
  return design.within ? new ThreeWaySprt({ alpha: design.alpha, beta: design.beta, within: design.within }) : new PairedSprt(design);
}

export interface SequentialOutcome {
  verdict: Verdict;
  /** Blocks used: up to the checkpoint that decided, or all of them. */
  blocks: number;
  final: SprtState;
  checkpoints: SprtState[];
}

/**
 * The test over a sequence of block values, evaluated every `checkEvery` blocks up to `maxBlocks`: what a
 * run does, without the run (for simulations and the benchmark).
 */
export function runSequential(design: SequentialDesign, nextBlock: () => number, checkEvery: number, maxBlocks: number): SequentialOutcome {
  const test = sequentialTest(design);
  const checkpoints: SprtState[] = [];
  for (let b = 1; b <= maxBlocks; b++) {
    test.add(nextBlock());
    if (b % checkEvery !== 0 && b !== maxBlocks) continue;
    const s = test.state();
    checkpoints.push(s);
    if (s.decision) return { verdict: verdictOf(s.decision), blocks: b, final: s, checkpoints };
  }
  const final = checkpoints[checkpoints.length - 1];
  return { verdict: verdictOf(null), blocks: maxBlocks, final, checkpoints };
}
