import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame, GameFeature, RuleList } from '../src/engine/game.js';
import { requireHeuristic } from '../src/engine/heuristic.js';
import { compileRules, holds, type CompiledRule } from '../src/engine/prefer-rules.js';
import type { Rng } from '../src/engine/rng.js';
import { MISTAKE_PARAMS, casualChoice, mistakesOf, type Mistakes } from './greedy.js';

/**
 * A play style written as rules, without code (docs/personas.md), after the buy rules of Geronimoo's
 * Dominion simulator: an ordered list of "when <conditions on named features of my observation>, prefer
 * <action kind>". At each decision the first rule whose conditions all hold and whose kind has a legal
 * action picks among the actions of that kind by the game's heuristic, as greedy does; when no rule
 * applies, it plays greedy. Features (Game.features) and kinds (importance.actionKinds) are the game's;
 * both read the observation only. `epsilon` and `temperature` are greedy's casual mistakes, applied to
 * whichever actions are chosen among.
 */
class PersonaBot implements Bot {
  /** The actions of the preferred kind at this decision. */
  private readonly kept: Int32Array;
  /** Each feature's value at this decision, computed once when a rule first asks (NaN: not yet). */
  private readonly values: Float64Array;

  constructor(
    private readonly game: AnyGame,
    private readonly rng: Rng,
    private readonly rules: readonly CompiledRule[],
    private readonly features: readonly GameFeature[],
    private readonly mistakes: Mistakes,
  ) {
    this.kept = new Int32Array(game.maxActions);
    this.values = new Float64Array(features.length);
  }

  choose(d: Decision): number {
    const { legal, count } = d;
    if (count === 1) return legal[0];
    this.values.fill(NaN);
    for (const rule of this.rules) {
      if (!this.applies(rule, d.observation)) continue;
      const kept = this.ofKind(rule.kind, d);
      if (kept > 0) return casualChoice(this.game, d, this.kept, kept, this.rng, this.mistakes);
    }
    return casualChoice(this.game, d, legal, count, this.rng, this.mistakes);
  }

  private applies(rule: CompiledRule, obs: unknown): boolean {
    for (const c of rule.conditions) {
      if (Number.isNaN(this.values[c.feature])) this.values[c.feature] = this.features[c.feature].value(obs);
      if (!holds(this.values[c.feature], c.op, c.value)) return false;
    }
    return true;
  }

  /** Writes the legal actions of `kind` into `kept`; returns how many. */
  private ofKind(kind: string, d: Decision): number {
    // compileRules made sure the game has the importance facet when there is any rule.
    const kindOf = this.game.importance!.actionKind;
    let n = 0;
    for (let i = 0; i < d.count; i++) if (kindOf(d.legal[i], d.observation) === kind) this.kept[n++] = d.legal[i];
    return n;
  }
}

export const persona: BotFactory = {
  name: 'persona',
  description:
    "Plays by rules written as data: the first rule \"when <feature> <op> <number>, prefer <action kind>\" that holds and has a legal action of its kind picks among those by the game's heuristic; otherwise greedy (docs/personas.md).",
  params: [
    {
      name: 'rules',
      type: 'rules',
      default: [],
      description: 'Ordered rules [{ "when": "<feature> <op> <number>" or a list of them, "prefer": "<action kind>" }]; `tavolo list <game>` shows the features and kinds.',
    },
    ...MISTAKE_PARAMS,
  ],
  checkParams(params, game) {
    requireHeuristic(game, 'persona');
    compileRules(params.rules as RuleList, game);
  },
  create(ctx: BotContext): Bot {
    const rules = compileRules(ctx.params.rules as RuleList, ctx.game);
    return new PersonaBot(ctx.game, ctx.rng, rules, ctx.game.features ?? [], mistakesOf(ctx));
  },
};

export default persona;
