import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Bot, BotContext, BotFactory, Decision } from '../engine/bot.js';

/**
 * Isolation mode (docs/bots-trust.md): a bot that runs apart from the engine, in a worker thread of its
 * own, and receives nothing but data. The engine keeps the state; at each decision the bot's thread gets
 * the legal actions (a copy), and its observation and the wording of an action only when the bot reads
 * them, each as a structured clone. A bot in isolation shares no object, prototype or built-in with the
 * engine or with any other bot, so it can neither reach the state nor rig the match or another bot.
 *
 * The match loop is synchronous, so a decision is a blocking round trip: the engine posts the request on
 * a MessagePort, wakes the bot's thread through a shared cell (Atomics), and sleeps on its own cell until
 * the answer, serving the bot's requests for its observation or for a sentence in between
 * (receiveMessageOnPort reads a port without an event loop). The bot's generator is handed over as its
 * state, so a bot plays exactly the same moves as in the engine's thread: results are byte-identical.
 *
 * Faults: what the bot throws is recorded as in the engine's thread (bot_error, same message); a bot
 * that never answers is ended by the runner's watchdog as any hanging bot (bot_timeout); a bot whose
 * thread ends (process.exit) is a bot_error saying so.
 */

/** Cells of the shared signal array: set to WAKE (or DIED) and notified by the side that wrote a message. */
export const TO_ENGINE = 0;
export const TO_BOT = 1;
export const WAKE = 1;
export const DIED = 2;

/** Messages from the engine to the bot's thread. */
export type ToBot =
  | { k: 'create'; seat: number; players: number; rng: { c: number; s0: number; s1: number; s2: number }; params: Record<string, unknown> }
  | { k: 'choose'; seat: number; player: number; legal: Int32Array; count: number }
  | { k: 'observation'; value: unknown }
  | { k: 'text'; value: string }
  | { k: 'refused'; message: string };

/** Messages from the bot's thread to the engine. */
export type ToEngine =
  | { k: 'created' }
  | { k: 'action'; value: unknown }
  | { k: 'not-data'; kind: 'object' | 'function' | 'symbol'; description?: string }
  | { k: 'threw'; message: string }
  | { k: 'observe' }
  | { k: 'describe'; action: unknown };

function workerUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('../../dist/src/runner/isolation-worker.js', here);
  return new URL('./isolation-worker.js', here);
}

/** One bot's thread and the engine's end of its channel. */
class BotThread {
  readonly #signal = new Int32Array(new SharedArrayBuffer(8));
  readonly #port: MessagePort;

  constructor(botRef: string, gameRef: string) {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    const worker = new Worker(workerUrl(), {
      workerData: { signal: this.#signal.buffer, port: port2, botRef, gameRef },
      transferList: [port2],
    });
    worker.unref();
  }

  /** Sends a request and serves the bot's questions until its answer; `d` is the decision being taken. */
  call(message: ToBot, d?: Decision): ToEngine {
    this.#send(message);
    for (;;) {
      Atomics.wait(this.#signal, TO_ENGINE, 0);
      const why = Atomics.exchange(this.#signal, TO_ENGINE, 0);
      if (why === DIED) throw new Error('its isolated thread ended during this decision (process.exit, out of memory, ...)');
      const reply = this.#receive();
      if (reply.k === 'observe' && d) this.#send({ k: 'observation', value: d.observation });
      else if (reply.k === 'describe' && d) this.#send(this.#describe(d, reply.action));
      else return reply;
    }
  }

  #describe(d: Decision, action: unknown): ToBot {
    try {
      return { k: 'text', value: d.describe(action as number) };
    } catch (err) {
      return { k: 'refused', message: err instanceof Error ? err.message : 'refused' };
    }
  }

  #send(message: ToBot): void {
    this.#port.postMessage(message);
    Atomics.store(this.#signal, TO_BOT, WAKE);
    Atomics.notify(this.#signal, TO_BOT);
  }

  #receive(): ToEngine {
    // The message is posted before the cell is set: it is there, but may take a moment to be readable.
    for (let spins = 0; ; spins++) {
      const got = receiveMessageOnPort(this.#port);
      if (got) return got.message as ToEngine;
      if (spins > 1_000_000) throw new Error('isolated bot: a message announced but never delivered');
    }
  }
}

/** What the bot's thread answered to a decision, as the engine's loop expects it from a bot. */
function actionOf(reply: ToEngine): number {
  if (reply.k === 'action') return reply.value as number;
  if (reply.k === 'threw') throw new Error(reply.message);
  if (reply.k === 'not-data') {
    // A value that is not data stands for itself by kind, so that the fault reads as in the engine's thread.
    const stand: unknown = reply.kind === 'symbol' ? Symbol(reply.description) : reply.kind === 'function' ? () => 0 : {};
    return stand as number;
  }
  throw new Error(`isolated bot: unexpected answer ${reply.k}`);
}

/**
 * The factory of a bot that runs in isolation: the same bot (same name, description and parameters),
 * loaded by its reference in a thread of its own, started on first use (one per factory and engine
 * thread) and kept for the following matches. The thread keeps one bot per seat, so one factory may
 * serve several seats of a match.
 */
export function isolatedFactory(factory: BotFactory, botRef: string, gameRef: string): BotFactory {
  let thread: BotThread | undefined;
  return {
    name: factory.name,
    description: factory.description,
    params: factory.params,
    create(ctx: BotContext): Bot {
      thread ??= new BotThread(botRef, gameRef);
      const t = thread;
      const created = t.call({ k: 'create', seat: ctx.seat, players: ctx.players, rng: ctx.rng.state(), params: { ...ctx.params } });
      if (created.k === 'threw') throw new Error(created.message);
      return {
        choose(d: Decision): number {
          return actionOf(t.call({ k: 'choose', seat: ctx.seat, player: d.player, legal: d.legal.slice(0, d.count), count: d.count }, d));
        },
      };
    },
  };
}
