import type { AnyGame, Options } from '../engine/game.js';
import { matchRngs } from '../engine/match.js';
import { resolveOptions } from '../engine/options.js';
import { lineOf, PROTOCOL_VERSION, type OfferedAction } from './messages.js';

/**
 * The other way round (docs/protocol.md, "An environment"): tavolo holds one match and a program drives
 * it, as a learning agent's environment. The program sends `reset` (game, players, options, seed) and
 * then one `action` per `decide` it is sent, for whichever seat is to move; tavolo answers each with the
 * next `decide`, or `end` with the result. The messages are the bot protocol's: a program that can play
 * as a bot can drive a match. The match is the tournament's for the same seed (the same generators).
 */

/** What the server needs from the layers above it: loading a game by name or file. */
export type GameLoader = (ref: string) => Promise<AnyGame>;

interface Match {
  game: AnyGame;
  state: unknown;
  rng: ReturnType<typeof matchRngs>['game'];
  legal: Int32Array;
  count: number;
  /** Decisions taken so far in the match, per seat (the `decision` of `decide`, as for a bot). */
  decisions: number[];
}

type Incoming = { type?: unknown; protocol?: unknown; game?: unknown; players?: unknown; options?: unknown; seed?: unknown; action?: unknown };

export async function serveEnv(lines: AsyncIterable<string>, write: (line: string) => void, load: GameLoader): Promise<void> {
  let match: Match | undefined;
  for await (const line of lines) {
    if (line.trim() === '') continue;
    try {
      const m = JSON.parse(line) as Incoming;
      if (m.type === 'reset') match = await reset(m, load);
      else if (m.type === 'action') {
        if (match === undefined) throw new Error('expected reset before the first action');
        act(match, m.action);
      } else throw new Error(`expected a line of type reset or action, found ${JSON.stringify(m.type)}`);
      write(lineOf(next(match)));
    } catch (err) {
      write(lineOf({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
    }
  }
}

async function reset(m: Incoming, load: GameLoader): Promise<Match> {
  if (m.protocol !== PROTOCOL_VERSION) throw new Error(`expected "protocol": ${PROTOCOL_VERSION}, found ${JSON.stringify(m.protocol)}`);
  if (typeof m.game !== 'string') throw new Error('expected "game": a game name or file');
  const game = await load(m.game);
  const players = m.players ?? game.minPlayers;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers) {
    throw new Error(`expected "players": ${game.minPlayers} to ${game.maxPlayers}, found ${JSON.stringify(players)}`);
  }
  const opts: Options = resolveOptions(game.options, (m.options ?? {}) as Record<string, unknown>, 'option');
  game.checkOptions(opts, players);
  const seed = m.seed ?? 'env';
  if (typeof seed !== 'string' && typeof seed !== 'number') throw new Error(`expected "seed": text or a number, found ${JSON.stringify(seed)}`);
  const rng = matchRngs(String(seed), players).game;
  const state = game.setup(opts, players, rng);
  return { game, state, rng, legal: new Int32Array(game.maxActions), count: 0, decisions: new Array<number>(players).fill(0) };
}

function act(match: Match, action: unknown): void {
  const { game, state, legal } = match;
  const seat = game.currentPlayer(state);
  if (seat < 0) throw new Error('the match is over: send reset');
  if (typeof action !== 'number' || !legal.subarray(0, match.count).includes(action)) {
    throw new Error(`expected one of the offered actions, found ${JSON.stringify(action)}`);
  }
  game.apply(state, action, match.rng);
  match.decisions[seat]++;
}

/** The next message: the decision of the seat to move, or the end of the match. */
function next(match: Match | undefined): unknown {
  if (match === undefined) throw new Error('expected reset first');
  const { game, state, legal } = match;
  const seat = game.currentPlayer(state);
  if (seat < 0) return { type: 'end', result: game.result(state) };
  match.count = game.legalActions(state, legal);
  const actions: OfferedAction[] = [];
  for (let i = 0; i < match.count; i++) actions.push({ action: legal[i], code: game.actionCode(legal[i]), text: game.view.actionText(state, legal[i]) });
  return { type: 'decide', seat, decision: match.decisions[seat], observation: game.observe(state, seat), actions };
}
