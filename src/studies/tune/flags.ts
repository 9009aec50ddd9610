import type { Argv } from 'yargs';
import { BUDGET_DESCRIBE, checkedBudget } from '../../terminal/budget-flag.js';

/**
 * `tavolo tune`'s command line: its usage, flags and examples, apart from the command itself so that the
 * command line shows them (and checks the flags) without loading the study.
 */
export const TUNE_COMMAND = 'tune <spec>';
export const TUNE_DESCRIPTION = 'Search toward targets: race the candidates of a spec with a "tune" field in rounds (docs/tune.md)';

export function tuneBuilder(y: Argv): Argv {
  return y
    .positional('spec', { type: 'string', describe: 'Path of a spec with a "tune" field (JSON)' })
    .option('threads', { type: 'number', requiresArg: true, describe: 'Worker threads (default: all cores; never changes the results)' })
    .option('matches', { type: 'number', requiresArg: true, describe: 'The most matches a candidate plays (overrides the spec; a multiple of tune.block)' })
    .option('budget', { type: 'string', requiresArg: true, coerce: checkedBudget, describe: BUDGET_DESCRIBE })
    .option('seed', { type: 'string', requiresArg: true, describe: 'Master seed, text or integer (overrides the spec)' })
    .option('out', { type: 'string', requiresArg: true, describe: 'Output directory (default: results/<spec name>-tune)' })
    .option('resume', { type: 'boolean', describe: 'Continue the search in --out: complete rounds are read back, an interrupted one resumes from its journal' })
    .option('confirm', {
      type: 'boolean',
      default: true,
      describe: 'Replay the finalists with the base rules on fresh seeds and answer from those matches (--no-confirm skips it)',
    })
    .option('force', { type: 'boolean', describe: 'Delete the search already in --out (its rounds and tune files) and start again' })
    .example('$0 tune tournaments/stramat-tune.json --threads 2', 'race the Stramat variants toward the targets of the spec')
    .example('$0 tune tournaments/stramat-tune.json --resume', 'finish a search that was stopped')
    .example('$0 tune tournaments/stramat-tune.json --no-confirm', 'race only: answer from the race, without replaying the finalists')
    .example('$0 tune tournaments/stramat-tune.json --budget 10m', 'as many matches a candidate as fit ten minutes on this machine');
}
