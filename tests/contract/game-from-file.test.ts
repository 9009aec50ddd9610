// A game given by a file, as docs/adding-a-game.md tells a designer to write one: checked when loaded
// (every missing member named), given the defaults it leaves out, and played by a real tournament. The
// generic suites run on the same file (tests/helpers/suite-games.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTED_MEMBERS, missingGameMembers, withGameDefaults } from '../../src/engine/game-check.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { games } from '../../src/games/index.js';
import { loadGame } from '../../src/plugins/loader.js';
import { readCsvObjects, tavolo, tempDir } from '../fixtures/cli.js';
import { FILE_GAMES_DIR } from '../helpers/suite-games.js';

const COUNTDOWN = join(FILE_GAMES_DIR, 'countdown.mjs');

describe('a game from a file', () => {
  it('is refused with every missing member named', async () => {
    const dir = tempDir();
    const file = join(dir, 'broken.mjs');
    const source = readFileSync(COUNTDOWN, 'utf8')
      .replace(/^ {2}clone: .*$/m, '')
      .replace(/^ {4}heuristic: .*$/m, '    heuristc: () => 0,')
      .replace(/^ {4}write\(s, out\) \{$/m, '    writ(s, out) {');
    writeFileSync(file, source);
    const err = await loadGame(file, dir).then(() => null, (e: Error) => e.message);
    expect(err).toMatch(/missing: clone, search\.heuristc \(not a member of search \(did you mean "heuristic"\?\)\), measures\.writ \(not a member of measures \(did you mean "write"\?\)\), measures\.write$/);
  });

  it('gets the members that have defaults, and keeps its own', async () => {
    const { game } = await loadGame(COUNTDOWN, FILE_GAMES_DIR);
    const s = game.setup(resolveOptions(game.options, {}), 2, new Rng('file'));
    expect(game.title).toBe('countdown');
    expect(game.view.actionText(s, 2)).toBe('T3');
    expect(game.view.tableView(s)).toEqual({ header: [game.view.describe(s)], zones: [] });
    const seat = game.view.observedView(game.observe(s, 1), 1);
    expect(seat.header[0]).toBe('seat 1 sees:');
    expect(seat.header.join('\n')).toContain('"pile": 21');
    expect(game.measures.names).toEqual(['threes', 'last_take']);
  });

  it('registered games have every member: registering returns them as they are', () => {
    for (const g of Object.values(games)) {
      expect(missingGameMembers(g), g.name).toEqual([]);
      for (const k of DEFAULTED_MEMBERS) expect(typeof (g as unknown as Record<string, unknown>)[k], `${g.name}.${k}`).not.toBe('undefined');
      expect(withGameDefaults(g)).toBe(g);
    }
  });

  it('plays a tournament from its path: the greedy bot (the game heuristic) beats random', () => {
    const dir = tempDir();
    const spec = join(dir, 'countdown.json');
    writeFileSync(
      spec,
      JSON.stringify({ name: 'countdown', game: COUNTDOWN, players: 2, matches: 200, seed: 'file', variants: [{ name: 'base' }], bots: [{ bot: 'greedy' }, { bot: 'random' }] }),
    );
    const r = tavolo(['run', spec, '--threads', '1', '--out', join(dir, 'out')]);
    expect(r.code, r.stderr).toBe(0);
    const matches = readCsvObjects(join(dir, 'out', 'matches.csv'));
    expect(matches).toHaveLength(200);
    expect(Object.keys(matches[0])).toEqual(expect.arrayContaining(['threes', 'last_take']));
    const summary = readCsvObjects(join(dir, 'out', 'summary.csv'));
    expect(Number(summary.find((s) => s.bot === 'greedy')!.win_rate)).toBeGreaterThan(0.75);
  });
});
