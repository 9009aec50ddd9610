import { fixed } from '../../analysis/intervals.js';
import type { MetaResult } from './analysis.js';
import { SUPPORT_EPSILON } from './solve.js';

/**
 * `tavolo meta`'s answer in sentences (the terminal's, and the top of meta.html): the mix first, then
 * which strategies are dominant, dominated or in a cycle, how stable the mix is under the bootstrap, and
 * the first player's advantage; then the matrix as a table.
 */

export interface MetaContext {
  names: readonly string[];
  title: string;
  players: number;
  matchesPerLineup: number;
  lineups: number;
}

/** In the mix's support: weight above the solvers' rounding (alpha-rank's weights are never exactly 0). */
const played = (x: number) => x > SUPPORT_EPSILON;
const pct = (x: number) => `${fixed(100 * x, 1)}%`;
const points = (x: number) => `${x >= 0 ? '+' : ''}${fixed(100 * x, 1)} points`;

/** "a, b and c". */
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function mixWords(r: MetaResult, c: MetaContext): string {
  const order = r.mix.map((x, i) => i).sort((a, b) => r.mix[b] - r.mix[a] || a - b);
  const parts = order.filter((i) => played(r.mix[i])).map((i) => `${c.names[i]} ${fixed(r.mix[i], 3)} (bootstrap 95%: ${fixed(r.mixLow[i], 3)} to ${fixed(r.mixHigh[i], 3)})`);
  const out = order.filter((i) => !played(r.mix[i])).map((i) => c.names[i]);
  const how =
    r.method === 'nash'
      ? 'The equilibrium mix (a Nash equilibrium of the symmetric constant-sum game of win shares)'
      : `The alpha-rank mix (the stationary distribution of the population's response graph, alpha ${r.alphaRank!.alpha}, population ${r.alphaRank!.populationSize})`;
  return `${how}: ${listed(parts)}${out.length > 0 ? `; ${r.method === 'nash' ? 'never played' : `weight below ${SUPPORT_EPSILON}`}: ${listed(out)}` : ''}.`;
}

function relationWords(r: MetaResult, c: MetaContext): string[] {
  const n = (i: number) => c.names[i];
  const fair = r.players === 2 ? 'one half' : `1/${r.players}`;
  const lines: string[] = [];
  lines.push(
    r.dominant.length > 0
      ? `${listed(r.dominant.map(n))} ${r.dominant.length > 1 ? 'are' : 'is'} dominant: ${r.players === 2 ? 'it beats every other strategy' : 'alone at a table of any other strategy it wins more than its share'} (each win share's 95% interval above ${fair}).`
      : `No strategy is dominant: none beats every other with its 95% interval above ${fair}.`,
  );
  lines.push(
    r.dominated.length > 0
      ? r.dominated.map((d) => `${n(d.strategy)} is dominated by ${n(d.by)}: ${n(d.by)} beats it, and does at least as well against every strategy.`).join(' ')
      : 'No strategy is dominated (beaten by another that does at least as well against every strategy).',
  );
  for (const cyc of r.cycles) {
    const steps = cyc.map((s, k) => `${n(s)} beats ${n(cyc[(k + 1) % cyc.length])}`);
    lines.push(`${listed(cyc.map(n))} are in a cycle: ${listed(steps)}.`);
  }
  return lines;
}

function stabilityWords(r: MetaResult, c: MetaContext): string {
  const kept = r.mix.map((x, i) => (played(x) ? r.inSupport[i] : 1 - r.inSupport[i]));
  const parts = c.names.map((name, i) => `${name} ${played(r.mix[i]) ? 'in' : 'out of'} it ${pct(kept[i])}`);
  return `Under ${r.resamples} bootstrap resamples of the deals (distinct plays drawn with replacement, seeded), each strategy keeps its place in the mix's support: ${listed(parts)}.`;
}

function balanceWords(r: MetaResult, c: MetaContext): string {
  const w = r.weighted;
  const spread = r.lineups.filter((l) => Number.isFinite(l.advantage));
  const least = Math.min(...spread.map((l) => l.advantage));
  const most = Math.max(...spread.map((l) => l.advantage));
  return (
    `First-player advantage over the mix (each seat filled from it; the matches someone won): ${points(w.advantage)} of win share above the fair ${pct(1 / c.players)} (95% interval ${points(w.low)} to ${points(w.high)}, the mix taken as fixed); ` +
    `per lineup from ${points(least)} to ${points(most)} (meta.csv).`
  );
}

/** The answer's sentences. */
export function metaWords(r: MetaResult, c: MetaContext): string[] {
  const lines = [
    `The meta-game of ${c.title}: ${c.names.length} strategies at ${c.players} players, ${c.lineups} lineups (every seating of every multiset of strategies) of ${c.matchesPerLineup} matches each, deal i of a multiset played in each of its seatings (${r.matches} matches${r.faulted > 0 ? `, ${r.faulted} more ended by a bot's fault and left out` : ''}).`,
    mixWords(r, c),
    ...relationWords(r, c),
    stabilityWords(r, c),
    balanceWords(r, c),
  ];
  lines.push(`A win share whose interval holds ${r.players === 2 ? 'one half' : 'the fair share'} is called neither a win nor a loss: such a pair was not told apart, and may differ by less than the interval's width.`);
  return lines;
}

/** The matrix as a text table: the row's win share against the column, in percent, with its interval. */
export function matrixTable(r: MetaResult, names: readonly string[]): string {
  const head = ['row \\ column', ...names];
  const rows = r.matrix.map((row, i) => [names[i], ...row.map((cell, j) => (i === j ? '-' : `${fixed(100 * cell.winShare, 1)} [${fixed(100 * cell.low, 1)}, ${fixed(100 * cell.high, 1)}]`))]);
  const widths = head.map((h, k) => Math.max(h.length, ...rows.map((row) => row[k].length)));
  const line = (cells: readonly string[]) => cells.map((x, k) => (k === 0 ? x.padEnd(widths[k]) : x.padStart(widths[k]))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}
