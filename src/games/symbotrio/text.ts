import type { TableView, TableZone, GameView } from '../../engine/game.js';
import { endWords, phaseWords } from '../../engine/words.js';
import { symbotrioWords } from './words.js';
import { type SymbotrioConfig, cardCode, cardName, configOf, stickerCode } from './config.js';
import type { SymbotrioObservation } from './observation.js';
import { Act, END_REASONS, PHASE_NAMES, Phase, type SymbotrioState } from './state.js';

/** `F5` flips the square at position 5, `S` stops, `T2` robs seat 2. */
export function actionCode(a: number): string {
  if (a === Act.STOP) return 'S';
  if (a >= Act.TARGET) return `T${a - Act.TARGET}`;
  return `F${a}`;
}

export function actionText(s: SymbotrioState, a: number): string {
  if (a === Act.STOP) return `stops after ${s.nFlipped} square(s)`;
  if (a >= Act.TARGET) return `robs seat ${a - Act.TARGET} with the cheater card`;
  const rows = s.shape === 0 ? s.cfg.rows : s.cfg.cols;
  const cols = s.shape === 0 ? s.cfg.cols : s.cfg.rows;
  const where = s.cfg.ring ? `ring square ${a}` : `row ${Math.floor(a / cols) + 1} of ${rows}, column ${(a % cols) + 1}`;
  return `flips the square at position ${a} (${where})`;
}

function keypadText(cfg: SymbotrioConfig, cells: string[], rows: number, cols: number): string[] {
  const lines: string[] = [];
  if (cfg.ring) {
    const grid = ringGrid(cfg, cells);
    for (let r = 0; r < cfg.rows; r++) lines.push('  ' + grid.slice(r * cfg.cols, (r + 1) * cfg.cols).map((c) => (c ?? '').padEnd(4)).join(' '));
    return lines;
  }
  for (let r = 0; r < rows; r++) lines.push('  ' + cells.slice(r * cols, (r + 1) * cols).map((c) => c.padEnd(4)).join(' '));
  return lines;
}

/** The whole table, every square shown (for `tavolo play`). */
export function describe(s: SymbotrioState): string {
  const cfg = s.cfg;
  const rows = s.shape === 0 ? cfg.rows : cfg.cols;
  const cols = s.shape === 0 ? cfg.cols : cfg.rows;
  const lines: string[] = [];
  lines.push(
    `turn ${s.turns}, deck ${s.deckLen}, rotations ${s.rotations}` +
      (s.phase === Phase.OVER ? `, the match is over: ${endWords(symbotrioWords, END_REASONS[s.endReason])}` : `, seat ${s.cur} to ${phaseWords(symbotrioWords, PHASE_NAMES[s.phase])}`),
  );
  const cells: string[] = [];
  for (let i = 0; i < cfg.squares; i++) cells.push(stickerCode(cfg, s.at[i]) + (s.seen[i] >= 0 ? '*' : ''));
  lines.push('keypad (* = seen by everyone):', ...keypadText(cfg, cells, rows, cols));
  for (let p = 0; p < s.n; p++) {
    const front = s.front[p] >= 0 ? cardName(cfg, s.front[p]) : '(none)';
    lines.push(`  seat ${p}: in front ${front}; won ${s.pileLen[p]}${s.skip[p] ? ' [prison next turn]' : ''}`);
  }
  if (s.stolen >= 0) lines.push(`  cheater: seat ${s.cur} tries ${cardName(cfg, s.stolen)} taken from seat ${s.victim}`);
  return lines.join('\n');
}

function ringGrid(cfg: SymbotrioConfig, cells: string[]): (string | null)[] {
  const grid = new Array<string | null>(cfg.rows * cfg.cols).fill(null);
  for (let i = 0; i < cfg.squares; i++) grid[cfg.ringCells[2 * i] * cfg.cols + cfg.ringCells[2 * i + 1]] = cells[i];
  return grid;
}

interface ViewParts {
  cfg: SymbotrioConfig;
  n: number;
  rows: number;
  cols: number;
  /** Label of each position. */
  cells: string[];
  /** Positions face up now (flipped in this attempt). */
  flipped: number[];
  front: number[];
  piles: number[][];
  deckSize: number;
  header: string[];
}

function view(v: ViewParts): TableView {
  const { cfg } = v;
  const marks: (string | null)[] = v.cells.map(() => null);
  for (const pos of v.flipped) marks[pos] = 'flipped';
  const keypad: TableZone = cfg.ring
    ? { kind: 'grid', id: 'keypad', label: 'keypad', owner: -1, rows: cfg.rows, cols: cfg.cols, cells: ringGrid(cfg, v.cells), marks: ringGrid(cfg, marks as string[]) }
    : { kind: 'grid', id: 'keypad', label: 'keypad', owner: -1, rows: v.rows, cols: v.cols, cells: v.cells, marks };
  const zones: TableZone[] = [keypad, { kind: 'count', id: 'deck', label: 'deck', owner: -1, value: v.deckSize }];
  for (let p = 0; p < v.n; p++) {
    zones.push({ kind: 'cards', id: `front-${p}`, label: `seat ${p}: card in front`, owner: p, cards: v.front[p] >= 0 ? [cardCode(cfg, v.front[p])] : [] });
    zones.push({ kind: 'count', id: `won-${p}`, label: `seat ${p}: cards won`, owner: p, value: v.piles[p].length });
  }
  return { header: v.header, zones };
}

/** The whole table, every square labelled (the viewer's full view). */
export function tableView(s: SymbotrioState): TableView {
  const cfg = s.cfg;
  const cells: string[] = [];
  for (let i = 0; i < cfg.squares; i++) cells.push(stickerCode(cfg, s.at[i]));
  const piles: number[][] = [];
  for (let p = 0; p < s.n; p++) piles.push(Array.from(s.pile.subarray(p * cfg.cards, p * cfg.cards + s.pileLen[p])));
  return view({
    cfg,
    n: s.n,
    rows: s.shape === 0 ? cfg.rows : cfg.cols,
    cols: s.shape === 0 ? cfg.cols : cfg.rows,
    cells,
    flipped: Array.from(s.flipped.subarray(0, s.nFlipped)),
    front: Array.from(s.front),
    piles,
    deckSize: s.deckLen,
    header: headerOf(cfg, PHASE_NAMES[s.phase], s.cur, s.turns, s.rotations, s.stolen, s.victim),
  });
}

/** The table as `player` sees it: squares never flipped are '?', the others labelled with what was seen. */
export function observedView(obs: SymbotrioObservation, _player: number): TableView {
  const cfg = configOf(obs.options);
  return view({
    cfg,
    n: obs.players,
    rows: obs.rows,
    cols: obs.cols,
    cells: obs.known.map((x) => (x >= 0 ? stickerCode(cfg, x) : '?')),
    flipped: obs.flipped,
    front: obs.front,
    piles: obs.piles,
    deckSize: obs.deckSize,
    header: headerOf(cfg, obs.phase, obs.current, obs.turns, obs.rotations, obs.stolen, obs.victim),
  });
}

function headerOf(cfg: SymbotrioConfig, phase: string, cur: number, turns: number, rotations: number, stolen: number, victim: number): string[] {
  const h = [`turn ${turns}, board turned ${rotations} time(s)`, phase === 'over' ? 'the match is over' : `seat ${cur} to ${phase === 'flip' ? 'flip' : 'choose a victim'}`];
  if (stolen >= 0) h.push(`cheater: trying ${cardName(cfg, stolen)} taken from seat ${victim}`);
  return h;
}

/** The view facet: the table, each seat's view of it, and the actions in words. */
export const symbotrioView: GameView<SymbotrioState, SymbotrioObservation> = { describe, tableView, observedView, actionText, words: symbotrioWords };
