import { Col, ROWS, Stat, type ZatreState } from './state.js';
import { rowBonus } from './config.js';
import { Kind } from './board.js';

/** matches.csv columns of a Zatre match (sums over every sheet or seat, unless said). */
export const ZATRE_METRICS = [
  'points_10',
  'points_11',
  'points_12',
  'bonus_points',
  'doubling_points',
  'crosses',
  'minus_points',
  'held_tiles',
  'hold_turns',
  'no_draw_turns',
  'blocked_turns',
  'exception_lights',
  'tiles_placed',
  'board_fill',
  'turns',
  'bag_left',
  'winning_total',
] as const;

/** Writes the metric values in ZATRE_METRICS order. */
export function metrics(s: ZatreState, out: number[]): void {
  const cfg = s.cfg;
  let p10 = 0;
  let p11 = 0;
  let p12 = 0;
  let bonus = 0;
  let doubling = 0;
  let best = -Infinity;
  for (let sh = 0; sh < s.sheets; sh++) {
    const base = sh * 4 * ROWS;
    const rows = Math.max(s.colLen[sh * 4], s.colLen[sh * 4 + 1], s.colLen[sh * 4 + 2], s.colLen[sh * 4 + 3]);
    for (let r = 0; r < rows; r++) {
      const a = s.sheet[base + Col.C10 * ROWS + r];
      const b = s.sheet[base + Col.C11 * ROWS + r];
      const c = s.sheet[base + Col.C12 * ROWS + r];
      const bo = a > 0 && b > 0 && c > 0 ? rowBonus(cfg, r) : 0;
      p10 += a;
      p11 += b;
      p12 += c;
      bonus += bo;
      if (s.sheet[base + Col.X2 * ROWS + r] > 0) doubling += a + b + c + bo;
    }
    const t = s.finalTotal(sh);
    if (t > best) best = t;
  }
  let held = 0;
  let minus = 0;
  for (let p = 0; p < s.n; p++) {
    held += s.handLen[p];
    minus += s.handValue(p);
  }
  let cells = 0;
  for (let c = 0; c < cfg.kinds.length; c++) if (cfg.kinds[c] !== Kind.NONE) cells++;
  const st = s.stats;
  out[0] = p10;
  out[1] = p11;
  out[2] = p12;
  out[3] = bonus;
  out[4] = doubling;
  out[5] = st[Stat.CROSSES];
  out[6] = minus;
  out[7] = held;
  out[8] = st[Stat.HOLD_TURNS];
  out[9] = st[Stat.NO_DRAW_TURNS];
  out[10] = st[Stat.BLOCKED_TURNS];
  out[11] = st[Stat.EXCEPTION_LIGHTS];
  out[12] = st[Stat.PLACED];
  out[13] = st[Stat.PLACED] / cells;
  out[14] = st[Stat.TURNS];
  out[15] = s.bagLen;
  out[16] = best;
}
