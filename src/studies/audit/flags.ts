import type { Argv } from 'yargs';
import { BUDGET_DESCRIBE, checkedBudget } from '../../terminal/budget-flag.js';

/**
 * `tavolo audit`'s command line: its usage, flags and examples, apart from the command itself so that
 * the command line shows them (and checks the flags) without loading the study.
 */

/** Without --budget or --matches: a budget that audits Stramat in about a quarter of an hour on two cores. */
export const DEFAULT_AUDIT_BUDGET = '12m';

export const AUDIT_COMMAND = 'audit <target>';
export const AUDIT_DESCRIPTION =
  'Is it a good game? A scorecard of findings with their evidence (seat balance, skill and luck, length, endings, tension, choices, action kinds), each judged against the five built-in games, with the next experiment for each concern';

export function auditBuilder(y: Argv): Argv {
  return y
    .positional('target', { type: 'string', describe: 'A game (name or module path), or a spec (.json: its game, players, baseline options, seed and opening)' })
    .option('players', { type: 'number', requiresArg: true, describe: 'The table size (default: 4, or the nearest the game allows)' })
    .option('budget', { type: 'string', requiresArg: true, coerce: checkedBudget, describe: `${BUDGET_DESCRIBE} (default ${DEFAULT_AUDIT_BUDGET})` })
    .option('matches', { type: 'number', requiresArg: true, describe: "Matches of each strong comparison, an even number (casual ones play five times as many); instead of --budget" })
    .option('option', { type: 'string', array: true, requiresArg: true, describe: 'With a game: a game option key=value (repeatable)' })
    .option('seed', { type: 'string', requiresArg: true, describe: "Master seed (default: the spec's, or \"audit\")" })
    .option('threads', { type: 'number', requiresArg: true, describe: 'Worker threads (default: all cores); never changes the files' })
    .option('out', { type: 'string', requiresArg: true, describe: 'Output directory (default: results/audit-<game>-<players>p)' })
    .option('resume', { type: 'boolean', describe: 'Finish an audit that was stopped: finished runs are reused, stopped ones resumed (the default; --force plays everything again)' })
    .option('force', { type: 'boolean', describe: 'Play every run again, replacing finished runs in --out' })
    .example('$0 audit stramat', 'the scorecard of four-player Stramat within the default budget; files in results/audit-stramat-4p/')
    .example('$0 audit scala --players 2 --budget 30m', 'heads-up Scala, with twice the time')
    .example('$0 audit ./my-game.mjs --matches 200', 'a game from a file, 200 matches a strong comparison');
}
