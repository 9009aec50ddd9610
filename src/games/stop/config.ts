import { OptionError, type OptionSpec, type Options } from '../../engine/game.js';
import { resolveOptions } from '../../engine/options.js';
import { Card, DEFAULT_COPIES, DEFAULT_PENALTIES, KIND_NAME, Kind, typeOf } from './cards.js';
import { cachedPerOptions } from '../../engine/config-cache.js';
import { OptionValues } from '../../engine/option-values.js';

/**
 * Every count and every interpretation of the Stop rulebook is an option (docs/rules/stop.md lists which
 * rule each one switches). Defaults follow the Italian text.
 */
export const STOP_OPTIONS: readonly OptionSpec[] = [
  { name: 'colours', type: 'int', default: 4, min: 1, max: 6, description: 'Number of card colours (the box has 4).' },
  {
    name: 'copies',
    type: 'intList',
    default: DEFAULT_COPIES,
    length: 12,
    min: 0,
    max: 20,
    description: 'Copies per colour of each kind, in the order 0, 1, 2+, 3, 4, 5, 6/9, 7, 8, skip, swap, X+.',
    count: { cards: KIND_NAME, per: 'per colour' },
  },
  { name: 'jollies', type: 'int', default: 8, min: 0, max: 40, description: 'Number of black jolly cards.', count: { cards: ['jolly'] } },
  { name: 'handSize', type: 'int', default: 7, min: 1, max: 30, description: 'Cards dealt to each player.' },
  {
    name: 'penalties',
    type: 'intList',
    default: DEFAULT_PENALTIES,
    length: 13,
    min: 0,
    max: 1000,
    description: 'Penalty points per card left in hand: 0, 1, 2+, 3, 4, 5, 6/9, 7, 8, skip, swap, X+, jolly.',
  },
  {
    name: 'targetScore',
    type: 'int',
    default: 500,
    min: 0,
    max: 1_000_000,
    description: 'The match ends after the round in which a penalty total passes (exceeds) this.',
  },
  { name: 'maxRounds', type: 'int', default: 200, min: 1, max: 100_000, description: 'Safety cap on rounds (end reason round_cap).' },
  {
    name: 'maxTurnsPerRound',
    type: 'int',
    default: 1000,
    min: 1,
    max: 1_000_000,
    description: 'A round reaching this many turns is stuck: it ends and is counted in the stuck_rounds metric.',
  },
  {
    name: 'stuckRound',
    type: 'enum',
    default: 'score',
    values: ['score', 'void'],
    description: 'A stuck round scores the hands as usual (score) or scores nothing (void).',
  },
  {
    name: 'firstDealer',
    type: 'int',
    default: 0,
    min: -1,
    max: 9,
    description: 'Seat of the first dealer, who starts the first round; -1 draws it from the game generator.',
  },
  {
    name: 'outOfTurn',
    type: 'boolean',
    default: true,
    description: 'An identical number card (same colour and value) may be played out of turn.',
  },
  {
    name: 'outOfTurnSelf',
    type: 'boolean',
    default: true,
    description: 'The player who placed the top card may also play a second identical card out of turn.',
  },
  {
    name: 'outOfTurnStack',
    type: 'boolean',
    default: true,
    description: 'A 2+ played out of turn on a pending 2+ adds 2 to the pending draw (false: the draw restarts at 2).',
  },
  {
    name: 'attentionForget',
    type: 'number',
    default: 0,
    min: 0,
    max: 1,
    description:
      'Probability that a player forgets to call "Attenzione!" before the penultimate card (drawn from the game generator). Default 0: the rulebook gives no rate (forgetting is a human lapse, and bots always call it), so the penalty never applies unless this is set.',
  },
  { name: 'attentionPenalty', type: 'int', default: 2, min: 0, max: 20, description: 'Cards drawn for a forgotten "Attenzione!".' },
  {
    name: 'firstCardEffect',
    type: 'boolean',
    default: false,
    description: 'A 2+, skip or X+ turned up as the first card attacks the dealer (false: the first card has no effect).',
  },
  {
    name: 'xPlusZero',
    type: 'enum',
    default: 'draws_zero',
    values: ['draws_zero', 'defence_only'],
    description:
      'Against X+, a 0 of another colour is a number card worth 0 (draws_zero), or may not be chosen (defence_only: only the 0 of the X+ colour, as a defence).',
  },
  {
    name: 'xPlusDrawnDraws',
    type: 'boolean',
    default: true,
    description: 'A number card drawn under X+ (no number in hand) is played and its value drawn (false: played, nothing drawn).',
  },
  {
    name: 'lastCardAttack',
    type: 'enum',
    default: 'victim',
    values: ['victim', 'chain'],
    description:
      'A 2+ or X+ played as the last card of a round hits its victim, who may only defend with a 0 or take it, so the round ends with the player who went out (victim); or it resolves as any attack, stacks and passes included, and may come back to that player (chain).',
  },
  {
    name: 'jollyDefence',
    type: 'boolean',
    default: false,
    description: 'A jolly may accompany a defence against 2+ or skip (the second card must itself be a legal defence).',
  },
  {
    name: 'swapSelfCancel',
    type: 'boolean',
    default: false,
    description: 'The player who played the swap may cancel it with a 0 of its colour (as one of those involved).',
  },
  {
    name: 'swapCancelContinue',
    type: 'enum',
    default: 'swapper',
    values: ['swapper', 'canceller'],
    description: 'After a swap is cancelled, play continues left of the swapper, or left of the player who cancelled.',
  },
];

/** The resolved options, turned into the fields the rules read (shared by every clone of a match). */
export interface StopConfig {
  readonly options: Options;
  readonly colours: number;
  /** Number of coloured types in use (colours * 12). */
  readonly colouredTypes: number;
  readonly copies: readonly number[];
  readonly jollies: number;
  readonly handSize: number;
  /** Penalty points per card type. */
  readonly penalty: Int32Array;
  /** Count of each type in the full deck. */
  readonly composition: Uint8Array;
  /** The full deck, one entry per card (types). */
  readonly deck: Uint8Array;
  readonly total: number;
  readonly targetScore: number;
  readonly maxRounds: number;
  readonly maxTurns: number;
  readonly stuckVoid: boolean;
  readonly firstDealer: number;
  readonly outOfTurn: boolean;
  readonly outOfTurnSelf: boolean;
  readonly outOfTurnStack: boolean;
  readonly forget: number;
  readonly attentionPenalty: number;
  readonly firstCardEffect: boolean;
  /** A 0 of another colour may be chosen as the X+ card (worth 0). */
  readonly xZero: boolean;
  readonly xDrawnDraws: boolean;
  /** Once a hand is empty, a pending 2+ or X+ hits its victim only: no stack, no pass-on (lastCardAttack=victim). */
  readonly lastVictimOnly: boolean;
  readonly jollyDefence: boolean;
  readonly swapSelfCancel: boolean;
  readonly swapContinueCanceller: boolean;
  /** Mean penalty of a card of the deck (for the heuristic). */
  readonly meanPenalty: number;
}

/** The config of complete (resolved) options; built once per options object. */
export const configOf: (opts: Options) => StopConfig = cachedPerOptions(buildConfig);

/** Resolves partial options (defaults filled in) and builds the config. */
export function stopConfig(given?: Record<string, unknown>): StopConfig {
  return configOf(resolveOptions(STOP_OPTIONS, given));
}

function buildConfig(opts: Options): StopConfig {
  const o = new OptionValues('stop', opts);
  const colours = o.number('colours');
  const copies = o.numbers('copies').slice();
  const jollies = o.number('jollies');
  const pens = o.numbers('penalties');
  const penalty = new Int32Array(Card.COUNT);
  const composition = new Uint8Array(Card.COUNT);
  for (let c = 0; c < colours; c++) {
    for (let k = 0; k < Kind.COUNT; k++) {
      penalty[typeOf(c, k)] = pens[k];
      composition[typeOf(c, k)] = copies[k];
    }
  }
  penalty[Card.JOLLY] = pens[12];
  composition[Card.JOLLY] = jollies;
  let total = 0;
  for (let t = 0; t < Card.COUNT; t++) total += composition[t];
  const deck = new Uint8Array(total);
  let i = 0;
  let sum = 0;
  for (let t = 0; t < Card.COUNT; t++) {
    for (let k = 0; k < composition[t]; k++) deck[i++] = t;
    sum += composition[t] * penalty[t];
  }
  return {
    options: opts,
    colours,
    colouredTypes: colours * Kind.COUNT,
    copies,
    jollies,
    handSize: o.number('handSize'),
    penalty,
    composition,
    deck,
    total,
    targetScore: o.number('targetScore'),
    maxRounds: o.number('maxRounds'),
    maxTurns: o.number('maxTurnsPerRound'),
    stuckVoid: opts.stuckRound === 'void',
    firstDealer: o.number('firstDealer'),
    outOfTurn: o.boolean('outOfTurn'),
    outOfTurnSelf: o.boolean('outOfTurnSelf'),
    outOfTurnStack: o.boolean('outOfTurnStack'),
    forget: o.number('attentionForget'),
    attentionPenalty: o.number('attentionPenalty'),
    firstCardEffect: o.boolean('firstCardEffect'),
    xZero: opts.xPlusZero === 'draws_zero',
    xDrawnDraws: o.boolean('xPlusDrawnDraws'),
    lastVictimOnly: opts.lastCardAttack === 'victim',
    jollyDefence: o.boolean('jollyDefence'),
    swapSelfCancel: o.boolean('swapSelfCancel'),
    swapContinueCanceller: opts.swapCancelContinue === 'canceller',
    meanPenalty: total > 0 ? sum / total : 0,
  };
}

/** Checks across options: the deal must fit, and a coloured card must be left to turn up. */
export function checkStopOptions(opts: Options, players: number): void {
  const o = new OptionValues('stop', opts);
  const cfg = buildConfig(opts);
  const fd = o.number('firstDealer');
  if (fd >= players) throw new OptionError('firstDealer', `expected a seat from 0 to ${players - 1} (or -1), found ${fd}`);
  const coloured = cfg.total - cfg.jollies;
  if (coloured < 1) throw new OptionError('copies', 'the deck holds no coloured card');
  const dealt = players * cfg.handSize;
  if (dealt + 1 > cfg.total) {
    throw new OptionError('handSize', `${players} hands of ${cfg.handSize} and a first card need ${dealt + 1} cards; the deck has ${cfg.total}`);
  }
  if (cfg.jollies >= cfg.total - dealt) {
    throw new OptionError(
      'jollies',
      `after the deal ${cfg.total - dealt} cards remain, of which up to ${cfg.jollies} may be jollies: a coloured first card is not guaranteed`,
    );
  }
}
