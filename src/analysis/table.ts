/** Left-aligned first column, right-aligned numbers. */
export function formatTable(header: string[], rows: string[][], indent = '  '): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    indent + cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
