// The runs `tavolo importance` plans (src/studies/importance/plan.ts): each card count one up and one down
// within the game's bounds and checks (a refused step named with its reason), and the restricted-play
// lineups, in which only the focal entry changes.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { stramat } from '../../../src/games/stramat/index.js';
import { stop } from '../../../src/games/stop/index.js';
import { countSteps, restrictedBotFor, restrictedSpec, sensitivitySpec, type ImportanceBase } from '../../../src/studies/importance/plan.js';

describe('count steps', () => {
  it('Stramat: each of the ten counts up and down, the Stramat card refused above its maximum of 1', () => {
    const { steps, refused } = countSteps(stramat, 2, resolveOptions(stramat.options, {}));
    expect(steps).toHaveLength(19);
    expect(steps.slice(0, 2).map((s) => [s.variant, s.card, s.step, s.from, s.to])).toEqual([
      ['oneCount=15', '1', 1, 14, 15],
      ['oneCount=13', '1', -1, 14, 13],
    ]);
    expect(steps.find((s) => s.variant === 'dadoCount=5')!.options.dadoCount).toBe(5);
    expect(refused).toEqual([{ field: 'stramatCount', card: 'Stramat', step: 1, why: expect.stringMatching(/expected an integer from 0 to 1, found 2/) as unknown }]);
  });

  it('Stop: an element of `copies` at a time (per colour), and the jollies', () => {
    const base = resolveOptions(stop.options, {});
    const { steps } = countSteps(stop, 4, base);
    const swap = steps.filter((s) => s.field === 'copies[10]');
    expect(swap.map((s) => s.card)).toEqual(['swap per colour', 'swap per colour']);
    const up = swap[0].options.copies as number[];
    expect(up[10]).toBe((base.copies as number[])[10] + 1);
    expect(up.filter((v, i) => v !== (base.copies as number[])[i])).toHaveLength(1);
    expect(steps.filter((s) => s.field === 'jollies').map((s) => s.variant)).toEqual(['jollies=9', 'jollies=7']);
  });

  it('a count at its lower bound is refused one down, by the bound, with the reason', () => {
    const { refused } = countSteps(stramat, 2, resolveOptions(stramat.options, { jollyCount: 0 }));
    expect(refused.map((r) => [r.field, r.step])).toContainEqual(['jollyCount', -1]);
  });
});

describe('the specs of the runs', () => {
  const base: ImportanceBase = {
    gameRef: 'stramat',
    game: stramat,
    players: 3,
    matches: 10,
    seed: 's',
    options: resolveOptions(stramat.options, {}),
    bots: [
      { name: 'greedy-focal', bot: 'greedy', params: { epsilon: 0.1 } },
      { name: 'greedy', bot: 'greedy' },
      { name: 'greedy', bot: 'greedy' },
    ],
    focus: 0,
    focusName: 'greedy-focal',
    name: 'x',
    restrictedBot: 'restricted-greedy',
  };

  it('restricted play changes the focal entry only, under the same name, keeping its parameters', () => {
    const spec = restrictedSpec(base, 'alt');
    expect(spec.bots[0]).toEqual({ name: 'greedy-focal', bot: 'restricted-greedy', params: { epsilon: 0.1, without: 'alt' } });
    expect(spec.bots.slice(1)).toEqual(base.bots.slice(1));
    expect(restrictedSpec(base, null).bots).toEqual(base.bots);
    expect([spec.seed, spec.matches]).toEqual([base.seed, base.matches]);
  });

  it('a focal bot that takes `without` itself plays the unrestricted run with none', () => {
    const own = { ...base, bots: [{ name: 'mine', bot: '/abs/mine.mjs', params: { without: 'colpo' } }, ...base.bots.slice(1)], restrictedBot: '/abs/mine.mjs' };
    expect(restrictedSpec(own, null).bots[0].params).toEqual({ without: '' });
    expect(restrictedSpec(own, 'alt').bots[0]).toMatchObject({ bot: '/abs/mine.mjs', params: { without: 'alt' } });
    expect(restrictedBotFor('/abs/mine.mjs', [{ name: 'without' }], ['greedy'])).toBe('/abs/mine.mjs');
    expect(restrictedBotFor('/abs/other.mjs', [], ['greedy', 'restricted-greedy'])).toBeUndefined();
    expect(restrictedBotFor('greedy', [], ['greedy', 'restricted-greedy'])).toBe('restricted-greedy');
  });

  it('sensitivity is one tournament: the base variant first, then each step', () => {
    const { steps } = countSteps(stramat, 3, base.options);
    const spec = sensitivitySpec(base, steps);
    expect(spec.variants!.map((v) => v.name).slice(0, 3)).toEqual(['base', 'oneCount=15', 'oneCount=13']);
    expect(spec.variants).toHaveLength(20);
  });
});
