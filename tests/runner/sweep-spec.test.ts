import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/errors.js';
import { MAX_VARIANTS } from '../../src/runner/limits.js';
import { parseSpec, resolveSpec } from '../../src/runner/spec.js';
import { FIXTURES } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 60_000 });

const GAME = join(FIXTURES, 'highcard.mjs');

function sweepSpec(extra: Record<string, unknown>): Record<string, unknown> {
  return {
    name: 'sweep',
    game: GAME,
    players: 3,
    matches: 6,
    seed: 's',
    bots: [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }],
    ...extra,
  };
}

const resolve = (extra: Record<string, unknown>) => resolveSpec(parseSpec(sweepSpec(extra)), FIXTURES);

async function inputError(extra: Record<string, unknown>): Promise<InputError> {
  try {
    await resolve(extra);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('expected an InputError');
}

describe('sweep expansion', () => {
  it('a range becomes one variant per value, named after it, the first the baseline', async () => {
    const spec = await resolve({ sweep: { hand: { from: 1, to: 4, step: 1 } } });
    expect(spec.variants.map((v) => v.name)).toEqual(['hand=1', 'hand=2', 'hand=3', 'hand=4']);
    expect(spec.variants.map((v) => v.options.hand)).toEqual([1, 2, 3, 4]);
    // the other options keep their defaults
    expect(spec.variants.every((v) => v.options.deck === 30 && v.options.annulOnTie === false)).toBe(true);
    expect(spec.baseline).toBe('hand=1');
    expect(spec.sweep?.axes).toEqual([{ option: 'hand', values: [1, 2, 3, 4] }]);
  });

  it('a grid over two options, the first varying slowest, after the hand-written variants', async () => {
    const spec = await resolve({
      variants: [{ name: 'rule', options: {} }],
      sweep: { hand: [2, 5], annulOnTie: [false, true] },
      baseline: 'hand=5,annulOnTie=false',
    });
    expect(spec.variants.map((v) => v.name)).toEqual([
      'rule',
      'hand=2,annulOnTie=false',
      'hand=2,annulOnTie=true',
      'hand=5,annulOnTie=false',
      'hand=5,annulOnTie=true',
    ]);
    expect(spec.variants[4].options).toMatchObject({ hand: 5, annulOnTie: true });
    expect(spec.baseline).toBe('hand=5,annulOnTie=false');
    expect(spec.sweep?.points.map((p) => p.name)).toEqual(spec.variants.slice(1).map((v) => v.name));
  });

  it('a fractional step keeps its last value and reads as written', async () => {
    const { sweepAxes } = await import('../../src/runner/sweep.js');
    const axes = sweepAxes({ p: { from: 0.1, to: 0.5, step: 0.1 } }, [{ name: 'p', type: 'number', default: 0.1, min: 0, max: 1, description: 'a probability' }]);
    expect(axes[0].values).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
  });

  const CASES: Array<[string, Record<string, unknown>, string, string[]]> = [
    ['sweep not an object', { sweep: [1, 2] }, 'sweep', ['expected an object of options', 'an array of 2']],
    ['empty sweep', { sweep: {} }, 'sweep', ['at least 1 option']],
    ['unknown option', { sweep: { hnad: [1, 2] } }, 'sweep.hnad', ['unknown option "hnad"', 'did you mean "hand"', 'valid options are: deck, hand, annulOnTie']],
    ['values neither list nor range', { sweep: { hand: 3 } }, 'sweep.hand', ['a list of values or a range', 'the integer 3']],
    ['empty list', { sweep: { hand: [] } }, 'sweep.hand', ['at least 1 value']],
    ['repeated value', { sweep: { hand: [2, 3, 2] } }, 'sweep.hand[2]', ['each value once', 'the integer 2']],
    ['value out of the option range', { sweep: { hand: [2, 50] } }, 'sweep.hand[1]', ['from 1 to 10', 'found 50']],
    ['range value out of the option range', { sweep: { hand: { from: 8, to: 12, step: 2 } } }, 'sweep.hand[2]', ['from 1 to 10', 'found 12']],
    ['range without step', { sweep: { hand: { from: 1, to: 3 } } }, 'sweep.hand.step', ['expected a number', 'missing']],
    ['range with zero step', { sweep: { hand: { from: 1, to: 3, step: 0 } } }, 'sweep.hand.step', ['above 0', 'the integer 0']],
    ['range backwards', { sweep: { hand: { from: 5, to: 3, step: 1 } } }, 'sweep.hand.to', ['at least from (5)', 'the integer 3']],
    ['misspelt range field', { sweep: { hand: { from: 1, too: 3, step: 1 } } }, 'sweep.hand.too', ['unknown field "too"', 'from, to, step']],
    ['options the game rejects together', { sweep: { deck: [8, 30] } }, 'sweep.deck', ['at least hand × players = 9', "in the sweep's variant deck=8"]],
    ['a name clash with a hand-written variant', { variants: [{ name: 'hand=2' }], sweep: { hand: [1, 2] } }, 'sweep', ['"hand=2" is already the name of variants[0]']],
    ['baseline not among the generated names', { sweep: { hand: [1, 2] }, baseline: 'hand=3' }, 'baseline', ['hand=1, hand=2', 'the string "hand=3"']],
  ];

  it.each(CASES)('refuses %s', async (_case, extra, field, fragments) => {
    const e = await inputError(extra);
    expect(e.field).toBe(field);
    expect(e.message.startsWith(`${field}: `)).toBe(true);
    for (const f of fragments) expect(e.message).toContain(f);
  });

  it('refuses a grid over the variant limit by name, before building it', async () => {
    const room = await inputError({ variants: [{ name: 'a' }, { name: 'b' }], sweep: { deck: { from: 30, to: 79, step: 1 }, hand: { from: 1, to: 10, step: 1 }, annulOnTie: [false, true] } });
    expect(room.field).toBe('sweep');
    expect(room.message).toContain(`the grid has 1000 variants (50 deck x 10 hand x 2 annulOnTie); the limit is ${MAX_VARIANTS} variants in one tournament, 998 besides the hand-written ones`);
    const big = await inputError({ sweep: { deck: Array.from({ length: 60 }, (_, i) => 31 + i), hand: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], annulOnTie: [false, true] } });
    expect(big.field).toBe('sweep');
    expect(big.message).toContain(`the grid has 1200 variants (60 deck x 10 hand x 2 annulOnTie); the limit is ${MAX_VARIANTS} variants`);
  });
});
