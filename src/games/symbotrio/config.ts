import { OptionError, type OptionSpec, type Options } from '../../engine/game.js';
import { resolveOptions } from '../../engine/options.js';
import { cachedPerOptions } from '../../engine/config-cache.js';
import { OptionValues } from '../../engine/option-values.js';

/**
 * Card kinds. Gem, prison and code cards each show a gem (see docs/rules/symbotrio.md, interpretation 1);
 * easy loot and cheater cards show none.
 */
export const enum Kind {
  GEM = 0,
  PRISON = 1,
  CODE = 2,
  EASY = 3,
  CHEATER = 4,
}
export const KIND_NAMES = ['gem', 'prison', 'code', 'easy_loot', 'cheater'] as const;

/** The most keypad squares any option set gives (8 colours + 4 sizes + 12 cuts). */
export const enum Limits {
  MAX_SQUARES = 24,
  MAX_PLAYERS = 6,
}

/** Names of the stickers of each criterion, for texts and the viewer (extra ones are numbered). */
const COLOUR_NAMES = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'white', 'black'];
const SIZE_NAMES = ['small', 'large', 'medium', 'huge'];
const CUT_NAMES = ['triangle', 'rhombus', 'square', 'rectangle', 'circle', 'semicircle', 'cut7', 'cut8', 'cut9', 'cut10', 'cut11', 'cut12'];
const COLOUR_CODES = ['R', 'B', 'G', 'Y', 'P', 'O', 'W', 'K'];
const SIZE_CODES = ['s', 'l', 'm', 'h'];
const CUT_CODES = ['tri', 'rho', 'sq', 'rec', 'cir', 'sem', 'c7', 'c8', 'c9', 'c10', 'c11', 'c12'];

/** Every count and every interpretation of the rulebook is an option (docs/rules/symbotrio.md). */
export const SYMBOTRIO_OPTIONS: readonly OptionSpec[] = [
  { name: 'colours', type: 'int', default: 4, min: 1, max: 8, description: 'Colour stickers on the keypad (the default split: 4 colours).' },
  { name: 'sizes', type: 'int', default: 2, min: 1, max: 4, description: 'Size (arrow length) stickers on the keypad (default 2).' },
  { name: 'cuts', type: 'int', default: 6, min: 1, max: 12, description: 'Cut stickers (the text lists 6: triangle, rhombus, square, rectangle, circle, semicircle).' },
  { name: 'gemCopies', type: 'int', default: 1, min: 0, max: 4, description: 'Gem cards per distinct gem (default 1: 48 gem cards).', count: { cards: ['gem card'], per: 'per gem' } },
  { name: 'prisonCards', type: 'int', default: 4, min: 0, max: 40, description: 'Prison cards (each shows a gem too).', count: { cards: ['prison card'] } },
  { name: 'codeCards', type: 'int', default: 10, min: 0, max: 40, description: 'Code cards (the text: 10; each shows a gem too).', count: { cards: ['code card'] } },
  { name: 'easyLootCards', type: 'int', default: 4, min: 0, max: 40, description: 'Easy loot cards ("bottino facile").', count: { cards: ['easy loot card'] } },
  { name: 'cheaterCards', type: 'int', default: 4, min: 0, max: 40, description: 'Cheater cards ("carta truffatore").', count: { cards: ['cheater card'] } },
  { name: 'easy', type: 'boolean', default: false, description: 'The easier variant: the code cards are set aside before play.' },
  {
    name: 'keypad',
    type: 'enum',
    default: 'grid',
    values: ['grid', 'ring'],
    description: 'Keypad shape: a grid of keypadRows rows (default 4 x 3), or the border ring of a square (12 squares: a 4 x 4 ring).',
  },
  { name: 'keypadRows', type: 'int', default: 4, min: 1, max: 24, description: 'Rows of the grid keypad before any rotation (must divide the squares).' },
  {
    name: 'rotation',
    type: 'enum',
    default: 'clockwise',
    values: ['clockwise', 'counterclockwise'],
    description: 'Which way a code card turns the board by 90 degrees (the text: clockwise).',
  },
  {
    name: 'codeRotates',
    type: 'enum',
    default: 'once',
    values: ['once', 'every_attempt'],
    description: 'A code card turns the board once, when it is turned up, or before every attempt at its code.',
  },
  {
    name: 'prisonSkip',
    type: 'enum',
    default: 'now',
    values: ['now', 'next'],
    description: 'A prison card turned up costs the turn it is turned up in (now), or the player tries its gem now and loses the next turn (next).',
  },
  {
    name: 'end',
    type: 'enum',
    default: 'all_won',
    values: ['all_won', 'deck_empty'],
    description: 'The match ends when every card has been won (all_won), or when a player must turn up a card from an empty deck (deck_empty).',
  },
  { name: 'minFlips', type: 'int', default: 1, min: 0, max: 3, description: 'Squares a player must flip in a turn before stopping (the text: at most three).' },
  { name: 'firstPlayer', type: 'int', default: 0, min: -1, max: 5, description: 'Seat of the oldest player, who starts; -1 draws it from the game generator.' },
  { name: 'maxTurns', type: 'int', default: 100_000, min: 1, max: 10_000_000, description: 'Safety cap on turns (end reason turn_cap).' },
];

/** The resolved options as the fields the rules read (shared by every clone of a match). */
export interface SymbotrioConfig {
  readonly options: Options;
  readonly colours: number;
  readonly sizes: number;
  readonly cuts: number;
  /** Keypad squares: colours + sizes + cuts. Sticker ids: colours, then sizes, then cuts. */
  readonly squares: number;
  readonly gems: number;
  /** Per card id: its kind, and the gem it shows (-1 for none). */
  readonly kindOf: Int8Array;
  readonly gemOf: Int16Array;
  readonly cards: number;
  /** Per gem: its three stickers (colour, size, cut), gemStickers[3 * g + i]. */
  readonly gemStickers: Int8Array;
  readonly ring: boolean;
  /** Rows and columns of the keypad before any rotation (the ring is drawn in its square). */
  readonly rows: number;
  readonly cols: number;
  /**
   * rotate[shape * squares + i]: where the square at position i goes when the board turns, for the two
   * shapes a grid alternates between (rows x cols, then cols x rows); the ring keeps its shape.
   */
  readonly rotate: Int8Array;
  /** unrotate: the inverse of rotate for the shape after the turn. unrotate[shapeAfter * squares + j]. */
  readonly unrotate: Int8Array;
  /** For the ring: the (row, col) cell of each position in the square, 2 per position. */
  readonly ringCells: Int8Array;
  readonly rotateEveryAttempt: boolean;
  readonly prisonNext: boolean;
  readonly endDeckEmpty: boolean;
  readonly minFlips: number;
  readonly firstPlayer: number;
  readonly maxTurns: number;
}

/** The config of complete (resolved) options; built once per options object. */
export const configOf: (opts: Options) => SymbotrioConfig = cachedPerOptions(buildConfig);

/** Resolves partial options (defaults filled in) and builds the config. */
export function symbotrioConfig(given?: Record<string, unknown>): SymbotrioConfig {
  return configOf(resolveOptions(SYMBOTRIO_OPTIONS, given));
}

function buildConfig(opts: Options): SymbotrioConfig {
  const o = new OptionValues('symbotrio', opts);
  const colours = o.number('colours');
  const sizes = o.number('sizes');
  const cuts = o.number('cuts');
  const squares = colours + sizes + cuts;
  const gems = colours * sizes * cuts;
  const deck = buildDeck(o, opts, gems);
  const keypad = buildKeypad(o, opts, squares);
  return {
    options: opts,
    colours,
    sizes,
    cuts,
    squares,
    gems,
    kindOf: deck.kindOf,
    gemOf: deck.gemOf,
    cards: deck.kindOf.length,
    gemStickers: gemStickersOf(colours, sizes, cuts),
    // Named one by one, not spread: the config keeps one plain object layout the rules read in their loops.
    ring: keypad.ring,
    rows: keypad.rows,
    cols: keypad.cols,
    rotate: keypad.rotate,
    unrotate: keypad.unrotate,
    ringCells: keypad.ringCells,
    rotateEveryAttempt: opts.codeRotates === 'every_attempt',
    prisonNext: opts.prisonSkip === 'next',
    endDeckEmpty: opts.end === 'deck_empty',
    minFlips: o.number('minFlips'),
    firstPlayer: o.number('firstPlayer'),
    maxTurns: o.number('maxTurns'),
  };
}

/** The three stickers (colour, size, cut square) of each gem, 3 per gem: gems are numbered colour-major, cut fastest. */
function gemStickersOf(colours: number, sizes: number, cuts: number): Int8Array {
  const gems = colours * sizes * cuts;
  const gemStickers = new Int8Array(3 * gems);
  for (let g = 0; g < gems; g++) {
    gemStickers[3 * g] = Math.floor(g / (sizes * cuts));
    gemStickers[3 * g + 1] = colours + (Math.floor(g / cuts) % sizes);
    gemStickers[3 * g + 2] = colours + sizes + (g % cuts);
  }
  return gemStickers;
}

/**
 * The deck in its unshuffled order: gemCopies of each gem card, the prison and code cards, the easy loot
 * and the cheater cards. Each card's kind and the gem it shows (-1: none).
 */
function buildDeck(o: OptionValues, opts: Options, gems: number): { kindOf: Int8Array; gemOf: Int16Array } {
  const kinds: number[] = [];
  const gemList: number[] = [];
  const copies = o.number('gemCopies');
  for (let g = 0; g < gems; g++) {
    for (let k = 0; k < copies; k++) {
      kinds.push(Kind.GEM);
      gemList.push(g);
    }
  }
  const prison = o.number('prisonCards');
  const code = opts.easy ? 0 : o.number('codeCards');
  // Prison and code cards show gems spread evenly over the gems (the real split is unknown).
  const specials = prison + o.number('codeCards');
  for (let j = 0; j < prison + code; j++) {
    kinds.push(j < prison ? Kind.PRISON : Kind.CODE);
    gemList.push(Math.floor((j * gems) / Math.max(1, specials)) % gems);
  }
  for (let j = 0; j < o.number('easyLootCards'); j++) {
    kinds.push(Kind.EASY);
    gemList.push(-1);
  }
  for (let j = 0; j < o.number('cheaterCards'); j++) {
    kinds.push(Kind.CHEATER);
    gemList.push(-1);
  }
  return { kindOf: Int8Array.from(kinds), gemOf: Int16Array.from(gemList) };
}

type Keypad = Pick<SymbotrioConfig, 'ring' | 'rows' | 'cols' | 'rotate' | 'unrotate' | 'ringCells'>;

/** The keypad's shape (a ring, or a grid of keypadRows) and where each square goes when it turns. */
function buildKeypad(o: OptionValues, opts: Options, squares: number): Keypad {
  const ring = opts.keypad === 'ring';
  const side = ring ? squares / 4 + 1 : 0;
  const rows = ring ? side : o.number('keypadRows');
  const cols = ring ? side : Math.max(1, Math.floor(squares / rows));
  const clockwise = opts.rotation === 'clockwise';
  const rotate = new Int8Array(2 * squares);
  const ringCells = new Int8Array(2 * squares);
  if (ring) {
    ringCells.set(ringOrder(side));
    const step = clockwise ? side - 1 : squares - (side - 1);
    for (let sh = 0; sh < 2; sh++) for (let i = 0; i < squares; i++) rotate[sh * squares + i] = (i + step) % squares;
  } else if (rows * cols === squares) {
    fillGridRotation(rotate, rows, cols, clockwise);
  }
  return { ring, rows, cols, rotate, unrotate: inverseRotation(rotate, squares, ring), ringCells };
}

/** rotate for a grid of rows x cols squares, then (the second shape) of cols x rows. */
function fillGridRotation(rotate: Int8Array, rows: number, cols: number, clockwise: boolean): void {
  const squares = rows * cols;
  for (let sh = 0; sh < 2; sh++) {
    const R = sh === 0 ? rows : cols;
    const C = sh === 0 ? cols : rows;
    for (let i = 0; i < squares; i++) {
      const r = Math.floor(i / C);
      const c = i % C;
      // The turned board has C rows of R: clockwise (r, c) -> (c, R-1-r); counterclockwise (C-1-c, r).
      rotate[sh * squares + i] = clockwise ? c * R + (R - 1 - r) : (C - 1 - c) * R + r;
    }
  }
}

/** The inverse of rotate, indexed by the shape after the turn (a grid alternates shapes; the ring keeps its one). */
function inverseRotation(rotate: Int8Array, squares: number, ring: boolean): Int8Array {
  const unrotate = new Int8Array(2 * squares);
  for (let sh = 0; sh < 2; sh++) {
    const after = ring ? sh : 1 - sh;
    for (let i = 0; i < squares; i++) unrotate[after * squares + rotate[sh * squares + i]] = i;
  }
  return unrotate;
}

/** The border cells of a side x side square, clockwise from the top-left corner: (row, col) pairs. */
function ringOrder(side: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < side - 1; c++) out.push(0, c);
  for (let r = 0; r < side - 1; r++) out.push(r, side - 1);
  for (let c = side - 1; c > 0; c--) out.push(side - 1, c);
  for (let r = side - 1; r > 0; r--) out.push(r, 0);
  return out;
}

/** Checks across options: the keypad must fit the squares, and the deck must deal a card to everyone. */
export function checkSymbotrioOptions(opts: Options, players: number): void {
  const o = new OptionValues('symbotrio', opts);
  const squares = o.number('colours') + o.number('sizes') + o.number('cuts');
  if (squares > Limits.MAX_SQUARES) {
    throw new OptionError('cuts', `colours + sizes + cuts must be at most ${Limits.MAX_SQUARES}, found ${squares}`);
  }
  if (opts.keypad === 'ring') {
    if (squares % 4 !== 0) {
      throw new OptionError('keypad', `a ring keypad needs a multiple of 4 squares (a square's border), found ${squares}`);
    }
  } else if (squares % o.number('keypadRows') !== 0) {
    throw new OptionError('keypadRows', `must divide the ${squares} squares (colours + sizes + cuts), found ${o.number('keypadRows')}`);
  }
  const cfg = buildConfig(opts);
  const fp = o.number('firstPlayer');
  if (fp >= players) throw new OptionError('firstPlayer', `expected a seat from 0 to ${players - 1} (or -1), found ${fp}`);
  if (cfg.cards < players) throw new OptionError('gemCopies', `the deck has ${cfg.cards} cards; ${players} players each need one to start`);
  let withGem = 0;
  for (let c = 0; c < cfg.cards; c++) if (cfg.gemOf[c] >= 0) withGem++;
  if (withGem === 0) throw new OptionError('gemCopies', 'the deck holds no card with a gem');
}

/** A sticker's readable name ("blue", "large", "circle"). */
export function stickerName(cfg: SymbotrioConfig, s: number): string {
  if (s < cfg.colours) return COLOUR_NAMES[s] ?? `colour${s + 1}`;
  if (s < cfg.colours + cfg.sizes) return SIZE_NAMES[s - cfg.colours] ?? `size${s - cfg.colours + 1}`;
  return CUT_NAMES[s - cfg.colours - cfg.sizes] ?? `cut${s - cfg.colours - cfg.sizes + 1}`;
}

/** A sticker's short code (`B`, `l`, `cir`). */
export function stickerCode(cfg: SymbotrioConfig, s: number): string {
  if (s < cfg.colours) return COLOUR_CODES[s] ?? `C${s}`;
  if (s < cfg.colours + cfg.sizes) return SIZE_CODES[s - cfg.colours] ?? `Z${s - cfg.colours}`;
  return CUT_CODES[s - cfg.colours - cfg.sizes] ?? `K${s - cfg.colours - cfg.sizes}`;
}

/** A gem's readable name: "large blue circle". */
export function gemName(cfg: SymbotrioConfig, g: number): string {
  const st = cfg.gemStickers;
  return `${stickerName(cfg, st[3 * g + 1])} ${stickerName(cfg, st[3 * g])} ${stickerName(cfg, st[3 * g + 2])}`;
}

/** A card's short code: a gem `lBcir`, a prison card `P:lBcir`, a code card `K:lBcir`, easy loot `E`, cheater `X`. */
export function cardCode(cfg: SymbotrioConfig, c: number): string {
  const kind = cfg.kindOf[c];
  if (kind === Kind.EASY) return 'E';
  if (kind === Kind.CHEATER) return 'X';
  const g = cfg.gemOf[c];
  const st = cfg.gemStickers;
  const gem = `${stickerCode(cfg, st[3 * g + 1])}${stickerCode(cfg, st[3 * g])}${stickerCode(cfg, st[3 * g + 2])}`;
  return kind === Kind.PRISON ? `P:${gem}` : kind === Kind.CODE ? `K:${gem}` : gem;
}

/** A card's readable name. */
export function cardName(cfg: SymbotrioConfig, c: number): string {
  const kind = cfg.kindOf[c];
  if (kind === Kind.EASY) return 'easy loot';
  if (kind === Kind.CHEATER) return 'cheater';
  const gem = gemName(cfg, cfg.gemOf[c]);
  return kind === Kind.PRISON ? `prison (${gem})` : kind === Kind.CODE ? `code (${gem})` : gem;
}
