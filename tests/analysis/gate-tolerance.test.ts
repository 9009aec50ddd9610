import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../src/analysis/compare.js';
import { gate } from '../../src/analysis/gate.js';
import { inconclusiveText } from '../../src/cli/compare.js';
import { InputError } from '../../src/errors.js';

/** The gate's "inconclusive" when an estimate sits at its tolerance (issue 21: 1.502 against 1.5). */
const row = (difference: number, se: number): CompareRow =>
  ({ variant: 'v', reference: 'r', quantity: 'turns_mean', difference, se, df: Infinity, pairs: 2000, matches: 2000, refMatches: 2000 }) as CompareRow;

describe('gate: an estimate at its tolerance', () => {
  it('says the estimate sits at the tolerance instead of promising tens of millions of matches', () => {
    const g = gate([row(1.502, 0.05)], new Map([['turns_mean', 1.5]]));
    expect(g.verdict).toBe('inconclusive');
    expect(g.rows[0].atTolerance).toBe(true);
    expect(Number.isNaN(g.toSettle)).toBe(true);
    const text = inconclusiveText(g);
    expect(text).toMatch(/sits at the tolerance \(v turns_mean 1\.502 against ±1\.500/);
    expect(text).not.toMatch(/matches per variant would likely settle/);
  });

  it('an estimate clear of its tolerance still gets the matches that would likely settle it', () => {
    const g = gate([row(1.0, 0.4)], new Map([['turns_mean', 1.5]]));
    expect(g.rows[0].atTolerance).toBe(false);
    expect(g.toSettle).toBeGreaterThan(2000);
    expect(inconclusiveText(g)).toMatch(/^neither shown; about [\d,]+ matches per variant would likely settle it/);
  });
});

describe("gate: a tolerance in its quantity's unit", () => {
  const share = (quantity: string): CompareRow =>
    ({ variant: 'v', reference: 'r', quantity, difference: 0.001, se: 0.002, df: Infinity, pairs: 2000, matches: 2000, refMatches: 2000 }) as CompareRow;

  it('refuses a share tolerance written in points, with the fraction meant (win_share=2 would pass any change)', () => {
    const refused = (q: string, key: string, tol: number) => {
      try {
        gate([share(q)], new Map([[key, tol]]));
      } catch (err) {
        expect(err).toBeInstanceOf(InputError);
        return (err as InputError).message;
      }
      throw new Error('expected an InputError');
    };
    expect(refused('win_share:greedy', 'win_share', 2)).toBe(
      '--tolerance: win_share=2: a tolerance is in the quantity\'s own unit, for win_share a fraction of the matches (0.3 is 30%), so it must be below 1; found 2; did you mean 0.02 (2 points)?',
    );
    expect(refused('first_player_advantage', 'first_player_advantage', 1)).toMatch(/did you mean 0\.01 \(1 point\)\?$/);
    expect(refused('annulled_rate', 'annulled_rate', 5)).toMatch(/did you mean 0\.05 \(5 points\)\?$/);
  });

  it('takes the same share in its unit, and a count of any size', () => {
    expect(gate([share('win_share:greedy')], new Map([['win_share', 0.02]])).rows).toHaveLength(1);
    expect(gate([row(1.0, 0.4)], new Map([['turns_mean', 2]])).rows).toHaveLength(1);
  });
});
