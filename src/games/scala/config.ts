import { OptionError, type OptionSpec, type Options } from '../../engine/game.js';
import { resolveOptions } from '../../engine/options.js';
import { cachedPerOptions } from '../../engine/config-cache.js';
import { OptionValues } from '../../engine/option-values.js';

/**
 * Every count and every interpretation of the Scala rulebook is an option; docs/rules/scala.md says which
 * rule each one switches. Defaults follow the Italian text (shared/rules/scala.txt).
 */
export const SCALA_OPTIONS: readonly OptionSpec[] = [
  { name: 'size', type: 'int', default: 6, min: 4, max: 10, description: 'Board side (DOTAZIONE: 36 squares, 6x6).' },
  { name: 'piecesPerNumber', type: 'int', default: 8, min: 1, max: 16, description: 'Pieces of each number (1-4) per player (DOTAZIONE: 8).' },
  {
    name: 'firstPlayer',
    type: 'int',
    default: -1,
    min: -1,
    max: 3,
    description: 'Seat that plays first; -1 draws it from the game generator (PREPARAZIONE: the highest black piece starts).',
  },
  {
    name: 'diagonalNeighbours',
    type: 'boolean',
    default: false,
    description: 'Diagonal squares count as "vicine" for placing and stacking (false: the four squares of picture 1).',
  },
  {
    name: 'diagonalLines',
    type: 'boolean',
    default: false,
    description: 'A 1-2-3-4 line may also run diagonally (false: "in verticale o in orizzontale" only).',
  },
  {
    name: 'emptyPlacement',
    type: 'enum',
    default: 'match',
    values: ['match', 'anywhere'],
    description:
      'An empty square next to pieces takes only a number one above or below one of them (match); anywhere: any empty square takes any number.',
  },
  {
    name: 'stacking',
    type: 'enum',
    default: 'neighbours',
    values: ['neighbours', 'neighbours_or_covered', 'off'],
    description:
      'A piece may go on top of another when it is one above or below a neighbouring top (neighbours), or also of the piece it covers, or never (off).',
  },
  {
    name: 'capture',
    type: 'enum',
    default: 'top',
    values: ['top', 'stack'],
    description: 'A completed line takes its four top pieces (top: what lies under them shows again) or the four whole stacks.',
  },
  {
    name: 'capturedTo',
    type: 'enum',
    default: 'capturer',
    values: ['capturer', 'owners'],
    description: 'Captured pieces join the capturer\'s pieces ("le aggiunge alle sue"), or go back to the players of their colour.',
  },
  {
    name: 'cascade',
    type: 'boolean',
    default: true,
    description: 'A line uncovered by a capture (pieces under the taken tops) is taken too, by the same player.',
  },
  {
    name: 'extraTurn',
    type: 'enum',
    default: 'once',
    values: ['once', 'per_line', 'none'],
    description: 'A placement that captures gives one more turn (once), one per line taken (per_line), or none.',
  },
  {
    name: 'turnCap',
    type: 'int',
    default: 1000,
    min: 1,
    max: 1_000_000,
    description:
      'The match ends after this many turns: the most pieces held wins, ties shared (the timed variant, "variante a tempo"; end reason turn_cap). Also the guard against endless matches.',
  },
];

/** The resolved options as the fields the rules read (one per options object, shared by every clone). */
export interface ScalaConfig {
  readonly options: Options;
  readonly size: number;
  readonly cells: number;
  readonly perNumber: number;
  /** Pieces each player starts with (4 x perNumber). */
  readonly start: number;
  readonly firstPlayer: number;
  readonly diagonalNeighbours: boolean;
  readonly diagonalLines: boolean;
  readonly emptyAnywhere: boolean;
  readonly stacking: boolean;
  readonly coveredCounts: boolean;
  readonly captureStack: boolean;
  readonly toOwners: boolean;
  readonly cascade: boolean;
  /** 0 none, 1 once per placement, 2 one per line. */
  readonly extraTurn: number;
  readonly turnCap: number;
}

/** The config of complete (resolved) options; built once per options object. */
export const configOf: (opts: Options) => ScalaConfig = cachedPerOptions(buildConfig);

/** Resolves partial options (defaults filled in) and builds the config. */
export function scalaConfig(given?: Record<string, unknown>): ScalaConfig {
  return configOf(resolveOptions(SCALA_OPTIONS, given));
}

function buildConfig(opts: Options): ScalaConfig {
  const o = new OptionValues('scala', opts);
  const size = o.number('size');
  const perNumber = o.number('piecesPerNumber');
  const extra = o.choice('extraTurn', ['once', 'per_line', 'none'] as const);
  return {
    options: opts,
    size,
    cells: size * size,
    perNumber,
    start: 4 * perNumber,
    firstPlayer: o.number('firstPlayer'),
    diagonalNeighbours: o.boolean('diagonalNeighbours'),
    diagonalLines: o.boolean('diagonalLines'),
    emptyAnywhere: opts.emptyPlacement === 'anywhere',
    stacking: opts.stacking !== 'off',
    coveredCounts: opts.stacking === 'neighbours_or_covered',
    captureStack: opts.capture === 'stack',
    toOwners: opts.capturedTo === 'owners',
    cascade: o.boolean('cascade'),
    extraTurn: extra === 'none' ? 0 : extra === 'once' ? 1 : 2,
    turnCap: o.number('turnCap'),
  };
}

/** Checks across options and the player count. */
export function checkScalaOptions(opts: Options, players: number): void {
  const o = new OptionValues('scala', opts);
  const fp = o.number('firstPlayer');
  if (fp >= players) throw new OptionError('firstPlayer', `expected a seat from 0 to ${players - 1} (or -1), found ${fp}`);
}
