// Adversarial bots for the honesty suite: each tries one way to learn what its seat may not know or to
// change the match, and writes down in `leaks` whatever it managed. They all play the same moves (the
// random bot's, from their own generator), so a match they play must come out exactly as a match played
// by an honest bot with the same generator: anything else means an attack changed the match.
import type { Bot, BotContext, BotFactory, Decision } from '../../src/engine/bot.js';
import type { AnyGame, MatchResult, Options } from '../../src/engine/game.js';
import { playMatch, type MatchOutcome } from '../../src/engine/match.js';
import { Rng } from '../../src/engine/rng.js';

/** What attacks obtained (one line each); empty when every attack failed. */
export interface AttackLog {
  leaks: string[];
}

/** Writes down a leak once (a patched function may be called millions of times). */
function note(log: AttackLog, what: string): void {
  if (!log.leaks.includes(what)) log.leaks.push(what);
}

type Mischief = (ctx: BotContext, d: Decision, log: AttackLog, decision: number) => void;

/** The moves every attacker plays: the random bot's, from the bot's own generator. */
function honestMove(ctx: BotContext, d: Decision): number {
  return d.legal[ctx.rng.int(d.count)];
}

/** A bot that does `mischief` before each of its decisions, then plays the honest move. */
function attacker(name: string, log: AttackLog, mischief: Mischief, setup?: (ctx: BotContext, log: AttackLog) => void): BotFactory {
  return {
    name,
    description: `attack: ${name}`,
    params: [],
    create(ctx: BotContext): Bot {
      setup?.(ctx, log);
      let decisions = 0;
      return {
        choose(d: Decision): number {
          mischief(ctx, d, log, decisions++);
          return honestMove(ctx, d);
        },
      };
    },
  };
}

/** The honest bot the attackers are compared with (not a built-in: it gets the copied decision, as they do). */
export const honest: BotFactory = {
  name: 'honest',
  description: 'the random bot, as a file bot',
  params: [],
  create: (ctx) => ({ choose: (d) => honestMove(ctx, d) }),
};

/** Runs `f`, ignoring what it throws (a frozen object refuses writes with a TypeError in strict code). */
function attempt(f: () => void): void {
  try {
    f();
  } catch {
    // the attack was refused
  }
}

const writable = (o: unknown): o is Record<string, unknown> => o !== null && (typeof o === 'object' || typeof o === 'function');

/** Re-points the decision's fields (player, legal, count, observation) to another seat or to forged values. */
export function repointer(log: AttackLog): BotFactory {
  return attacker('repoint', log, (ctx, d) => {
    const other = (ctx.seat + 1) % ctx.players;
    const forged = new Int32Array([0x7fff_fff0]);
    const target = d as unknown as Record<string, unknown>;
    attempt(() => void (target.player = other));
    attempt(() => void Object.defineProperty(d, 'player', { value: other }));
    const obs = d.observation as { player?: number };
    if (obs.player !== ctx.seat) note(log, `read the observation of seat ${String(obs.player)}`);
    if (d.player !== ctx.seat) note(log, `decision.player re-pointed to ${d.player}`);
    // Forged legal actions, count and observation, for the seats that get the same decision object next.
    attempt(() => void (target.legal = forged));
    attempt(() => void Object.defineProperty(d, 'legal', { value: forged }));
    attempt(() => void (target.count = 1));
    attempt(() => void Object.defineProperty(d, 'count', { value: 1 }));
    attempt(() => void Object.defineProperty(d, 'observation', { value: { forged: true } }));
    if (d.legal === forged || d.count === 1 && d.legal[0] === forged[0]) note(log, 'decision.legal re-pointed');
  });
}

/**
 * Hands the decision a game of its own (assignment, defineProperty, on the object and on its class) whose
 * `view.actionText` and `observe` keep the state they are given, then asks for a sentence and the observation;
 * passes a Proxy and an action that is not offered to `describe`.
 */
export function describer(log: AttackLog): BotFactory {
  return attacker('describe', log, (ctx, d) => {
    const real = ctx.game;
    const trap = Object.create(real, {
      view: { value: { ...real.view, actionText: (s: unknown, a: number) => (note(log, 'describe handed over the state'), real.view.actionText(s, a)) } },
      observe: { value: (s: unknown, p: number) => (note(log, 'observation handed over the state'), real.observe(s, p)) },
    }) as AnyGame;
    const target = d as unknown as Record<string, unknown>;
    attempt(() => void (target.game = trap));
    attempt(() => void Object.defineProperty(d, 'game', { value: trap }));
    attempt(() => void Object.defineProperty(Object.getPrototypeOf(d), 'game', { get: () => trap }));
    attempt(() => void d.describe(d.legal[0]));
    attempt(() => void d.observation);
    let touched = false;
    const probe = new Proxy({}, { get: () => ((touched = true), () => 0), has: () => ((touched = true), false) });
    let worded = true;
    try {
      d.describe(probe as unknown as number);
    } catch {
      worded = false;
    }
    if (worded || touched) note(log, 'describe took a Proxy');
    const offered = new Set(Array.from(d.legal.subarray(0, d.count)));
    let absent = 0;
    while (offered.has(absent)) absent++;
    if (absent < real.maxActions) {
      let text: string | null = null;
      attempt(() => void (text = d.describe(absent)));
      if (text !== null) note(log, `describe worded action ${absent}, which was not offered`);
    }
  });
}

/** Wraps a function so that a call from anyone but the attacker is written down. */
function spy(log: AttackLog, what: string, f: (...args: unknown[]) => unknown, self: { active: boolean }) {
  return function (this: unknown, ...args: unknown[]) {
    if (!self.active) note(log, `the match called the patched ${what}`);
    return f.apply(this, args);
  };
}

/**
 * Patches what it was given: ctx.game's functions (result rigged for its seat, the others spied on), the
 * class of the states `determinize` returns, the class of its decision and of its generator.
 */
export function patcher(log: AttackLog): BotFactory {
  const me = { active: false };
  const patchAll = (obj: unknown, what: string) => {
    if (!writable(obj)) return;
    for (const k of Object.getOwnPropertyNames(obj)) {
      if (k === 'constructor') continue;
      const desc = Object.getOwnPropertyDescriptor(obj, k);
      if (!desc || typeof desc.value !== 'function') continue;
      const wrapped = spy(log, `${what}.${k}`, desc.value as (...args: unknown[]) => unknown, me);
      attempt(() => void (obj[k] = wrapped));
      attempt(() => void Object.defineProperty(obj, k, { value: wrapped }));
    }
  };
  return attacker(
    'patch',
    log,
    (ctx, d, _log, decision) => {
      if (decision > 0) return;
      me.active = true;
      try {
        patchAll(Object.getPrototypeOf(d), 'decision class');
        attempt(() => {
          const world = ctx.game.search.determinize!(d.observation, ctx.seat, new Rng('patch'));
          for (let o = Object.getPrototypeOf(world) as object | null; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) patchAll(o, 'state class');
        });
      } finally {
        me.active = false;
      }
    },
    (ctx) => {
      const game = ctx.game as unknown as Record<string, unknown>;
      const realResult = ctx.game.result.bind(ctx.game);
      const rigged = (s: unknown): MatchResult => {
        const r = realResult(s);
        if (!me.active) note(log, 'the match called the patched result');
        return { ...r, winners: [ctx.seat], ranks: r.ranks.map((_, i) => (i === ctx.seat ? 1 : 2)) };
      };
      attempt(() => void (game.result = rigged));
      attempt(() => void Object.defineProperty(game, 'result', { value: rigged }));
      patchAll(game, 'game');
      patchAll(Object.getPrototypeOf(ctx.rng), 'generator class');
      attempt(() => void ((ctx.params as Record<string, unknown>).patched = true));
    },
  );
}

/**
 * Adds one to every number (and flips every boolean) in everything it can reach from its observation, a state sampled
 * from it (its configuration included) and its parameters: if any of it were the engine's, the match
 * would change.
 */
export function vandal(log: AttackLog): BotFactory {
  return attacker('vandal', log, (ctx, d, _log, decision) => {
    if (decision < 2) {
      attempt(() => scribble(ctx.game.search.determinize!(d.observation, ctx.seat, new Rng(`vandal/${decision}`))));
    }
    scribble(d.observation);
    if (decision === 0) scribble(ctx.params);
  });
}

function scribble(root: unknown): void {
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number): void => {
    if (!writable(v) || typeof v === 'function' || seen.has(v) || depth > 12) return;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      const a = v as unknown as { length: number; [i: number]: number };
      for (let i = 0; i < a.length; i++) attempt(() => void (a[i] += 1));
      return;
    }
    for (const k of Object.keys(v)) {
      const x = v[k];
      if (typeof x === 'number') attempt(() => void (v[k] = x + 1));
      else if (typeof x === 'boolean') attempt(() => void (v[k] = !x));
      else walk(x, depth + 1);
    }
  };
  walk(root, 0);
}

/** Each match as the results files would have it: result, decisions, metrics and fault. */
export function playAll(game: AnyGame, opts: Options, seat0: BotFactory, players: number, matches: number, seed: string): string[] {
  const out: string[] = [];
  for (let m = 0; m < matches; m++) {
    const seats = [{ factory: seat0, params: {} }];
    for (let s = 1; s < players; s++) seats.push({ factory: honest, params: {} });
    const o: MatchOutcome = playMatch(game, opts, seats, `${seed}/${m}`);
    out.push(JSON.stringify(o));
  }
  return out;
}
