import { Worker } from 'node:worker_threads';
import type { AskMessage, EndMessage, FromWorker, RecordedDecision, StartMessage, StepMessage, WorkerInput } from './protocol.js';
import { seatMessage, type SeatMessage } from './seat-view.js';

/**
 * The server's side of a match with human seats: it runs the match thread (match-worker.ts), shows its
 * steps to the pages at a human pace, holds the decision a human seat is asked, and takes a page's answer
 * only when it is the awaited decision, a legal action, from the tab that holds the seat (the journal
 * writes it before the match goes on).
 */

export type Revealed = StartMessage | StepMessage | AskMessage | EndMessage;

/** A page's open event stream: the seats it shows and how to send to it. */
export interface Subscriber {
  seats: number[];
  tab: string;
  send(m: SeatMessage): void;
  close(): void;
}

export interface HostOptions {
  input: Omit<WorkerInput, 'signal'>;
  /** Milliseconds between two bots' decisions that a human can see (0: none). */
  botDelay: number;
  /** Called (before the match goes on) with each human decision taken at a page. */
  record(d: RecordedDecision): void;
  onEnd(end: EndMessage, start: StartMessage): void;
  onFail(message: string): void;
}

/** Why an answer was refused: the HTTP status and the sentence for the page. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class MatchHost {
  readonly history: Revealed[] = [];
  pending: AskMessage | undefined;
  ended: EndMessage | undefined;
  readonly #queue: Revealed[] = [];
  readonly #subs = new Set<Subscriber>();
  readonly #holders = new Map<number, Subscriber>();
  readonly #signal = new Int32Array(new SharedArrayBuffer(8));
  readonly #worker: Worker;
  /** Decisions before this index were journaled: shown at once, without the bots' pace. */
  readonly #replayedUntil: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(readonly opts: HostOptions) {
    const recorded = opts.input.recorded;
    this.#replayedUntil = recorded.length > 0 ? recorded[recorded.length - 1].n + 1 : 0;
    this.#worker = new Worker(new URL('./match-worker.js', import.meta.url), { workerData: { ...opts.input, signal: this.#signal.buffer } });
    this.#worker.on('message', (m: FromWorker) => {
      if (m.type === 'fail') opts.onFail(m.message);
      else {
        this.#queue.push(m);
        this.#pump();
      }
    });
    this.#worker.on('error', (err) => opts.onFail(err.message));
  }

  get start(): StartMessage | undefined {
    return this.history[0] as StartMessage | undefined;
  }

  /** Shows the waiting steps, a bot's step after the delay, everything else at once. */
  #pump(): void {
    while (this.#timer === undefined && this.#queue.length > 0) {
      const m = this.#queue.shift() as Revealed;
      this.#reveal(m);
      if (this.#paced(m)) {
        this.#timer = setTimeout(() => {
          this.#timer = undefined;
          this.#pump();
        }, this.opts.botDelay);
      }
    }
  }

  /** A bot's decision that some human seat sees, not replayed from the journal: worth a pause after it. */
  #paced(m: Revealed): boolean {
    if (m.type !== 'step' || this.opts.botDelay <= 0 || m.n < this.#replayedUntil) return false;
    return !this.opts.input.humans.includes(m.seat) && this.opts.input.humans.some((p) => m.seen[p] !== null);
  }

  #reveal(m: Revealed): void {
    this.history.push(m);
    if (m.type === 'ask') this.pending = m;
    if (m.type === 'end') {
      this.ended = m;
      this.opts.onEnd(m, this.start as StartMessage);
    }
    for (const sub of this.#subs) this.#sendTo(sub, m);
  }

  #sendTo(sub: Subscriber, m: Revealed): void {
    for (const seat of sub.seats) {
      const out = seatMessage(m, seat);
      if (out !== null) sub.send(out);
    }
  }

  /**
   * A page's event stream for `seats`: refused while another tab holds one of them (a reload of the same
   * tab, which keeps its tab id, takes its seats back); otherwise everything so far, then what comes.
   */
  subscribe(sub: Subscriber): void {
    const refused = this.refusal(sub.seats, sub.tab);
    if (refused !== undefined) throw refused;
    for (const seat of sub.seats) {
      const old = this.#holders.get(seat);
      if (old !== undefined && old !== sub) this.unsubscribe(old);
      this.#holders.set(seat, sub);
    }
    this.#subs.add(sub);
    for (const m of this.history) this.#sendTo(sub, m);
  }

  /** Why a stream of `seats` for `tab` would be refused (another tab holds one of them), or undefined. */
  refusal(seats: readonly number[], tab: string): Refusal | undefined {
    for (const seat of seats) {
      const holder = this.#holders.get(seat);
      if (holder !== undefined && holder.tab !== tab) return new Refusal(409, `seat ${seat} is already open in another tab: play it there, or close that tab first`);
    }
    return undefined;
  }

  unsubscribe(sub: Subscriber): void {
    if (!this.#subs.delete(sub)) return;
    for (const [seat, holder] of this.#holders) if (holder === sub) this.#holders.delete(seat);
    sub.close();
  }

  /** A page's answer to decision `n` of `seat`; throws a Refusal (and changes nothing) unless it is the one awaited. */
  act(seats: readonly number[], tab: string, seat: number, n: number, action: number): void {
    if (!seats.includes(seat)) throw new Refusal(403, `this page plays seat${seats.length > 1 ? 's' : ''} ${seats.join(', ')}, not seat ${seat}`);
    if (this.#holders.get(seat)?.tab !== tab) throw new Refusal(409, `seat ${seat} is open in another tab (or this page lost its connection): act from the tab that shows it`);
    if (this.ended !== undefined) throw new Refusal(409, 'the match is over');
    const p = this.pending;
    if (p === undefined || p.seat !== seat || p.n !== n) {
      throw new Refusal(409, `decision #${n + 1} of seat ${seat} is not the one awaited (already played, or not offered): nothing was changed`);
    }
    const chosen = p.actions.find((a) => a.action === action);
    if (chosen === undefined) throw new Refusal(422, `action ${action} is not one of the legal actions of decision #${n + 1}: nothing was changed`);
    this.opts.record({ n, seat, action, code: chosen.code });
    this.pending = undefined;
    Atomics.store(this.#signal, 1, action);
    Atomics.store(this.#signal, 0, 1);
    Atomics.notify(this.#signal, 0);
  }

  async stop(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    for (const sub of [...this.#subs]) this.unsubscribe(sub);
    await this.#worker.terminate();
  }
}
