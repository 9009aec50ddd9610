// Each game's `casual` preset (src/games/<game>/presets.ts, docs/personas.md) is a player between random and
// greedy: in a seeded heads-up run on the game's quick options (each deal played twice, seats swapped), its win
// share against greedy has a 95% Wilson interval below 1/2, and against random one above 1/2. Matches of one
// deal are not independent, so the interval is a guide, and the deals are enough for a wide margin.
import { describe, expect, it } from 'vitest';
import { bots } from '../../bots/index.js';
import { wilson } from '../../src/analysis/intervals.js';
import { games } from '../../src/games/index.js';
import { duel, type Contender } from '../helpers/duel.js';

/** Deals per game: enough for the intervals to clear 1/2 (Stramat annuls many short games; Stop is the luckiest). */
const DEALS: Record<string, number> = { stramat: 150, stop: 400, zatre: 30, scala: 30, symbotrio: 40 };

describe('every casual preset loses to greedy and beats random', () => {
  for (const [name, game] of Object.entries(games)) {
    it(`${name} declares a casual preset, and a persona`, () => {
      expect(game.presets?.casual).toBeDefined();
      expect(Object.values(game.presets ?? {}).some((p) => p.bot === 'persona')).toBe(true);
    });
    const preset = game.presets?.casual;
    if (!preset) continue;
    const casual: Contender = { factory: bots[preset.bot], params: { ...preset.params } };
    const quick = { ...game.testing?.quickOptions };
    for (const [rival, below] of [['greedy', true], ['random', false]] as const) {
      it(`${name}: casual ${below ? 'below' : 'above'} ${rival}`, () => {
        const { wins, matches } = duel(game, casual, { factory: bots[rival], params: {} }, DEALS[name] ?? 50, `casual/${name}/${rival}`, quick);
        const [lo, hi] = wilson(wins, matches);
        const said = `${wins} wins of ${matches}: ${lo.toFixed(3)} - ${hi.toFixed(3)}`;
        if (below) expect(hi, said).toBeLessThan(0.5);
        else expect(lo, said).toBeGreaterThan(0.5);
      }, 120_000);
    }
  }
});
