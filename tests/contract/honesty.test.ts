// Honesty: observations hide what they should, determinizations are consistent with them, and every bot
// decides from its information set only. Generic over every bot and every suite game: the registered ones
// and the game files of tests/fixtures/games, loaded from their files (tests/helpers/suite-games.ts).
// What is particular to a game (short-match options, variants, whether anything is hidden, how to perturb
// what is) the game declares in its contract member `testing` (src/engine/game.ts): nothing here names a game
// but the controls at the end.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bots as registeredBots } from '../../bots/index.js';
import { ismcts } from '../../bots/ismcts.js';
import { pimc } from '../../bots/pimc.js';
import type { BotFactory, Decision } from '../../src/engine/bot.js';
import type { AnyGame, GameTesting, Options } from '../../src/engine/game.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { Card } from '../../src/games/stramat/cards.js';
import { stramat } from '../../src/games/stramat/index.js';
import type { StramatState } from '../../src/games/stramat/state.js';
import { scala } from '../../src/games/scala/index.js';
import { describer, honest, patcher, playAll, repointer, vandal, type AttackLog } from '../helpers/attack-bots.js';
import { hiddenScala, leakyHiddenScala, perturbHiddenScala, realHeld } from '../helpers/scala-hidden.js';
import { suiteGames } from '../helpers/suite-games.js';

/** Every bot: the registry plus the Monte Carlo bots (which may not be registered yet), with small budgets. */
const BOTS: Record<string, BotFactory> = { ...registeredBots };
for (const f of [pimc, ismcts]) if (!Object.hasOwn(BOTS, f.name)) BOTS[f.name] = f;
// ismcts with progressive widening ranks actions by the heuristic of each sampled world, and its greedy
// playouts end at a horizon scored by game.search.evaluate: that path is checked too, under its own name.
BOTS['ismcts-widening'] = ismcts;
// ismcts with every option of docs/bots-search.md's "MCTS options" on: the heuristic prior, MAST's table, the
// solver and the reused tree must leak nothing either (the last two act only where nothing is hidden).
BOTS['ismcts-options'] = ismcts;
const SMALL: Record<string, Record<string, unknown>> = {
  // Playouts cut at 60 decisions: honesty does not need strong play, and a Stop playout to 500 points is long.
  pimc: { iterations: 48, maxDepth: 60 },
  ismcts: { iterations: 64, maxDepth: 60 },
  'ismcts-widening': { iterations: 48, maxDepth: 6, widening: 1, exploration: 0.1, rollout: 'greedy' },
  'ismcts-options': { iterations: 48, maxDepth: 20, bias: 1, mast: true, solver: true, reuse: true },
  // The restricted versions (bots/restricted.ts) at the same budgets; with no kind avoided they play as their base.
  'restricted-pimc': { iterations: 48, maxDepth: 60 },
  'restricted-ismcts': { iterations: 64, maxDepth: 60 },
  // Enough nodes for two or three plies in the small games, and three worlds to vote where cards are hidden.
  alphabeta: { nodes: 150, determinizations: 3 },
  'restricted-alphabeta': { nodes: 150, determinizations: 3 },
};

/** A bot the suites play, with the parameters it plays under. */
interface SuiteBot {
  factory: BotFactory;
  params: Record<string, unknown>;
}

/**
 * Every bot at its small budget, and every preset of the game (Game.presets) under its own settings with
 * its budget cut to its bot's small budget: the settings a preset adds (widening, playout policy, worlds)
 * are what could leak, not how long it thinks.
 */
function suiteBots(game: AnyGame): Record<string, SuiteBot> {
  const out: Record<string, SuiteBot> = {};
  for (const [name, factory] of Object.entries(BOTS)) out[name] = { factory, params: { ...SMALL[name], ...restrictedParams(name, game) } };
  for (const [name, preset] of Object.entries(game.presets ?? {})) {
    const params: Record<string, unknown> = { ...preset.params };
    const factory = BOTS[preset.bot];
    const small = SMALL[preset.bot] ?? {};
    if (factory.budget !== undefined && small[factory.budget] !== undefined) params[factory.budget] = small[factory.budget];
    out[`preset ${name}`] = { factory, params };
  }
  return out;
}

/** A restricted bot keeps away from every kind the game declares, so that its narrowing is checked too. */
function restrictedParams(botName: string, game: AnyGame): Record<string, unknown> {
  if (!botName.startsWith('restricted-') || !game.importance?.actionKinds) return {};
  return { without: game.importance?.actionKinds.map((k) => k.name).join(',') };
}

/** What the game declares for the suites (Game.testing), with the defaults of a game that declares nothing. */
function testingOf(game: AnyGame): GameTesting & { roundTripMatches: number; attackMatches: number } {
  const t = game.testing ?? {};
  return { ...t, roundTripMatches: t.roundTripMatches ?? 100, attackMatches: t.attackMatches ?? 4 };
}

/** The options every configuration of a game starts from: its quick options over the defaults. */
function quickOptions(game: AnyGame): Options {
  return resolveOptions(game.options, { ...game.testing?.quickOptions });
}

function playerCounts(game: AnyGame): number[] {
  const want = [game.minPlayers, game.minPlayers + 1, 4, game.maxPlayers];
  return [...new Set(want)].filter((n) => n >= game.minPlayers && n <= game.maxPlayers).sort((a, b) => a - b);
}

function configs(game: AnyGame): Array<{ label: string; opts: Options; players: number }> {
  const out: Array<{ label: string; opts: Options; players: number }> = [];
  const base = game.testing?.quickOptions ?? {};
  for (const players of playerCounts(game)) out.push({ label: `default ${players}p`, opts: resolveOptions(game.options, { ...base }), players });
  for (const { label, options, players: counts } of game.testing?.variants ?? []) {
    const opts = resolveOptions(game.options, { ...base, ...options });
    for (const players of counts) out.push({ label: `${label} ${players}p`, opts, players });
  }
  for (const c of out) game.checkOptions(c.opts, c.players);
  return out;
}

/** The most matches one configuration plays while a check still lacks the points it needs (a short game's). */
const MAX_MATCHES = 3000;

/** What a check needs of one configuration: its share of the points the whole check asks for, and a tenth more. */
function perConfig(need: number, cfgs: readonly unknown[]): number {
  return Math.ceil((need * 1.1) / cfgs.length);
}

/**
 * Plays random matches and calls `visit` at every decision point with the state (which `visit` must
 * not change) and the decider; `visit` returns how many checks it made there (nothing: one). Plays
 * `matches` matches, and more while fewer than `until` checks were made (a short game's matches give few
 * decisions), up to MAX_MATCHES; stops early at `maxPoints` decision points (games with long matches get
 * fewer of them).
 */
function forEachDecision(
  game: AnyGame,
  opts: Options,
  players: number,
  matches: number,
  seed: string,
  visit: (s: unknown, p: number, match: number) => number | void,
  maxPoints = Infinity,
  until = 0,
): number {
  const buf = new Int32Array(game.maxActions);
  let points = 0;
  let checks = 0;
  for (let m = 0; (m < matches || checks < until) && m < Math.max(matches, MAX_MATCHES) && points < maxPoints; m++) {
    const rng = new Rng(`${seed}/game/${m}`);
    const choose = new Rng(`${seed}/choose/${m}`);
    const s = game.setup(opts, players, rng);
    for (let steps = 0; ; steps++) {
      const p = game.currentPlayer(s);
      if (p < 0) break;
      if (steps > 100_000) throw new Error(`${game.name}: match ${m} does not end`);
      checks += visit(s, p, m) ?? 1;
      points++;
      const k = game.legalActions(s, buf);
      game.apply(s, buf[choose.int(k)], rng);
    }
  }
  return points;
}

/** A decision as the match loop presents it: the state is private, the observation computed from it on demand. */
class StateDecision implements Decision {
  readonly #state: unknown;
  #obs: unknown = undefined;
  readonly legal: Int32Array;
  readonly count: number;
  readonly player: number;
  constructor(
    readonly game: AnyGame,
    state: unknown,
  ) {
    this.#state = state;
    this.player = game.currentPlayer(state);
    this.legal = new Int32Array(game.maxActions);
    this.count = game.legalActions(state, this.legal);
  }
  get observation(): unknown {
    if (this.#obs === undefined) this.#obs = this.game.observe(this.#state, this.player);
    return this.#obs;
  }
  describe(action: number): string {
    return this.game.view.actionText(this.#state, action);
  }
}

function legalOf(game: AnyGame, s: unknown): number[] {
  const buf = new Int32Array(game.maxActions);
  return Array.from(buf.subarray(0, game.legalActions(s, buf)));
}

/**
 * A fingerprint of a state, for "did it change" and "do these differ": a walk over its own fields, arrays
 * and typed arrays hashed number by number (JSON of a large typed array is slow and made Stop's checks
 * crawl). Collisions are astronomically unlikely for the few thousand states compared.
 */
function stateKey(s: unknown): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const mix = (x: number) => {
    const v = Number.isInteger(x) ? x | 0 : Math.round(x * 1e9) | 0;
    h1 = Math.imul(h1 ^ v, 0x01000193);
    h2 = Math.imul(h2 ^ (v + 0x9e3779b9), 0x85ebca6b) ^ (h2 >>> 13);
  };
  const seen = new Set<unknown>();
  const walk = (v: unknown): void => {
    if (v === null || v === undefined) return mix(-7);
    if (typeof v === 'number') return mix(v);
    if (typeof v === 'boolean') return mix(v ? 1 : 2);
    if (typeof v === 'string') {
      for (let i = 0; i < v.length; i++) mix(v.charCodeAt(i));
      return mix(-3);
    }
    if (typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      const a = v as unknown as ArrayLike<number>;
      mix(a.length);
      for (let i = 0; i < a.length; i++) mix(a[i]);
      return;
    }
    if (Array.isArray(v)) {
      mix(v.length);
      for (const x of v) walk(x);
      return;
    }
    for (const k of Object.keys(v)) {
      walk(k);
      walk((v as Record<string, unknown>)[k]);
    }
  };
  walk(s);
  return `${h1 >>> 0}:${h2 >>> 0}`;
}

/** A state that differs from `s` only in what `observer` cannot see (GameTesting.perturbHidden). */
type Perturb = (s: unknown, observer: number, rng: Rng) => unknown;

// ---------------------------------------------------------------------------------------------------
// The checks, as functions that throw on the first violation (so the controls below can run them on
// deliberately dishonest games and bots).

function fail(message: string): never {
  throw new Error(message);
}

type Config = { label: string; opts: Options; players: number };

/** Check 1: for every decision point and every player, a perturbation of their hidden cards leaves their observation alone. */
function checkObservationsHide(game: AnyGame, perturb: Perturb, cfgs: Config[], matches: number, seed: string, until = 0) {
  const rng = new Rng(`perturb/${seed}`);
  let checks = 0;
  let changed = 0;
  for (const { label, opts, players } of cfgs) {
    forEachDecision(game, opts, players, matches, `perturb/${seed}/${label}`, (s, _p, m) => {
      const before = stateKey(s);
      const checksBefore = checks;
      // Every observer at tables of up to four; at bigger tables, each observer at one point in two.
      for (let q = 0; q < players; q++) {
        if (players > 4 && rng.int(2) === 0) continue;
        const obs = game.observe(s, q);
        const other = perturb(s, q, rng);
        if (stateKey(other) !== before) changed++;
        const obs2 = game.observe(other, q);
        if (!isDeepStrictEqual(obs2, obs)) {
          fail(
            `${label} match ${m}: player ${q}'s observation changed with cards they cannot see\n` +
              `before: ${JSON.stringify(obs)}\nafter:  ${JSON.stringify(obs2)}`,
          );
        }
        checks++;
      }
      if (stateKey(s) !== before) fail(`${label} match ${m}: the perturbation changed the real state`);
      return checks - checksBefore;
    }, 4000, until);
  }
  return { checks, changed };
}

/** Check 3: every bot, seeded alike, takes the same action in sampled states of one information set. */
function checkInformationSetInvariance(
  game: AnyGame,
  bots: Record<string, SuiteBot>,
  cfgs: Config[],
  matches: number,
  seed: string,
  onChoose?: (state: unknown) => void,
  until = 0,
) {
  const rng = new Rng(`infoset/${seed}`);
  let points = 0;
  let distinctStates = 0;
  const chosen: Record<string, Set<number>> = {};
  for (const { label, opts, players } of cfgs) {
    // About one decision in seven of a few matches: several full searches per point and bot.
    forEachDecision(game, opts, players, matches, `infoset/${seed}/${label}`, (s, p, m) => {
      if (rng.int(7) !== 0) return 0;
      const where = `${label} match ${m}`;
      const obs = game.observe(s, p);
      const states = [s, game.search.determinize!(obs, p, rng), game.search.determinize!(obs, p, rng), game.search.determinize!(obs, p, rng)];
      if (new Set(states.map(stateKey)).size > 1) distinctStates++;
      const legal = legalOf(game, s);
      // Decision.describe words the offered actions from the state: the words must not tell the states apart.
      const texts = states.map((st) => legal.map((a) => game.view.actionText(st, a)).join('\n'));
      if (new Set(texts).size !== 1) {
        const i = texts.findIndex((t) => t !== texts[0]);
        fail(`${where}: the offered actions read differently in states of one information set:\n${texts[0]}\n---\n${texts[i]}`);
      }
      for (const [botName, { factory, params: raw }] of Object.entries(bots)) {
        const params = resolveOptions(factory.params, raw, 'bot parameter');
        const botSeed = `${where}/${p}/${points}/${botName}`;
        const actions = states.map((st) => {
          const before = stateKey(st);
          const decision = new StateDecision(game, st);
          if (!isDeepStrictEqual(Array.from(decision.legal.subarray(0, decision.count)), legal)) {
            fail(`${where}: legal actions differ between states of one information set`);
          }
          const bot = factory.create({ game, seat: p, players, rng: new Rng(botSeed), params });
          onChoose?.(st);
          const a = bot.choose(decision);
          if (stateKey(st) !== before) fail(`${where}: ${botName} changed the state behind its decision`);
          return a;
        });
        if (!legal.includes(actions[0])) fail(`${where}: ${botName} returned an illegal action ${actions[0]}`);
        if (new Set(actions).size !== 1) fail(`${where}: ${botName} chose ${actions.join(', ')} in states its player cannot tell apart`);
        (chosen[botName] ??= new Set()).add(actions[0]);
      }
      points++;
      return 1;
    }, Infinity, until);
  }
  return { points, distinctStates, chosen };
}

// ---------------------------------------------------------------------------------------------------

/**
 * The checks each test needs before it proves anything, over all configurations of a game: a game's
 * matches are played until each configuration has its share (forEachDecision), so a game with short
 * matches plays more of them (up to MAX_MATCHES a configuration).
 */
const NEED = {
  /** Check 1: observations compared after a perturbation. */
  perturbed: 10_000,
  /** Check 2: the decider's round trips. */
  roundTrips: 3_000,
  /** Check 3: sampled decision points, each decided by every bot in four states. */
  sampled: 50,
};

for (const [name, game] of Object.entries(await suiteGames())) {
  describe(`honesty of ${name}`, () => {
    const cfgs = configs(game);
    const testing = testingOf(game);

    it('has a determinize (the Monte Carlo bots need it)', () => {
      expect(typeof game.search.determinize).toBe('function');
    });

    it('1. observations hide everything hidden: changing only what a player cannot see leaves their observation unchanged', () => {
      if (testing.perfectInformation) return; // nothing hidden; the controls below show check 1 on a hidden variant
      if (!testing.perturbHidden) {
        // No game-specific perturbation yet: the round-trip tests below are this game's only check.
        console.warn(`honesty: no hidden-card perturbation written for ${name} (declare testing.perturbHidden in the game: docs/adding-a-game.md)`);
        return;
      }
      const { checks, changed } = checkObservationsHide(game, testing.perturbHidden.bind(testing), cfgs, 40, name, perConfig(NEED.perturbed, cfgs));
      expect(checks).toBeGreaterThan(NEED.perturbed);
      // The perturbation must actually change hidden things most of the time, or the test proves nothing.
      expect(changed / checks).toBeGreaterThan(0.5);
    }, 600_000);

    it('2. round trip: observe(determinize(observe(s, p)), p) equals observe(s, p), for every player, and hidden cards vary', () => {
      const rng = new Rng(`roundtrip/${name}`);
      let points = 0;
      let varied = 0;
      let differsFromReal = 0;
      for (const { label, opts, players } of cfgs) {
        forEachDecision(game, opts, players, testing.roundTripMatches, `roundtrip/${name}/${label}`, (s, p, m) => {
          const where = `${label} match ${m}`;
          const before = stateKey(s);
          // The decider at every point; every other player at one point in four.
          const everyone = rng.int(4) === 0;
          for (let q = 0; q < players; q++) {
            if (q !== p && !everyone) continue;
            const obs = game.observe(s, q);
            const frozen = JSON.stringify(obs);
            const d1 = game.search.determinize!(obs, q, rng);
            const d2 = game.search.determinize!(obs, q, rng);
            if (JSON.stringify(obs) !== frozen) fail(`${where}: determinize changed the observation it was given`);
            for (const d of [d1, d2]) {
              const back = game.observe(d, q);
              if (!isDeepStrictEqual(back, obs)) {
                fail(`${where}: round trip for player ${q} differs\nobserved: ${JSON.stringify(obs)}\nback:     ${JSON.stringify(back)}`);
              }
            }
            if (q === p) {
              // The decider's determinizations present the same decision.
              if (game.currentPlayer(d1) !== p) fail(`${where}: the determinization's decider is not ${p}`);
              if (!isDeepStrictEqual(legalOf(game, d1), legalOf(game, s))) {
                fail(`${where}: the determinization's legal actions differ from the real ones`);
              }
              points++;
              const k1 = stateKey(d1);
              if (k1 !== stateKey(d2)) varied++;
              if (k1 !== before) differsFromReal++;
            }
          }
          if (stateKey(s) !== before) fail(`${where}: the real state changed`);
        }, 5000, perConfig(NEED.roundTrips, cfgs));
      }
      expect(points).toBeGreaterThan(NEED.roundTrips);
      if (testing.perfectInformation) {
        // Nothing hidden: every determinization is the real state itself.
        expect(varied).toBe(0);
        expect(differsFromReal).toBe(0);
        return;
      }
      // Two draws from the same observation differ (hidden cards are sampled, not copied from somewhere).
      expect(varied / points).toBeGreaterThan(0.25);
      expect(differsFromReal / points).toBeGreaterThan(0.25);
    }, 600_000);

    it('3. information-set invariance: every bot, seeded alike, takes the same action in every state of the information set', () => {
      const bots = suiteBots(game);
      const { points, distinctStates, chosen } = checkInformationSetInvariance(game, bots, cfgs, 4, name, undefined, perConfig(NEED.sampled, cfgs));
      expect(points).toBeGreaterThan(NEED.sampled);
      if (testing.perfectInformation) expect(distinctStates).toBe(0);
      else expect(distinctStates / points).toBeGreaterThan(0.5);
      // Sanity: the bots did play varied actions (they are not constant functions): three different ones,
      // or every action there is in a game of fewer.
      const varied = Math.min(3, game.maxActions);
      for (const botName of Object.keys(bots)) expect(chosen[botName]?.size ?? 0, botName).toBeGreaterThanOrEqual(varied);
    }, 600_000);

    // 4. Adversarial bots (tests/helpers/attack-bots.ts), one per attack: each plays the random bot's moves
    // and must learn nothing (its log stays empty) and change nothing (every match comes out as with an
    // honest bot with the same generator, seated with the same honest opponents, who share its decision).
    const ATTACKS: Array<[string, (log: AttackLog) => BotFactory]> = [
      ['re-points decision.player, legal, count and observation', repointer],
      ['hands the decision its own game (a Proxy-like trap) and passes a Proxy to describe', describer],
      ["patches ctx.game's result, observe, apply, ..., the state's class, the decision's and the generator's", patcher],
      ["changes everything in its observation (Stramat's rules, the options) and in a state sampled from it", vandal],
    ];
    for (const [label, make] of ATTACKS) {
      it(`4. a bot that ${label} learns and changes nothing`, () => {
        // Options of its own (a fresh object), so that what an attack does to the bots' side stays in this test.
        const opts = quickOptions(game);
        const players = Math.min(3, game.maxPlayers);
        const matches = testing.attackMatches;
        const log: AttackLog = { leaks: [] };
        const attacked = playAll(game, opts, make(log), players, matches, `attack/${name}`);
        expect([...new Set(log.leaks)]).toEqual([]);
        const control = playAll(game, quickOptions(game), honest, players, matches, `attack/${name}`);
        expect(attacked).toEqual(control);
      }, 300_000);
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Controls: the checks catch what they are meant to catch.

describe('the honesty checks catch dishonesty (controls, on Stramat)', () => {
  const game: AnyGame = stramat;
  const perturbStramat: Perturb = (s, q, rng) => stramat.testing!.perturbHidden!(s as StramatState, q, rng);
  const cfg: Config[] = [{ label: 'default 3p', opts: resolveOptions(game.options, {}), players: 3 }];

  it("check 1 fails for an observation that leaks one bit of an opponent's hand", () => {
    const leaky: AnyGame = {
      ...game,
      observe: (s: StramatState, p: number) => {
        const o = stramat.observe(s, p);
        const next = (p + 1) % s.n;
        // A subtle leak: whether the next player holds an Alt card.
        return { ...o, nextHasAlt: s.hands[next * Card.COUNT + Card.ALT] > 0 };
      },
    };
    expect(() => checkObservationsHide(leaky, perturbStramat, cfg, 30, 'leak')).toThrow(/observation changed with cards they cannot see/);
    // The honest game passes the same run.
    expect(() => checkObservationsHide(game, perturbStramat, cfg, 30, 'leak')).not.toThrow();
  });

  it('check 3 fails for a bot that peeks at the state behind its decision', () => {
    let peek: unknown = null;
    const cheat: BotFactory = {
      name: 'cheat',
      description: 'reads the real state',
      params: [],
      create: () => ({
        choose(d: Decision) {
          const s = peek as StramatState;
          // Plays according to the next opponent's real hand.
          const next = (d.player + 1) % s.n;
          let x = 0;
          for (let c = 0; c < Card.COUNT; c++) x += s.hands[next * Card.COUNT + c] * (c + 1);
          return d.legal[x % d.count];
        },
      }),
    };
    expect(() => checkInformationSetInvariance(game, { cheat: { factory: cheat, params: {} } }, cfg, 4, 'cheat', (st) => (peek = st))).toThrow(
      /cheat chose .* in states its player cannot tell apart/,
    );
  });
});

describe('the honesty checks catch a leak in Scala made partly hidden (controls: pieces behind a screen)', () => {
  const cfg: Config[] = [{ label: 'default 3p', opts: resolveOptions(scala.options, {}), players: 3 }];

  it("check 1 fails for an observation that leaks whether the next seat holds a 1, and passes the honest variant", () => {
    expect(() => checkObservationsHide(leakyHiddenScala, perturbHiddenScala, cfg, 30, 'leak')).toThrow(/observation changed with cards they cannot see/);
    const honest = checkObservationsHide(hiddenScala, perturbHiddenScala, cfg, 30, 'leak');
    // The perturbation does change what is hidden, most of the time.
    expect(honest.changed / honest.checks).toBeGreaterThan(0.5);
  });

  it('check 3 fails for a bot that reads the hidden supplies behind its decision', () => {
    let peek: unknown = null;
    const cheat: BotFactory = {
      name: 'cheat',
      description: 'reads the real state',
      params: [],
      create: () => ({
        choose(d: Decision) {
          const next = (d.player + 1) % 3;
          return d.legal[(realHeld(peek, next, 1) * 7 + realHeld(peek, next, 4)) % d.count];
        },
      }),
    };
    expect(() => checkInformationSetInvariance(hiddenScala, { cheat: { factory: cheat, params: {} } }, cfg, 4, 'cheat', (st) => (peek = st))).toThrow(
      /cheat chose .* in states its player cannot tell apart/,
    );
  });
});
