/**
 * Win shares that sit at 100% or 0%: one bot won every match, or a bot won none. A share there has no
 * spread, so it cannot tell variants apart and its interval says nothing; the answer says so in words and
 * speaks of the margin instead (quantities.ts: `margin:<bot>`). And when one bot wins every match, the
 * first-player advantage only records how often that bot moved first: it is not a finding about the seats.
 *
 * The tests are exact: a win share is a mean of per-match shares in [0, 1], which is exactly 1 only when
 * the bot won every match alone and exactly 0 only when it won none (a running mean of ones stays 1).
 */

/** One bot's win share somewhere (a variant, a grid cell): the share and the matches behind it. */
export interface ShareAt {
  bot: string;
  share: number;
  matches: number;
}

/** The bot that won every match (alone) among these shares, or undefined. */
export function wonEvery(shares: readonly ShareAt[]): string | undefined {
  return shares.find((s) => s.share === 1 && s.matches > 0)?.bot;
}

/** The bots that won no match among these shares (only said when no bot won them all: that says it). */
export function wonNone(shares: readonly ShareAt[]): string[] {
  return wonEvery(shares) === undefined ? shares.filter((s) => s.share === 0 && s.matches > 0).map((s) => s.bot) : [];
}

/** Why the first-player advantage is left out when `bot` won every match. */
export function firstPlayerUninformative(bot: string): string {
  return `the first-player advantage says nothing here: ${bot} won every match, so the first player's share of the wins only records how often ${bot} moved first.`;
}
