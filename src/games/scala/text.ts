import type { TableView, TableZone, GameView } from '../../engine/game.js';
import { endWords } from '../../engine/words.js';
import { scalaWords } from './words.js';
import { squareName } from './board.js';
import { observe, type ScalaObservation } from './observation.js';
import { Act, COLOUR_NAMES, END_REASONS, Piece, type ScalaState, pieceCode } from './state.js';

/** Context-free action code: the number then the square (`3C4`: a 3 on column C, row 4), `-` to pass. */
export function actionCode(a: number): string {
  if (a === Act.PASS) return '-';
  if (a < 0 || a > Act.PASS) return `?${a}`;
  const f = a >> 2;
  return `${(a & 3) + 1}${String.fromCharCode(65 + (f % Act.FRAME))}${((f / Act.FRAME) | 0) + 1}`;
}

/** Parses an action code back to the action (inverse of actionCode). */
export function parseActionCode(code: string): number {
  const c = code.trim().toUpperCase();
  if (c === '-') return Act.PASS;
  const m = /^([1-4])([A-J])(10|[1-9])$/.exec(c);
  if (!m) throw new Error(`unknown Scala action code "${code}" (expected a number 1-4 and a square such as 3C4, or - to pass)`);
  const col = m[2].charCodeAt(0) - 65;
  const row = Number(m[3]) - 1;
  return ((row * Act.FRAME + col) << 2) + Number(m[1]) - 1;
}

export function actionText(s: ScalaState, a: number): string {
  const who = `seat ${s.cur}`;
  if (a === Act.PASS) return `${who} cannot place any piece and passes`;
  const q = s.squareOf(a);
  const v = (a & 3) + 1;
  const where = squareName(q, s.cfg.size);
  const h = s.height[q];
  return h > 0 ? `${who} stacks a ${v} on ${where} (over a ${s.top[q]}, stack of ${h + 1})` : `${who} places a ${v} on ${where}`;
}

/** A square's label: the top piece, and the stack height when more than one (`G3/2`: a green 3 on one other piece). */
function cellLabel(obs: ScalaObservation, start: number, h: number): string {
  if (h === 0) return '';
  const code = pieceCode(obs.pieces[start + h - 1]);
  return h > 1 ? `${code}/${h}` : code;
}

function cellLabels(obs: ScalaObservation): string[] {
  const cells: string[] = [];
  let i = 0;
  for (const h of obs.heights) {
    cells.push(cellLabel(obs, i, h));
    i += h;
  }
  return cells;
}

function piecesOf(obs: ScalaObservation, p: number): number {
  let t = 0;
  for (let k = 0; k < Piece.KINDS; k++) t += obs.supply[p * Piece.KINDS + k];
  return t;
}

/** The table drawn from an observation (the whole state: every seat sees everything). */
export function viewOf(obs: ScalaObservation): TableView {
  const size = Math.round(Math.sqrt(obs.heights.length));
  const header = [`Scala · turn ${obs.turns}`];
  if (obs.over) header.push(`the match is over: ${endWords(scalaWords, obs.endReason)}`);
  else header.push(`seat ${obs.current} (${COLOUR_NAMES[obs.current]}) to play${obs.extraTurns > 0 ? ` · ${obs.extraTurns} extra turn(s) to come` : ''}`);
  const zones: TableZone[] = [{ kind: 'grid', id: 'board', label: 'board', owner: -1, rows: size, cols: size, cells: cellLabels(obs) }];
  for (let p = 0; p < obs.players; p++) {
    const status = obs.out[p] > 0 ? ' (out)' : '';
    zones.push({ kind: 'count', id: `pieces-${p}`, label: `seat ${p} ${COLOUR_NAMES[p]} pieces${status}`, owner: p, value: piecesOf(obs, p) });
  }
  return { header, zones };
}

export function tableView(s: ScalaState): TableView {
  return viewOf(observe(s, 0));
}

export function observedView(obs: ScalaObservation, _player: number): TableView {
  return viewOf(obs);
}

/** Pieces a player holds, by number and colour (`1:G8 2:G7B1 ...`). */
function heldText(s: ScalaState, p: number): string {
  const parts: string[] = [];
  for (let v = 1; v <= 4; v++) {
    let part = `${v}:`;
    for (let c = 0; c < 4; c++) {
      const k = s.supply[p * Piece.KINDS + (c << 2) + v - 1];
      if (k > 0) part += `${pieceCode((c << 2) + v - 1)[0]}${k}`;
    }
    parts.push(part);
  }
  return parts.join(' ');
}

export function describe(s: ScalaState): string {
  const size = s.cfg.size;
  const obs = observe(s, 0);
  const cells = cellLabels(obs);
  const lines: string[] = [`Scala · turn ${s.turns}${s.extra > 0 ? ` · ${s.extra} extra turn(s) to come` : ''}`];
  let head = '    ';
  for (let c = 0; c < size; c++) head += String.fromCharCode(65 + c).padEnd(6);
  lines.push(head);
  for (let r = 0; r < size; r++) {
    let row = String(r + 1).padStart(2) + '  ';
    for (let c = 0; c < size; c++) row += (cells[r * size + c] || '.').padEnd(6);
    lines.push(row.trimEnd());
  }
  lines.push('seat | colour  | pieces | by number');
  for (let p = 0; p < s.n; p++) {
    const mark = p === s.cur ? '>' : ' ';
    const state = s.out[p] > 0 ? ` (out, ${s.out[p]}.)` : '';
    lines.push(`${mark}${String(p).padStart(3)} | ${COLOUR_NAMES[p].padEnd(7)} | ${String(s.total[p]).padStart(6)} | ${heldText(s, p)}${state}`);
  }
  if (s.over) lines.push(`Match over: ${endWords(scalaWords, END_REASONS[s.endReason])}.`);
  else lines.push(`Seat ${s.cur} to play.`);
  return lines.join('\n');
}

/** The view facet: the table, each seat's view of it, and the actions in words. */
export const scalaView: GameView<ScalaState, ScalaObservation> = { describe, tableView, observedView, actionText, words: scalaWords };
