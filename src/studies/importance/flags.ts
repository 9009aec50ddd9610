import type { Argv } from 'yargs';
import { BUDGET_DESCRIBE, checkedBudget } from '../../terminal/budget-flag.js';

/**
 * `tavolo importance`'s command line: its usage, flags and examples, apart from the command itself so
 * that the command line shows them (and checks the flags) without loading the study.
 */

/** Matches per run and variant when a game, not a spec, is given. */
export const DEFAULT_IMPORTANCE_MATCHES = 20_000;

export const IMPORTANCE_COMMAND = 'importance <target>';
export const IMPORTANCE_DESCRIPTION = 'Which card matters most: each card count one up and down (sensitivity), and each action kind forbidden to a bot (restricted play), paired on common seeds';
/** Numeric flags whose text is checked as typed (main.ts's rawFlagValues). */
export const IMPORTANCE_NUMERIC_FLAGS = ['matches', 'threads', 'players'];

export function importanceBuilder(y: Argv): Argv {
  return y
    .positional('target', { type: 'string', describe: 'A tournament spec (.json: its game, lineup, seed and baseline options) or a game (name or module path)' })
    .option('view', { type: 'string', choices: ['both', 'restricted', 'sensitivity'], default: 'both', describe: 'Which view to play' })
    .option('bot', { type: 'string', requiresArg: true, describe: 'The bot whose play is measured: with a game, a bot (default greedy); with a spec, a lineup name (default the first)' })
    .option('opponents', { type: 'string', requiresArg: true, describe: 'With a game: the other seats, one bot for all or one per seat, comma-separated (default: the same bot as --bot)' })
    .option('players', { type: 'number', requiresArg: true, describe: 'With a game: the number of players (default 2, or the least the game allows)' })
    .option('option', { type: 'string', array: true, requiresArg: true, describe: 'With a game: a base game option key=value (repeatable)' })
    .option('quantity', { type: 'string', requiresArg: true, describe: "The quantity ranked, a compare.csv name (default: the focal bot's win share, win_share:<bot>)" })
    .option('matches', { type: 'number', requiresArg: true, describe: `Matches per run and variant (default: the spec's, or ${DEFAULT_IMPORTANCE_MATCHES} with a game)` })
    .option('budget', { type: 'string', requiresArg: true, coerce: checkedBudget, describe: BUDGET_DESCRIBE })
    .option('seed', { type: 'string', requiresArg: true, describe: "Master seed (default: the spec's, or \"importance\")" })
    .option('threads', { type: 'number', requiresArg: true, describe: 'Worker threads (default: all cores)' })
    .option('out', { type: 'string', requiresArg: true, describe: 'Output directory (default: results/<spec or game name>-importance)' })
    .option('force', { type: 'boolean', describe: 'Play every run again, replacing finished runs in --out (without it, finished runs are reused and stopped ones resumed)' })
    .example('$0 importance stramat', 'which power card a greedy player of Stramat loses most without, and which card count moves its win share most')
    .example('$0 importance tournaments/stramat-dado.json --matches 20000', "the same from a spec's lineup and options")
    .example('$0 importance stop --view restricted --quantity turns_mean', 'how each kind of Stop card, forbidden to one player, changes game length')
    .example('$0 importance stop --budget 10m', 'the same study with as many matches a run as fit ten minutes on this machine');
}
