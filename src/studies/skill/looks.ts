/**
 * The trace's looks (`tavolo skill` without --no-stop): looks.csv, every look each step made, and the
 * sentence that says what stopping saved. Pure functions of the looks, so byte-identical whenever the
 * runs are.
 */
import { unitsSaved, type Look, type LookDecision } from '../../analysis/group-sequential.js';
import { fixed } from '../../analysis/intervals.js';
import { csvLines } from '../../io/csv.js';
import type { SkillPlan } from './plan.js';

/** Each trace step's looks, by its folder key (`trace/100-over-10`), in the order made. */
export type Stops = Map<string, Look[]>;

export const LOOKS_HEADER = ['step', 'lower', 'upper', 'look', 'matches', 'ahead_share', 'z', 'boundary', 'interval_low', 'interval_high', 'decision'];

const DECISION_WORDS: Record<LookDecision, string> = { above: 'separated', below: 'reversed', equal: 'equal', continue: 'continue', cap: 'at the cap' };

const signed = (x: number) => (Number.isFinite(x) ? fixed(x, 4) : x > 0 ? 'inf' : '-inf');

/** looks.csv: a row per look of each trace step (matches: both seatings together, so twice the deals). */
export function looksCsv(plan: SkillPlan, stops: Stops): string {
  const rows: string[][] = [LOOKS_HEADER];
  for (const p of plan.pairings) {
    for (const l of stops.get(p.key) ?? []) {
      rows.push([p.key, String(p.budgets!.lower), String(p.budgets!.upper), String(l.look), String(2 * l.units), fixed(l.estimate, 6), signed(l.z), fixed(l.boundary, 4), fixed(l.low, 6), fixed(l.high, 6), DECISION_WORDS[l.decision]]);
    }
  }
  return csvLines(rows);
}

const count = (n: number) => n.toLocaleString('en-US');

function listed(xs: readonly string[]): string {
  return xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** "Stopping saved 240 of 600 matches of the trace: 2 of 3 steps were clear early (...)." */
export function stoppingSentence(plan: SkillPlan, stops: Stops): string {
  const looks = plan.stopping!;
  const steps = plan.pairings.filter((p) => p.role === 'trace').map((p) => stops.get(p.key) ?? []);
  const { saved, total, early } = unitsSaved(looks, steps);
  const at = listed(looks.looks.map((d) => count(2 * d)));
  return (
    `Stopping saved ${count(2 * saved)} of ${count(2 * total)} matches of the trace: ${early} of ${steps.length} steps ${early === 1 ? 'was' : 'were'} clear early ` +
    `(each step looks at ${at} matches and stops at the first look where it is separated, reversed, or equal within ${fixed(100 * looks.margin, 0)} points of 50%; ` +
    `O'Brien-Fleming's boundary at ${fixed(100 * looks.alpha, 2)}% a step keeps the chance of calling any step separated that is not at most ${fixed(100 * looks.alpha * steps.length, 0)}%; --no-stop plays every match).`
  );
}
