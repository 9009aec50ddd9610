/**
 * `tavolo skill`'s answer in words (docs/measures.md, "Skill and luck"): how much of the outcome is
 * skill for a pairing, and how the skill trace rises with the search budget.
 */
import type { AheadEstimate } from '../../analysis/paired-ahead.js';

/**
 * The bands of the stronger bot's ahead share. A coin gives 1/2 and a game of pure skill 1; the bands cut
 * the skill edge 2 * share - 1 into thirds: below 1/3 (share under 2/3) the weaker bot still wins more than
 * one pairing in three and the outcome is mostly luck; from 2/3 (share 5/6 and up) it wins at most one in
 * six and the outcome is mostly skill; in between, mixed.
 */
export const SKILL_BANDS = { mixedFrom: 2 / 3, skillFrom: 5 / 6 } as const;

export type SkillReading = 'mostly luck' | 'mixed' | 'mostly skill' | 'reversed' | 'cannot tell';

/** The band of one share (a share under 1/2 is read as luck: the stronger bot is no better than a coin). */
export function skillBand(share: number): Exclude<SkillReading, 'reversed' | 'cannot tell'> {
  return share >= SKILL_BANDS.skillFrom ? 'mostly skill' : share >= SKILL_BANDS.mixedFrom ? 'mixed' : 'mostly luck';
}

/**
 * The reading of an estimate: `reversed` when the weaker bot is ahead beyond the noise, `cannot tell` when
 * the 95% interval holds 1/2 or the test of 1/2 does not reject it (with few deals the test is exact and
 * the interval is not, so either one is enough to hold back) (the pair cannot be told from a coin toss, so no band can be claimed for it:
 * a band read off the point estimate would say "mostly luck" of a pair that may be a coin), else its share's band.
 */
export function skillReading(e: AheadEstimate): SkillReading {
  if (e.high95 < 0.5 && e.p < 0.05) return 'reversed';
  return e.low95 <= 0.5 || e.high95 < 0.5 || !(e.p < 0.05) ? 'cannot tell' : skillBand(e.share);
}

/** The bands the 95% interval reaches, lowest first (one when the reading is firm). */
export function bandsReached(e: AheadEstimate): Array<Exclude<SkillReading, 'reversed' | 'cannot tell'>> {
  const all = ['mostly luck', 'mixed', 'mostly skill'] as const;
  const lo = all.indexOf(skillBand(e.low95));
  const hi = all.indexOf(skillBand(e.high95));
  return all.slice(lo, hi + 1);
}

/** A percentage without the sign: whole, or with one decimal within a point of 0 or 100 (never "100.0"). */
function digits(x: number): string {
  const v = 100 * x;
  const near = (v > 0 && v < 1) || (v > 99 && v < 100);
  const one = v.toFixed(1);
  return near && one !== '100.0' && one !== '0.0' ? one : v.toFixed(0);
}

/** 0.6612 -> "66%"; under 1% or over 99%, one decimal. */
export function percent(x: number): string {
  return `${digits(x)}%`;
}

function interval(e: AheadEstimate): string {
  return `[${digits(e.low95)}–${digits(e.high95)}]`;
}

export interface PairingWords {
  game: string;
  players: number;
  stronger: string;
  weaker: string;
  /** Who the outcome is read for: "casual players" (random against greedy), "strong players". */
  audience: string;
  estimate: AheadEstimate;
  /** Deals in which no pair of seats was decided. */
  undecided: number;
}

/** "In Stop at 4 players, greedy finishes ahead of random in 66% of their pairings [63–69] ...". */
export function pairingSentence(w: PairingWords): string {
  const e = w.estimate;
  const head =
    `In ${w.game} at ${w.players} players, ${w.stronger} finishes ahead of ${w.weaker} in ${percent(e.share)} of their decided pairings ${interval(e)}, ` +
    `over ${e.deals} deals played in both seatings${w.undecided > 0 ? ` (and ${w.undecided} that decided nothing)` : ''}; ${w.weaker} comes out ahead in ${percent(1 - e.share)}: `;
  const reading = skillReading(e);
  if (reading === 'reversed') return `${head}here ${w.weaker} is the stronger one, beyond the noise, so this pairing says nothing about luck.`;
  const reached = bandsReached(e);
  if (reading === 'cannot tell') {
    return `${head}${w.stronger} cannot be told from a coin toss here (the interval holds 50%), so these deals cannot tell how much of the outcome is skill for ${w.audience}.`;
  }
  const words = reached.length > 1 ? `${reading} (the interval reaches ${reached.join(' and ')})` : reading;
  return `${head}the outcome is ${words} for ${w.audience}.`;
}

export interface TraceStep {
  lower: number;
  upper: number;
  estimate: AheadEstimate;
  pHolm: number;
  separated: boolean;
  /** Deals the seat decided (the same finishing order by seat in both seatings); absent: not counted. */
  seatDecided?: number;
}

/** Where the seat decided at least half a flat step's deals, why it is flat: ", where the seat decided 94 of its 96 deals". */
function seatClause(s: TraceStep): string {
  const seat = s.seatDecided ?? 0;
  return seat > 0 && 2 * seat >= s.estimate.deals ? `, where the seat decided ${seat} of its ${s.estimate.deals} deals` : '';
}

const budget = (b: number) => b.toLocaleString('en-US');

/** One step: "1,000 ahead of 100 in 62% [55–69], separated". */
function stepText(s: TraceStep): string {
  return `${budget(s.upper)} ahead of ${budget(s.lower)} in ${percent(s.estimate.share)} ${interval(s.estimate)}, ${s.separated ? 'separated' : 'not separated'}`;
}

/** The trace in words: where each larger budget stops winning more. */
export function traceSentence(bot: string, players: number, steps: readonly TraceStep[], test = 'Holm-adjusted'): string {
  if (steps.length === 0) return '';
  const tenfold = steps.every((s) => s.upper === 10 * s.lower) ? 'tenfold' : 'larger';
  const head = `Skill trace (${bot} at ${players} players, each budget against the one before it, ${test}): ${steps.map(stepText).join('; ')}. `;
  const firstFlat = steps.findIndex((s) => !s.separated);
  if (firstFlat < 0) return `${head}Each ${tenfold} budget wins more, up to ${budget(steps[steps.length - 1].upper)}: more search is still worth it there.`;
  const flat = steps[firstFlat];
  const later = steps.slice(firstFlat + 1).filter((s) => s.separated);
  const again = later.length > 0 ? ` (though ${later.map((s) => `${budget(s.upper)} vs ${budget(s.lower)}`).join(', ')} is separated again)` : '';
  const seat = seatClause(flat);
  if (firstFlat === 0) {
    const why = seat ? `: these matches cannot tell whether the budget buys strength` : ': the search budget buys no detectable strength at these match counts';
    return `${head}The trace is flat from the start (${budget(flat.lower)} vs ${budget(flat.upper)} not separated${seat})${again}${why}.`;
  }
  return `${head}Each ${tenfold} budget wins more up to ${budget(flat.lower)}, then the trace flattens (${budget(flat.lower)} vs ${budget(flat.upper)} not separated${seat})${again}.`;
}
