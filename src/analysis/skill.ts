/**
 * `tavolo skill`'s analysis, from the matches.csv of its runs alone (so its files are byte-identical
 * whenever those are): each pairing's ahead share on deals played in both seatings (paired-ahead.ts),
 * and the skill trace: Bradley-Terry ratings of the budgets from all the trace's matches together
 * (ratings.ts) and, per step, whether the larger budget is ahead of the one before it (Holm over the steps).
 */
import { holm } from './decisions.js';
import { dealValue, matchPairs, pairedAhead, type AheadEstimate } from './paired-ahead.js';
import { FinishingOrders, fitRatings, type Rating } from './ratings.js';
import { openResult, readMatches, type MatchRow } from './results.js';
import type { TraceStep } from './skill-words.js';

export type PairingRole = 'greedy-over-random' | 'search-over-greedy' | 'trace';

/** A pairing as the analysis sees it: the lineup names and the folders of its two seatings. */
export interface PairingFolders {
  role: PairingRole;
  /** The folder name under the command's root, e.g. `greedy-over-random-4p`, `trace/100-over-10`. */
  key: string;
  players: number;
  stronger: string;
  weaker: string;
  /** For a trace step: the two budgets. */
  budgets?: { lower: number; upper: number };
  /** Seating a's and seating b's result folders. */
  dirs: [string, string];
}

export interface PairingResult {
  pairing: PairingFolders;
  estimate: AheadEstimate;
  /** Deals in which no pair of seats was decided (every pair tied in both seatings). */
  undecided: number;
  /** Matches annulled or ended by a bot's fault, both seatings. */
  annulled: number;
  faulted: number;
}

export interface TraceResult {
  players: number;
  steps: Array<TraceStep & { pairing: PairingFolders; undecided: number }>;
  /** By budget, in the order of --budgets. */
  ratings: Array<Rating & { budget: number }>;
}

export interface SkillResult {
  pairings: PairingResult[];
  trace?: TraceResult;
}

async function rowsOf(dir: string): Promise<MatchRow[]> {
  const rows: MatchRow[] = [];
  await readMatches(openResult(dir), (row) => rows.push(row));
  return rows;
}

/** Per deal (match index), the share of its decided pairs of seats, over both seatings, that the stronger bot won (NaN: none decided). */
export function dealValues(a: readonly MatchRow[], b: readonly MatchRow[], stronger: string): number[] {
  const byMatch = new Map(b.map((row) => [row.match, row]));
  return a.map((row) => {
    const other = byMatch.get(row.match);
    if (other === undefined || other.seed !== row.seed) throw new Error(`match ${row.match} has no twin with the same seed in the other seating`);
    return dealValue(matchPairs(row.ranks, row.bots.map((n) => n === stronger)), matchPairs(other.ranks, other.bots.map((n) => n === stronger)));
  });
}

async function pairingResult(p: PairingFolders): Promise<{ result: PairingResult; rows: MatchRow[] }> {
  const a = await rowsOf(p.dirs[0]);
  const b = await rowsOf(p.dirs[1]);
  const rows = [...a, ...b];
  const values = dealValues(a, b, p.stronger);
  return {
    result: {
      pairing: p,
      estimate: pairedAhead(values.filter((v) => !Number.isNaN(v))),
      undecided: values.filter((v) => Number.isNaN(v)).length,
      annulled: rows.filter((r) => r.annulled).length,
      faulted: rows.filter((r) => r.faultSeat >= 0).length,
    },
    rows,
  };
}

function traceOf(budgets: readonly number[], label: string, steps: PairingResult[], rows: MatchRow[]): TraceResult {
  const names = budgets.map((b) => `${label}-${b}`);
  const orders = new FinishingOrders(names);
  for (const row of rows) orders.add(row.bots.map((n) => names.indexOf(n)), row.ranks);
  const fit = fitRatings(orders);
  const pHolm = holm(steps.map((s) => s.estimate.p));
  return {
    players: steps[0].pairing.players,
    steps: steps.map((s, k) => ({
      pairing: s.pairing,
      lower: s.pairing.budgets!.lower,
      upper: s.pairing.budgets!.upper,
      estimate: s.estimate,
      undecided: s.undecided,
      pHolm: pHolm[k],
      separated: pHolm[k] < 0.05 && s.estimate.share > 0.5,
    })),
    ratings: budgets.map((budget, k) => ({ ...fit.ratings.find((r) => r.name === names[k])!, budget })),
  };
}

/** Reads every pairing's two runs (all complete) and computes the answer's figures; the trace's names are `<label>-<budget>`. */
export async function analyseSkill(all: readonly PairingFolders[], budgets: readonly number[], label: string): Promise<SkillResult> {
  const pairings: PairingResult[] = [];
  const steps: PairingResult[] = [];
  const traceRows: MatchRow[] = [];
  for (const p of all) {
    const { result, rows } = await pairingResult(p);
    if (p.role === 'trace') {
      steps.push(result);
      traceRows.push(...rows);
    } else pairings.push(result);
  }
  return { pairings, trace: steps.length > 0 ? traceOf(budgets, label, steps, traceRows) : undefined };
}
