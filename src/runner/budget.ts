import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { durationWords, parseDuration, type TimeBudget } from '../terminal/budget-flag.js';
import { estimateCost, type CostEstimate, type PlannedRun } from './cost.js';

/**
 * A study's time budget (`--budget 10m`): a pilot measures what the study costs at some match count,
 * and the largest round count that fits the budget is chosen (costs grow in proportion to the matches).
 * The choice is recorded in the study's folder (BUDGET_FILE) and read back by the same command later
 * (resumed, or replayed with --force): what is played then depends on the record, never on the machine's
 * speed, so the files come out byte-identical. A record made for other settings, or another budget, is
 * planned again.
 */

export const BUDGET_FILE = 'budget-plan.json';

/** What BUDGET_FILE holds. */
export interface BudgetRecord {
  budget: string;
  budget_seconds: number;
  /** The study's settings besides the match count: a record for other settings is not used. */
  settings: string;
  /** The chosen count: matches per comparison (a skill pairing, an importance run, a tune candidate). */
  matches: number;
  /** What the plan was made from (said, never used again). */
  estimated_seconds: number;
  threads: number;
}

export interface BudgetRequest {
  dir: string;
  budget: TimeBudget;
  settings: string;
  threads: number;
  /** The counts allowed: multiples of `step`, from `least` to `most`. */
  step: number;
  least: number;
  most: number;
  /** The study's estimated wall seconds at `matches` a comparison, from a pilot (undefined: not measured). */
  pilot: () => Promise<{ matches: number; estimate: CostEstimate | undefined }>;
  /** Seconds at another count, from the pilot's estimate (default: in proportion to the matches). */
  scale?: (seconds: number, piloted: number, matches: number) => number;
}

export interface BudgetPlan {
  record: BudgetRecord;
  /** Read back from the folder (no pilot played), rather than planned now. */
  recorded: boolean;
  file: string;
}

/** The recorded plan, when the folder holds one for this budget and these settings. */
export function readBudgetRecord(dir: string, budget: TimeBudget, settings: string): BudgetRecord | undefined {
  const file = join(dir, BUDGET_FILE);
  if (!existsSync(file)) return undefined;
  let r: Partial<BudgetRecord>;
  try {
    r = JSON.parse(readFileSync(file, 'utf8')) as Partial<BudgetRecord>;
  } catch {
    throw new InputError(`${file} is not the JSON of a budget plan; delete it to plan again`, '--budget');
  }
  if (typeof r.matches !== 'number' || !Number.isInteger(r.matches)) throw new InputError(`${file} holds no whole match count; delete it to plan again`, '--budget');
  return r.budget_seconds === budget.seconds && r.settings === settings ? (r as BudgetRecord) : undefined;
}

/** The largest count, a multiple of `step` from `least` to `most`, whose cost fits `seconds`; rounded down to two figures. */
export function largestWithin(seconds: number, cost: (matches: number) => number, step: number, least: number, most: number): number | undefined {
  const fits = (k: number) => cost(k * step) <= seconds;
  let lo = Math.ceil(least / step);
  let hi = Math.floor(most / step);
  if (lo > hi || !fits(lo)) return undefined;
  // The cost grows with the count: bisect for the last k that fits.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  const raw = lo * step;
  // 613 matches read as planned to the match; 610 reads as the estimate it is.
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(raw)) - 1);
  const nice = Math.floor(Math.floor(raw / magnitude) * magnitude / step) * step;
  return Math.max(nice, Math.ceil(least / step) * step);
}

/** The plan: read back from the folder, or made now from a pilot and recorded there. */
export async function planBudget(r: BudgetRequest): Promise<BudgetPlan> {
  const file = join(r.dir, BUDGET_FILE);
  const recorded = readBudgetRecord(r.dir, r.budget, r.settings);
  if (recorded) return { record: recorded, recorded: true, file };
  const { matches: piloted, estimate } = await r.pilot();
  if (estimate === undefined) throw new InputError(`the pilot could not measure the study's speed, so no match count can be fitted to ${r.budget.text}; give --matches instead`, '--budget');
  const scale = r.scale ?? ((s, p, m) => (s * m) / p);
  const cost = (m: number) => scale(estimate.seconds, piloted, m);
  const matches = largestWithin(r.budget.seconds, cost, r.step, r.least, r.most);
  if (matches === undefined) {
    throw new InputError(
      `${r.budget.text} is too short for this study: its least ${r.least} matches a comparison would take about ${Math.ceil(cost(r.least))} s on ${estimate.threads} thread${estimate.threads > 1 ? 's' : ''}; ` +
        `expected a longer budget, or give --matches`,
      '--budget',
    );
  }
  const record: BudgetRecord = { budget: r.budget.text, budget_seconds: r.budget.seconds, settings: r.settings, matches, estimated_seconds: Math.round(cost(matches)), threads: estimate.threads };
  mkdirSync(r.dir, { recursive: true });
  writeFileAtomic(file, `${JSON.stringify(record, null, 2)}\n`);
  return { record, recorded: false, file };
}

/**
 * The plan in words, said first: "A budget of 10 minutes allows 600 matches a pairing (from a pilot of
 * this machine's speed); the plan is kept in <file>, and the same command again ... plays it".
 */
export function budgetSentence(p: BudgetPlan, perComparison: string, shownFile: string): string {
  const r = p.record;
  const allows = `A budget of ${durationWords(r.budget_seconds)} allows ${r.matches.toLocaleString('en-US')} matches ${perComparison}`;
  if (p.recorded) return `${allows}, as planned before in ${shownFile} (no new pilot: the same plan whatever the machine's speed).`;
  return `${allows} (from a pilot of this machine's speed); the plan is kept in ${shownFile}, and the same command again (resumed, or with --force) plays it, whatever the machine's speed.`;
}

/** `--budget` from a command's flags: undefined without it; refused beside --matches, which it would choose. */
export function budgetFlag(argv: Record<string, unknown>): TimeBudget | undefined {
  if (argv.budget === undefined) return undefined;
  const budget = parseDuration(argv.budget);
  if (argv.matches !== undefined) {
    throw new InputError('the budget chooses the match count, so --matches cannot be given with it; expected one of the two', '--budget');
  }
  return budget;
}

/** The least matches a comparison a budget may plan: fewer say nothing worth the wait. */
export const LEAST_BUDGET_MATCHES = 20;
/** The most: a budget of a week on a fast game would otherwise plan counts no file needs. */
export const MOST_BUDGET_MATCHES = 10_000_000;

/**
 * The plan of a study whose runs all play `matches` a comparison (their specs as planned at that count):
 * the pilot plays each run's first matches, and the cost scales with the count.
 */
export function planRunsBudget(o: { dir: string; budget: TimeBudget; settings: string; threads: number; matches: number; runs: readonly PlannedRun[] }): Promise<BudgetPlan> {
  return planBudget({
    dir: o.dir,
    budget: o.budget,
    settings: o.settings,
    threads: o.threads,
    step: 2,
    least: LEAST_BUDGET_MATCHES,
    most: MOST_BUDGET_MATCHES,
    pilot: async () => ({ matches: o.matches, estimate: await estimateCost(o.runs, o.threads) }),
  });
}
