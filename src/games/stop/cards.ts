/**
 * Stop cards. A card is identified by its *type* (colour and kind); cards of one type are identical, so
 * hands are count vectors over types and a play action is simply the type played.
 *
 * Type layout (fixed, whatever the options, so that action codes stay context-free):
 *   coloured card: type = colour * 12 + kind   (colour 0..5, kind 0..11)
 *   jolly:         type = 72
 * Kinds: 0..8 are the number cards 0, 1, 2+, 3, 4, 5, 6/9, 7, 8; 9..11 the symbol cards
 * "salta il turno" (skip), "scambia la mano" (swap) and "X+".
 */

/**
 * Colours of the type layout. A match uses the first `colours` of them (option); the jolly is black.
 *
 * The game's integer constants are `const enum`s, written into the code as numbers (why: see
 * tests/project/hot-constants.test.ts).
 */
export const enum Colour {
  RED = 0,
  YELLOW = 1,
  GREEN = 2,
  BLUE = 3,
  PURPLE = 4,
  ORANGE = 5,
  /** How many colours the type layout holds. */
  COUNT = 6,
  /** Colour of the jolly in COLOUR_OF (matches nothing). */
  // eslint-disable-next-line @typescript-eslint/no-duplicate-enum-values -- one past the colours on purpose, as COUNT is
  BLACK = 6,
}

/** Card kinds: 0..8 the number cards, 9..11 the symbol cards. */
export const enum Kind {
  ZERO = 0,
  ONE = 1,
  TWO_PLUS = 2,
  THREE = 3,
  FOUR = 4,
  FIVE = 5,
  SIX_NINE = 6,
  SEVEN = 7,
  /** The highest number card (kinds 0..EIGHT are numbers). */
  EIGHT = 8,
  SKIP = 9,
  SWAP = 10,
  XPLUS = 11,
  /** How many coloured kinds there are (types per colour). */
  COUNT = 12,
  /** Kind of the jolly in KIND_OF (not a coloured kind). */
  // eslint-disable-next-line @typescript-eslint/no-duplicate-enum-values -- one past the coloured kinds on purpose, as COUNT is
  JOLLY = 12,
}

/** Card types (colour * Kind.COUNT + kind, then the jolly). */
export const enum Card {
  /** The jolly's type, after the coloured types of every colour. */
  JOLLY = Colour.COUNT * Kind.COUNT,
  /** How many card types there are (72 coloured types for up to 6 colours, plus the jolly). */
  COUNT = JOLLY + 1,
}

/** Kind of each type. */
export const KIND_OF = new Uint8Array(Card.COUNT);
/** Colour of each type (the jolly is Colour.BLACK). */
export const COLOUR_OF = new Uint8Array(Card.COUNT);
for (let t = 0; t < Card.JOLLY; t++) {
  KIND_OF[t] = t % Kind.COUNT;
  COLOUR_OF[t] = (t / Kind.COUNT) | 0;
}
KIND_OF[Card.JOLLY] = Kind.JOLLY;
COLOUR_OF[Card.JOLLY] = Colour.BLACK;

/** The number of cards to draw when a card of this kind is the X+ card (6/9 counts 9, 2+ counts 2). */
export const XPLUS_VALUE = [0, 1, 2, 3, 4, 5, 9, 7, 8] as const;

/** Number cards are kinds 0..8 (0, 1, 2+, 3, 4, 5, 6/9, 7, 8). */
export function isNumberKind(kind: number): boolean {
  return kind <= Kind.EIGHT;
}

export function typeOf(colour: number, kind: number): number {
  return colour * Kind.COUNT + kind;
}

/** Short kind labels as used in card codes. */
export const KIND_CODE = ['0', '1', '2+', '3', '4', '5', '69', '7', '8', 'S', 'W', 'X'] as const;
export const KIND_NAME = ['0', '1', '2+', '3', '4', '5', '6/9', '7', '8', 'skip', 'swap', 'X+'] as const;
export const COLOUR_CODE = ['R', 'Y', 'G', 'B', 'P', 'O'] as const;
export const COLOUR_NAME = ['red', 'yellow', 'green', 'blue', 'purple', 'orange'] as const;

/** Default copies per colour of each kind: 2 of everything, 4 of 6/9 (26 cards per colour). */
export const DEFAULT_COPIES = [2, 2, 2, 2, 2, 2, 4, 2, 2, 2, 2, 2];
/** Default penalty points per kind, then the jolly (rulebook "Punteggio"). */
export const DEFAULT_PENALTIES = [0, 1, 20, 3, 4, 5, 9, 7, 8, 10, 30, 40, 50];

/** Compact code of a card type: colour letter + kind code (`B4`, `R2+`, `G69`, `YS`, `BW`, `RX`), or `J`. */
export function cardCode(t: number): string {
  if (t === Card.JOLLY) return 'J';
  return COLOUR_CODE[COLOUR_OF[t]] + KIND_CODE[KIND_OF[t]];
}

/** Readable name of a card type (`blue 4`, `red 2+`, `green 6/9`, `yellow skip`, `jolly`). */
export function cardName(t: number): string {
  if (t === Card.JOLLY) return 'jolly';
  return `${COLOUR_NAME[COLOUR_OF[t]]} ${KIND_NAME[KIND_OF[t]]}`;
}

const CODE_TO_TYPE = new Map<string, number>();
for (let t = 0; t < Card.COUNT; t++) CODE_TO_TYPE.set(cardCode(t), t);
// Aliases: 6 and 9 both name the 6/9 card; 'J' and 'JOLLY' the jolly.
for (let c = 0; c < Colour.COUNT; c++) {
  CODE_TO_TYPE.set(COLOUR_CODE[c] + '6', typeOf(c, Kind.SIX_NINE));
  CODE_TO_TYPE.set(COLOUR_CODE[c] + '9', typeOf(c, Kind.SIX_NINE));
  CODE_TO_TYPE.set(COLOUR_CODE[c] + '6/9', typeOf(c, Kind.SIX_NINE));
  CODE_TO_TYPE.set(COLOUR_CODE[c] + 'X+', typeOf(c, Kind.XPLUS));
}
CODE_TO_TYPE.set('JOLLY', Card.JOLLY);

/** Parses a card code (case-insensitive): `B4`, `r2+`, `G69`, `G6`, `G9`, `YS`, `BW`, `RX`, `J`. */
export function parseCard(code: string): number {
  const t = CODE_TO_TYPE.get(code.trim().toUpperCase());
  if (t === undefined) throw new Error(`unknown Stop card code "${code}"`);
  return t;
}

/** Parses a space- or comma-separated list of card codes. */
export function parseCards(codes: string): number[] {
  return codes
    .split(/[\s,]+/)
    .filter((c) => c.length > 0)
    .map(parseCard);
}
