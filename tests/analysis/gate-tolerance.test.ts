import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../src/analysis/compare.js';
import { gate } from '../../src/analysis/gate.js';
import { inconclusiveText } from '../../src/cli/compare.js';

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
