import { Kind, configOf } from './config.js';
import { type SymbotrioObservation, determinize } from './observation.js';
import { Act } from './state.js';
import type { GameSearch } from '../../engine/game.js';
import type { SymbotrioState } from './state.js';
import { SymbotrioRecollection } from './recollection.js';

/** Value of the flip that completes a gem whose three squares are all known. */
const WIN = 100;
/** Value of exploring an unknown square while the attempt can still succeed (before the known ones). */
const EXPLORE_ON_TRACK = 50;
/** Value of flipping a known square of the gem while some of its squares are still unknown. */
const KNOWN_NEEDED = 40;
/** A flip that ruins a live attempt, or shows a square everyone already knows. */
const WASTE = -20;
/** After a miss: exploring a square that may be one of the gem's (for the next attempt). */
const EXPLORE_AFTER_MISS = 5;

/**
 * The greedy bot's judgement, with perfect memory: `obs.known` is everything seen. A bot with a weaker
 * memory (the memory bot, through recollection.ts) passes its own `known` instead. Flips what it knows
 * to be the gem's squares, explores unknown squares first while the attempt can still succeed (a miss
 * there leaves flips to explore with), and after a miss only explores squares that could be the gem's.
 */
export function heuristic(obs: SymbotrioObservation, a: number): number {
  const cfg = configOf(obs.options);
  if (obs.phase === 'cheat_target') return robValue(obs, a - Act.TARGET);
  if (obs.phase !== 'flip' || obs.target < 0) return 0;
  const known = obs.known;
  const g = cfg.gemOf[obs.target] * 3;
  const gs = cfg.gemStickers;
  const need0 = gs[g];
  const need1 = gs[g + 1];
  const need2 = gs[g + 2];
  const isNeeded = (x: number): boolean => x === need0 || x === need1 || x === need2;
  // The attempt is live while every square flipped so far shows one of the gem's stickers.
  let live = true;
  let flippedMask = 0;
  for (const pos of obs.flipped) {
    const x = known[pos];
    if (!isNeeded(x)) live = false;
    else flippedMask |= x === need0 ? 1 : x === need1 ? 2 : 4;
  }
  // Needed stickers (not yet flipped) whose square is unknown, and the unknown squares.
  let unknownNeeded = 0;
  for (let i = 0; i < 3; i++) {
    if (flippedMask & (1 << i)) continue;
    const x = gs[g + i];
    if (known.indexOf(x) < 0) unknownNeeded++;
  }
  if (!live) {
    let unknownAll = 0;
    for (let i = 0; i < 3; i++) if (known.indexOf(gs[g + i]) < 0) unknownAll++;
    if (a === Act.STOP) return 0;
    if (known[a] >= 0) return WASTE;
    return unknownAll > 0 ? EXPLORE_AFTER_MISS : WASTE;
  }
  if (a === Act.STOP) return 0;
  const x = known[a];
  if (x >= 0) {
    if (!isNeeded(x)) return WASTE;
    return unknownNeeded === 0 ? WIN : KNOWN_NEEDED;
  }
  if (unknownNeeded === 0) return WASTE;
  let unknownSquares = 0;
  for (let i = 0; i < known.length; i++) if (known[i] < 0) unknownSquares++;
  return EXPLORE_ON_TRACK + (10 * unknownNeeded) / unknownSquares;
}

/**
 * The chance of keeping what a cheater draws from seat o, as far as the observation tells: easy loot
 * is won at once, a gem whose three squares are all known is as good as won, another cheater is
 * counted as an average card, other gems by how many of their squares are known.
 */
function robValue(obs: SymbotrioObservation, o: number): number {
  const cfg = configOf(obs.options);
  const pile = obs.piles[o];
  if (!pile || pile.length === 0) return 0;
  const gs = cfg.gemStickers;
  let sum = 0;
  for (const c of pile) {
    const kind = cfg.kindOf[c];
    if (kind === Kind.EASY) sum += 1;
    else if (kind === Kind.CHEATER) sum += 0.5;
    else {
      const g = cfg.gemOf[c] * 3;
      let k = 0;
      for (let i = 0; i < 3; i++) if (obs.known.indexOf(gs[g + i]) >= 0) k++;
      sum += k === 3 ? 1 : 0.05 * k;
    }
  }
  // Prefer the richer victim on a tie: the cards at stake go to the winner.
  return sum / pile.length + pile.length * 1e-3;
}

/** The search facet: the aids the bots use (greedy's heuristic, the search bots' sampling and judges). */
export const symbotrioSearch: GameSearch<SymbotrioState, SymbotrioObservation> = {
  heuristic,
  determinize,
  cloneInto: (s, into) => s.cloneInto(into),
  recollection: (limits, rng) => new SymbotrioRecollection(limits, rng),
};
