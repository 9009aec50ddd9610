import type { AnyGame, Options } from './game.js';
import { Rng } from './rng.js';

/**
 * What the engine hands a bot, made so that nothing a bot does with it reaches the match: the game a
 * bot sees is a frozen stand-in for the engine's (a bot that replaces `result`, `observe` or `apply`
 * on it changes only its own copy, which it cannot even do: it is frozen), its parameters are a frozen
 * copy, and the prototypes a bot could reach through the objects it gets (the generator's, the game
 * states' that `determinize` returns) are frozen, so that no bot can plant code that the engine then
 * calls with the real state or the game's generator.
 *
 * What this does not cover: JavaScript's own built-ins (Array.prototype, Math, ...), which every bot of
 * a thread shares with the engine. Bots whose authors do not trust each other run in isolation mode
 * (docs/bots-trust.md), where a bot sees nothing but data.
 */

// A bot receives its own Rng; patching the class's methods would rig the game's generator.
Object.freeze(Rng.prototype);
Object.freeze(Rng);

const facades = new WeakMap<object, AnyGame>();

/**
 * The game as bots see it (ctx.game, decision.game): the same functions (so the search bots play
 * exactly as with the engine's object), on a frozen object of its own, its data (options, metric
 * names) frozen copies. One per game, built on first use. A game that is not a plain object (a class
 * instance, whose methods may use private fields) gets its methods bound to itself.
 */
export function gameForBots(game: AnyGame): AnyGame {
  let facade = facades.get(game);
  if (facade === undefined) {
    facade = buildFacade(game);
    facades.set(game, facade);
    facades.set(facade, facade);
  }
  return facade;
}

function buildFacade(game: AnyGame): AnyGame {
  const proto: unknown = Object.getPrototypeOf(game);
  const plain = proto === Object.prototype || proto === null;
  const out: Record<string, unknown> = {};
  for (const key of propertyNames(game)) {
    const value: unknown = (game as unknown as Record<string, unknown>)[key];
    if (typeof value === 'function') out[key] = Object.freeze(plain ? value : value.bind(game));
    else out[key] = frozenCopy(value, 0);
  }
  return Object.freeze(out) as unknown as AnyGame;
}

/** Own and inherited string-named properties, up to (not including) Object.prototype. */
function propertyNames(obj: object): string[] {
  const names = new Set<string>();
  for (let o: object | null = obj; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const k of Object.getOwnPropertyNames(o)) if (k !== 'constructor') names.add(k);
  }
  return [...names];
}

/** A deep copy of plain data, frozen (typed arrays, which cannot be frozen, are copied). */
export function frozenCopy<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 32) throw new Error('frozenCopy: data nested more than 32 levels deep');
  if (ArrayBuffer.isView(value)) return (value as unknown as { slice(): T }).slice();
  if (Array.isArray(value)) return Object.freeze(value.map((v: unknown) => frozenCopy(v, depth + 1))) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) out[k] = frozenCopy((value as Record<string, unknown>)[k], depth + 1);
  return Object.freeze(out) as T;
}

const frozenParams = new WeakMap<Options, Options>();

/** A bot's parameters as it receives them: a frozen copy, made once per parameter object. */
export function paramsForBots(params: Options): Options {
  let copy = frozenParams.get(params);
  if (copy === undefined) {
    copy = frozenCopy(params);
    frozenParams.set(params, copy);
  }
  return copy;
}

const hardened = new WeakSet<object>();

/**
 * Freezes the prototype chain of a game state (its class's methods), once per class: a bot gets
 * states of the same class from `determinize` and could otherwise replace a method (`clone`, say)
 * that the engine's game code then calls on the real state.
 */
export function hardenStateClass(state: unknown): void {
  if (state === null || typeof state !== 'object') return;
  const proto = Object.getPrototypeOf(state) as object | null;
  if (proto === null || hardened.has(proto)) return;
  hardened.add(proto);
  for (let o: object | null = proto; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    const ctor = (o as { constructor?: unknown }).constructor;
    // JavaScript's own classes (a state kept in an Int32Array, say) are left alone: freezing them would
    // change every other user of the thread, and isolation mode is the answer to built-ins (bots-trust.md).
    if (typeof ctor !== 'function' || isBuiltIn(ctor)) break;
    Object.freeze(o);
    Object.freeze(ctor);
  }
}

function isBuiltIn(f: object): boolean {
  return Function.prototype.toString.call(f).includes('[native code]');
}

/** The longest fault message kept (a bot's error text ends up in results files). */
const MESSAGE_LIMIT = 500;

/**
 * The fault message of whatever a bot threw: an Error's message, else the value as text, and, for a
 * value that cannot be read as text (`Object.create(null)`, a Proxy that throws, a getter that throws),
 * a sentence saying so. Never throws: one bad value costs its match, never the batch.
 */
export function thrownMessage(thrown: unknown): string {
  let text: string;
  try {
    text = readThrown(thrown);
  } catch {
    text = `threw ${kindOf(thrown)} that cannot be read as text`;
  }
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT)}...` : text;
}

function readThrown(thrown: unknown): string {
  if (thrown instanceof Error) {
    const message: unknown = thrown.message;
    if (typeof message === 'string') return message;
  }
  const text: unknown = String(thrown);
  if (typeof text !== 'string') throw new TypeError('not text');
  return text;
}

/**
 * What a bot returned instead of a legal action, as text (never throws). An object is named by its kind
 * only: turning it into text would run the bot's code (toString) after its decision's time is over.
 */
export function returnedText(value: unknown): string {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return String(value);
  return kindOf(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  const t = typeof value;
  return t === 'object' ? 'an object' : t === 'function' ? 'a function' : `a ${t}`;
}

const publicCopies = new WeakMap<object, object>();
const isPublicCopy = new WeakSet<object>();

/**
 * The frozen copy of a game's resolved options (or any plain data it puts in every observation, such as
 * Stramat's rules) that observations carry, one per object and made once: an observation then never
 * holds the engine's own object, whose mutation would change the rules of the match. Games key their
 * configuration caches on the options object, so a state that `determinize` builds from an observation
 * gets a configuration of its own, apart from the engine's. Idempotent: a copy is its own public copy.
 */
export function publicData<T extends object>(data: T): T {
  if (isPublicCopy.has(data)) return data;
  let copy = publicCopies.get(data) as T | undefined;
  if (copy === undefined) {
    copy = frozenCopy(data);
    publicCopies.set(data, copy);
    isPublicCopy.add(copy);
  }
  return copy;
}
