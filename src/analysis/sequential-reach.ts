/**
 * How often a sequential test's maximum lets it reach each of its answers (docs/sequential.md, "Does
 * the maximum leave room to decide?"): its operating characteristic at the spec's maximum, by a seeded
 * simulation of the test itself (sequentialVerdict: the same checkpoints, bounds and decisions as a run).
 *
 * Only a question about two bots' win shares has a known scale before any match: a block's value is the
 * mean over a seat rotation of a per-match difference in [-1, 1]. The simulation draws each match's
 * difference as +1 or -1 (every match won by one of the two bots), which for a given mean is the largest
 * spread such a difference can have: draws, annulled matches and wins by a third seat only shrink the
 * spread, and the test then decides sooner. So the shares are what the maximum guarantees at least, for
 * a truth at each answer's own difference (+d, 0 and -d; or d1 and d0).
 */
import { Rng } from '../engine/rng.js';
import { sequentialVerdict, type SequentialDesign } from './sequential.js';

export interface ReachFigure {
  /** The true difference simulated (the answer's own: +d, 0, -d; or d1, d0). */
  truth: number;
  /** The answer a run should give at that truth. */
  answer: 'higher' | 'equal' | 'lower' | 'H1 accepted' | 'H0 accepted';
  /** Share of the simulated runs that gave it by the maximum. */
  reached: number;
  /** Share still undecided at the maximum. */
  undecided: number;
}

export interface ReachPlan {
  design: SequentialDesign;
  players: number;
  /** Matches per checkpoint and at most (the spec's checkEvery and matches). */
  checkEvery: number;
  matches: number;
}

/** Simulated runs per truth: each share is then within about ±2.5 points (95%). */
export const REACH_RUNS = 1000;

/** One block's value: the mean of `players` per-match differences, each +1 with probability (1 + truth) / 2, else -1. */
function blockOf(rng: Rng, truth: number, players: number): number {
  let sum = 0;
  for (let k = 0; k < players; k++) sum += rng.float() < (1 + truth) / 2 ? 1 : -1;
  return sum / players;
}

/** The truths to simulate and the answer each should give. */
function truthsOf(design: SequentialDesign): Array<Pick<ReachFigure, 'truth' | 'answer'>> {
  if (design.within) {
    return [
      { truth: design.within, answer: 'higher' },
      { truth: 0, answer: 'equal' },
      { truth: -design.within, answer: 'lower' },
    ];
  }
  return [
    { truth: design.d1, answer: 'H1 accepted' },
    { truth: design.d0, answer: 'H0 accepted' },
  ];
}

/**
 * The test's reach at its maximum, for each answer at its own truth: a seeded simulation (the same
 * figures on every machine), REACH_RUNS runs per truth. Truths outside [-1, 1] are left out.
 */
export function sequentialReach(plan: ReachPlan, runs = REACH_RUNS): ReachFigure[] {
  const checkBlocks = plan.checkEvery / plan.players;
  const maxBlocks = plan.matches / plan.players;
  return truthsOf(plan.design)
    .filter((t) => Math.abs(t.truth) <= 1)
    .map((t) => {
      const rng = new Rng(`sequential-reach/${t.answer}/${t.truth}`);
      let reached = 0;
      let undecided = 0;
      for (let r = 0; r < runs; r++) {
        const verdict = sequentialVerdict(plan.design, () => blockOf(rng, t.truth, plan.players), checkBlocks, maxBlocks);
        if (verdict === t.answer) reached++;
        else if (verdict === 'undecided at the maximum') undecided++;
      }
      return { ...t, reached: reached / runs, undecided: undecided / runs };
    });
}

const pct = (x: number) => `${Math.round(100 * x)}%`;
const points = (d: number) => `${Math.abs(100 * d) % 1 === 0 ? Math.abs(100 * d).toFixed(0) : Math.abs(100 * d).toFixed(1)} points`;

/**
 * The start line: "Its maximum of 2000 matches reaches 'higher' in 97% of runs where greedy is 5 points
 * ahead, 'equal' in 92% where the two are equal, 'lower' in 97% where it is 5 points behind (...)".
 */
export function reachText(plan: ReachPlan, figures: readonly ReachFigure[], bot: string, opponent: string): string {
  const where = (f: ReachFigure) =>
    f.truth === 0 ? `where the two are equal` : `where ${bot} is ${points(f.truth)} ${f.truth > 0 ? 'ahead of' : 'behind'} ${opponent}`;
  const parts = figures.map((f) => `'${f.answer}' in ${pct(f.reached)} of runs ${where(f)}${f.undecided > 0.005 ? ` (${pct(f.undecided)} undecided)` : ''}`);
  const short = figures.filter((f) => f.reached < SHORT_BELOW).map((f) => `'${f.answer}'`);
  const list = short.length <= 1 ? short.join('') : `${short.slice(0, -1).join(', ')} and ${short[short.length - 1]}`;
  const advice = short.length > 0 ? ` The maximum is short for ${list}: raise matches (or widen the question) to let the test reach ${short.length > 1 ? 'them' : 'it'}.` : '';
  return (
    `Reach: its maximum of ${plan.matches} matches gives ${parts.join(', ')} ` +
    `(${REACH_RUNS} seeded simulations of this test per truth, every match won by one of the two: the largest spread, where the test needs the most matches).${advice}`
  );
}

/** Below this share of runs reaching an answer at its own truth, the start line calls the maximum short for it. */
export const SHORT_BELOW = 0.8;

/** What a sequential spec needs for its start line (a ResolvedSpec has it). */
export interface ReachSpec {
  players: number;
  matches: number;
  sequential?: { question: { kind: 'bots'; bot: string; opponent: string } | { kind: 'variant' }; alpha: number; beta: number; d0: number; d1: number; within: number | null; checkEvery: number };
}

/**
 * A sequential spec's start line about its maximum, printed before any match: the reach for a question
 * about two bots' win shares; for a quantity of a variant, whose spread is unknown before the run, that
 * sequential.csv's last line says how far the test got. Undefined for a spec that is not sequential.
 */
export function reachLine(spec: ReachSpec): string | undefined {
  const s = spec.sequential;
  if (!s) return undefined;
  if (s.question.kind !== 'bots') {
    return `Reach: how often the maximum of ${spec.matches} matches lets the test decide depends on the quantity's spread, unknown before the run (docs/sequential.md).`;
  }
  const plan: ReachPlan = { design: { alpha: s.alpha, beta: s.beta, d0: s.d0, d1: s.d1, within: s.within }, players: spec.players, checkEvery: s.checkEvery, matches: spec.matches };
  return reachText(plan, sequentialReach(plan), s.question.bot, s.question.opponent);
}
