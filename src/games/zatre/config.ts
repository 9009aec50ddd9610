import { OptionError, type OptionSpec, type Options } from '../../engine/game.js';
import { resolveOptions } from '../../engine/options.js';
import { boardKinds } from './board.js';
import { cachedPerOptions } from '../../engine/config-cache.js';
import { OptionValues } from '../../engine/option-values.js';

/** Bonus printed at the end of each row of the score sheet, from the top (shared/rules/README.md). */
export const DEFAULT_ROW_BONUSES = [3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6];

/**
 * Every count of the box and every interpretation of the rulebook is an option; docs/rules/zatre.md
 * says which rule each one switches. Defaults follow the Italian text and shared/rules/README.md.
 */
export const ZATRE_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'tiles',
    type: 'intList',
    default: [21, 20, 20, 20, 20, 20],
    length: 6,
    min: 0,
    max: 100,
    description: 'Tiles of each value 1..6 in the bag (the box: 21 ones and 20 of every other value).',
    count: { cards: ['tile 1', 'tile 2', 'tile 3', 'tile 4', 'tile 5', 'tile 6'] },
  },
  {
    name: 'points',
    type: 'intList',
    default: [1, 2, 4],
    length: 3,
    min: 0,
    max: 100,
    description: 'Points for a run of 10, 11 and 12 (the sheet\'s "12 (4)"; one sentence of the text says 3 for a 12).',
  },
  {
    name: 'rowBonuses',
    type: 'intList',
    default: DEFAULT_ROW_BONUSES,
    min: 0,
    max: 1000,
    description: 'Bonus printed on each row of the score sheet, from the top, for a row whose 10, 11 and 12 boxes are all filled.',
  },
  {
    name: 'bonusRise',
    type: 'int',
    default: 1,
    min: 0,
    max: 100,
    description: 'Below the printed rows the bonus keeps rising by this much every 4 rows (the printed pattern continued).',
  },
  {
    name: 'lightSquares',
    type: 'enum',
    default: 'standard',
    values: ['standard', 'none', 'inner'],
    description: 'Light (x2) squares: the printed board (32), none, or only the 24 on the inner diagonals.',
  },
  {
    name: 'redCross',
    type: 'enum',
    default: 'any_run',
    values: ['any_run', 'red_run', 'none'],
    description:
      'The opening earns an x2 cross for the red square when it makes at least one 10, 11 or 12 (any_run), only when the tile on the red square is in such a run (red_run), or never (none).',
  },
  {
    name: 'holdByChoice',
    type: 'boolean',
    default: true,
    description:
      'A player may keep tiles face down by choice (the exception to the fifth rule); false: a tile is kept only when it cannot be placed.',
  },
  {
    name: 'heldDraw',
    type: 'enum',
    default: 'top_up',
    values: ['top_up', 'always_two'],
    description:
      'Draw of a player holding tiles: top_up (the text: one held tile draws one; two or more held draw nothing when one of them can be placed, else one) or always_two.',
  },
  {
    name: 'pairs',
    type: 'boolean',
    default: false,
    description: 'Pairs variant (4 or 6 players): partners share one score sheet and may consult.',
  },
  {
    name: 'pairSeating',
    type: 'enum',
    default: 'side_by_side',
    values: ['side_by_side', 'opposite'],
    description: 'Partners sit side by side (seats 0-1, 2-3, 4-5: they play one after the other, as the text says) or opposite.',
  },
  {
    name: 'partnersSeeTiles',
    type: 'boolean',
    default: true,
    description: "Partners consult, so each sees the other's tiles (false: a partner's held tiles stay hidden).",
  },
  {
    name: 'firstPlayer',
    type: 'int',
    default: -1,
    min: -1,
    max: 5,
    description: 'Seat that opens; -1 draws tiles for it as the text says (highest tile opens and keeps it).',
  },
  {
    name: 'blockedEnd',
    type: 'enum',
    default: 'draw_out',
    values: ['draw_out', 'stop'],
    description:
      'When no tile left can be placed anywhere: the bag is drawn out in turn and counts as minus points (draw_out, the text), or play just stops.',
  },
];

/** The resolved options, as the rules read them (shared by every clone of a match). */
export interface ZatreConfig {
  readonly options: Options;
  /** Tiles of each value (index 1..6). */
  readonly composition: Int32Array;
  readonly total: number;
  /** Points of a run summing to 10, 11, 12 (index = sum - 10). */
  readonly points: Int32Array;
  readonly rowBonuses: readonly number[];
  readonly bonusRise: number;
  readonly kinds: Uint8Array;
  readonly redCross: 'any_run' | 'red_run' | 'none';
  readonly holdByChoice: boolean;
  readonly topUp: boolean;
  readonly pairs: boolean;
  readonly opposite: boolean;
  readonly partnersSee: boolean;
  readonly firstPlayer: number;
  readonly drawOut: boolean;
}

/** The config of complete (resolved) options; built once per options object. */
export const configOf: (opts: Options) => ZatreConfig = cachedPerOptions(buildConfig);

/** Resolves partial options (defaults filled in) and builds the config. */
export function zatreConfig(given?: Record<string, unknown>): ZatreConfig {
  return configOf(resolveOptions(ZATRE_OPTIONS, given));
}

function buildConfig(opts: Options): ZatreConfig {
  const o = new OptionValues('zatre', opts);
  const tiles = o.numbers('tiles');
  const composition = new Int32Array(7);
  let total = 0;
  for (let v = 1; v <= 6; v++) total += composition[v] = tiles[v - 1];
  return {
    options: opts,
    composition,
    total,
    points: Int32Array.from(o.numbers('points')),
    rowBonuses: o.numbers('rowBonuses').slice(),
    bonusRise: o.number('bonusRise'),
    kinds: boardKinds(o.choice('lightSquares', ['standard', 'none', 'inner'] as const)),
    redCross: o.choice('redCross', ['any_run', 'red_run', 'none'] as const),
    holdByChoice: o.boolean('holdByChoice'),
    topUp: opts.heldDraw === 'top_up',
    pairs: o.boolean('pairs'),
    opposite: opts.pairSeating === 'opposite',
    partnersSee: o.boolean('partnersSeeTiles'),
    firstPlayer: o.number('firstPlayer'),
    drawOut: opts.blockedEnd === 'draw_out',
  };
}

/** The bonus printed on row r (0 = top) of the score sheet. */
export function rowBonus(cfg: ZatreConfig, r: number): number {
  const b = cfg.rowBonuses;
  if (r < b.length) return b[r];
  if (b.length === 0) return 0;
  return b[b.length - 1] + cfg.bonusRise * (Math.floor((r - b.length) / 4) + 1);
}

export function checkZatreOptions(opts: Options, players: number): void {
  const o = new OptionValues('zatre', opts);
  const cfg = buildConfig(opts);
  if (cfg.pairs && players !== 4 && players !== 6) {
    throw new OptionError('pairs', `the pairs variant is for 4 or 6 players, found ${players}`);
  }
  if (cfg.firstPlayer >= players) {
    throw new OptionError('firstPlayer', `expected a seat from 0 to ${players - 1} (or -1), found ${cfg.firstPlayer}`);
  }
  // The draw for the first player needs a tile per player, the opening three more.
  if (cfg.total < players + 3) {
    throw new OptionError('tiles', `${players} players need at least ${players + 3} tiles (the draw for who opens and the opening's three), found ${cfg.total}`);
  }
  if (o.numbers('rowBonuses').length > 200) throw new OptionError('rowBonuses', 'expected at most 200 rows');
}
