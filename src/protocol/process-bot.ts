import { trustBuiltIn, type Bot, type BotContext, type BotFactory, type Decision } from '../engine/bot.js';
import type { MatchResult } from '../engine/game.js';
import { decideMessage, lineOf, PROTOCOL_VERSION, readReply, type ToBot } from './messages.js';
import { threadRelay, type Relay } from './relay.js';

/**
 * The process bot (docs/protocol.md): a bot that is a program in any language, spoken to over its
 * stdin and stdout in JSON lines. One process per lineup entry and engine thread, started on first use
 * and kept across matches; a process that crashed, hung, or sent a line that is not the protocol is
 * ended, costs the match it was playing, and is started afresh for the next one.
 */

/** How a spec's process bot is run: the command (script paths made absolute), its folder, a reply's wall limit. */
export interface ProcessConfig {
  command: string[];
  cwd: string;
  /** How long a reply (or the start-up's `ready`) may take before the process is ended. */
  waitMs: number;
  /** The positions in `command` of the files named relative to the spec (hashed into the identity). */
  files: number[];
}

const REF_PREFIX = 'process:';

/** The lineup reference of a process bot (what workers receive and load through the plugin loader). */
export function processRef(config: ProcessConfig): string {
  return `${REF_PREFIX}${JSON.stringify(config)}`;
}

export function isProcessRef(ref: string): boolean {
  return ref.startsWith(REF_PREFIX);
}

export function configOfRef(ref: string): ProcessConfig {
  return JSON.parse(ref.slice(REF_PREFIX.length)) as ProcessConfig;
}

/** A lineup reference as a person reads it (run.json): a process bot as `process: <its command>`, any other as it is. */
export function shownRef(ref: string): string {
  return isProcessRef(ref) ? `process: ${configOfRef(ref).command.join(' ')}` : ref;
}

/** One running process of the bot and where it stands. */
class BotProcess {
  readonly id: number;
  ready = false;
  alive = true;

  constructor(
    readonly relay: Relay,
    readonly config: ProcessConfig,
  ) {
    this.id = relay.spawn(config.command, config.cwd);
  }

  send(message: ToBot): void {
    if (this.alive) this.relay.send(this.id, lineOf(message));
  }

  /** The next reply line, read; throws (after ending the process) on a timeout, a crash or a malformed line. */
  reply(what: string): ReturnType<typeof readReply> {
    const got = this.relay.next(this.id, this.config.waitMs);
    if (got === undefined) this.fail(`did not ${what} within ${this.config.waitMs} ms (its process was ended)`);
    if (got.k === 'exit') {
      this.alive = false;
      const how = got.signal !== null ? `by signal ${got.signal}` : `with exit code ${String(got.code)}`;
      const tail = got.stderr.trim().split('\n').slice(-3).join(' | ');
      throw new Error(`its process ended ${how} instead of answering${tail ? `; stderr: ${tail.slice(-300)}` : ''}`);
    }
    const r = readReply(got.line);
    if (r.kind === 'malformed') this.fail(r.message);
    if (r.kind === 'error') this.fail(`reported an error: ${r.message}`);
    return r;
  }

  fail(message: string): never {
    this.end();
    throw new Error(message);
  }

  end(): void {
    if (!this.alive) return;
    this.alive = false;
    this.relay.kill(this.id);
  }
}

/** The factory of one process bot entry: its processes in this thread, one per seat it plays in a match. */
export function processBotFactory(config: ProcessConfig, name = 'process'): BotFactory {
  const processes: BotProcess[] = [];
  const busy = new Set<BotProcess>();
  let lastSeat = Infinity;
  const factory: BotFactory = {
    name,
    description: `a program spoken to in JSON lines: ${config.command.join(' ')}`,
    params: [],
    create(ctx: BotContext): Bot {
      // Bots are created in seat order at a match's start: a seat not after the last one starts a new match.
      if (ctx.seat <= lastSeat) busy.clear();
      lastSeat = ctx.seat;
      for (let i = processes.length - 1; i >= 0; i--) if (!processes[i].alive) processes.splice(i, 1);
      let p = processes.find((q) => !busy.has(q));
      if (p === undefined) {
        p = new BotProcess(threadRelay(), config);
        processes.push(p);
      }
      busy.add(p);
      const proc = p;
      if (!proc.ready) greet(proc, ctx);
      proc.send({ type: 'start', game: ctx.game.name, seat: ctx.seat, players: ctx.players, seed: String(ctx.rng.int(2 ** 31 - 1)) });
      let decisions = 0;
      return {
        choose(d: Decision): number {
          proc.send(decideMessage(d, decisions++));
          const r = proc.reply('reply to a decision');
          if (r.kind !== 'action') return proc.fail(`sent a ${r.kind} line where an action was expected`);
          return r.action;
        },
        end(result: MatchResult): void {
          proc.send({ type: 'end', result });
          busy.delete(proc);
        },
      };
    },
  };
  // It never writes to decision.legal: it reads the offered actions once, to send them.
  trustBuiltIn(factory);
  return factory;
}

/** The start-up of a process: `hello`, answered by `ready` with the same protocol version. */
function greet(proc: BotProcess, ctx: BotContext): void {
  proc.send({ type: 'hello', protocol: PROTOCOL_VERSION, game: ctx.game.name, params: ctx.params });
  const r = proc.reply('answer hello with ready');
  if (r.kind !== 'ready') proc.fail(`sent a ${r.kind} line where ready was expected`);
  if (r.protocol !== PROTOCOL_VERSION) proc.fail(`speaks protocol ${String(r.protocol)}; tavolo speaks protocol ${PROTOCOL_VERSION}`);
  proc.ready = true;
}
