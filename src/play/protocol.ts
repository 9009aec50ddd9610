import type { GameEvent, GameWords, MatchResult, TableView } from '../engine/game.js';
import type { PlayArgs } from './narrate.js';

/**
 * The messages between a human match's worker (match-worker.ts, which plays the match with playMatch,
 * the human seats being bots that wait for the server) and the server's match host (host.ts).
 */

/** What the worker needs: the match as `tavolo play` names it, the human seats, their journaled decisions. */
export interface WorkerInput {
  play: PlayArgs;
  /** The folder relative names (a spec, a game or bot file) are read from. */
  cwd: string;
  humans: number[];
  /** Human decisions already taken (a resumed match), in the order they were taken. */
  recorded: RecordedDecision[];
  /** [flag, action]: the host writes the action, sets the flag to 1 and wakes the waiting human bot. */
  signal: SharedArrayBuffer;
}

/** One human decision as the journal keeps it. */
export interface RecordedDecision {
  /** 0-based index among all the match's decisions (bots' and humans'). */
  n: number;
  seat: number;
  action: number;
  /** The action's code (game.actionCode), for a reader of the journal. */
  code: string;
}

/** The table as dealt: what the worker says first. */
export interface StartMessage {
  type: 'start';
  title: string;
  variant: string;
  /** The bot's name at each seat ('human' for a human seat). */
  seats: string[];
  seed: string;
  matchSeed: string;
  match: number;
  changedOptions: string[];
  /** The game's words (its phases, end reasons, card faces and legend): public data for drawing the table. */
  words: GameWords | null;
  /** How long a match usually lasts at these rules, in words (cheap simulated matches), or null. */
  length: string | null;
  events: GameEvent[];
  /** views[p]: seat p's table (from its observation only); null for bot seats, which no page shows. */
  views: (TableView | null)[];
}

/** One decision taken (by a bot or a human) and what it caused. */
export interface StepMessage {
  type: 'step';
  n: number;
  seat: number;
  bot: string;
  code: string;
  /** seen[p]: what seat p saw of it (null: p could not tell it was taken). */
  seen: (string | null)[];
  events: GameEvent[];
  views: (TableView | null)[];
}

/** A human seat's decision: its legal actions, each with the words decision.describe gives it. */
export interface AskMessage {
  type: 'ask';
  n: number;
  seat: number;
  actions: { action: number; text: string; code: string }[];
  view: TableView;
}

export interface EndMessage {
  type: 'end';
  result: MatchResult;
  decisions: number;
  fault?: { reason: string; seat: number; message: string };
  /** The outcome in words, for every seat (results are public). */
  outcome: string;
  /** outcomes[p]: the same words addressed to seat p's player as "you". */
  outcomes: string[];
  /** The master seed and the match's: told to the pages only now that no card is hidden any more. */
  seed: string;
  matchSeed: string;
}

/** The worker could not set the match up (a bad spec, a file game that throws). */
export interface FailMessage {
  type: 'fail';
  message: string;
}

export type FromWorker = StartMessage | StepMessage | AskMessage | EndMessage | FailMessage;
