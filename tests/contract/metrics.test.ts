// Metric names and writes agree, on every suite game: each column has its words (MetricInfo), each named
// slot is written exactly once per match and none by a bare index, and the columns that the events also
// tell are checked against the independent counts the game declares (testing.metricWitnesses).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameEvent, MatchResult, Options } from '../../src/engine/game.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { shippedVariants } from '../../src/cli/golden.js';
import { games } from '../../src/games/index.js';
import { packageRoot } from '../../src/io/runinfo.js';
import { suiteGames } from '../helpers/suite-games.js';

const MATCHES = 10;
const KINDS = ['count', 'mean', 'rate'];

interface Played {
  events: GameEvent[];
  result: MatchResult;
  metrics: number[];
  /** Per slot, how many times `metrics` wrote it; `extra` lists any other property it set. */
  writes: number[];
  extra: string[];
}

/** A random match with events, then `metrics` into an array that counts every write. */
function playCounted(game: AnyGame, opts: Options, players: number, seed: string): Played {
  const rng = new Rng(`${seed}/game`);
  const pick = new Rng(`${seed}/choice`);
  const events: GameEvent[] = [];
  const s = game.setup(opts, players, rng, undefined, events);
  const legal = new Int32Array(game.maxActions);
  for (let d = 0; game.currentPlayer(s) >= 0 && d < 20_000; d++) {
    const k = game.legalActions(s, legal);
    game.apply(s, legal[pick.int(k)], rng, events);
  }
  const width = game.measures.names.length;
  const writes = new Array<number>(width).fill(0);
  const extra: string[] = [];
  const target = new Array<number>(width).fill(0);
  const counted = new Proxy(target, {
    set(t, key, value) {
      const i = typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : -1;
      if (i >= 0 && i < width) writes[i]++;
      else extra.push(String(key));
      return Reflect.set(t, key, value);
    },
  });
  game.measures.write(s, counted);
  return { events, result: game.result(s), metrics: target, writes, extra };
}

function playerCounts(game: AnyGame): number[] {
  return [...new Set([game.minPlayers, 3, 4, game.maxPlayers])].filter((n) => n >= game.minPlayers && n <= game.maxPlayers);
}

/** Every shipped variant of the game (tournaments/*.json and the defaults) and its testing.metricVariants, at every table size it allows. */
function plays(game: AnyGame): Array<{ label: string; played: Played }> {
  const out: Array<{ label: string; played: Played }> = [];
  const variants: Array<{ name: string; options: Record<string, unknown>; players?: number }> = [
    ...shippedVariants(packageRoot(), game),
    ...(game.testing?.metricVariants ?? []),
  ];
  for (const v of variants) {
    const opts = resolveOptions(game.options, v.options);
    for (const n of v.players !== undefined ? [v.players] : playerCounts(game)) {
      try {
        game.checkOptions(opts, n);
      } catch {
        continue;
      }
      for (let m = 0; m < MATCHES; m++) out.push({ label: `${v.name} ${n}p #${m}`, played: playCounted(game, opts, n, `metrics/${game.name}/${v.name}/${n}/${m}`) });
    }
  }
  return out;
}

// Registered games and the games of tests/fixtures/games, loaded from their files.
describe.each(Object.values(await suiteGames()).map((g) => [g.name, g] as const))('metrics of %s', (_name, game) => {
  it('declares the words of every column, one entry per name, in the same order', () => {
    if (game.measures.names.length > 0) expect(game.measures.info, `${game.name} has no metricInfo`).toBeDefined();
    const info = game.measures.info ?? [];
    expect(info.map((m) => m.name)).toEqual([...game.measures.names]);
    expect(new Set(game.measures.names).size).toBe(game.measures.names.length);
    for (const m of info) {
      expect(m.label.trim().length, `${m.name}: label`).toBeGreaterThan(0);
      expect(m.label, `${m.name}: the label is words, not the column name`).not.toBe(m.name);
      expect(m.per.trim().length, `${m.name}: per`).toBeGreaterThan(0);
      expect(KINDS, `${m.name}: kind`).toContain(m.kind);
    }
  });

  const played = plays(game);

  it('writes every named slot exactly once per match, and nothing else', () => {
    expect(played.length).toBeGreaterThan(0);
    for (const { label, played: p } of played) {
      expect(p.extra, `${label}: writes outside the columns`).toEqual([]);
      const wrong = game.measures.names.filter((_, i) => p.writes[i] !== 1);
      expect(wrong, `${label}: columns not written exactly once`).toEqual([]);
      for (let i = 0; i < p.metrics.length; i++) expect(typeof p.metrics[i], `${label}: ${game.measures.names[i]}`).toBe('number');
    }
  });

  it('a rate column is 0 or 1, a count column a whole number of at least 0', () => {
    const info = game.measures.info ?? [];
    for (const { label, played: p } of played) {
      info.forEach((m, i) => {
        const v = p.metrics[i];
        if (Number.isNaN(v)) return; // a column with no value at this table (a seat not present)
        if (m.kind === 'rate') expect([0, 1], `${label}: ${m.name} = ${v}`).toContain(v);
        if (m.kind === 'count') expect(Number.isInteger(v) && v >= 0, `${label}: ${m.name} = ${v}`).toBe(true);
      });
    }
  });

  const witnesses = game.testing?.metricWitnesses ?? {};
  it.runIf(Object.keys(witnesses).length > 0)('agrees with the events on every column they tell', () => {
    for (const [name, count] of Object.entries(witnesses)) {
      const slot = game.measures.names.indexOf(name);
      expect(slot, `${name} is a column of ${game.name}`).toBeGreaterThanOrEqual(0);
      for (const { label, played: p } of played) {
        expect(p.metrics[slot], `${label}: ${name}`).toBe(count(p.events, p.result));
      }
      const seen = played.some(({ played: p }) => p.metrics[slot] !== 0 && !Number.isNaN(p.metrics[slot]));
      if (!(game.testing?.rarelySeenMetrics ?? []).includes(name)) expect(seen, `${name} is never non-zero: its check proves nothing`).toBe(true);
    }
  });
});

describe('metric writes in the source', () => {
  const gamesDir = join(packageRoot(), 'src', 'games');
  const folders = readdirSync(gamesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

  it('every game with metric columns keeps them in metrics.ts, written through named slots only', () => {
    expect(folders.sort()).toEqual(Object.keys(games).sort());
    for (const g of folders.filter((f) => games[f].measures.names.length > 0)) {
      const src = readFileSync(join(gamesDir, g, 'metrics.ts'), 'utf8');
      // out[3] = …, out[14 + p] = …: a column written by position.
      expect(src, `${g}/metrics.ts writes a column by a bare index`).not.toMatch(/\bout\s*\[\s*\d+\s*[\]+]/);
      for (const name of games[g].measures.names) {
        const uses = src.split(`M.${name}]`).length - 1 + (src.split(`M.${name},`).length - 1);
        expect(uses, `${g}: slot M.${name} is used ${uses} times`).toBe(1);
      }
    }
  });
});
