import { isRate } from '../../analysis/quantities.js';
import { overreach, shortfall, targetConfidence, type TargetCheck } from './race.js';
import type { CandidateOutcome } from './race-state.js';
import type { TuneFolder } from './reread.js';
import type { TuneOutcome } from './outcome.js';
import type { TunePlan } from './spec.js';
import { quantityValue, targetText, tuneAnswer } from './words.js';

/**
 * What tune.html shows (src/studies/tune/page.ts lays it out), built from a search's outcome (played now,
 * or read back from its folder): the answer in the terminal's sentences, the settings, one chart per
 * target (each candidate's estimate with its interval at the race's level against the target's band,
 * closest first) and the matches spent round by round against the full grid's need. Values are in the
 * units a reader expects (percent for rates, points for the first-player advantage), so the page draws
 * them as they come.
 */

/** What became of a candidate, as the legend says it. */
export const STATUS_LABEL = { meets: 'meets every target', 'not-ruled-out': 'not ruled out', dropped: 'dropped' } as const;
export type StatusLabel = (typeof STATUS_LABEL)[keyof typeof STATUS_LABEL];

/** One candidate in one target's chart. */
export interface TuneMark {
  candidate: string;
  /** The estimate and its interval in display units; null when undefined (fewer than two values). */
  x: number | null;
  lo: number | null;
  hi: number | null;
  /** The same three as the terminal writes them (27.1, 31.2%, +1.3 points). */
  shown: { estimate: string; low: string; high: string };
  status: StatusLabel;
  /** The round (1-based) after which it was dropped; null for a candidate still in. */
  round: number | null;
  /** Written at the right of a dropped candidate: "dropped in round 3", with ", here" or ", preference" saying what dropped it. */
  dropNote: string | null;
  /** Where this target's interval lies: inside, outside or undecided. */
  target: TargetCheck['status'];
  tip: string;
}

export interface TuneTargetChart {
  id: string;
  quantity: string;
  title: string;
  /** The x axis label, with its unit. */
  x: string;
  /** The target's band in display units (an open side reaches the edge of the domain). */
  band: [number, number];
  domain: [number, number];
  /** Closest first: the estimate nearest the target, then the interval reaching least beyond it. */
  marks: TuneMark[];
}

export interface TuneRoundBar {
  round: string;
  /** 'earlier rounds' or 'this round': the bar of round r stacks what was spent before it and in it. */
  part: 'earlier rounds' | 'this round';
  matches: number;
}

export interface TuneCharts {
  /** The level of every interval drawn. */
  confidence: number;
  targets: TuneTargetChart[];
  rounds: { bars: TuneRoundBar[]; grid: number; spent: number };
}

/** Display units: rates and the first-player advantage in percent (points), other means as they are. */
const unitOf = (quantity: string) => (quantity === 'first_player_advantage' ? 'points' : isRate(quantity) ? '%' : '');
const scaleOf = (quantity: string) => (isRate(quantity) ? 100 : 1);
const finite = (x: number) => Number.isFinite(x);

function markOf(c: CandidateOutcome, k: TargetCheck, scale: number): TuneMark {
  const q = k.target.quantity;
  const e = k.estimate;
  const show = (x: number) => (finite(x) ? x * scale : null);
  const dropped = c.droppedRound === undefined ? '' : `; dropped after round ${c.droppedRound} (${c.elimination!.reason === 'preference' ? `prefer ${c.elimination!.quantity}` : c.elimination!.quantity})`;
  const tip = `${c.name}: ${quantityValue(q, e.estimate)} (${quantityValue(q, e.low)} to ${quantityValue(q, e.high)}), ${k.status} the target; ${c.matches} matches; ${STATUS_LABEL[c.status]}${dropped}`;
  const by = c.elimination?.reason === 'preference' ? ', preference' : c.elimination?.quantity === q ? ', here' : '';
  const dropNote = c.droppedRound === undefined ? null : `dropped in round ${c.droppedRound}${by}`;
  const shown = { estimate: quantityValue(q, e.estimate), low: quantityValue(q, e.low), high: quantityValue(q, e.high) };
  return { candidate: c.name, x: show(e.estimate), lo: show(e.low), hi: show(e.high), shown, status: STATUS_LABEL[c.status], round: c.droppedRound ?? null, dropNote, target: k.status, tip };
}

/** The x domain: every interval and the target's finite bounds, with a little room on both sides. */
function domainOf(marks: readonly TuneMark[], min: number, max: number): [number, number] {
  const xs = [...marks.flatMap((m) => [m.lo, m.hi, m.x]).filter((x): x is number => x !== null), ...[min, max].filter(finite)];
  if (xs.length === 0) return [0, 1]; // no candidate has a value (a metric undefined in every match so far)
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const pad = hi > lo ? (hi - lo) * 0.04 : Math.max(Math.abs(lo) * 0.1, 1);
  return [lo - pad, hi + pad];
}

function targetChart(out: readonly CandidateOutcome[], t: number, plan: TunePlan): TuneTargetChart {
  const target = plan.targets[t];
  const scale = scaleOf(target.quantity);
  const order = out
    .map((c, i) => ({ c, i, k: c.checks[t] }))
    .filter((x) => x.k !== undefined)
    .sort((a, b) => shortfall(a.k) - shortfall(b.k) || overreach(a.k) - overreach(b.k) || a.i - b.i);
  const marks = order.map(({ c, k }) => markOf(c, k, scale));
  const min = target.min * scale;
  const max = target.max * scale;
  const domain = domainOf(marks, min, max);
  const unit = unitOf(target.quantity);
  return {
    id: `target-${t + 1}`,
    quantity: target.quantity,
    title: `${targetText(target)}`,
    x: `${target.quantity}${unit ? ` (${unit})` : ''} →`,
    band: [finite(min) ? min : domain[0], finite(max) ? max : domain[1]],
    domain,
    marks,
  };
}

function roundBars(r: TuneOutcome): TuneRoundBar[] {
  let before = 0;
  return r.rounds.flatMap((n) => {
    const bars: TuneRoundBar[] = [
      { round: `round ${n.round}`, part: 'earlier rounds', matches: before },
      { round: `round ${n.round}`, part: 'this round', matches: n.matches },
    ];
    before += n.matches;
    return bars;
  });
}

export function tuneCharts(r: TuneOutcome, plan: TunePlan): TuneCharts {
  const out = r.race.outcomes();
  return {
    confidence: targetConfidence(r.race.size),
    targets: plan.targets.map((_, t) => targetChart(out, t, plan)),
    rounds: { bars: roundBars(r), grid: r.gridMatches, spent: r.spent },
  };
}

/** The search as the page needs it: what `tavolo tune` has in hand, and what reread.ts reads back. */
export type TuneSearch = Pick<TuneFolder, 'tournament' | 'game' | 'seed' | 'names' | 'plan' | 'outcome'>;

export interface TunePageData {
  title: string;
  /** The answer as the terminal prints it (words.ts). */
  answer: string;
  settings: [string, string][];
  /** The intervals' level, as text (99.9961%). */
  level: string;
  charts: TuneCharts;
  /** One row per round: round, candidates, matches, spent so far, share of the full grid, dropped after it. */
  rounds: string[][];
}

const count = (n: number) => n.toLocaleString('en-US');
const percent = (level: number) => `${(level * 100).toPrecision(6).replace(/0+$/, '').replace(/\.$/, '')}%`;

function settingRows(p: TuneSearch, level: number): [string, string][] {
  const { plan } = p;
  return [
    ['Search', `${p.tournament} (${p.game}), master seed ${JSON.stringify(p.seed)}; round r plays on the seeds "<seed>/round/<r>"`],
    ['Candidates', `${p.names.length}, each at most ${count(plan.block * plan.rounds)} matches in rounds of ${count(plan.block)} (budget ${count(plan.budget)})`],
    ['Targets', plan.targets.map(targetText).join('; ') + (plan.prefer ? `; then ${plan.prefer.goal} ${plan.prefer.quantity} preferred` : '')],
    ['Intervals', `${percent(level)} level (Bonferroni: a candidate meeting every target is dropped with probability at most ${percent(plan.errorRate)})`],
    ...confirmationRow(p.outcome.confirmation),
  ];
}

/** The confirmation's settings; the charts show the race, the answer the confirmation's verdict. */
function confirmationRow(c: TuneOutcome['confirmation']): [string, string][] {
  if (!c) return [['Confirmation', 'none (skipped, or no candidate left to confirm)']];
  const n = c.finalists.length;
  return [['Confirmation', `${n} finalist${n === 1 ? '' : 's'} and the base rules (${c.base}), ${count(c.matches)} matches each on the seeds "${c.seed}/match/<i>"; intervals at the ${percent(c.confidence)} level`]];
}

function roundRows(r: TuneOutcome): string[][] {
  let sum = 0;
  return r.rounds.map((n) => {
    sum += n.matches;
    const share = r.gridMatches > 0 ? `${((100 * sum) / r.gridMatches).toFixed(0)}%` : '';
    return [String(n.round), String(n.candidates), count(n.matches), count(sum), share, String(n.dropped.length)];
  });
}

export function tunePageData(p: TuneSearch): TunePageData {
  const charts = tuneCharts(p.outcome, p.plan);
  return {
    title: `tavolo tune: ${p.tournament}`,
    answer: tuneAnswer(p.outcome, p.plan, p.names),
    settings: settingRows(p, charts.confidence),
    level: percent(charts.confidence),
    charts,
    rounds: roundRows(p.outcome),
  };
}
