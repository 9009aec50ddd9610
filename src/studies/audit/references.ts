import type { Severity } from './finding.js';

/**
 * The reference ranges every scorecard line is judged against, in one table, each with where it came
 * from. The casual figures were measured on the five built-in games with every seat greedy, 400 matches
 * at 2 and at 4 players, seed "audit-reference", every match measure on (Scala from openings of 4 random
 * moves: without them greedy repeats one game), with the command in `source`; the skill figures are
 * docs/measures.md's "Skill and luck" table. A value inside `green` is what the built-in games show; inside
 * `amber` (when given) it is worth a look; beyond it, red. docs/audit.md prints this table.
 */
export interface ReferenceRange {
  /** The quantity judged, as the findings name it. */
  readonly quantity: string;
  /** The range the built-in games keep (their figures, rounded outwards), in the quantity's unit. */
  readonly green: readonly [number, number];
  /** The wider range still only worth a look; beyond it, red. Absent: outside green is amber. */
  readonly amber?: readonly [number, number];
  /** The built-in games' figures, in words, as a finding quotes them. */
  readonly words: string;
  /** Where the figures come from: the command that measured them. */
  readonly source: string;
}

const CASUAL = 'greedy in every seat, 400 matches at 2 and 4 players: `tavolo run` of {"game": G, "players": 2 or 4, "matches": 400, "seed": "audit-reference", "measures": true, every seat greedy} (Scala with "opening": 4)';
const SKILL = 'docs/measures.md, "Skill and luck", the five games (`tavolo skill <game>` with the commands of its table)';

export const REFERENCES = {
  first_player_advantage: {
    quantity: 'first-player advantage (points of win share)',
    green: [-0.06, 0.06],
    amber: [-0.15, 0.15],
    words: 'Stramat, Stop, Zatre and Symbotrio between greedy bots: -2.3 to +5.6 points; Scala, whose second player wins nearly every game: -23 points at 4 players, -49 heads-up',
    source: CASUAL,
  },
  seat_balance: {
    quantity: "the seat furthest from the fair share (points of win share)",
    green: [-0.06, 0.06],
    amber: [-0.15, 0.15],
    words: 'Stramat, Stop, Zatre and Symbotrio between greedy bots: within 5.6 points of the fair share; Scala: +49 points for the second seat heads-up',
    source: CASUAL,
  },
  casual_skill: {
    quantity: "greedy's ahead share against random",
    green: [2 / 3, 1],
    words: 'the five games: 72% (Stramat at 4 players) to 100% (Zatre, Scala, Symbotrio)',
    source: SKILL,
  },
  strong_skill: {
    quantity: "the strongest bot's ahead share against greedy",
    green: [0.5, 1],
    words: 'the five games: 44% (Scala at 4 players, reversed) to 92% (Stop heads-up); most above 55%',
    source: SKILL,
  },
  thinking: {
    quantity: "the strongest bot's ahead share against itself at a tenth of its budget",
    green: [0.5, 1],
    words: 'each tenfold budget was ahead of the one before in Stramat, Stop and Zatre (71% to 88%); Scala flat (50%) from 10 to 100 iterations',
    source: SKILL,
  },
  length_spread: {
    quantity: "the game length's coefficient of variation (sd / mean of turns)",
    green: [0, 0.3],
    amber: [0, 0.5],
    words: 'the five games between greedy bots: 0.005 (Scala) to 0.28 (Stop heads-up)',
    source: CASUAL,
  },
  winner_behind_share: {
    quantity: 'share of the match the eventual winner spent behind',
    green: [0.1, 1],
    amber: [0.02, 1],
    words: 'the five games between greedy bots: 0.13 (Symbotrio heads-up) to 0.60 (Stramat at 4 players); Scala 0.004 to 0.04',
    source: CASUAL,
  },
  decided_at: {
    quantity: 'share of the match played before the winner led for good',
    green: [0.35, 1],
    amber: [0.15, 1],
    words: 'the five games between greedy bots: 0.40 (Symbotrio heads-up) to 0.99 (Scala)',
    source: CASUAL,
  },
  leader_changes_per_turn: {
    quantity: 'lead changes per turn',
    green: [0.0005, 1],
    amber: [0, 1],
    words: 'the five games between greedy bots: 0.002 (Stop heads-up, 1,090 turns) to 0.35 (Stramat at 4 players); Scala 0.000 to 0.001',
    source: CASUAL,
  },
  choice_share: {
    quantity: 'share of decisions with more than one option',
    green: [0.35, 1],
    amber: [0.15, 1],
    words: 'the five games between greedy bots: 0.38 (Stop heads-up) to 1.00 (Scala, Symbotrio)',
    source: CASUAL,
  },
  forced_turn_share: {
    quantity: 'share of turns a player could not act in',
    green: [0, 0.4],
    amber: [0, 0.6],
    words: 'the five games between greedy bots: 0 (Scala) to 0.36 (Stop heads-up)',
    source: CASUAL,
  },
} as const satisfies Record<string, ReferenceRange>;

export type ReferenceName = keyof typeof REFERENCES;

const inside = (x: number, [lo, hi]: readonly [number, number]) => x >= lo && x <= hi;

/** The severity of a value against its reference: green inside, amber inside the wider range, red beyond. */
export function severityOf(name: ReferenceName, value: number): Severity {
  const r: ReferenceRange = REFERENCES[name];
  if (!Number.isFinite(value)) return 'info';
  if (inside(value, r.green)) return 'green';
  return r.amber === undefined || inside(value, r.amber) ? 'amber' : 'red';
}

/**
 * The severity of a figure with its interval: the estimate's (severityOf), but never red while the
 * interval still reaches the green range, and never green while it reaches beyond it, so that a few
 * matches never make a word stronger than their numbers.
 */
export function judged(name: ReferenceName, f: { estimate: number; low: number; high: number }): Severity {
  const s = severityOf(name, f.estimate);
  if (!Number.isFinite(f.low) || !Number.isFinite(f.high)) return s;
  const [lo, hi] = REFERENCES[name].green;
  const reachesGreen = f.high >= lo && f.low <= hi;
  const leavesGreen = f.low < lo || f.high > hi;
  if (s === 'red' && reachesGreen) return 'amber';
  if (s === 'green' && leavesGreen && !reachesGreen) return 'amber';
  return s;
}

/** The reference in a finding's words: "the five built-in games: ...". */
export function referenceWords(name: ReferenceName): string {
  return `${REFERENCES[name].words} (${REFERENCES[name].source.startsWith('docs/') ? REFERENCES[name].source : 'greedy in every seat, 400 matches at 2 and 4 players'})`;
}
