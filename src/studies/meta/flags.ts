import type { Argv } from 'yargs';
import { BUDGET_DESCRIBE, checkedBudget } from '../../terminal/budget-flag.js';

/**
 * `tavolo meta`'s command line: its usage, flags and examples, apart from the command itself so that
 * the command line shows them (and checks the flags) without loading the study.
 */

export const META_COMMAND = 'meta <spec>';
export const META_DESCRIPTION =
  'The meta-game of a population of strategies: every lineup played, the payoff matrix with intervals, its equilibrium mix (Nash heads-up, alpha-rank at more players), dominant, dominated and cyclic strategies, and the first-player advantage over the mix';
export function metaBuilder(y: Argv): Argv {
  return y
    .positional('spec', { type: 'string', describe: 'A meta spec (.json): game, players, matches per lineup, seed, options and a population of strategies (docs/meta.md)' })
    .option('matches', { type: 'number', requiresArg: true, describe: "Matches per lineup, a multiple of players (default: the spec's)" })
    .option('budget', { type: 'string', requiresArg: true, coerce: checkedBudget, describe: BUDGET_DESCRIBE })
    .option('seed', { type: 'string', requiresArg: true, describe: "Master seed (default: the spec's)" })
    .option('threads', { type: 'number', requiresArg: true, describe: 'Worker threads (default: all cores)' })
    .option('out', { type: 'string', requiresArg: true, describe: 'Output directory (default: results/<spec name>-meta)' })
    .option('force', { type: 'boolean', describe: 'Play every lineup again, replacing finished runs in --out (without it, finished runs are reused and stopped ones resumed)' })
    .example('$0 meta tournaments/stramat-meta.json', "Stramat's population of strategies heads-up: the matrix, the equilibrium mix and the first player's advantage over it")
    .example('$0 meta tournaments/stramat-meta.json --matches 200', 'a quicker look, 200 matches a lineup')
    .example('$0 meta tournaments/stramat-meta.json --budget 10m', 'as many matches a lineup as fit ten minutes on this machine');
}
