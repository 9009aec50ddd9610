import type { Elimination } from './race.js';
import type { Race } from './race-state.js';
import type { Confirmation } from './confirm.js';

/** Why the search stopped. */
export type StopReason = 'decided' | 'none-left' | 'rounds' | 'budget';

export interface RoundNote {
  /** 1-based. */
  round: number;
  /** Candidates that played it. */
  candidates: number;
  matches: number;
  dropped: Elimination[];
  /** Matches of the round played in this session: all of them, some (resumed from its journal) or none (read back). */
  playedNow: number;
}

export interface TuneOutcome {
  race: Race;
  rounds: RoundNote[];
  stopped: StopReason;
  /** Matches played over all rounds and candidates. */
  spent: number;
  /** Matches a full grid of every candidate at the most matches any candidate played would need. */
  gridMatches: number;
  /** Matches played in this session (fewer on resume). */
  playedNow: number;
  outDir: string;
  /** Matches that ended because a bot faulted, by end reason, over every round (round-<r>/matches.csv says which). */
  faults: Record<string, number>;
  /** The finalists replayed on fresh seeds (absent when skipped, or when no candidate was left). */
  confirmation?: Confirmation;
  /** What the answer says before anything else (a folder read back from a version without the confirmation step). */
  before?: string;
  /** A round whose determinism self-check found a bot or the game not deterministic: what it found. */
  notDeterministic?: string;
}
