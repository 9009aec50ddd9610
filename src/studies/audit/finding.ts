/**
 * One line of an audit's scorecard: a finding about the game with its evidence. Every part of the audit
 * (the scorecard's measures, the holes in the rules, kingmaking) speaks in findings, so the terminal,
 * audit.html, audit.json and audit.csv are all written from one list.
 */

/** How much a finding matters to a designer: red = likely a problem, amber = worth a look, green = fine. */
export type Severity = 'red' | 'amber' | 'green' | 'info';

/** The area of the scorecard a finding belongs to, in the order the page shows them. */
export type FindingArea =
  | 'balance'
  | 'skill'
  | 'length'
  | 'ending'
  | 'tension'
  | 'choices'
  | 'actions'
  | 'kingmaking'
  | 'holes';

/** A ready experiment that would test a fix for an amber or red finding. */
export interface NextExperiment {
  /** File name inside the audit folder (`next/<id>.json`). */
  readonly file: string;
  /** The spec written to that file: a tournament, sweep, tune or importance spec. */
  readonly spec: unknown;
  /** The command that runs it, as a user would type it. */
  readonly command: string;
  /** One sentence: what it would show. */
  readonly why: string;
}

/** A match a user can replay to see the finding happen (`tavolo play`/the viewer). */
export interface ReplayPointer {
  /** The match seed. */
  readonly seed: string;
  /** The lineup, bot names in seat order. */
  readonly bots: readonly string[];
  /** The command that replays it. */
  readonly command: string;
}

export interface Finding {
  /** Stable machine name, snake_case (`first_player_advantage`, `stall_action_limit`). */
  readonly id: string;
  readonly area: FindingArea;
  readonly severity: Severity;
  /** The finding in one or two plain sentences, figure included, words never stronger than the numbers. */
  readonly words: string;
  /** The headline figure as printed ("+28.4 points", "3.1%"), or '' when the finding has none. */
  readonly figure: string;
  /** Its interval as printed ("+24.0 to +32.8"), or '' when none applies. */
  readonly interval: string;
  /** How many distinct games the figure rests on (repeated plays counted once). */
  readonly evidence: number;
  /** The command that reproduces the figure. */
  readonly command: string;
  /** The reference range it was judged against, in words ("the five built-in games: -6 to +9 points"). */
  readonly reference: string;
  readonly replay?: ReplayPointer;
  readonly next?: NextExperiment;
}

const SEVERITY_ORDER: Record<Severity, number> = { red: 0, amber: 1, green: 2, info: 3 };
const AREA_ORDER: readonly FindingArea[] = [
  'balance', 'skill', 'length', 'ending', 'tension', 'choices', 'actions', 'kingmaking', 'holes',
];

/** Worst first, then by area in page order, then by id: the order every output uses. */
export function byConcern(a: Finding, b: Finding): number {
  return (
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    AREA_ORDER.indexOf(a.area) - AREA_ORDER.indexOf(b.area) ||
    a.id.localeCompare(b.id)
  );
}
