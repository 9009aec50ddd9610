import { DECIMALS, type VariantStats } from './aggregate.js';
import { fixed } from '../analysis/intervals.js';
import { formatTable } from '../analysis/table.js';

const pct = (v: number) => (Number.isFinite(v) ? `${fixed(100 * v, 1)}%` : '-');

/** What the table needs to know about the game: its name and which scores are better. */
export interface ScoreReading {
  game: string;
  betterScore?: 'lower' | 'higher';
}

/** `2000 matches, 636 annulled (31.8%), 3 ended by a fault`. */
function variantLine(v: VariantStats): string {
  const faulted = v.faultedMatches;
  return (
    `Variant ${v.variant}: ${v.matches} matches, ${v.annulledMatches} annulled (${pct(v.annulledMatches / v.matches)})` +
    (faulted > 0 ? `, ${faulted} of them because a bot faulted` : '') +
    playsText(v)
  );
}

/** When plays repeat: how many are distinct, and that the intervals count Kish's effective plays (summary.csv's plays, effective_plays). */
function playsText(v: VariantStats): string {
  const plays = v.plays.plays();
  if (!v.plays.known || plays === v.plays.matches) return '';
  return `; ${plays} distinct plays (${fixed(v.plays.effective(), 1)} effective), so the intervals are as wide as those plays allow`;
}

/**
 * The end-of-run summary for the terminal: per variant, the bots (the columns of summary.csv, under the
 * same names) and the positions from the first player (seats.csv), then what the columns count.
 */
export function summaryText(stats: readonly VariantStats[], reading?: ScoreReading): string {
  const out: string[] = [];
  for (const v of stats) {
    out.push(variantLine(v));
    out.push(
      formatTable(
        ['bot', 'matches', 'wins', 'win_rate', '95% interval', 'mean_score', 'mean_turns', 'annulled', 'faults'],
        v.botRows().map((r) => [
          r.bot,
          String(r.matches),
          fixed(r.wins, 1),
          pct(r.winRate),
          `${pct(r.low)} - ${pct(r.high)}`,
          fixed(r.meanScore, DECIMALS.score - 1),
          fixed(r.meanTurns, 1),
          String(r.annulled),
          String(r.faults),
        ]),
      ),
    );
    out.push('');
    out.push(
      formatTable(
        ['position from first player', 'wins', 'win_rate', '95% interval', 'mean_score'],
        v.positionRows().map((r) => [
          r.position === 0 ? '1st (first player)' : `${r.position + 1}${['st', 'nd', 'rd'][r.position] ?? 'th'}`,
          fixed(r.wins, 1),
          pct(r.winRate),
          `${pct(r.low)} - ${pct(r.high)}`,
          fixed(r.meanScore, DECIMALS.score - 1),
        ]),
      ),
    );
    out.push('');
  }
  out.push(...legend(stats, reading));
  return out.join('\n');
}

/** What the columns count, said once under the tables. */
function legend(stats: readonly VariantStats[], reading?: ScoreReading): string[] {
  const lines = [
    'matches: seat appearances (a bot listed k times in the lineup plays k seats of every match); wins: a win',
    'shared by k seats counts 1/k to each; win_rate = wins / matches, with a 95% interval that takes the match',
    "as the unit (a bot's seats in one match share its outcome); positions count the matches someone won;",
    'annulled: appearances in annulled matches (played, won by nobody); faults: matches the bot forfeited.',
  ];
  const multi = stats.length > 0 ? [...stats[0].seatsPerMatch()].filter(([, k]) => k > 1) : [];
  if (multi.length > 0) {
    lines.push(`Listed more than once: ${multi.map(([name, k]) => `${name} plays ${k} seats of every match`).join(', ')}.`);
  }
  if (reading?.betterScore === 'lower') lines.push(`mean_score: in ${reading.game} a lower score is better.`);
  else if (reading?.betterScore === 'higher') lines.push(`mean_score: in ${reading.game} a higher score is better.`);
  return lines;
}

/** One sentence on seat rotation, for the terminal and the README. */
export function rotationNote(matches: number, players: number): string {
  const base = `Seat rotation: in match i, seat s is played by lineup entry (s + i) mod ${players}`;
  if (matches % players === 0) {
    return `${base}; ${matches} is a multiple of ${players}, so every lineup entry sat in every seat ${matches / players} times.`;
  }
  return `${base}; ${matches} is not a multiple of ${players}, so seats are balanced only up to one match per entry (use a multiple of ${players} for exact balance).`;
}
