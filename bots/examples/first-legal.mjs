// An example tavolo bot, complete: copy it, change `choose`, and name the file in a tournament spec:
//   "bots": [{ "name": "mine", "bot": "./first-legal.mjs", "params": { "last": true } }, ...]
// Paths are relative to the spec file (or to the current directory for `tavolo play --bots`).
//
// A bot file is an ES module whose default export (or an export named `bot`) is a BotFactory:
// { name, description, params, create(ctx) }. `create` is called once per match with
//   ctx.game     the game (its rules helpers: heuristic, actionText, ...)
//   ctx.seat     the seat this bot plays, ctx.players the number of players
//   ctx.rng      the bot's own seeded generator (use it, never Math.random: matches must replay exactly)
//   ctx.params   the bot's parameters, checked against `params` with defaults filled in
// and returns an object with choose(decision), called at each of the bot's decisions with
//   decision.legal      an Int32Array holding the legal actions in legal[0 .. decision.count)
//   decision.count      how many there are (at least 1)
//   decision.observation what this player can see (computed on first access; hidden cards are not in it)
// choose must return one of the legal actions. A bot that throws or returns anything else forfeits the
// match: it is recorded as annulled, with fault_seat set to the bot's seat.

/** @type {import('../../src/engine/bot.js').BotFactory} */
const firstLegal = {
  name: 'first-legal',
  description: 'Plays the first legal action (or the last, with last=true); a starting point for your own bot.',
  params: [
    { name: 'last', type: 'boolean', default: false, description: 'Play the last legal action instead of the first.' },
  ],
  create(ctx) {
    const last = ctx.params.last;
    return {
      choose(decision) {
        return decision.legal[last ? decision.count - 1 : 0];
      },
    };
  },
};

export default firstLegal;
