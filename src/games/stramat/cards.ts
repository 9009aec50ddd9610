import type { OptionSpec, Options } from '../../engine/game.js';
import { OptionError } from '../../engine/game.js';
import { cachedPerOptions } from '../../engine/config-cache.js';
import { OptionValues } from '../../engine/option-values.js';

/**
 * Card types. Cards of one type are identical, so hands, deck and pile are counts per type.
 *
 * The game's constants are `const enum`s, which the compiler writes into the code as plain numbers. V8
 * reads an imported `const` through the module's cell at every use, with a check that it is already
 * initialised, and cannot fold it; in the rules' hot loop that cost a seventh of a match.
 */
export const enum Card {
  ONE = 0,
  TWO = 1,
  THREE = 2,
  DADO = 3,
  COLPO = 4,
  AGGIUNGO = 5,
  ALT = 6,
  GIRO = 7,
  JOLLY = 8,
  STRAMAT = 9,
  /** How many card types there are. */
  COUNT = 10,
}

export const MAX_PLAYERS = 6;

/** The value of a number card type (Card.ONE..THREE); power cards are not numbers. */
export function isNumber(t: number): boolean {
  return t <= Card.THREE;
}
export function numberValue(t: number): number {
  return t + 1;
}

export const TYPE_KEYS = ['one', 'two', 'three', 'dado', 'colpo', 'aggiungo', 'alt', 'giro', 'jolly', 'stramat'] as const;
export const TYPE_NAMES = ['1', '2', '3', 'Dado', 'Colpo', 'Aggiungo', 'Alt', 'Giro', 'Jolly', 'Stramat'] as const;
/** One-character codes for compact action codes and logs. */
export const TYPE_CODES = ['1', '2', '3', 'D', 'C', '+', 'A', 'G', 'J', 'S'] as const;

/** The assumed deck (rulebook section 5.0 is lost; see docs/rules/stramat.md): copies and points. */
const DEFAULT_COUNTS = [14, 14, 14, 4, 5, 5, 6, 5, 4, 1];
const DEFAULT_POINTS = [1, 2, 3, 5, 5, 5, 5, 5, 5, 5];

/** Resolved options in the shape the rules read them. */
export interface StramatRules {
  counts: readonly number[];
  points: readonly number[];
  handSize: number;
  dieSides: number;
  evening: number;
  birichino: boolean;
  stramatOncePerEvening: boolean;
  dadoShortDeck: 'draw-until-empty' | 'end-without-drawing' | 'full-shares';
  blockedMayCounter: boolean;
  birichinoCounterCancelsAll: boolean;
  stramatTakenByOthers: boolean;
  totalCards: number;
}

export const stramatOptions: OptionSpec[] = [
  ...TYPE_KEYS.map(
    (k, t): OptionSpec => ({
      name: `${k}Count`,
      type: 'int',
      default: DEFAULT_COUNTS[t],
      min: 0,
      max: t === Card.STRAMAT ? 1 : 60,
      description: `copies of the ${TYPE_NAMES[t]} card in the deck (assumed, rulebook 5.0 lost)`,
      count: { cards: [TYPE_NAMES[t]] },
    }),
  ),
  ...TYPE_KEYS.map(
    (k, t): OptionSpec => ({
      name: `${k}Points`,
      type: 'int',
      default: DEFAULT_POINTS[t],
      min: 0,
      max: 100,
      description: `points scored at the end for each ${TYPE_NAMES[t]} card left in hand (assumed, rulebook 5.0 lost)`,
    }),
  ),
  { name: 'handSize', type: 'int', default: 3, min: 1, max: 10, description: 'cards dealt to each player (6.0)' },
  { name: 'dieSides', type: 'int', default: 6, min: 1, max: 20, description: 'faces of the die used by Dado and to choose who starts (6.0, 7.2 D)' },
  {
    name: 'evening',
    type: 'int',
    default: 1,
    min: 1,
    max: 100,
    description: 'games in one match (a "serata"): points add up, Stramat once per player per evening (7.2 S)',
  },
  { name: 'birichino', type: 'boolean', default: false, description: 'variant Birichino (9.0): Stramat eliminates chosen opponents; needs 3+ players' },
  { name: 'stramatOncePerEvening', type: 'boolean', default: true, description: 'each player may play the Stramat card once per evening (7.2 S)' },
  {
    name: 'dadoShortDeck',
    type: 'enum',
    default: 'draw-until-empty',
    values: ['draw-until-empty', 'end-without-drawing', 'full-shares'],
    description:
      'Dado with too few cards in the deck: players draw in order until it runs out (draw-until-empty); the game ends before anyone draws (end-without-drawing); or players take full shares in order and the first who cannot take a full share ends the game without drawing (full-shares) (7.2 D)',
  },
  {
    name: 'stramatTakenByOthers',
    type: 'boolean',
    default: false,
    description:
      "another player's Aggiungo or Giro may take the Stramat card from its holder (8.0 says it is discarded or passed only in its holder's own turn: false)",
  },
  { name: 'blockedMayCounter', type: 'boolean', default: true, description: 'a player blocked by Alt may still answer another Alt with the counter-Alt out of turn (7.2 A)' },
  {
    name: 'birichinoCounterCancelsAll',
    type: 'boolean',
    default: true,
    description: 'Birichino: a counter-Alt by one hit opponent saves every chosen opponent (false: only the one who countered) and eliminates the Stramat player (9.0)',
  },
];

/** Options objects are resolved once per variant and reused for every match, so their rules are cached. */
export const toRules: (opts: Options) => StramatRules = cachedPerOptions(buildRules);

function buildRules(opts: Options): StramatRules {
  const o = new OptionValues('stramat', opts);
  const counts: number[] = [];
  const points: number[] = [];
  let total = 0;
  for (let t = 0; t < Card.COUNT; t++) {
    counts.push(o.number(`${TYPE_KEYS[t]}Count`));
    points.push(o.number(`${TYPE_KEYS[t]}Points`));
    total += counts[t];
  }
  return {
    counts,
    points,
    handSize: o.number('handSize'),
    dieSides: o.number('dieSides'),
    evening: o.number('evening'),
    birichino: o.boolean('birichino'),
    stramatOncePerEvening: o.boolean('stramatOncePerEvening'),
    dadoShortDeck: o.choice('dadoShortDeck', ['draw-until-empty', 'end-without-drawing', 'full-shares'] as const),
    blockedMayCounter: o.boolean('blockedMayCounter'),
    birichinoCounterCancelsAll: o.boolean('birichinoCounterCancelsAll'),
    stramatTakenByOthers: o.boolean('stramatTakenByOthers'),
    totalCards: total,
  };
}

/** Checks across options: enough cards to deal, a face-up card that is not the Stramat card, Birichino's player count. */
export function checkStramatOptions(opts: Options, players: number): void {
  const r = toRules(opts);
  const needed = players * r.handSize + 2;
  if (r.totalCards < needed) {
    throw new OptionError(
      'oneCount',
      `the deck has ${r.totalCards} cards, but ${players} players with handSize ${r.handSize} need at least ${needed} (the deal, a face-up card and one to draw)`,
    );
  }
  if (r.totalCards - r.counts[Card.STRAMAT] < 1) {
    throw new OptionError('stramatCount', 'the deck needs at least one card other than Stramat to turn face up');
  }
  if (r.birichino && players < 3) {
    throw new OptionError('birichino', `the Birichino variant needs at least 3 players (rulebook 9.0), found ${players}`);
  }
}
