import type { Estimate } from './estimate.js';
import type { SweepAxisOf } from './sweep-analysis.js';
import type { SweepTrend } from './sweep-trend.js';

/**
 * sweep.csv read back into the figures the terminal printed its trend from, so that report.html says the
 * same sentences (sweep-words.ts) and draws the same numbers from the folder's files alone. The file's
 * figures carry ten significant digits: more than any sentence or chart shows.
 */

type Row = Record<string, string>;

export interface SweepFromCsv {
  axis: SweepAxisOf;
  trends: SweepTrend[];
  /** Holm-adjusted p of each trend's slope (`slope_p_holm`), in the order of `trends`. */
  holmP: number[];
}

const num = (s: string | undefined) => (s === undefined || s === '' ? NaN : Number(s));

function estimate(value: string | undefined, low: string | undefined, high: string | undefined, p: string | undefined, n: number, test: string): Estimate {
  return { estimate: num(value), low: num(low), high: num(high), p: num(p), se: NaN, df: NaN, sd: NaN, test, n };
}

/** The rows of sweep.csv as trends; undefined when there are none or they do not form one sweep. */
export function sweepFromCsv(rows: readonly Row[]): SweepFromCsv | undefined {
  if (rows.length === 0) return undefined;
  const option = rows[0].option;
  if (rows.some((r) => r.option !== option)) return undefined;
  const byQuantity = new Map<string, Row[]>();
  for (const r of rows) byQuantity.set(r.quantity, [...(byQuantity.get(r.quantity) ?? []), r]);
  const first = [...byQuantity.values()][0];
  const xs = first.map((r) => num(r.value));
  const variants = first.map((r) => r.variant);
  const trends: SweepTrend[] = [];
  const holmP: number[] = [];
  for (const [quantity, qRows] of byQuantity) {
    // Every quantity is given at the same values, in the same order.
    if (qRows.length !== xs.length || qRows.some((r, k) => r.variant !== variants[k])) return undefined;
    const n = num(qRows[0].matches);
    trends.push({
      quantity,
      points: qRows.map((r, k) => ({
        x: xs[k],
        estimate: estimate(r.estimate, r.ci_low95, r.ci_high95, undefined, num(r.matches), 'mean-t'),
        ...(k > 0 ? { step: estimate(r.step_difference, r.step_ci_low95, r.step_ci_high95, r.step_p, num(r.matches), 'paired-t') } : {}),
      })),
      slope: estimate(qRows[0].slope, qRows[0].slope_ci_low95, qRows[0].slope_ci_high95, qRows[0].slope_p, n, 'paired-slope-t'),
    });
    holmP.push(num(qRows[0].slope_p_holm));
  }
  return { axis: { option, xs, variants }, trends, holmP };
}
