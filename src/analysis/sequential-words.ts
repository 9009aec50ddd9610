import type { SprtState, Verdict } from './sequential.js';

/**
 * A sequential test's verdict in plain sentences (docs/sequential.md, "What it says"): what was decided,
 * in the spec's own terms (who is stronger, which variant's games are longer), with the confidence the
 * test's error rates give it and the matches it took; then what H0 and H1 (or the three outcomes) meant;
 * then the estimate. Never a bare "H1 accepted". Plain data in, lines of text out, so the terminal, the
 * report and run.json can all place the same words.
 */

export type SequentialSubject =
  | { kind: 'bots'; bot: string; opponent: string; variant: string }
  | { kind: 'variant'; variant: string; baseline: string; quantity: string };

export interface SequentialReport {
  subject: SequentialSubject;
  alpha: number;
  beta: number;
  /** The two-outcome test's H0 and H1 (for the three-outcome test 0 and d, unused). */
  d0: number;
  d1: number;
  /** The three-outcome test's d; null for the two-outcome test. */
  within: number | null;
  verdict: Verdict;
  /** Matches (per variant) up to the stopping point, and the most the spec allows. */
  matches: number;
  maxMatches: number;
  checkpoints: number;
  /** The test at its last checkpoint. */
  final: SprtState;
  fixedSampleMatches: number;
}

/** How a quantity's difference reads: each phrase is a whole clause, in the spec's names. */
interface QuantityWords {
  higher: string;
  lower: string;
  notHigher: string;
  notLower: string;
  same: string;
  /** What the difference is a difference of. */
  difference: string;
  unit: string;
  /** Shares are shown in points (x 100). */
  scale: number;
  /** The clauses open with a lineup name, whose case is kept at a sentence's start. */
  opensWithName: boolean;
}

function botWords(bot: string, opponent: string): QuantityWords {
  return {
    higher: `${bot} is stronger than ${opponent}`,
    lower: `${bot} is weaker than ${opponent}`,
    notHigher: `${bot} is not stronger than ${opponent}`,
    notLower: `${bot} is not weaker than ${opponent}`,
    same: `${bot} and ${opponent} are equally strong`,
    difference: `${bot}'s win share minus ${opponent}'s`,
    unit: 'points of win share',
    scale: 100,
    opensWithName: true,
  };
}

/** Clauses for a variant v against its baseline b, by quantity. */
function variantWords(v: string, b: string, quantity: string): QuantityWords {
  const words = (w: Omit<QuantityWords, 'opensWithName'>): QuantityWords => ({ ...w, opensWithName: false });
  switch (quantity) {
    case 'turns_mean':
      return words({
        higher: `games are longer in ${v} than in ${b}`,
        lower: `games are shorter in ${v} than in ${b}`,
        notHigher: `games are not longer in ${v} than in ${b}`,
        notLower: `games are not shorter in ${v} than in ${b}`,
        same: `games are as long in ${v} as in ${b}`,
        difference: `turns per match in ${v} minus ${b}`,
        unit: 'turns',
        scale: 1,
      });
    case 'decisions_mean':
      return words({
        higher: `games take more bot decisions in ${v} than in ${b}`,
        lower: `games take fewer bot decisions in ${v} than in ${b}`,
        notHigher: `games do not take more bot decisions in ${v} than in ${b}`,
        notLower: `games do not take fewer bot decisions in ${v} than in ${b}`,
        same: `games take as many bot decisions in ${v} as in ${b}`,
        difference: `bot decisions per match in ${v} minus ${b}`,
        unit: 'decisions',
        scale: 1,
      });
    case 'annulled_rate':
      return words({
        higher: `more matches are annulled in ${v} than in ${b}`,
        lower: `fewer matches are annulled in ${v} than in ${b}`,
        notHigher: `no more matches are annulled in ${v} than in ${b}`,
        notLower: `no fewer matches are annulled in ${v} than in ${b}`,
        same: `as many matches are annulled in ${v} as in ${b}`,
        difference: `the annulled share in ${v} minus ${b}`,
        unit: 'points of the annulled share',
        scale: 100,
      });
    case 'first_player_advantage':
      return words({
        higher: `the first player's advantage is larger in ${v} than in ${b}`,
        lower: `the first player's advantage is smaller in ${v} than in ${b}`,
        notHigher: `the first player's advantage is not larger in ${v} than in ${b}`,
        notLower: `the first player's advantage is not smaller in ${v} than in ${b}`,
        same: `the first player's advantage is the same in ${v} as in ${b}`,
        difference: `the first player's advantage in ${v} minus ${b}`,
        unit: 'points',
        scale: 100,
      });
    default:
      return winShareWords(v, b, quantity.slice('win_share:'.length));
  }
}

/** A lineup name's win share in variant v against baseline b. */
function winShareWords(v: string, b: string, name: string): QuantityWords {
  return {
    higher: `${name} wins more often in ${v} than in ${b}`,
    lower: `${name} wins less often in ${v} than in ${b}`,
    notHigher: `${name} does not win more often in ${v} than in ${b}`,
    notLower: `${name} does not win less often in ${v} than in ${b}`,
    same: `${name} wins as often in ${v} as in ${b}`,
    difference: `${name}'s win share in ${v} minus ${b}`,
    unit: 'points of win share',
    scale: 100,
    opensWithName: true,
  };
}

function wordsOf(s: SequentialSubject): QuantityWords {
  return s.kind === 'bots' ? botWords(s.bot, s.opponent) : variantWords(s.variant, s.baseline, s.quantity);
}

const count = (n: number) => n.toLocaleString('en-US');
const percent = (p: number) => `${Number((p * 100).toFixed(1))}%`;
/** A design value (a difference) in the quantity's unit, as short as it is exact. */
const amount = (w: QuantityWords, v: number) => String(Number((v * w.scale).toFixed(3)));
const signed = (w: QuantityWords, v: number) => {
  const s = (v * w.scale).toFixed(w.scale === 100 ? 1 : 2);
  return v > 0 ? `+${s}` : s;
};

function decidedAfter(r: SequentialReport): string {
  const per = r.subject.kind === 'variant' ? ' per variant' : '';
  return `decided after ${count(r.matches)} of at most ${count(r.maxMatches)} matches${per}`;
}

/** A sentence's first letter in upper case, unless the clauses open with a lineup name (kept as written). */
function capital(w: QuantityWords, s: string): string {
  return w.opensWithName ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

/** The two-outcome test's first line: the accepted hypothesis as a claim. */
function twoOutcomeHeadline(r: SequentialReport, w: QuantityWords): string {
  const up = r.d1 > r.d0;
  const gap = r.d0 === 0 ? `at least ${amount(w, Math.abs(r.d1))}` : `${amount(w, r.d1)} rather than ${amount(w, r.d0)}`;
  if (r.verdict === 'H1 accepted') return `${capital(w, up ? w.higher : w.lower)} by ${gap} ${w.unit} (${percent(1 - r.alpha)}): ${decidedAfter(r)}.`;
  if (r.verdict === 'H0 accepted') {
    const claim = up ? w.notHigher : w.notLower;
    return (
      `${capital(w, claim)} by ${amount(w, Math.abs(r.d1 - r.d0))} ${w.unit}: the difference is nearer ${amount(w, r.d0)} than ` +
      `${amount(w, r.d1)} (${percent(1 - r.beta)}): ${decidedAfter(r)}.`
    );
  }
  return (
    `Undecided after all ${count(r.maxMatches)} matches: the difference is not yet clearly nearer ${amount(w, r.d0)} or ` +
    `${amount(w, r.d1)} ${w.unit}; raise matches, or widen the gap between d0 and d1.`
  );
}

/** What a three-outcome half found so far, for an undecided run. */
function halvesSoFar(r: SequentialReport, w: QuantityWords): string[] {
  const h = r.final.halves;
  if (!h) return [];
  const d = `${amount(w, r.within!)} ${w.unit}`;
  const parts: string[] = [];
  if (h.above) parts.push(h.above === 'H1' ? w.higher : `${w.notHigher} by ${d}`);
  if (h.below) parts.push(h.below === 'H1' ? w.lower : `${w.notLower} by ${d}`);
  return parts;
}

/** The three-outcome test's first line: stronger, weaker, or equal within ±d. */
function threeOutcomeHeadline(r: SequentialReport, w: QuantityWords): string {
  const d = `±${amount(w, r.within!)} ${w.unit}`;
  if (r.verdict === 'higher') return `${capital(w, w.higher)} (${percent(1 - r.alpha)}): ${decidedAfter(r)}.`;
  if (r.verdict === 'lower') return `${capital(w, w.lower)} (${percent(1 - r.alpha)}): ${decidedAfter(r)}.`;
  if (r.verdict === 'equal') return `${capital(w, w.same)} within ${d} (${percent(1 - r.beta)}): ${decidedAfter(r)}.`;
  if (r.verdict === 'conflicting') {
    return `Undecided: the test's two halves accepted opposite differences after ${count(r.matches)} matches; run it again with more matches.`;
  }
  const soFar = halvesSoFar(r, w);
  return `Undecided after all ${count(r.maxMatches)} matches${soFar.length ? ` (so far: ${soFar.join('; ')})` : ''}: raise matches, or widen ${d}.`;
}

/** What the hypotheses meant, in the spec's terms. */
function meaning(r: SequentialReport, w: QuantityWords): string {
  if (r.within !== null) {
    const d = amount(w, r.within);
    return (
      `The question had three answers: ${w.higher}, ${w.lower}, or ${w.same} within ±${d} ${w.unit} (Sobel and Wald's test: ` +
      `two SPRTs on ${w.difference}, 0 against +${d} and 0 against -${d}, each at alpha ${r.alpha} and beta ${r.beta}).`
    );
  }
  return (
    `H0: ${w.difference} is ${amount(w, r.d0)} ${w.unit}; H1: it is ${amount(w, r.d1)} (Wald's SPRT; alpha ${r.alpha}, ` +
    `the chance of accepting H1 when H0 holds; beta ${r.beta}, of accepting H0 when H1 holds).`
  );
}

function estimateLine(r: SequentialReport, w: QuantityWords): string {
  const f = r.final;
  const per = r.subject.kind === 'variant' ? ' per variant' : '';
  return (
    `Estimated ${w.difference}: ${signed(w, f.estimate)} ${w.unit} (95% CI ${signed(w, f.low95)} to ${signed(w, f.high95)}, ` +
    `somewhat too narrow after an early stop); a fixed-sample test with the same error rates needs about ${count(r.fixedSampleMatches)} matches${per}.`
  );
}

function detailsLine(r: SequentialReport): string {
  const f = r.final;
  const llr = f.halves ? `LLRs ${f.llr.toFixed(2)} (above) and ${f.halves.llrBelow.toFixed(2)} (below)` : `LLR ${f.llr.toFixed(2)}`;
  return `Test details: ${llr} against bounds [${f.lower.toFixed(2)}, ${f.upper.toFixed(2)}] at the last of ${r.checkpoints} checkpoints (sequential.csv).`;
}

/** The verdict, its meaning, the estimate and the test's details, one sentence a line. */
export function sequentialVerdictLines(r: SequentialReport): string[] {
  const w = wordsOf(r.subject);
  const headline = r.within !== null ? threeOutcomeHeadline(r, w) : twoOutcomeHeadline(r, w);
  return [headline, meaning(r, w), estimateLine(r, w), detailsLine(r)];
}
