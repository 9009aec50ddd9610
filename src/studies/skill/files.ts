/**
 * skill.csv and skill.json (`tavolo skill`; columns in docs/reference.md). Both are pure functions of the
 * runs' matches.csv and the command's settings: no time, no thread count, no path, so the same seed gives
 * the same bytes on any machine and thread count. Shares are written to six decimals, p-values to six
 * significant digits.
 */
import type { DealCounts, SkillResult } from './analysis.js';
import { SKILL_BANDS, skillReading } from './words.js';
import { csvLines } from '../../io/csv.js';
import { fixed } from '../../analysis/intervals.js';

export const SKILL_HEADER = [
  'section',
  'players',
  'stronger',
  'weaker',
  'budget',
  'deals',
  'undecided_deals',
  'repeated_deals',
  'seat_decided_deals',
  'ahead_share',
  'ahead_low95',
  'ahead_high95',
  'p_value',
  'p_holm',
  'reading',
  'separated',
  'rating',
  'rating_low95',
  'rating_high95',
] as const;

export interface SkillSettings {
  game: string;
  title: string;
  seed: string;
  options: Record<string, unknown>;
  matchesPerPairing: number;
  tableSizes: number[];
  /** The skill trace's table size. */
  tracePlayers: number;
  budgets: number[];
  searchBudget: number;
  /** The search bot: its name (a preset's or the bot's), the bot it plays, its other settings, its budget's parameter. */
  searcher?: { name: string; bot: string; settings: Record<string, unknown>; budgetParameter: string };
  noSearch?: string;
  /** Only the trace was played (--trace-only). */
  traceOnly?: boolean;
  /** Random opening moves of every match (--opening); absent: none. */
  opening?: number;
}

const six = (x: number) => fixed(x, 6);
const num = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(6)) : null);
/** p-values keep six significant digits (a p of 1e-17 is not 0). */
const pNum = (p: number) => (Number.isFinite(p) ? Number(p.toPrecision(6)) : null);
const pCell = (p: number) => (Number.isFinite(p) ? String(pNum(p)) : '');

function aheadCells(d: DealCounts): string[] {
  const e = d.estimate;
  return [String(e.deals), String(d.undecided), String(d.repeated), String(d.seatDecided), six(e.share), six(e.low95), six(e.high95), pCell(e.p)];
}

/** One row per pairing, then one per budget of the trace (its comparison with the budget before it). */
export function skillCsv(r: SkillResult): string {
  const rows: string[][] = [[...SKILL_HEADER]];
  for (const p of r.pairings) {
    const pr = p.pairing;
    rows.push([pr.role, String(pr.players), pr.stronger, pr.weaker, '', ...aheadCells(p), '', skillReading(p.estimate), '', '', '', '']);
  }
  const t = r.trace;
  if (t) {
    for (const [k, rating] of t.ratings.entries()) {
      const step = k > 0 ? t.steps[k - 1] : undefined;
      const compared = step ? [step.pairing.stronger, step.pairing.weaker] : [rating.name, ''];
      const cells = step ? [...aheadCells(step), pCell(step.pHolm), skillReading(step.estimate), step.separated ? '1' : '0'] : ['', '', '', '', '', '', '', '', '', '', ''];
      rows.push(['trace', String(t.players), ...compared, String(rating.budget), ...cells, fixed(rating.rating, 1), fixed(rating.low95, 1), fixed(rating.high95, 1)]);
    }
  }
  return csvLines(rows);
}

function aheadJson(d: DealCounts) {
  const e = d.estimate;
  return { deals: e.deals, undecided_deals: d.undecided, repeated_deals: d.repeated, seat_decided_deals: d.seatDecided, ahead_share: num(e.share), ahead_low95: num(e.low95), ahead_high95: num(e.high95), p_value: pNum(e.p), reading: skillReading(e) };
}

/** The settings, the answer in words, every pairing and the trace. */
export function skillJson(s: SkillSettings, r: SkillResult, answer: readonly string[]): string {
  const body = {
    game: s.game,
    title: s.title,
    seed: s.seed,
    options: s.options,
    matches_per_pairing: s.matchesPerPairing,
    table_sizes: s.tableSizes,
    trace_players: s.tracePlayers,
    budgets: s.budgets,
    search_budget: s.searchBudget,
    search_bot: s.searcher ? { name: s.searcher.name, bot: s.searcher.bot, settings: s.searcher.settings, budget_parameter: s.searcher.budgetParameter } : null,
    ...(s.noSearch ? { no_search: s.noSearch } : {}),
    ...(s.traceOnly ? { trace_only: true } : {}),
    ...(s.opening !== undefined ? { opening: s.opening } : {}),
    thresholds: { mixed_from: num(SKILL_BANDS.mixedFrom), skill_from: num(SKILL_BANDS.skillFrom) },
    answer,
    pairings: r.pairings.map((p) => ({
      role: p.pairing.role,
      players: p.pairing.players,
      stronger: p.pairing.stronger,
      weaker: p.pairing.weaker,
      folder: p.pairing.key,
      ...aheadJson(p),
      annulled_matches: p.annulled,
      faulted_matches: p.faulted,
    })),
    trace: r.trace
      ? {
          players: r.trace.players,
          ratings: r.trace.ratings.map((x) => ({ budget: x.budget, name: x.name, rating: num(x.rating), rating_low95: num(x.low95), rating_high95: num(x.high95), matches: x.matches })),
          steps: r.trace.steps.map((x) => ({ lower: x.lower, upper: x.upper, folder: x.pairing.key, ...aheadJson(x), p_holm: pNum(x.pHolm), separated: x.separated })),
        }
      : null,
  };
  return JSON.stringify(body, null, 2) + '\n';
}
