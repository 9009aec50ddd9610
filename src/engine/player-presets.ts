import type { BotPreset, RuleList } from './game.js';

/**
 * The two presets every game names beside its strongest bot (docs/personas.md): `casual`, greedy with a
 * casual player's mistakes, and its example persona, a persona bot with rules. Built here so that every game
 * words them alike.
 */

/** Greedy with a softmax at `temperature` and a slip (a random `unit`, "card") once in 1/epsilon decisions. */
export function casualGreedy(temperature: number, epsilon: number, unit: string): BotPreset {
  return {
    bot: 'greedy',
    params: { temperature, epsilon },
    description: `a casual player: greedy's judgement with a softmax at temperature ${temperature} and one random ${unit} in ${Math.round(1 / epsilon)} (docs/personas.md)`,
  };
}

/** A persona: `rules` in order, greedy where none applies; `style` says what it does, in a phrase. */
export function persona(rules: RuleList, style: string): BotPreset {
  return { bot: 'persona', params: { rules }, description: `a persona: ${style}; greedy otherwise (docs/personas.md)` };
}
