import { Act, type ScalaState } from './state.js';

/**
 * The turns a Scala player could not act in (the match measure `forced_turns`, docs/measures.md): the
 * pass, which is legal only when no piece can be placed, so it is always alone and always forced. An
 * extra turn with nothing to place is such a pass too. Eliminated players are out of the match and take
 * no turns, so they lose none.
 */
export function forcedPass(_s: ScalaState, only: number): boolean {
  return only === Act.PASS;
}
