// "Greedy, but never plays a jolly": the worked example of docs/writing-bots.md, a complete bot file.
// Without code, the same player is `{ "bot": "restricted-greedy", "params": { "without": "jolly" } }`, and this
// file makes the same moves from the same seed (tests/bots/writing-bots-example.test.ts checks it).
//
// It reads three things the game offers every bot (docs/writing-bots.md):
//   ctx.game.search.heuristic(obs, action)   how good an action looks to this player; higher is better
//   ctx.game.importance.actionKind(action, obs)  the kind of an action ('jolly', 'skip', ...) or null
//   ctx.rng                                  the bot's own seeded generator: float(), int(n), die(sides), shuffle(a)

/** @type {import('../../src/engine/bot.js').BotFactory} */
const greedyNoJolly = {
  name: 'greedy-no-jolly',
  description: "Takes the action the game's heuristic rates highest, never a jolly while anything else is legal.",
  params: [{ name: 'avoid', type: 'string', default: 'jolly', description: 'The action kind never taken while another action is legal.' }],
  checkParams(params, game) {
    if (typeof game.search.heuristic !== 'function') throw new Error(`${game.name} has no heuristic to be greedy with`);
    const kinds = (game.importance?.actionKinds ?? []).map((k) => k.name);
    if (!kinds.includes(params.avoid)) throw new Error(`avoid: "${params.avoid}" is not an action kind of ${game.name} (${kinds.join(', ')})`);
  },
  create(ctx) {
    const { heuristic } = ctx.game.search;
    const { actionKind } = ctx.game.importance;
    const avoid = ctx.params.avoid;
    return {
      choose(decision) {
        const { legal, count } = decision;
        if (count === 1) return legal[0];
        const obs = decision.observation;
        // The actions it may take: all but the avoided kind, unless nothing else is legal.
        let allowed = [];
        for (let i = 0; i < count; i++) if (actionKind(legal[i], obs) !== avoid) allowed.push(legal[i]);
        if (allowed.length === 0) allowed = Array.from(legal.subarray(0, count));
        // The highest rated; ties broken uniformly at random, one draw from ctx.rng per tie met.
        let best = allowed[0];
        let bestValue = heuristic(obs, best);
        let ties = 1;
        for (let i = 1; i < allowed.length; i++) {
          const v = heuristic(obs, allowed[i]);
          if (v > bestValue) [best, bestValue, ties] = [allowed[i], v, 1];
          else if (v === bestValue && ctx.rng.int(++ties) === 0) best = allowed[i];
        }
        return best;
      },
    };
  },
};

export default greedyNoJolly;
