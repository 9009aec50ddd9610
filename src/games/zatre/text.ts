import type { TableView, TableZone, GameView } from '../../engine/game.js';
import { endWords } from '../../engine/words.js';
import { zatreWords } from './words.js';
import { Kind, SIZE, VALUES, cellName, parseCell } from './board.js';
import { configOf } from './config.js';
import { type SheetView, type ZatreObservation, observe, paddedOf } from './observation.js';
import { END, Phase, type ZatreState, actionCell, actionValue, placeAction } from './state.js';

/** Context-free action code: `5H8` (a 5 on column H, row 8) or `end` (stop, keeping the tiles left). */
export function actionCode(a: number): string {
  if (a === END) return 'end';
  return `${actionValue(a)}${cellName(actionCell(a))}`;
}

/** Parses an action code back to the action (inverse of actionCode). */
export function parseActionCode(code: string): number {
  const t = code.trim();
  if (t.toLowerCase() === 'end') return END;
  const m = /^([1-6])([A-Oa-o]\d{1,2})$/.exec(t);
  const cell = m ? parseCell(m[2]) : -1;
  if (!m || cell < 0) throw new Error(`unknown Zatre action code "${code}" (expected a value and a cell such as 5H8, or "end")`);
  return placeAction(Number(m[1]), cell);
}

export function actionText(s: ZatreState, a: number): string {
  const who = `seat ${s.cur}`;
  if (a === END) {
    return s.handLen[s.cur] > 0 ? `${who} ends the turn, keeping ${s.handLen[s.cur]} tile(s) face down` : `${who} ends the turn`;
  }
  const c = actionCell(a);
  const kind = s.cfg.kinds[c];
  const where = kind === Kind.RED ? ' (the red square)' : kind === Kind.LIGHT ? ' (a light square)' : '';
  return `${who} places ${actionValue(a)} on ${cellName(c)}${where}`;
}

function sheetLines(sheet: SheetView, label: string): string[] {
  const rows = Math.max(sheet.x2.length, sheet.c10.length, sheet.c11.length, sheet.c12.length);
  const lines = [`${label}: total ${sheet.total}`];
  const box = (col: number[], r: number) => (r < col.length ? String(col[r]) : '.').padStart(3);
  for (let r = 0; r < rows; r++) {
    lines.push(`  ${String(r + 1).padStart(2)} | ${r < sheet.x2.length ? ' x' : ' .'} |${box(sheet.c10, r)}${box(sheet.c11, r)}${box(sheet.c12, r)}`);
  }
  return lines;
}

function tilesText(counts: ArrayLike<number>): string {
  const parts: number[] = [];
  for (let v = 1; v <= 6; v++) for (let k = counts[v]; k > 0; k--) parts.push(v);
  return parts.join(' ');
}

/** The board as text: digits for tiles, `+` empty light squares, `*` the empty red square, `.` empty dark. */
function boardLines(board: ArrayLike<number>, kinds: Uint8Array): string[] {
  const lines = ['    A B C D E F G H I J K L M N O'];
  for (let r = 1; r <= 15; r++) {
    let line = `${String(r).padStart(2)}  `;
    for (let col = 1; col <= 15; col++) {
      const f = (r - 1) * 15 + col - 1;
      const k = kinds[paddedOf(f)];
      const v = board[f];
      line += (k === Kind.NONE ? ' ' : v > 0 ? String(v) : k === Kind.LIGHT ? '+' : k === Kind.RED ? '*' : '.') + ' ';
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

export function describe(s: ZatreState): string {
  const obs = observe(s, Math.max(0, s.cur));
  const lines = [
    `Zatre · bag ${s.bagLen} · ${s.phase === Phase.OVER ? 'match over' : `seat ${s.cur} to play${s.opening ? ' (opening)' : ''}`}`,
    ...boardLines(obs.board, s.cfg.kinds),
  ];
  for (let p = 0; p < s.n; p++) {
    lines.push(`seat ${p}${s.cfg.pairs ? ` (sheet ${s.sheetOf[p]})` : ''}: tiles ${tilesText(s.hands.subarray(p * VALUES, (p + 1) * VALUES)) || '-'}`);
  }
  for (let sh = 0; sh < s.sheets; sh++) lines.push(...sheetLines(obs.sheets[sh], `sheet ${sh}`));
  return lines.join('\n');
}

function viewOf(obs: ZatreObservation, full: ZatreState | null): TableView {
  const cfg = configOf(obs.options);
  const cells: (string | null)[] = [];
  const marks: (string | null)[] = [];
  for (let f = 0; f < 225; f++) {
    const k = cfg.kinds[paddedOf(f)];
    cells.push(k === Kind.NONE ? null : obs.board[f] > 0 ? String(obs.board[f]) : '');
    marks.push(k === Kind.LIGHT ? 'double' : k === Kind.RED ? 'start' : null);
  }
  const zones: TableZone[] = [{ kind: 'grid', id: 'board', label: 'board', owner: -1, rows: 15, cols: 15, cells, marks }];
  zones.push({ kind: 'count', id: 'bag', label: 'tiles in the bag', owner: -1, value: obs.bag });
  for (let p = 0; p < obs.players; p++) {
    const seen = full ? Array.from(full.hands.subarray(p * VALUES, (p + 1) * VALUES)) : obs.hands[p];
    const size = obs.handSizes[p];
    const cards = seen ? tilesText(seen).split(' ').filter((x) => x !== '') : [];
    zones.push({ kind: 'cards', id: `rack-${p}`, label: `seat ${p}`, owner: p, cards, ...(seen ? {} : { hidden: size }) });
  }
  const header = [
    obs.over ? `the match is over: ${endWords(zatreWords, obs.endReason)}` : `seat ${obs.current} to play${obs.opening ? ' (opening: one tile on the red square)' : ''}`,
  ];
  for (let sh = 0; sh < obs.sheets.length; sh++) {
    const seats = obs.sheetOf.map((x, p) => (x === sh ? p : -1)).filter((p) => p >= 0);
    const sheet = obs.sheets[sh];
    header.push(
      `sheet ${sh} (seat${seats.length > 1 ? 's' : ''} ${seats.join(', ')}): ${sheet.total} points · x2 ${sheet.x2.length} · 10s ${sheet.c10.join(' ') || '-'} · 11s ${sheet.c11.join(' ') || '-'} · 12s ${sheet.c12.join(' ') || '-'}`,
    );
  }
  return { header, zones };
}

/** The whole table, every tile shown. */
export function tableView(s: ZatreState): TableView {
  return viewOf(observe(s, Math.max(0, s.cur)), s);
}

/** The table as `player` sees it (from the observation only). */
export function observedView(obs: ZatreObservation, _player: number): TableView {
  return viewOf(obs, null);
}

export { SIZE };

/** The view facet: the table, each seat's view of it, and the actions in words. */
export const zatreView: GameView<ZatreState, ZatreObservation> = { describe, tableView, observedView, actionText, words: zatreWords };
