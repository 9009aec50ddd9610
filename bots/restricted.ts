import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import { OptionError, type AnyGame, type OptionSpec, type Options } from '../src/engine/game.js';

/**
 * Restricted play (Jaffe et al. 2012, "Evaluating competitive game balance with restricted play"): a bot
 * that plays as its base bot but never takes an action of the kinds in `without` while it has another
 * legal action. Played against the unrestricted base on the same seeds, the win share it loses is what
 * those cards are worth to that player (`tavolo importance`).
 *
 * The kinds come from the game's importance facet (`actionKinds`, `actionKind`): no game is named here. The wrapper sees
 * what its base sees and nothing more: the same decision, through a view whose legal list leaves the
 * avoided actions out, and the same generator, so it is as deterministic as its base, and a decision
 * where nothing is avoided reaches the base exactly as it came.
 */

/** The `without` parameter: kind names separated by commas ('' restricts nothing). */
export function withoutKinds(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

const withoutParam: OptionSpec = {
  name: 'without',
  type: 'string',
  default: '',
  description: "Kinds of action never taken while another action is legal, comma-separated (the game's actionKinds; '' for none).",
};

/** Refuses kinds the game does not declare, naming the parameter and the valid kinds. */
function checkWithout(params: Options, game: AnyGame): void {
  const kinds = withoutKinds(params.without as string);
  if (kinds.length === 0) return;
  const declared = (game.importance?.actionKinds ?? []).map((k) => k.name);
  if (declared.length === 0 || typeof game.importance?.actionKind !== 'function') {
    throw new OptionError('without', `${game.name} declares no action kinds (its importance facet), so no action can be avoided`);
  }
  for (const k of kinds) {
    if (!declared.includes(k)) throw new OptionError('without', `"${k}" is not an action kind of ${game.name}; its kinds are: ${declared.join(', ')}`);
  }
}

/** The decision as the base bot sees it: the same in everything but the legal actions. */
function narrowed(d: Decision, legal: Int32Array, count: number): Decision {
  return Object.freeze({
    game: d.game,
    player: d.player,
    legal,
    count,
    get observation() {
      return d.observation;
    },
    describe: (action: number) => d.describe(action),
  });
}

class RestrictedBot implements Bot {
  private readonly allowed: Int32Array;

  constructor(
    private readonly base: Bot,
    private readonly game: AnyGame,
    private readonly avoid: ReadonlySet<string>,
  ) {
    this.allowed = new Int32Array(game.maxActions);
  }

  choose(d: Decision): number {
    if (this.avoid.size === 0 || d.count < 2) return this.base.choose(d);
    // checkWithout made sure the game has the facet when anything is avoided.
    const kindOf = this.game.importance!.actionKind;
    let kept = 0;
    for (let i = 0; i < d.count; i++) {
      const a = d.legal[i];
      const kind = kindOf(a, d.observation);
      if (kind === null || !this.avoid.has(kind)) this.allowed[kept++] = a;
    }
    // Nothing avoided, or nothing else legal: the base decides as it would unrestricted.
    if (kept === d.count || kept === 0) return this.base.choose(d);
    const legal = this.allowed.slice(0, kept);
    const chosen = this.base.choose(narrowed(d, legal, kept));
    if (!legal.includes(chosen)) throw new Error(`the base bot chose ${chosen}, which is not among the actions it was offered`);
    return chosen;
  }
}

/** The restricted version of a bot: its parameters plus `without`. */
export function restricted(base: BotFactory): BotFactory {
  return {
    name: `restricted-${base.name}`,
    ...(base.budget !== undefined ? { budget: base.budget } : {}),
    description: `Plays as ${base.name} but never takes an action of the kinds in \`without\` while another action is legal (restricted play).`,
    params: [...base.params.filter((p) => p.name !== 'without'), withoutParam],
    checkParams(params, game, players) {
      base.checkParams?.(params, game, players);
      checkWithout(params, game);
    },
    create(ctx: BotContext): Bot {
      const kinds = withoutKinds(ctx.params.without as string);
      const { without: _omitted, ...baseParams } = ctx.params;
      const bot = base.create({ ...ctx, params: Object.freeze(baseParams) });
      return kinds.length === 0 ? bot : new RestrictedBot(bot, ctx.game, new Set(kinds));
    },
  };
}
