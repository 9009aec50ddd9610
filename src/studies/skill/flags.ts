import type { Argv } from 'yargs';
import { BUDGET_DESCRIBE, checkedBudget } from '../../terminal/budget-flag.js';

/**
 * `tavolo skill`'s command line: its usage, flags and examples, apart from the command itself so that
 * the command line shows them (and checks the flags) without loading the study.
 */

/** Matches per pairing and trace step (an even number: half the deals in each seating). */
export const DEFAULT_SKILL_MATCHES = 200;

export const SKILL_COMMAND = 'skill <target>';
export const SKILL_DESCRIPTION = "Skill and luck: how often a weaker bot beats a stronger one (random against greedy, greedy against the game's strongest bot) and the skill trace of that bot over tenfold budgets, on deals played in both seatings";

export function skillBuilder(y: Argv): Argv {
  return y
    .positional('target', { type: 'string', describe: 'A game (name or module path), or a spec (.json: its game, players, baseline options and seed)' })
    .option('players', { type: 'number', requiresArg: true, describe: 'The table size played besides heads-up (default 4, or the nearest the game allows)' })
    .option('matches', { type: 'number', requiresArg: true, describe: `Matches per pairing and trace step, an even number: half the deals in each seating (default ${DEFAULT_SKILL_MATCHES})` })
    .option('bot', { type: 'string', requiresArg: true, describe: "The search bot against greedy and in the trace: one of the game's presets or a built-in bot with a budget (default: the game's strongest preset; `tavolo list <game>` shows them)" })
    .option('budgets', { type: 'string', requiresArg: true, describe: "The search bot's budgets along the skill trace (its iterations or nodes), increasing, comma-separated (default: a hundredth, a tenth, one and ten times its own)" })
    .option('search-budget', { type: 'number', requiresArg: true, describe: "The search bot's budget against greedy (default: its own); 0 plays no search bot and no trace" })
    .option('trace-only', { type: 'boolean', describe: 'Play only the skill trace (no greedy against random, no search bot against greedy)' })
    .option('trace-players', { type: 'number', requiresArg: true, describe: 'The table size of the skill trace (default heads-up): the larger budget sits in every other seat, and each deal is played in both seatings' })
    .option('opening', { type: 'number', requiresArg: true, describe: "Random opening moves before the bots play, the same in both seatings of a deal: varied deals for a game that deals little or nothing (default: the spec's opening, else 0)" })
    .option('option', { type: 'string', array: true, requiresArg: true, describe: 'With a game: a game option key=value (repeatable)' })
    .option('stop', { type: 'boolean', describe: 'Stop each trace step at the first of up to four looks where it is separated, reversed or equal within 5 points (default; docs/statistics.md); --no-stop plays every match of the plan' })
    .option('seed', { type: 'string', requiresArg: true, describe: "Master seed (default: the spec's, or \"skill\")" })
    .option('budget', { type: 'string', requiresArg: true, coerce: checkedBudget, describe: BUDGET_DESCRIBE })
    .option('threads', { type: 'number', requiresArg: true, describe: 'Worker threads (default: all cores)' })
    .option('out', { type: 'string', requiresArg: true, describe: 'Output directory (default: results/<game or spec name>-skill)' })
    .option('force', { type: 'boolean', describe: 'Play every run again, replacing finished runs in --out (without it, finished runs are reused and stopped ones resumed)' })
    .example('$0 skill stop', "greedy against random and Stop's strongest bot (ismcts, 1,000 iterations) against greedy at 2 and 4 players, and the trace at 10 to 10,000 iterations")
    .example('$0 skill stramat --matches 200 --budgets 10,100,1000', 'a quicker look: the trace up to 1,000 iterations')
    .example('$0 skill scala --trace-only --budgets 30,300,3000', "only Scala's skill trace, its strongest bot at three budgets")
    .example('$0 skill scala --trace-only --trace-players 4 --opening 4', "Scala's trace at four players, two seats for each budget")
    .example('$0 skill scala --trace-only --opening 4', "Scala's trace from openings of four random moves (Scala deals nothing but the first player)")
    .example('$0 skill zatre --bot alphabeta-tuned', "Zatre's tuned alphabeta against greedy, and its trace over nodes")
    .example('$0 skill stop --budget 10m', 'the same study with as many matches a pairing as fit ten minutes on this machine');
}
