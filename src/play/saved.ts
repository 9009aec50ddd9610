import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bot, BotContext, BotFactory } from '../engine/bot.js';
import type { MatchResult } from '../engine/game.js';
import { InputError } from '../errors.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { ResolvedSpec } from '../runner/spec.js';
import { playSpec } from './narrate.js';
import { SAVED, type MatchIdentity } from './journal.js';
import type { RecordedDecision } from './protocol.js';
import { lineupWithHumans } from './seats.js';

/**
 * A finished match with human seats (<out>/match.json): the match as `tavolo play` names it, the humans'
 * decisions, and the result. With the seed these make the whole match: `tavolo show <out>` replays it,
 * the human seats played by `recordedHuman`, which gives each seat's recorded decisions in order.
 */

const FORMAT = 'tavolo-human-match';

export interface SavedMatch extends MatchIdentity {
  format: typeof FORMAT;
  version: 1;
  decisions: RecordedDecision[];
  result: MatchResult;
  /** Decisions in the whole match (bots' and humans'). */
  totalDecisions: number;
  outcome: string;
}

export function writeSaved(dir: string, saved: Omit<SavedMatch, 'format' | 'version'>): string {
  const file = join(dir, SAVED);
  writeFileAtomic(file, JSON.stringify({ format: FORMAT, version: 1, ...saved }, null, 1) + '\n', { durable: true });
  return file;
}

export function readSaved(dir: string): SavedMatch {
  return readSavedFile(join(dir, SAVED));
}

export function readSavedFile(file: string): SavedMatch {
  if (!existsSync(file)) throw new InputError(`${file} is missing: give the --out folder of a finished tavolo play --human`, 'show');
  let saved: SavedMatch;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as SavedMatch;
  } catch (err) {
    throw new InputError(`${file} is not valid JSON (${(err as Error).message})`, 'show');
  }
  if (saved?.format !== FORMAT || saved.version !== 1 || !Array.isArray(saved.decisions) || !Array.isArray(saved.humans) || saved.play === undefined) {
    throw new InputError(`${file} is not a match saved by tavolo play --human (format ${JSON.stringify(saved?.format)})`, 'show');
  }
  return saved;
}

/** The human seats of a saved match: each gives its recorded decisions in order, and refuses to invent one. */
export function recordedHuman(decisions: readonly RecordedDecision[]): BotFactory {
  return {
    name: 'human',
    description: 'the decisions a person took, as recorded',
    params: [],
    create(ctx: BotContext): Bot {
      const mine = decisions.filter((d) => d.seat === ctx.seat).map((d) => d.action);
      let next = 0;
      return {
        choose() {
          if (next >= mine.length) throw new Error(`the saved match has no more decisions of seat ${ctx.seat} (it had ${mine.length})`);
          return mine[next++];
        },
      };
    },
  };
}

/** The spec of a saved match, its human seats replaced by their recorded decisions. */
export async function savedSpec(saved: SavedMatch): Promise<{ spec: ResolvedSpec; variant: number; match: number }> {
  const { spec, variant } = await playSpec(saved.play, saved.cwd);
  const lineup = lineupWithHumans(spec, saved.play.match, saved.humans, recordedHuman(saved.decisions));
  return { spec: { ...spec, lineup }, variant, match: saved.play.match };
}
