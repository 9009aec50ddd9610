import { Act, type StopState } from './state.js';

/**
 * The turns a Stop player could not act in (the match measure `forced_turns`, docs/measures.md): a turn
 * whose only legal action is to draw or to accept. Drawing is offered alone exactly when no card can be
 * played (no valid card: draw one; a pending 2+ with no 0 or 2+ to answer it: take the stack; an X+ with
 * no number card: draw one blind), and accepting a skip stack alone when no skip or 0 can answer it.
 * Each is one of the turn-holder's turns in the game's count. The out-of-turn and swap-cancel questions
 * always offer two actions, so they never count. The further players skipped by a stack take no turn in
 * Stop's count (docs/rules/stop.md, What a turn is), so they are not counted either.
 */
export function forcedPass(_s: StopState, only: number): boolean {
  return only === Act.DRAW || only === Act.PASS;
}
