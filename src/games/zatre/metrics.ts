import type { GameMeasuresDefinition } from '../../engine/game-check.js';
import type { MetricInfo } from '../../engine/game.js';
import { standings } from './standings.js';
import { lostTurns } from './forced-turns.js';
import { metricNamesOf, metricSlots } from '../../engine/metrics.js';
import { Col, ROWS, Stat, type ZatreState } from './state.js';
import { rowBonus } from './config.js';
import { Kind } from './board.js';

/** matches.csv columns of a Zatre match (sums over every sheet or seat, unless said), in the game's words. */
export const ZATRE_METRIC_TABLE = [
  { name: 'points_10', label: 'points written in the 10 column', unit: 'point', per: 'match', kind: 'count' },
  { name: 'points_11', label: 'points written in the 11 column', unit: 'point', per: 'match', kind: 'count' },
  { name: 'points_12', label: 'points written in the 12 column', unit: 'point', per: 'match', kind: 'count' },
  { name: 'bonus_points', label: 'row bonus points earned', unit: 'point', per: 'match', kind: 'count' },
  { name: 'doubling_points', label: 'points added by the x2 crosses', unit: 'point', per: 'match', kind: 'count' },
  { name: 'crosses', label: 'crosses written in the x2 column', unit: 'cross', per: 'match', kind: 'count' },
  { name: 'minus_points', label: 'minus points for tiles held at the end', unit: 'point', per: 'match', kind: 'count' },
  { name: 'held_tiles', label: 'tiles held at the end', unit: 'tile', per: 'match', kind: 'count' },
  { name: 'hold_turns', label: 'turns that ended with tiles kept', unit: 'turn', per: 'match', kind: 'count' },
  { name: 'no_draw_turns', label: 'turns played from held tiles without drawing', unit: 'turn', per: 'match', kind: 'count' },
  { name: 'blocked_turns', label: 'turns in which nothing could be placed', unit: 'turn', per: 'match', kind: 'count' },
  { name: 'exception_lights', label: 'light squares taken under the exception', unit: 'tile', per: 'match', kind: 'count' },
  { name: 'tiles_placed', label: 'tiles placed', unit: 'tile', per: 'match', kind: 'count' },
  { name: 'board_fill', label: 'share of the board filled', unit: '', per: 'match', kind: 'mean' },
  { name: 'turns', label: 'turns played', unit: 'turn', per: 'match', kind: 'count' },
  { name: 'bag_left', label: 'tiles left in the bag', unit: 'tile', per: 'match', kind: 'count' },
  { name: 'winning_total', label: "the best sheet's total", unit: 'point', per: 'match', kind: 'count' },
] as const satisfies readonly MetricInfo[];

const M = metricSlots('zatre', ZATRE_METRIC_TABLE);
export const ZATRE_METRICS = metricNamesOf(ZATRE_METRIC_TABLE);

/** Writes every column of ZATRE_METRIC_TABLE into its named slot. */
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
  out[M.points_10] = p10;
  out[M.points_11] = p11;
  out[M.points_12] = p12;
  out[M.bonus_points] = bonus;
  out[M.doubling_points] = doubling;
  out[M.crosses] = st[Stat.CROSSES];
  out[M.minus_points] = minus;
  out[M.held_tiles] = held;
  out[M.hold_turns] = st[Stat.HOLD_TURNS];
  out[M.no_draw_turns] = st[Stat.NO_DRAW_TURNS];
  out[M.blocked_turns] = st[Stat.BLOCKED_TURNS];
  out[M.exception_lights] = st[Stat.EXCEPTION_LIGHTS];
  out[M.tiles_placed] = st[Stat.PLACED];
  out[M.board_fill] = st[Stat.PLACED] / cells;
  out[M.turns] = st[Stat.TURNS];
  out[M.bag_left] = s.bagLen;
  out[M.winning_total] = best;
}

/** The measures facet: the metric columns and their writer, each seat's standing, the turns no one chose. */
export const zatreMeasures: GameMeasuresDefinition<ZatreState> = { columns: ZATRE_METRIC_TABLE, write: metrics, standings, lostTurns };
