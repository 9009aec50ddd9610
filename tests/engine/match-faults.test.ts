// Whatever a bot throws or returns costs its match (a fault with a reason and a readable message), and
// never escapes playMatch: a value that cannot be made a string used to fail the whole batch.
import { describe, expect, it } from 'vitest';
import { random } from '../../bots/random.js';
import type { BotFactory } from '../../src/engine/bot.js';
import { playMatch } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';
import { stramat } from '../../src/games/stramat/index.js';

const OPTS = resolveOptions(stramat.options, {});

/** A bot that throws `value()` at its first decision, or from create() when `inCreate`. */
function thrower(value: () => unknown, inCreate = false): BotFactory {
  return {
    name: 'thrower',
    description: 'throws',
    params: [],
    create() {
      if (inCreate) throw value();
      return {
        choose() {
          throw value();
        },
      };
    },
  };
}

/** A bot that returns `value()` instead of an action. */
function returner(value: () => unknown): BotFactory {
  return { name: 'returner', description: 'returns junk', params: [], create: () => ({ choose: () => value() as number }) };
}

function play(bot: BotFactory) {
  return playMatch(stramat, OPTS, [{ factory: random, params: {} }, { factory: bot, params: {} }, { factory: random, params: {} }], 'faults/1');
}

const hostileError = () => {
  const e = new Error('x');
  Object.defineProperty(e, 'message', {
    get() {
      throw new Error('no message for you');
    },
  });
  return e;
};
const trapAll = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
    },
  );
const revoked = () => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
};

const THROWN: Array<[string, () => unknown, RegExp]> = [
  ['an Error', () => new Error('boom'), /^boom$/],
  ['a string', () => 'plain words', /^plain words$/],
  ['Object.create(null)', () => Object.create(null) as object, /threw an object that cannot be read as text/],
  ['a Proxy whose every trap throws', trapAll, /threw an object that cannot be read as text/],
  ['a revoked Proxy', revoked, /threw an object that cannot be read as text/],
  ['an Error whose message getter throws', hostileError, /threw an object that cannot be read as text/],
  ['a symbol', () => Symbol('s'), /^Symbol\(s\)$/],
  ['undefined', () => undefined, /^undefined$/],
  ['an object whose toString returns an object', () => ({ toString: () => ({}), valueOf: () => ({}) }), /cannot be read as text/],
  ['a string of a million characters', () => 'x'.repeat(1_000_000), /^x{500}\.\.\.$/],
];

describe('every value a bot throws costs one match, recorded as bot_error with a message', () => {
  for (const [label, value, message] of THROWN) {
    it(`from choose(): ${label}`, () => {
      const out = play(thrower(value));
      expect(out.fault?.reason).toBe('bot_error');
      expect(out.fault?.seat).toBe(1);
      expect(typeof out.fault?.message).toBe('string');
      expect(out.fault?.message).toMatch(message);
      expect(out.result.endReason).toBe('bot_error');
    });
    it(`from create(): ${label}`, () => {
      const out = play(thrower(value, true));
      expect(out.fault?.reason).toBe('bot_error');
      expect(out.fault?.message).toMatch(message);
      expect(out.decisions).toBe(0);
    });
  }
});

describe('whatever a bot returns instead of an action costs one match as illegal_action, without running its code', () => {
  const RETURNED: Array<[string, () => unknown, string]> = [
    ['Object.create(null)', () => Object.create(null) as object, 'returned an object'],
    ['a Proxy whose every trap throws', trapAll, 'returned an object'],
    ['an object with a throwing toString', () => ({ toString: () => { throw new Error('no'); } }), 'returned an object'],
    ['a symbol', () => Symbol('s'), 'returned Symbol(s)'],
    ['a bigint', () => 1n, 'returned 1'],
    ['a number that is not offered', () => -777, 'returned -777'],
    ['a function', () => () => 0, 'returned a function'],
  ];
  for (const [label, value, message] of RETURNED) {
    it(label, () => {
      const out = play(returner(value));
      expect(out.fault).toEqual({ reason: 'illegal_action', seat: 1, message });
    });
  }
});
