import { Act } from './actions.js';
import { Metric, type StramatState } from './state.js';

/**
 * The turns a Stramat player could not act in (the match measure `forced_turns`, docs/measures.md): a
 * turn's main decision whose only legal action is Passo (no discard fits the top card; Passo is always
 * offered beside the discards, so a lone Passo means nothing else was possible), and the turns lost to an
 * Alt block, which the rules play without asking (the blocked player only draws). Both count in `turns`.
 * The counter-Alt question is never a lone action (answer or decline), so it never counts.
 */
export function forcedPass(_s: StramatState, only: number): boolean {
  return only === Act.PASS;
}

/** Turns lost to an Alt block, over the whole evening. */
export function lostTurns(s: StramatState): number {
  return s.metrics[Metric.BLOCKED_TURNS];
}
