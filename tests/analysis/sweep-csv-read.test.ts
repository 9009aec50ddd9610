import { describe, expect, it } from 'vitest';
import { sweepFromCsv } from '../../src/analysis/sweep-csv-read.js';
import { sweepText } from '../../src/analysis/sweep-words.js';
import { QUANTITIES, simulatedSweep, words } from '../helpers/sweep-fixtures.js';

/** sweep.csv read back, as report.html and the terminal's sentences read it. */

/** Ten significant digits, as sweep.csv writes them. */
function close(a: number, b: number): void {
  expect(Math.abs(a - b), `${a} against ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(Math.abs(b), 1e-12));
}

describe('sweep.csv read back', () => {
  it('gives the figures that were written, to ten digits, and the same sentences', () => {
    const s = simulatedSweep(80);
    const back = sweepFromCsv(s.rows)!;
    expect(back.axis).toEqual(s.axis);
    expect(back.trends.map((t) => t.quantity)).toEqual(QUANTITIES);
    back.trends.forEach((t, q) => {
      close(t.slope.estimate, s.trends[q].slope.estimate);
      close(t.slope.low, s.trends[q].slope.low);
      close(back.holmP[q], s.holmP[q]);
      t.points.forEach((p, k) => {
        close(p.estimate.estimate, s.trends[q].points[k].estimate.estimate);
        close(p.estimate.high, s.trends[q].points[k].estimate.high);
        if (k === 0) expect(p.step).toBeUndefined();
        else close(p.step!.estimate, s.trends[q].points[k].step!.estimate);
      });
    });
    expect(sweepText(back.axis, back.trends, back.holmP, words).answer).toContain('Each 1 more of handSize lengthens game length (turns) by about 5.0');
  });

  it('refuses rows that are not one sweep (two options, a value missing for one quantity)', () => {
    const { rows } = simulatedSweep(20);
    expect(sweepFromCsv([])).toBeUndefined();
    expect(sweepFromCsv(rows.map((r, i) => (i === 3 ? { ...r, option: 'deckSize' } : r)))).toBeUndefined();
    expect(sweepFromCsv(rows.filter((r, i) => !(r.quantity === 'turns_mean' && i % 5 === 2)))).toBeUndefined();
  });
});

