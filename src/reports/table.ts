import { DECIMALS, type VariantStats } from './aggregate.js';
import { fixed } from './stats.js';

/** Left-aligned first column, right-aligned numbers. */
export function formatTable(header: string[], rows: string[][], indent = '  '): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    indent + cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

const pct = (v: number) => (Number.isFinite(v) ? `${fixed(100 * v, 1)}%` : '-');

/** The end-of-run summary for the terminal: per variant, the bots and the positions from the first player. */
export function summaryText(stats: readonly VariantStats[]): string {
  const out: string[] = [];
  for (const v of stats) {
    out.push(`Variant ${v.variant} (${v.matches} matches)`);
    out.push(
      formatTable(
        ['bot', 'seats', 'wins', 'win rate', '95% interval', 'mean score', 'mean turns', 'annulled', 'faults'],
        v.botRows().map((r) => [
          r.bot,
          String(r.matches),
          fixed(r.wins, 1),
          pct(r.winRate),
          `${pct(r.low)} - ${pct(r.high)}`,
          fixed(r.meanScore, DECIMALS.score - 1),
          fixed(r.meanTurns, 1),
          String(r.annulled),
          String(r.faults),
        ]),
      ),
    );
    out.push('');
    out.push(
      formatTable(
        ['position from first player', 'wins', 'win rate', '95% interval', 'mean score'],
        v.positionRows().map((r) => [
          r.position === 0 ? '1st (first player)' : `${r.position + 1}${['st', 'nd', 'rd'][r.position] ?? 'th'}`,
          fixed(r.wins, 1),
          pct(r.winRate),
          `${pct(r.low)} - ${pct(r.high)}`,
          fixed(r.meanScore, DECIMALS.score - 1),
        ]),
      ),
    );
    out.push('');
  }
  return out.join('\n');
}

/** One sentence on seat rotation, for the terminal and the README. */
export function rotationNote(matches: number, players: number): string {
  const base = `Seat rotation: in match i, seat s is played by lineup entry (s + i) mod ${players}`;
  if (matches % players === 0) {
    return `${base}; ${matches} is a multiple of ${players}, so every lineup entry sat in every seat ${matches / players} times.`;
  }
  return `${base}; ${matches} is not a multiple of ${players}, so seats are balanced only up to one match per entry (use a multiple of ${players} for exact balance).`;
}
