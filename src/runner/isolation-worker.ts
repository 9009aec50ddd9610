import { receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import type { Bot, Decision } from '../engine/bot.js';
import { gameForBots, paramsForBots, thrownMessage } from '../engine/bot-guard.js';
import type { AnyGame, Options } from '../engine/game.js';
import { Rng } from '../engine/rng.js';
import { loadBot, loadGame } from '../plugins/loader.js';
import { DIED, TO_BOT, TO_ENGINE, WAKE, type ToBot, type ToEngine } from './isolation.js';

/**
 * The thread of one bot in isolation mode (isolation.ts): it loads the game's code and the bot's own,
 * then serves the engine's requests one after another, synchronously (the engine waits for each answer).
 * The bot sees its observation and the wording of an action only as data copied from the engine.
 */
interface IsolationData {
  signal: SharedArrayBuffer;
  port: MessagePort;
  botRef: string;
  gameRef: string;
}

const data = workerData as IsolationData;
const signal = new Int32Array(data.signal);
const port = data.port;

// A bot that ends its thread (process.exit) wakes the engine, which records the fault instead of waiting.
process.on('exit', () => {
  Atomics.store(signal, TO_ENGINE, DIED);
  Atomics.notify(signal, TO_ENGINE);
});

function send(message: ToEngine): void {
  port.postMessage(message);
  Atomics.store(signal, TO_ENGINE, WAKE);
  Atomics.notify(signal, TO_ENGINE);
}

function receive(): ToBot {
  Atomics.wait(signal, TO_BOT, 0);
  Atomics.store(signal, TO_BOT, 0);
  for (;;) {
    const got = receiveMessageOnPort(port);
    if (got) return got.message as ToBot;
  }
}

/** Asks the engine a question in the middle of a decision and waits for the answer. */
function ask(question: ToEngine): ToBot {
  send(question);
  return receive();
}

/** The decision as the isolated bot sees it: data, and questions to the engine for the rest. */
class RemoteDecision implements Decision {
  #obs: unknown = undefined;
  constructor(
    readonly game: AnyGame,
    readonly player: number,
    readonly legal: Int32Array,
    readonly count: number,
  ) {}

  get observation(): unknown {
    if (this.#obs === undefined) {
      const answer = ask({ k: 'observe' });
      this.#obs = answer.k === 'observation' ? answer.value : undefined;
    }
    return this.#obs;
  }

  describe(action: number): string {
    const answer = ask({ k: 'describe', action: typeof action === 'number' ? action : String(typeof action) });
    if (answer.k === 'text') return answer.value;
    throw new TypeError(answer.k === 'refused' ? answer.message : 'describe refused');
  }
}

function answerOf(value: unknown): ToEngine {
  if (typeof value === 'symbol') return { k: 'not-data', kind: 'symbol', description: value.description };
  if (typeof value === 'function') return { k: 'not-data', kind: 'function' };
  if (value !== null && typeof value === 'object') return { k: 'not-data', kind: 'object' };
  return { k: 'action', value };
}

async function main(): Promise<void> {
  const { game: real } = await loadGame(data.gameRef, '/', 'game', { probe: false });
  const { factory } = await loadBot(data.botRef, '/', 'bot', { probe: false });
  const game = gameForBots(real);
  const bots = new Map<number, Bot>();
  for (;;) {
    const request = receive();
    try {
      if (request.k === 'create') {
        const params = paramsForBots(request.params as Options);
        bots.set(request.seat, factory.create({ game, seat: request.seat, players: request.players, rng: new Rng(request.rng), params }));
        send({ k: 'created' });
      } else if (request.k === 'choose') {
        const bot = bots.get(request.seat);
        if (bot === undefined) throw new Error(`no bot created for seat ${request.seat}`);
        send(answerOf(bot.choose(new RemoteDecision(game, request.player, request.legal, request.count))));
      }
    } catch (err) {
      send({ k: 'threw', message: thrownMessage(err) });
    }
  }
}

main().catch((err: unknown) => {
  // Loading failed: every request is answered with the reason, as a fault of the bot.
  const message = `could not be loaded in isolation: ${thrownMessage(err)}`;
  for (;;) {
    receive();
    send({ k: 'threw', message });
  }
});
