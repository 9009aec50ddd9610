import type { GameEvent, Options } from '../../engine/game.js';
import type { Rng } from '../../engine/rng.js';
import { ranksByScore, seatsRankedFirst } from '../../engine/ranking.js';
import { squareName } from './board.js';
import { configOf } from './config.js';
import {
  Act,
  COLOUR_NAMES,
  NEXT,
  END_REASONS,
  EndReason,
  Piece,
  ScalaState,
  Stat,
  pieceCode,
  pieceColour,
  pieceKind,
  pieceNumber,
} from './state.js';

/*
 * The rules of Scala. Section names refer to the Italian rulebook (shared/rules/scala.txt);
 * docs/rules/scala.md maps each rule to the functions here.
 */

const ALL_NUMBERS = 0b1111;

/** Squares whose top changed in a capture: checked for lines the capture uncovered. */
const changed = new Uint8Array(100);
/** Windows found complete, waiting to be taken. */
const found = new Uint16Array(256);

// ---------------------------------------------------------------------------------------------------
// PREPARAZIONE

/**
 * A new match: every player holds 8 pieces of each number in their colour (seat p plays colour p: the
 * choice of colours changes nothing in play); the first player is drawn, as the highest black piece.
 */
export function setupMatch(opts: Options, players: number, rng: Rng, reuse?: ScalaState, events?: GameEvent[]): ScalaState {
  const cfg = configOf(opts);
  const s = reuse instanceof ScalaState && reuse.cfg === cfg && reuse.n === players ? reuse : new ScalaState(cfg, players);
  s.reset();
  s.firstPlayer = cfg.firstPlayer < 0 ? rng.int(players) : cfg.firstPlayer;
  s.cur = s.firstPlayer;
  if (events) {
    for (let p = 0; p < players; p++) {
      events.push({
        kind: 'deal',
        seat: p,
        text: `seat ${p} plays ${COLOUR_NAMES[p]} with ${cfg.start} pieces (${cfg.perNumber} each of 1, 2, 3, 4)`,
        data: { colour: COLOUR_NAMES[p], pieces: cfg.start },
      });
    }
    events.push({
      kind: 'first_player',
      seat: s.firstPlayer,
      text: `seat ${s.firstPlayer} drew the highest black piece and plays first`,
    });
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------
// SVOLGIMENTO DEL GIOCO: where a number may go

/**
 * The numbers (bits 1 << (number - 1)) that may be placed on square q.
 * - An empty square with no piece "vicina" takes any number ("in un punto qualsiasi").
 * - An empty square next to pieces takes a number one above or below at least one of their tops
 *   (picture 1, and "per almeno una di esse" for a square between several pieces).
 * - An occupied square may be stacked on when the number is one above or below at least one
 *   neighbouring top ("sovrapporre ... ad almeno uno di quelli delle pedine vicine", picture 3).
 */
export function allowedNumbers(s: ScalaState, q: number): number {
  const cfg = s.cfg;
  const any = s.nearAny[q] !== 0;
  if (s.height[q] === 0) return cfg.emptyAnywhere || !any ? ALL_NUMBERS : s.nearMask[q];
  if (!cfg.stacking || !any) return 0;
  return cfg.coveredCounts ? s.nearMask[q] | NEXT[s.top[q]] : s.nearMask[q];
}

/** The numbers the current player holds, as bits. */
function heldNumbers(s: ScalaState, p: number): number {
  const h = s.held;
  const b = p * 4;
  return (h[b] !== 0 ? 1 : 0) | (h[b + 1] !== 0 ? 2 : 0) | (h[b + 2] !== 0 ? 4 : 0) | (h[b + 3] !== 0 ? 8 : 0);
}

/**
 * Legal placements of the current player, or the single PASS when there is none ("non può rinunciare
 * al suo turno di gioco a meno che non abbia alcuna possibilità di posizionare").
 */
export function legalActions(s: ScalaState, out: Int32Array): number {
  if (s.over) return 0;
  const mine = heldNumbers(s, s.cur);
  const size = s.cfg.size;
  let k = 0;
  let q = 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++, q++) {
      const m = allowedNumbers(s, q) & mine;
      if (m === 0) continue;
      const base = (r * Act.FRAME + c) << 2;
      if (m & 1) out[k++] = base;
      if (m & 2) out[k++] = base + 1;
      if (m & 4) out[k++] = base + 2;
      if (m & 8) out[k++] = base + 3;
    }
  }
  if (k === 0) out[k++] = Act.PASS;
  return k;
}

/** Whether the action is legal now (for play input and tests; the hot loop trusts its legal list). */
export function isLegal(s: ScalaState, a: number): boolean {
  const buf = new Int32Array(s.cfg.cells * 4 + 1);
  const k = legalActions(s, buf);
  for (let i = 0; i < k; i++) if (buf[i] === a) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Playing a turn

export function applyAction(s: ScalaState, a: number, _rng: Rng, events?: GameEvent[]): void {
  if (s.over) throw new Error('scala: the match is over');
  const p = s.cur;
  s.turns++;
  if (a === Act.PASS) {
    s.stats[Stat.PASSES]++;
    s.passes++;
    // Nothing changes, so any extra turn would be passed too.
    s.extra = 0;
    if (events) events.push({ kind: 'pass', seat: p, text: `seat ${p} cannot place any piece and passes` });
    endTurn(s, events);
    return;
  }
  s.passes = 0;
  const q = s.squareOf(a);
  const v = (a & 3) + 1;
  const kind = takeFromSupply(s, p, v);
  const h = s.height[q];
  s.stack[q * s.depth + h] = kind;
  s.height[q] = h + 1;
  s.setTop(q, v);
  if (h > 0) s.stats[Stat.STACKED]++;
  if (events) {
    const where = squareName(q, s.cfg.size);
    events.push({
      kind: 'place',
      seat: p,
      text: h > 0 ? `seat ${p} stacks ${pieceCode(kind)} on ${where} (stack of ${h + 1})` : `seat ${p} places ${pieceCode(kind)} on ${where}`,
      data: { square: where, number: v, colour: COLOUR_NAMES[pieceColour(kind)], height: h + 1 },
    });
  }
  const lines = takeLines(s, q, p, events);
  if (lines > 0) {
    const cfg = s.cfg;
    const more = cfg.extraTurn === 1 ? 1 : cfg.extraTurn === 2 ? lines : 0;
    s.extra += more;
    if (events && more > 0) {
      events.push({ kind: 'extra_turn', seat: p, text: `seat ${p} plays again`, data: { extraTurns: s.extra } });
    }
  }
  // "Nel momento in cui un giocatore rimane senza pedine": judged once the placement's captures are in.
  if (s.total[p] === 0) eliminate(s, p, events);
  endTurn(s, events);
}

/**
 * Takes a piece of number v from p's pieces: one of p's own colour when p has one (the colour of a
 * piece changes nothing in play unless captured pieces go back to their owners), else the first colour held.
 */
function takeFromSupply(s: ScalaState, p: number, v: number): number {
  const base = p * Piece.KINDS;
  let kind = pieceKind(p, v);
  if (s.supply[base + kind] === 0) {
    kind = v - 1;
    while (s.supply[base + kind] === 0) kind += 4;
  }
  s.supply[base + kind]--;
  s.held[p * 4 + v - 1]--;
  s.total[p]--;
  return kind;
}

function giveToSupply(s: ScalaState, p: number, kind: number): void {
  s.supply[p * Piece.KINDS + kind]++;
  s.held[p * 4 + pieceNumber(kind) - 1]++;
  s.total[p]++;
}

/** Whether window w reads 1-2-3-4 or 4-3-2-1 on its top pieces ("è la pedina che si trova più in alto"). */
export function windowComplete(s: ScalaState, w: number): boolean {
  const win = s.geo.win;
  const top = s.top;
  const b = w * 4;
  const a0 = top[win[b]];
  if (a0 === 1) return top[win[b + 1]] === 2 && top[win[b + 2]] === 3 && top[win[b + 3]] === 4;
  if (a0 === 4) return top[win[b + 1]] === 3 && top[win[b + 2]] === 2 && top[win[b + 3]] === 1;
  return false;
}

/** Adds the complete windows through q not yet found; returns the new count. */
function findLines(s: ScalaState, q: number, count: number): number {
  const g = s.geo;
  const end = g.cellWinStart[q + 1];
  for (let i = g.cellWinStart[q]; i < end; i++) {
    const w = g.cellWin[i];
    if (!windowComplete(s, w)) continue;
    let dup = false;
    for (let j = 0; j < count; j++) if (found[j] === w) dup = true;
    if (!dup) found[count++] = w;
  }
  return count;
}

/**
 * The lines the placement on q completed, across or down (or diagonally when allowed), all taken at
 * once by p (two directions share the placed piece, taken once); then, with `cascade`, the lines that
 * the pieces uncovered complete, round after round. Returns the lines taken.
 */
function takeLines(s: ScalaState, q: number, p: number, events?: GameEvent[]): number {
  let count = findLines(s, q, 0);
  if (count === 0) return 0;
  let lines = 0;
  let round = 0;
  while (count > 0) {
    lines += count;
    if (round === 0 && count > 1) s.stats[Stat.DOUBLE_LINES]++;
    if (round > 0) s.stats[Stat.UNCOVERED_LINES] += count;
    const touched = removeLines(s, count, p, round, events);
    if (!s.cfg.cascade) break;
    count = 0;
    for (let i = 0; i < touched; i++) if (s.top[changed[i]] !== 0) count = findLines(s, changed[i], count);
    round++;
  }
  s.stats[Stat.LINES] += lines;
  s.stats[Stat.SEAT_LINES_0 + p] += lines;
  return lines;
}

/** Takes the pieces of the `count` found windows (each square once); returns how many squares changed, listed in `changed`. */
function removeLines(s: ScalaState, count: number, p: number, round: number, events?: GameEvent[]): number {
  const win = s.geo.win;
  let touched = 0;
  for (let j = 0; j < count; j++) {
    for (let i = 0; i < 4; i++) {
      const q = win[found[j] * 4 + i];
      let dup = false;
      for (let k = 0; k < touched; k++) if (changed[k] === q) dup = true;
      if (!dup) changed[touched++] = q;
    }
  }
  const taken: string[] | undefined = events ? [] : undefined;
  const before = events ? Array.from(s.total) : undefined;
  const depth = s.depth;
  for (let k = 0; k < touched; k++) {
    const q = changed[k];
    const h = s.height[q];
    const keep = s.cfg.captureStack ? 0 : h - 1;
    for (let i = h - 1; i >= keep; i--) {
      const kind = s.stack[q * depth + i];
      s.stack[q * depth + i] = 0;
      taken?.push(pieceCode(kind));
      giveToSupply(s, receiverOf(s, p, kind), kind);
      s.stats[Stat.PIECES_CAPTURED]++;
    }
    s.height[q] = keep;
    s.setTop(q, keep > 0 ? pieceNumber(s.stack[q * depth + keep - 1]) : 0);
  }
  if (events && taken && before) {
    const size = s.cfg.size;
    const lines: string[] = [];
    for (let j = 0; j < count; j++) {
      const sq = [0, 1, 2, 3].map((i) => squareName(win[found[j] * 4 + i], size));
      lines.push(`${sq[0]}-${sq[3]}`);
    }
    const gained = Array.from(s.total, (t, i) => t - before[i]);
    const to = s.cfg.toOwners ? 'go back to their owners' : `join seat ${p}'s pieces`;
    events.push({
      kind: 'capture',
      seat: p,
      text: `seat ${p} ${round > 0 ? 'also takes the uncovered' : 'takes the'} line${count > 1 ? 's' : ''} ${lines.join(' and ')}: ${taken.join(' ')} ${to}`,
      data: { lines, pieces: taken, gained, uncovered: round > 0 },
    });
  }
  return touched;
}

/** Who receives a captured piece: the capturer, or (capturedTo owners) the seat of its colour while still playing. */
function receiverOf(s: ScalaState, p: number, kind: number): number {
  if (!s.cfg.toOwners) return p;
  const owner = pieceColour(kind);
  return owner < s.n && s.out[owner] === 0 ? owner : p;
}

/** CONCLUSIONE: a player left without pieces is out for good. */
function eliminate(s: ScalaState, p: number, events?: GameEvent[]): void {
  s.out[p] = ++s.eliminated;
  s.stats[Stat.ELIMINATIONS]++;
  s.extra = 0;
  if (events) events.push({ kind: 'eliminate', seat: p, text: `seat ${p} has no pieces left and is out` });
}

export function activePlayers(s: ScalaState): number {
  let k = 0;
  for (let p = 0; p < s.n; p++) if (s.out[p] === 0) k++;
  return k;
}

/**
 * After a turn: the match ends with one player left, at the turn cap, or when every remaining player
 * passed in a row (nobody can ever place again); else the same player plays an extra turn, or the next
 * remaining player clockwise plays.
 */
function endTurn(s: ScalaState, events?: GameEvent[]): void {
  const active = activePlayers(s);
  if (active <= 1) return finish(s, EndReason.LAST_PLAYER, events);
  if (s.passes >= active) return finish(s, EndReason.BLOCKED, events);
  if (s.turns >= s.cfg.turnCap) return finish(s, EndReason.TURN_CAP, events);
  if (s.extra > 0 && s.out[s.cur] === 0) {
    s.extra--;
    s.stats[Stat.EXTRA_TURNS]++;
    return;
  }
  s.extra = 0;
  let q = s.cur;
  do q = q + 1 === s.n ? 0 : q + 1;
  while (s.out[q] !== 0);
  s.cur = q;
}

function finish(s: ScalaState, reason: number, events?: GameEvent[]): void {
  s.over = true;
  s.endReason = reason;
  s.extra = 0;
  s.cur = -1;
  if (events) {
    const winners = seatsRankedFirst(ranksOf(s));
    const why =
      reason === EndReason.LAST_PLAYER
        ? 'one player is left'
        : reason === EndReason.TURN_CAP
          ? `the turn cap (${s.cfg.turnCap} turns) is reached: the most pieces wins`
          : 'nobody can place a piece any more: the most pieces wins';
    if (reason === EndReason.TURN_CAP) events.push({ kind: 'cap', seat: -1, text: `turn ${s.turns}: ${why}` });
    events.push({
      kind: 'match_end',
      seat: -1,
      text: `match over (${why}); winner${winners.length > 1 ? 's' : ''}: seat ${winners.join(', seat ')}`,
      data: { reason: END_REASONS[reason], winners, pieces: Array.from(s.total) },
    });
  }
}

/**
 * Ranks: players still in come first, by pieces held (most first; ties share); eliminated players follow,
 * the later eliminated first.
 */
export function ranksOf(s: ScalaState): number[] {
  const n = s.n;
  const key = new Array<number>(n);
  for (let p = 0; p < n; p++) key[p] = s.out[p] === 0 ? 1_000_000 + s.total[p] : s.out[p];
  return ranksByScore(key, 'higher');
}
