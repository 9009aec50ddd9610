import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/**
 * The engine's side of the bot processes. The match loop is synchronous, so a process bot's decision is a
 * blocking wait: one relay thread per engine thread (relay-worker.ts) owns the processes and their pipes,
 * and the engine sleeps on a shared cell (Atomics.wait, with the reply's wall limit) until the relay has
 * posted a line or a process's end, then reads the port without an event loop (receiveMessageOnPort).
 */

export type ToRelay = { k: 'spawn'; id: number; argv: string[]; cwd: string } | { k: 'send'; id: number; line: string } | { k: 'kill'; id: number };

export type FromRelay = { k: 'line'; id: number; line: string } | { k: 'exit'; id: number; code: number | null; signal: string | null; stderr: string };

function relayUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('../../dist/src/protocol/relay-worker.js', here);
  return new URL('./relay-worker.js', here);
}

class Relay {
  readonly #cell = new Int32Array(new SharedArrayBuffer(4));
  readonly #port: MessagePort;
  #seen = 0;
  readonly #queues = new Map<number, FromRelay[]>();
  #nextId = 1;

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    const worker = new Worker(relayUrl(), { workerData: { port: port2, signal: this.#cell.buffer }, transferList: [port2] });
    worker.unref();
    port1.unref();
  }

  spawn(argv: string[], cwd: string): number {
    const id = this.#nextId++;
    this.#queues.set(id, []);
    this.#port.postMessage({ k: 'spawn', id, argv, cwd } satisfies ToRelay);
    return id;
  }

  send(id: number, line: string): void {
    this.#port.postMessage({ k: 'send', id, line } satisfies ToRelay);
  }

  kill(id: number): void {
    this.#port.postMessage({ k: 'kill', id } satisfies ToRelay);
    this.#queues.delete(id);
  }

  /** The next line or end of process `id`, or undefined when `waitMs` passed first. */
  next(id: number, waitMs: number): FromRelay | undefined {
    const deadline = performance.now() + waitMs; // clock-ok: a reply's wall limit; a timeout is clock-decided, as the watchdog's
    for (;;) {
      this.#drain();
      const queue = this.#queues.get(id);
      if (queue !== undefined && queue.length > 0) return queue.shift();
      const left = deadline - performance.now(); // clock-ok: as above
      if (left <= 0) return undefined;
      Atomics.wait(this.#cell, 0, this.#seen, left);
    }
  }

  /** Reads every message the relay has counted (a counted message may take a moment to be readable). */
  #drain(): void {
    const posted = Atomics.load(this.#cell, 0);
    while (this.#seen !== posted) {
      const got = receiveMessageOnPort(this.#port);
      if (got === undefined) continue;
      this.#seen++;
      const m = got.message as FromRelay;
      this.#queues.get(m.id)?.push(m);
    }
  }
}

let relay: Relay | undefined;

/** This thread's relay, started on first use. */
export function threadRelay(): Relay {
  relay ??= new Relay();
  return relay;
}

export type { Relay };
