// The persona's rules (src/engine/prefer-rules.ts): every mistake is named by its field with what was found and
// what was expected, unknown names answered with the nearest one; through a spec, exit 2 before anything runs.
import { describe, expect, it } from 'vitest';
import type { RuleList } from '../../src/engine/game.js';
import { compileRules, holds, ruleText } from '../../src/engine/prefer-rules.js';
import { resolveOptions } from '../../src/engine/options.js';
import { persona } from '../../bots/persona.js';
import { stramat } from '../../src/games/stramat/index.js';
import { symbotrio } from '../../src/games/symbotrio/index.js';

const compile = (rules: unknown) => () => compileRules(rules as RuleList, stramat);

describe('persona rules, checked against the game', () => {
  it('compiles conditions (one or a list) and kinds, in order', () => {
    const rules = compileRules([{ when: 'hand_size <= 2', prefer: 'alt' }, { when: ['deck_size>10', 'opponents == 1'], prefer: 'colpo' }], stramat);
    const names = (stramat.features ?? []).map((f) => f.name);
    expect(rules).toEqual([
      { conditions: [{ feature: names.indexOf('hand_size'), op: '<=', value: 2 }], kind: 'alt' },
      {
        conditions: [
          { feature: names.indexOf('deck_size'), op: '>', value: 10 },
          { feature: names.indexOf('opponents'), op: '==', value: 1 },
        ],
        kind: 'colpo',
      },
    ]);
  });

  it('answers an unknown feature or kind with did-you-mean and the valid names', () => {
    expect(compile([{ when: 'hand_sise <= 2', prefer: 'alt' }])).toThrow(/^rules\[0\]\.when: "hand_sise" is not a feature of stramat \(did you mean "hand_size"\?\); its features are: hand_size, /);
    expect(compile([{ when: 'hand_size <= 2', prefer: 'colp' }])).toThrow(/^rules\[0\]\.prefer: "colp" is not an action kind of stramat \(did you mean "colpo"\?\); its kinds are: dado, colpo/);
    expect(compile([{ when: ['deck_size > 1', 'hand_size <= 2'], prefer: 'alt' }, { when: 'decksize > 1', prefer: 'alt' }])).toThrow(/^rules\[1\]\.when: "decksize".*did you mean "deck_size"/);
  });

  it('names a bad operator, a bad number and a malformed condition by field', () => {
    expect(compile([{ when: 'hand_size => 2', prefer: 'alt' }])).toThrow(/^rules\[0\]\.when: operator "=>" in "hand_size => 2": expected one of < <= > >= == !=/);
    expect(compile([{ when: ['deck_size > 0', 'hand_size <= two'], prefer: 'alt' }])).toThrow(/^rules\[0\]\.when\[1\]: "two" in "hand_size <= two" is not a number/);
    expect(compile([{ when: 'hand_size', prefer: 'alt' }])).toThrow(/^rules\[0\]\.when: expected "<feature> <op> <number>".*found "hand_size"/);
  });

  it('names a rule of the wrong shape: not a list, a missing or misspelt member, an empty list of conditions', () => {
    expect(compile('alt')).toThrow(/^rules: expected a list of rules/);
    expect(compile([{ when: 'hand_size < 2', prefers: 'alt' }])).toThrow(/^rules\[0\]\.prefers: not a member of a rule \(did you mean "prefer"\?\)/);
    expect(compile([{ when: 'hand_size < 2' }])).toThrow(/^rules\[0\]\.prefer: expected an action kind's name, found undefined/);
    expect(compile([{ when: [], prefer: 'alt' }])).toThrow(/^rules\[0\]\.when: expected "<feature> <op> <number>" or a non-empty list/);
  });

  it('the shape is checked when the parameter is read, the names when the bot meets the game', () => {
    expect(() => resolveOptions(persona.params, { rules: [{ when: 3, prefer: 'alt' }] }, 'bot parameter')).toThrow(/^rules\[0\]\.when: expected/);
    const params = resolveOptions(persona.params, { rules: [{ when: 'lead > 0', prefer: 'stop' }] }, 'bot parameter');
    expect(() => persona.checkParams!(params, symbotrio, 2)).not.toThrow();
    expect(() => persona.checkParams!(params, stramat, 2)).toThrow(/"lead" is not a feature of stramat/);
  });

  it('compares as written, and reads back as a sentence', () => {
    expect([holds(2, '<=', 2), holds(2, '<', 2), holds(3, '>', 2), holds(2, '>=', 3), holds(1, '==', 1), holds(1, '!=', 1)]).toEqual([true, false, true, false, true, false]);
    expect(ruleText({ when: ['deck_size > 0', 'hand_size <= 2'], prefer: 'alt' })).toBe('when deck_size > 0 and hand_size <= 2 prefer alt');
  });
});
