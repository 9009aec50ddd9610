import type { MetricInfo } from './game.js';

/**
 * A game's metric columns declared once: one table gives each column its name (the matches.csv header),
 * its words (MetricInfo: label, unit, per, kind) and, through `metricSlots`, the slot `metrics` writes it
 * into. A value is written as `out[M.tiles_placed] = …`, never as `out[12] = …`, so a column cannot be
 * filled under another's name, and a name cannot lose its words: both come from the same entry.
 */
export type MetricTable = readonly MetricInfo[];

/** Slot of each column by its name: `M.lines` is where `metrics` writes the `lines` column. */
export type MetricSlots<T extends MetricTable> = { readonly [E in T[number] as E['name']]: number };

const SNAKE = /^[a-z][a-z0-9_]*$/;

/** Throws when the table cannot be a game's columns: a name repeated, not snake_case, or a word missing. */
export function checkMetricTable(game: string, table: MetricTable): void {
  const seen = new Set<string>();
  for (const m of table) {
    if (!SNAKE.test(m.name)) throw new Error(`${game}: metric name '${m.name}' is not snake_case`);
    if (seen.has(m.name)) throw new Error(`${game}: metric '${m.name}' is declared twice`);
    seen.add(m.name);
    if (m.label.trim() === '') throw new Error(`${game}: metric '${m.name}' has no label`);
    if (m.per.trim() === '') throw new Error(`${game}: metric '${m.name}' does not say what it is counted over`);
  }
}

/** The slots of a checked table, by name. Frozen: a slot is a fact of the layout, not a setting. */
export function metricSlots<const T extends MetricTable>(game: string, table: T): MetricSlots<T> {
  checkMetricTable(game, table);
  // Built in one go (Object.fromEntries), not key by key: V8 then keeps the object in fast mode, so a
  // slot read in `metrics` is a constant load rather than a dictionary lookup (a few % of a Stramat match).
  return Object.freeze(Object.fromEntries(table.map((m, i) => [m.name, i]))) as MetricSlots<T>;
}

/** The column names, in slot order: what `Game.metricNames` holds. */
export function metricNamesOf(table: MetricTable): readonly string[] {
  return Object.freeze(table.map((m) => m.name));
}
