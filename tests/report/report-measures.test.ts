// report.html's section of the match measures (src/report/report-measures.ts), from constructed verdict
// inputs: shown only when the run has measure columns, one row per measure in the columns' order.
import { describe, expect, it } from 'vitest';
import type { Figure, VerdictInput, VerdictRow } from '../../src/analysis/verdict.js';
import { MEASURE_TABLE } from '../../src/engine/measures.js';
import { measuresSection } from '../../src/report/report-measures.js';

function row(quantity: string, ref: number, value: number, se: number, pHolm: number): VerdictRow {
  const difference = value - ref;
  return { variant: 'fewer', reference: 'base', quantity, referenceValue: ref, value, difference, low: difference - 1.96 * se, high: difference + 1.96 * se, p: pHolm / 5, pHolm, se };
}

const fig = (quantity: string, value: number, half: number): Figure => ({ quantity, value, low: value - half, high: value + half });

function input(rows: VerdictRow[], figures: [string, Figure[]][], extra: Partial<VerdictInput> = {}): VerdictInput {
  return {
    players: 4,
    lineup: ['greedy', 'random', 'random', 'random'],
    metricInfo: [...MEASURE_TABLE],
    variants: ['base', 'fewer'],
    reference: 'base',
    matches: new Map([['base', 1000], ['fewer', 1000]]),
    figures: new Map(figures),
    rows,
    paired: true,
    ...extra,
  };
}

/** The section's table as rows of cell texts. */
function cells(html: string): string[][] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1].replace(/&#39;/g, "'")));
}

describe('the match measures section of report.html', () => {
  it('is absent when the run has no measure columns, or the verdict could not be built', () => {
    const plain = input([row('metric:played_dado', 1.4, 1.2, 0.01, 1e-9), row('turns_mean', 26, 27, 0.1, 1e-9)], [['base', [fig('metric:played_dado', 1.4, 0.02)]]]);
    expect(measuresSection(plain)).toBe('');
    expect(measuresSection(new Error('no files'))).toBe('');
  });

  it("places the variants' means side by side, then the paired difference, its Holm p and its verdict, in the columns' order", () => {
    const v = input(
      [row('metric:decided_at', 0.776, 0.78, 0.0013, 0.72), row('metric:leader_changes', 6.16, 6.4, 0.011, 1e-60), row('metric:played_dado', 1.4, 1.2, 0.01, 1e-9)],
      [
        ['base', [fig('metric:decided_at', 0.776, 0.002), fig('metric:leader_changes', 6.16, 0.025), fig('metric:played_dado', 1.4, 0.02)]],
        ['fewer', [fig('metric:decided_at', 0.78, 0.002), fig('metric:leader_changes', 6.4, 0.026)]],
      ],
    );
    const html = measuresSection(v);
    expect(html).toContain('<section id="match-measures"');
    expect(html).toContain('paired difference (match i of both variants, played from the same seed)');
    const [head, lead, decided, ...rest] = cells(html);
    expect(rest).toEqual([]);
    expect(head).toEqual(['Measure', 'base: mean (95% CI)', 'fewer: mean (95% CI)', 'fewer − base: difference (95% CI)', 'fewer: Holm p', 'fewer: verdict']);
    expect(lead).toEqual(['lead changes per match', '6.160 (6.135 to 6.185)', '6.400 (6.374 to 6.426)', '+0.240 (+0.218 to +0.262)', '1e-60', 'changed']);
    expect(decided[0]).toBe('share of the match played before the winner led for good');
    expect(decided.slice(3)).toEqual(['+0.0040 (+0.0015 to +0.0065)', '0.72', 'no detectable change']);
  });

  it('of a single variant: its means alone', () => {
    const v = input([], [['base', [fig('metric:branching_mean', 3.82, 0.0033)]]], { variants: ['base'], reference: undefined });
    const [head, branching] = cells(measuresSection(v));
    expect(head).toEqual(['Measure', 'base: mean (95% CI)']);
    expect(branching).toEqual(['legal options per decision', '3.8200 (3.8167 to 3.8233)']);
  });
});
