/**
 * `tavolo skill`'s analysis, from the matches.csv of its runs alone (so its files are byte-identical
 * whenever those are): each pairing's ahead share on deals played in both seatings (paired-ahead.ts),
 * and the skill trace: Bradley-Terry ratings of the budgets from all the trace's matches together
 * (ratings.ts) and, per step, whether the larger budget is ahead of the one before it (Holm over the steps).
 */
import { holm } from '../../analysis/decisions.js';
import { dealValue, matchPairs, pairedAhead, type AheadEstimate } from '../../analysis/paired-ahead.js';
import { FinishingOrders, fitRatings, type Rating } from '../../analysis/ratings.js';
import { openResult, readMatches, type MatchRow } from '../../analysis/results.js';
import type { TraceStep } from './words.js';
import { decideLook, type Look, type LookFigures, type LookPlan } from '../../analysis/group-sequential.js';
import { normQuantile } from '../../analysis/distributions.js';

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
  /** The folders of the later looks played (a trace step that went on past its first look). */
  later?: Array<[string, string]>;
}

export interface PairingResult {
  pairing: PairingFolders;
  estimate: AheadEstimate;
  /** Deals in which no pair of seats was decided (every pair tied in both seatings). */
  undecided: number;
  /**
   * Deals left out because they repeat an earlier deal exactly (both seatings' records alike): a game
   * that deals nothing, between bots that decide alike, plays the same match under every seed. Each
   * distinct deal counts once; `--opening` varies them.
   */
  repeated: number;
  /**
   * Deals whose seats finished in the same order in both seatings: the seat decided them, whichever bot
   * sat there, so each bot won the same pairs once and the deal counts as even (value 1/2). Where most deals
   * are so (heads-up Scala between searching bots: the second seat wins), only the others can show a difference.
   */
  seatDecided: number;
  /** Matches annulled or ended by a bot's fault, both seatings. */
  annulled: number;
  faulted: number;
}

/** What a pairing or a trace step counted of its deals: the estimate and the deals counted apart or as even. */
export type DealCounts = Pick<PairingResult, 'estimate' | 'undecided' | 'repeated' | 'seatDecided'>;

export interface TraceResult {
  players: number;
  steps: Array<TraceStep & { pairing: PairingFolders; undecided: number; repeated: number; seatDecided: number }>;
  /** By budget, in the order of --budgets. */
  ratings: Array<Rating & { budget: number }>;
}

export interface SkillResult {
  pairings: PairingResult[];
  trace?: TraceResult;
}

/** The rows of one seating over every look played (each look's deals have seeds of their own). */
async function rowsOf(dirs: readonly string[]): Promise<MatchRow[]> {
  const rows: MatchRow[] = [];
  for (const dir of dirs) await readMatches(openResult(dir), (row) => rows.push(row));
  return rows;
}

/** Per deal (match index), the share of its decided pairs of seats, over both seatings, that the stronger bot won (NaN: none decided). */
export function dealValues(a: readonly MatchRow[], b: readonly MatchRow[], stronger: string): number[] {
  const bySeed = twins(b);
  return a.map((row) => {
    const other = bySeed.get(row.seed);
    if (other === undefined) throw new Error(`match ${row.match} has no twin with the same seed in the other seating`);
    return dealValue(matchPairs(row.ranks, row.bots.map((n) => n === stronger)), matchPairs(other.ranks, other.bots.map((n) => n === stronger)));
  });
}

/** Deals (each with its twin) whose seats were ranked alike in both seatings, not all tied: the seat decided them. */
export function seatDecidedDeals(a: readonly MatchRow[], b: readonly MatchRow[]): number {
  const bySeed = twins(b);
  let count = 0;
  for (const row of a) {
    const other = bySeed.get(row.seed);
    if (other === undefined || row.ranks.every((r) => r === row.ranks[0])) continue;
    if (row.ranks.every((r, seat) => other.ranks[seat] === r)) count++;
  }
  return count;
}

/** The other seating's rows by deal: its seed (a match index repeats from one look to the next, a seed never). */
const twins = (b: readonly MatchRow[]) => new Map(b.map((row) => [row.seed, row]));

/** Everything a match row records but its index and seed: two matches with the same record played alike. */
function record(row: MatchRow): string {
  return JSON.stringify([row.variant, row.bots, row.winners, row.annulled, row.scores, row.ranks, row.firstPlayer, row.turns, row.decisions, row.endReason, row.faultSeat, row.metrics]);
}

/**
 * The deals (seating a's rows, each with its twin in b) that do not repeat an earlier deal: a deal whose
 * two records both equal an earlier deal's is the same play again, and adds no evidence. In a game with
 * chance two deals' records are never all alike (every column, from turns to the game's metrics), so
 * nothing is left out; in one without, between deterministic bots, every seed can give the same match.
 */
export function distinctDeals(a: readonly MatchRow[], b: readonly MatchRow[]): { a: MatchRow[]; b: MatchRow[] } {
  const bySeed = twins(b);
  const seen = new Set<string>();
  const keptA: MatchRow[] = [];
  const keptB: MatchRow[] = [];
  for (const row of a) {
    const other = bySeed.get(row.seed);
    const key = other === undefined ? row.seed : `${record(row)}|${record(other)}`;
    if (other !== undefined && seen.has(key)) continue;
    seen.add(key);
    keptA.push(row);
    if (other !== undefined) keptB.push(other);
  }
  return { a: keptA, b: keptB };
}

async function pairingResult(p: PairingFolders): Promise<{ result: PairingResult; rows: MatchRow[] }> {
  const dirs = [p.dirs, ...(p.later ?? [])];
  const allA = await rowsOf(dirs.map((d) => d[0]));
  const allB = await rowsOf(dirs.map((d) => d[1]));
  const { a, b } = distinctDeals(allA, allB);
  const played = [...allA, ...allB];
  const values = dealValues(a, b, p.stronger);
  return {
    result: {
      pairing: p,
      estimate: pairedAhead(values.filter((v) => !Number.isNaN(v))),
      undecided: values.filter((v) => Number.isNaN(v)).length,
      repeated: allA.length - a.length,
      seatDecided: seatDecidedDeals(a, b),
      annulled: played.filter((r) => r.annulled).length,
      faulted: played.filter((r) => r.faultSeat >= 0).length,
    },
    rows: [...a, ...b],
  };
}

/** A trace step's decision at look k (0-based), from the deals of its looks so far. */
export async function stepLook(p: PairingFolders, plan: LookPlan, k: number): Promise<Look> {
  const { result } = await pairingResult(p);
  return decideLook(plan, k, lookFigures(result.estimate), 0.5);
}

/**
 * What a look of a trace step reads: z is the step's own test of "ahead share = 1/2" (its two-sided
 * p-value, exact below SIGN_FLIP_EXACT_BELOW deals, as a signed normal score) and se the share's standard
 * error from its 95% interval (Wilson's at the effective deals), a coin's (1/2 a deal) when that is empty.
 */
export function lookFigures(e: AheadEstimate): LookFigures {
  if (!(e.deals > 0)) return { estimate: 0.5, z: 0, se: Infinity };
  const z = e.share === 0.5 ? 0 : Math.sign(e.share - 0.5) * normQuantile(1 - e.p / 2);
  const half = (e.high95 - e.low95) / 2;
  return { estimate: e.share, z, se: half > 0 ? half / normQuantile(0.975) : 0.5 / Math.sqrt(e.deals) };
}

function traceOf(budgets: readonly number[], label: string, steps: PairingResult[], rows: MatchRow[], stops?: ReadonlyMap<string, readonly Look[]>): TraceResult {
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
      repeated: s.repeated,
      seatDecided: s.seatDecided,
      pHolm: pHolm[k],
      // With looks, the boundary decided (it is corrected for the looks and the steps); else Holm at the end.
      separated: stops ? stops.get(s.pairing.key)?.at(-1)?.decision === 'above' : pHolm[k] < 0.05 && s.estimate.share > 0.5,
    })),
    ratings: budgets.map((budget, k) => ({ ...fit.ratings.find((r) => r.name === names[k])!, budget })),
  };
}

/** Reads every pairing's two runs (all complete) and computes the answer's figures; the trace's names are `<label>-<budget>`. */
export async function analyseSkill(all: readonly PairingFolders[], budgets: readonly number[], label: string, stops?: ReadonlyMap<string, readonly Look[]>): Promise<SkillResult> {
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
  return { pairings, trace: steps.length > 0 ? traceOf(budgets, label, steps, traceRows, stops) : undefined };
}
