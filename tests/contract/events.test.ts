// The events and table views of the contract, checked on every suite game: random matches of every
// shipped variant (tournaments/*.json, the defaults, the game's goldenVariants), with and without an
// events array; and every kind of event a game writes is one its docs/events.md names, each met.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameEvent, Options, TableView, TableZone } from '../../src/engine/game.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { goldenOptions, shippedVariants } from '../../src/cli/golden.js';
import { games } from '../../src/games/index.js';
import { packageRoot } from '../../src/io/runinfo.js';
import { suiteGameDocs, suiteGames } from '../helpers/suite-games.js';

const MATCHES = 12;
/** Views are checked at one decision in this many (and at the start and the end of every match). */
const VIEW_EVERY = 5;

function playerCounts(game: AnyGame): number[] {
  return [...new Set([game.minPlayers, 3, 4])].filter((n) => n >= game.minPlayers && n <= game.maxPlayers);
}

interface Played {
  events: GameEvent[];
  result: unknown;
  metrics: number[];
  decisions: number;
}

/**
 * One random match. `withEvents`: pass an array to setup and apply. `check` is called before each
 * decision and at the end with the state. The choices come from their own generator, so two plays of
 * the same seeds take the same actions as long as the game does the same.
 */
function play(game: AnyGame, opts: Options, players: number, seed: string, withEvents: boolean, check?: (s: unknown, step: number) => void): Played {
  const rng = new Rng(`${seed}/game`);
  const pick = new Rng(`${seed}/choice`);
  const events: GameEvent[] = [];
  const s = withEvents ? game.setup(opts, players, rng, undefined, events) : game.setup(opts, players, rng);
  const legal = new Int32Array(game.maxActions);
  let decisions = 0;
  while (game.currentPlayer(s) >= 0 && decisions < 20_000) {
    check?.(s, decisions);
    const k = game.legalActions(s, legal);
    const a = legal[pick.int(k)];
    if (withEvents) game.apply(s, a, rng, events);
    else game.apply(s, a, rng);
    decisions++;
  }
  check?.(s, -1);
  const metrics = new Array<number>(game.measures.names.length).fill(0);
  game.measures.write(s, metrics);
  return { events, result: game.result(s), metrics, decisions };
}

function checkEvent(e: GameEvent, players: number): void {
  expect(typeof e.kind).toBe('string');
  expect(e.kind).toMatch(/^[a-z][a-z0-9_]*$/);
  expect(Number.isInteger(e.seat) && e.seat >= -1 && e.seat < players, `seat of ${JSON.stringify(e)}`).toBe(true);
  expect(typeof e.text).toBe('string');
  expect(e.text.length).toBeGreaterThan(0);
  if (e.secret === undefined) return;
  const seats = e.secret.seats;
  expect(seats.length, `secret with no seat: ${JSON.stringify(e)}`).toBeGreaterThan(0);
  expect(new Set(seats).size).toBe(seats.length);
  for (const q of seats) expect(Number.isInteger(q) && q >= 0 && q < players, `secret seat ${q} of ${JSON.stringify(e)}`).toBe(true);
  expect(e.secret.text.length).toBeGreaterThan(0);
  expect(e.text.includes(e.secret.text), `public text gives the secret away: ${JSON.stringify(e)}`).toBe(false);
  expect(e.text).not.toBe(e.secret.text);
  // Plain data: survives a JSON round trip.
  expect(JSON.parse(JSON.stringify(e))).toEqual(e);
}

/** a is contained in b as a multiset. */
function subMultiset(a: readonly string[], b: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  for (const x of a) {
    const k = left.get(x) ?? 0;
    if (k === 0) return false;
    left.set(x, k - 1);
  }
  return true;
}

function zoneTotal(z: TableZone & { kind: 'cards' }): number {
  return z.cards.length + (z.hidden ?? 0);
}

/** A seat's view has the full view's zones, shows only cards that are there, and hides the rest as a count. */
function checkAgainstFull(seatView: TableView, full: TableView, where: string): void {
  expect(seatView.zones.map((z) => `${z.kind}:${z.id}`), where).toEqual(full.zones.map((z) => `${z.kind}:${z.id}`));
  for (let i = 0; i < full.zones.length; i++) {
    const f = full.zones[i];
    const o = seatView.zones[i];
    if (f.kind === 'cards' && o.kind === 'cards') {
      expect(subMultiset(o.cards, f.cards), `${where}, zone ${f.id}: shows ${o.cards.join(' ')}, the table has ${f.cards.join(' ')}`).toBe(true);
      expect(zoneTotal(o), `${where}, zone ${f.id}: card count`).toBe(zoneTotal(f));
    } else if (f.kind === 'count' && o.kind === 'count') {
      expect(o.value, `${where}, zone ${f.id}`).toBe(f.value);
    } else if (f.kind === 'grid' && o.kind === 'grid') {
      expect([o.rows, o.cols], `${where}, zone ${f.id}`).toEqual([f.rows, f.cols]);
      o.cells.forEach((c, k) => {
        if (shown(c)) expect(c, `${where}, zone ${f.id}, cell ${k}`).toBe(f.cells[k]);
      });
    }
  }
}

/** A grid cell that shows something: not empty (''), not hidden from this view ('?'), not a hole (null). */
function shown(c: string | null): boolean {
  return c !== '' && c !== '?' && c !== null;
}

/**
 * Nothing in a seat's view goes beyond its observation: every card it shows is also in the same zone of
 * the full view of each state the seat cannot tell apart from the true one (determinize samples them).
 */
function checkNoLeak(game: AnyGame, seatView: TableView, obs: unknown, p: number, rng: Rng, where: string): void {
  if (typeof game.search.determinize !== 'function') return;
  for (let k = 0; k < 2; k++) {
    const world = game.view.tableView(game.search.determinize(obs, p, rng));
    for (let i = 0; i < seatView.zones.length; i++) {
      const o = seatView.zones[i];
      const w = world.zones.find((z) => z.id === o.id);
      if (o.kind === 'grid' && w?.kind === 'grid') {
        o.cells.forEach((c, j) => {
          if (shown(c)) expect(c, `${where}, zone ${o.id}, cell ${j}: seat ${p} sees what its observation does not imply`).toBe(w.cells[j]);
        });
      }
      if (o.kind !== 'cards' || w === undefined || w.kind !== 'cards') continue;
      expect(subMultiset(o.cards, w.cards), `${where}, zone ${o.id}: seat ${p} sees ${o.cards.join(' ')}, which its observation does not imply`).toBe(true);
    }
  }
}

/** Whether the game takes these options with this many players (Birichino needs three). */
function accepts(game: AnyGame, opts: Options, players: number): boolean {
  try {
    game.checkOptions(opts, players);
    return true;
  } catch {
    return false;
  }
}

/** The event kinds a game's docs/events.md names: every snake_case word in backticks outside its headings. */
function documentedKinds(name: string): Set<string> {
  const file = join(suiteGameDocs(name), 'events.md');
  expect(existsSync(file), `${file} is missing: it names every kind of event the game writes`).toBe(true);
  const body = readFileSync(file, 'utf8').replace(/^#.*$/gm, ''); // the title names the game
  return new Set([...body.matchAll(/`([a-z][a-z0-9_]*)`/g)].map((m) => m[1]));
}

const root = packageRoot();
// Registered games and the games of tests/fixtures/games, loaded from their files.
for (const [name, game] of Object.entries(await suiteGames())) {
  describe(`${name}: events and table views`, () => {
    /** Every kind met in this game's matches, over all its configurations (the tests run in order). */
    const met = new Set<string>();
    let planned = 0;
    let ran = 0;
    for (const v of shippedVariants(root, game)) {
      const opts = resolveOptions(game.options, { ...goldenOptions(game), ...v.options });
      for (const players of playerCounts(game)) {
        if (!accepts(game, opts, players)) continue;
        planned++;
        it(`${v.name}, ${players} players: events valid and told, views honest, nothing changed by asking`, () => {
          const kinds = new Set<string>();
          const leakRng = new Rng(`leak/${name}/${v.name}/${players}`);
          for (let m = 0; m < MATCHES; m++) {
            const seed = `contract-events/${name}/${v.name}/${players}/${m}`;
            const viewCheck = (s: unknown, step: number) => {
              if (step >= 0 && step % VIEW_EVERY !== 0) return;
              const full = game.view.tableView(s);
              expect(JSON.parse(JSON.stringify(full))).toEqual(full);
              for (let p = 0; p < players; p++) {
                const obs = game.observe(s, p);
                const seatView = game.view.observedView(obs, p);
                const where = `${seed}, step ${step}, seat ${p}`;
                checkAgainstFull(seatView, full, where);
                if (step >= 0) checkNoLeak(game, seatView, obs, p, leakRng, where);
              }
            };
            const told = play(game, opts, players, seed, true, viewCheck);
            const silent = play(game, opts, players, seed, false);
            expect(told.events.length, `${seed}: no events`).toBeGreaterThan(0);
            for (const e of told.events) {
              checkEvent(e, players);
              kinds.add(e.kind);
            }
            expect(told.events[told.events.length - 1].kind, `${seed}: the last event of a finished match`).toBe('match_end');
            expect(told.events.filter((e) => e.kind === 'match_end')).toHaveLength(1);
            // Passing events changes nothing the match does.
            expect(isDeepStrictEqual(told.result, silent.result), `${seed}: result`).toBe(true);
            expect(told.metrics, `${seed}: metrics`).toEqual(silent.metrics);
            expect(told.decisions).toBe(silent.decisions);
          }
          // Something happens besides the end: at least one kind of event other than match_end.
          expect(kinds.size, `kinds seen: ${[...kinds].join(', ')}`).toBeGreaterThan(1);
          for (const k of kinds) met.add(k);
          ran++;
        });
      }
    }
    it('every kind of event written is named in its docs/events.md, and every kind named there is written', (ctx) => {
      // Only after every configuration above has played (not in a run filtered to some of them).
      if (ran < planned) ctx.skip();
      const documented = documentedKinds(name);
      expect([...met].filter((k) => !documented.has(k)), `kinds written that ${name}'s docs/events.md does not name`).toEqual([]);
      const rare = game.testing?.rareEventKinds ?? [];
      expect(rare.filter((k) => !documented.has(k)), 'testing.rareEventKinds that the docs do not name').toEqual([]);
      const unmet = [...documented].filter((k) => !met.has(k) && !rare.includes(k));
      expect(unmet, `kinds ${name}'s docs/events.md names that no match wrote (a rare one goes in testing.rareEventKinds)`).toEqual([]);
    });
  });
}

describe('events with a secret', () => {
  it('Stramat: a drawn card is named only in the secret of its drawer', () => {
    const game = games.stramat;
    const events: GameEvent[] = [];
    const s = game.setup(resolveOptions(game.options, {}), 3, new Rng('secret'), undefined, events);
    const draw = events.find((e) => e.kind === 'draw')!;
    expect(draw.secret!.seats).toEqual([draw.seat]);
    expect(draw.text).toMatch(/draws a card$/);
    expect(draw.secret!.text).toMatch(/draws: (1|2|3|Dado|Colpo|Aggiungo|Alt|Giro|Jolly|Stramat)$/);
    // The drawn card is the one in the hand that the observation shows its drawer.
    const obs = game.observe(s, draw.seat) as { hand: number[] };
    expect(obs.hand.reduce((a, b) => a + b, 0)).toBe(4);
  });
});
