import type { MetricInfo } from '../engine/game.js';
import { fixed } from './intervals.js';

/**
 * The verdict's words and numbers: quantities in the game's own words (its metricInfo, or a readable
 * form of the column name) and figures rounded to what their intervals can tell.
 */

/** Who plays and the game's words: all a quantity's name depends on. */
export interface Words {
  lineup: readonly string[];
  metricInfo?: readonly MetricInfo[];
}

export interface Named {
  /** The noun phrase: "greedy's win share", "Dado cards played per match". */
  name: string;
  /** Shown as a percentage, its changes in points. */
  rate: boolean;
  /** A unit said after the figures ("score points" for the margins, which are in the game's points). */
  unit?: string;
}

/** The margins' unit: the game's own points, named so that they are not read as percentage points. */
export const SCORE_POINTS = 'score points';

export function readable(code: string): string {
  return code.replace(/_/g, ' ');
}

/** A metric in the game's own words, or a readable form of its column name (never a claim about what it counts over). */
export function metricName(column: string, info?: readonly MetricInfo[]): Named {
  const m = info?.find((x) => x.name === column);
  if (!m) return { name: readable(column), rate: false };
  if (m.kind === 'rate') return { name: m.label, rate: true };
  // A share ("share of decisions with …") is already a figure per match: "per match" would repeat it.
  const share = m.label.startsWith('share of ');
  const per = share || m.label.includes(`per ${m.per}`) ? '' : m.per === 'match' ? ' per match' : ` per ${m.per}`;
  return { name: `${m.label}${per}`, rate: false };
}

export function quantityName(q: string, v: Words): Named {
  const [kind, rest] = q.includes(':') ? [q.slice(0, q.indexOf(':')), q.slice(q.indexOf(':') + 1)] : [q, ''];
  switch (kind) {
    case 'win_share':
      return { name: `${seatsOf(rest, v) > 1 ? `each ${rest} seat's` : `${rest}'s`} win share`, rate: true };
    case 'seat_win_share':
      return { name: `the win share of position ${Number(rest) + 1} in turn order`, rate: true };
    case 'margin':
      return { name: `${seatsOf(rest, v) > 1 ? `each ${rest} seat's` : `${rest}'s`} margin over the best other seat`, rate: false, unit: SCORE_POINTS };
    case 'winner_margin':
      return { name: "the winner's margin over the runner-up", rate: false, unit: SCORE_POINTS };
    case 'first_player_advantage':
      return { name: 'the first-player advantage', rate: true };
    case 'turns_mean':
      return { name: 'game length (turns)', rate: false };
    case 'decisions_mean':
      return { name: 'bot decisions per match', rate: false };
    case 'annulled_rate':
      return { name: 'annulled matches', rate: true };
    case 'fault_rate':
      return { name: 'matches a bot forfeited', rate: true };
    case 'end_reason':
      return { name: `matches ended by ${readable(rest)}`, rate: true };
    case 'metric':
      return metricName(rest, v.metricInfo);
    default:
      return { name: readable(q), rate: false };
  }
}

/** A compare.csv quantity in words, for the report's charts: "greedy's win share", "turns per round". */
export function quantityLabel(q: string, words: Words): string {
  return quantityName(q, words).name.replace(/^the /, '');
}

export function seatsOf(bot: string, v: Words): number {
  return v.lineup.filter((n) => n === bot).length;
}

/** Every seat is the same bot: per-bot shares say nothing, the seats' balance is the question. */
export function oneBotLineup(lineup: readonly string[]): boolean {
  return new Set(lineup).size === 1;
}

/** Decimals that show a figure of this precision with about two significant digits. */
export function decimalsFor(width: number): number {
  if (!(width > 0) || !Number.isFinite(width)) return 2;
  return Math.min(4, Math.max(0, 1 - Math.floor(Math.log10(width))));
}

export function signed(v: number, d: number): string {
  const t = fixed(v, d);
  return v > 0 && Number(t) !== 0 ? `+${t}` : t === `-${fixed(0, d)}` ? fixed(0, d) : t;
}

/** A level: "33.8%" or "26.14". */
export function level(v: number, rate: boolean, d: number): string {
  return rate ? `${fixed(100 * v, Math.max(1, d))}%` : fixed(v, d);
}


