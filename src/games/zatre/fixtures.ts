import { RED, VALUES, parseCell } from './board.js';
import { zatreConfig } from './config.js';
import { assignSheets, rebuildDerived } from './rules.js';
import { Phase, ZatreState } from './state.js';

/**
 * An explicit position, for tests, puzzles and `tavolo play` set-ups. Tiles on the board are written
 * as value and cell (`6H8 5I8 5I9`), hands as values (`5 4`).
 */
export interface ZatrePosition {
  players: number;
  options?: Record<string, unknown>;
  /** Tiles on the board. With none, the position is the opening (the first tile goes on the red square). */
  board?: string;
  /** Tiles in each seat's hand (drawn this turn or kept face down). */
  hands: string[];
  /** Seat to play (default 0). */
  cur?: number;
  /** The turn is played from held tiles without a draw (a tile must go down before stopping). */
  mustPlace?: boolean;
  /** The bag holds only these tiles (default: every tile not on the board or in a hand). */
  bag?: string;
}

export function parseTiles(text: string): number[] {
  const out: number[] = [];
  for (const t of text.split(/\s+/).filter((x) => x !== '')) {
    const v = Number(t);
    if (!Number.isInteger(v) || v < 1 || v > 6) throw new Error(`position: "${t}" is not a tile value 1..6`);
    out.push(v);
  }
  return out;
}

/** Builds the position as a complete state; the tiles not placed or held lie in the bag. */
export function positionState(pos: ZatrePosition): ZatreState {
  const cfg = zatreConfig(pos.options);
  const s = new ZatreState(cfg, pos.players);
  assignSheets(s);
  const left = cfg.composition.slice();
  const take = (v: number, where: string) => {
    if (left[v] <= 0) throw new Error(`position: no tile ${v} left for ${where}`);
    left[v]--;
  };
  for (const t of (pos.board ?? '').split(/\s+/).filter((x) => x !== '')) {
    const m = /^([1-6])([A-Oa-o]\d{1,2})$/.exec(t);
    const c = m ? parseCell(m[2]) : -1;
    if (!m || c < 0 || cfg.kinds[c] === 0) throw new Error(`position: "${t}" is not a tile on a board cell (such as 6H8)`);
    if (s.board[c] !== 0) throw new Error(`position: two tiles on ${m[2]}`);
    take(Number(m[1]), 'the board');
    s.board[c] = Number(m[1]);
  }
  for (let p = 0; p < pos.players; p++) {
    for (const v of parseTiles(pos.hands[p] ?? '')) {
      take(v, `seat ${p}`);
      s.hands[p * VALUES + v]++;
      s.handLen[p]++;
    }
  }
  if (pos.bag !== undefined) {
    for (const v of parseTiles(pos.bag)) {
      if (left[v] <= 0) throw new Error(`position: no tile ${v} left for the bag`);
      s.bag[v]++;
      s.bagLen++;
    }
  } else {
    for (let v = 1; v <= 6; v++) {
      s.bag[v] = left[v];
      s.bagLen += left[v];
    }
  }
  rebuildDerived(s);
  s.cur = pos.cur ?? 0;
  s.firstPlayer = s.cur;
  const empty = s.board[RED] === 0;
  s.phase = empty ? Phase.OPENING_FIRST : Phase.TURN;
  s.opening = empty ? 1 : 0;
  s.mustPlace = pos.mustPlace ? 1 : 0;
  s.drew = s.handLen[s.cur];
  return s;
}
