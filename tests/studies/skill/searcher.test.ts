import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors.js';
import { games } from '../../../src/games/index.js';
import { loadGame } from '../../../src/plugins/loader.js';
import { planSkill } from '../../../src/studies/skill/plan.js';
import { chooseSearcher, defaultBudgets, searcherSeat } from '../../../src/studies/skill/searcher.js';
import { FIXTURES } from '../../fixtures/cli.js';

describe("tavolo skill's search bot", () => {
  it("is the game's strongest preset, its budget left out of its settings", () => {
    const s = chooseSearcher(games.zatre, undefined);
    expect(s).toMatchObject({ label: 'strongest', engine: 'ismcts', budgetParam: 'iterations', defaultBudget: 400 });
    expect(s.settings).toEqual({ rollout: 'greedy', maxDepth: 6, exploration: 0.1, widening: 1 });
    expect(defaultBudgets(s)).toEqual([4, 40, 400, 4000]);
    expect(searcherSeat(s, 4000)).toEqual({ name: 'strongest-4000', bot: 'strongest', params: { iterations: 4000 } });
  });

  it('traces nodes when the strongest bot is alphabeta', () => {
    const s = chooseSearcher(games.scala, undefined);
    expect(s.budgetParam).toBe('nodes');
    expect(defaultBudgets(s)).toEqual([s.defaultBudget / 100, s.defaultBudget / 10, s.defaultBudget, s.defaultBudget * 10]);
  });

  it('gives way to the first preset that searches when the strongest does not (Symbotrio: greedy)', () => {
    expect(games.symbotrio.presets?.strongest.bot).toBe('greedy');
    expect(chooseSearcher(games.symbotrio, undefined)).toMatchObject({ label: 'ismcts-tuned', engine: 'ismcts' });
  });

  it('is ismcts at its defaults for a game without presets', async () => {
    const { game } = await loadGame('./games/countdown.mjs', FIXTURES);
    expect(chooseSearcher(game, undefined)).toMatchObject({ label: 'ismcts', engine: 'ismcts', settings: {}, defaultBudget: 1000 });
  });

  it('is what --bot names: another preset, or a built-in bot with a budget', () => {
    expect(chooseSearcher(games.stramat, 'alphabeta-tuned')).toMatchObject({ engine: 'alphabeta', defaultBudget: 20000 });
    expect(chooseSearcher(games.stramat, 'pimc')).toMatchObject({ label: 'pimc', engine: 'pimc', budgetParam: 'iterations' });
  });

  it('refuses a bot without a budget, and a path, naming --bot', () => {
    for (const [asked, words] of [
      ['greedy', /greedy, which has no budget to trace \(bots with one: .*ismcts/],
      ['strongest', /plays greedy, which has no budget/],
      ['./mine.mjs', /found the path/],
    ] as const) {
      const game = asked === 'strongest' ? games.symbotrio : games.stramat;
      let err: unknown;
      try {
        chooseSearcher(game, asked);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).field).toBe('--bot');
      expect((err as InputError).message).toMatch(words);
    }
  });

  it("plans every search seat as the preset, with the preset's settings in the resolved lineup", async () => {
    const plan = await planSkill({ target: 'zatre', baseDir: process.cwd(), matches: 4 }, () => '/tmp/never-written');
    const trace = plan.pairings.filter((p) => p.role === 'trace');
    expect(trace.map((p) => p.key)).toEqual(['trace/40-over-4', 'trace/400-over-40', 'trace/4000-over-400']);
    const seat = trace[2].runs[0].spec.lineup.find((e) => e.name === 'strongest-4000')!;
    expect(seat.ref).toBe('ismcts');
    expect(seat.params).toMatchObject({ iterations: 4000, widening: 1, rollout: 'greedy', maxDepth: 6, exploration: 0.1 });
    const vsGreedy = plan.pairings.find((p) => p.role === 'search-over-greedy')!;
    expect(vsGreedy.stronger.name).toBe('strongest-400');
  });

  it('plays the trace at the table asked for (--trace-players), both budgets in alternate seats, in folders of its own', async () => {
    const plan = await planSkill({ target: 'scala', baseDir: process.cwd(), matches: 4, traceOnly: true, budgets: [10, 100], tracePlayers: 4 }, () => '/tmp/never-written');
    expect(plan.tracePlayers).toBe(4);
    const [step] = plan.pairings;
    expect(plan.pairings).toHaveLength(1);
    expect(step).toMatchObject({ role: 'trace', key: 'trace-4p/100-over-10', players: 4 });
    expect(step.runs[0].spec.lineup.map((e) => e.name)).toEqual(['strongest-100', 'strongest-10', 'strongest-100', 'strongest-10']);
    expect(step.runs[1].spec.lineup.map((e) => e.name)).toEqual(['strongest-10', 'strongest-100', 'strongest-10', 'strongest-100']);
    const headsUp = await planSkill({ target: 'scala', baseDir: process.cwd(), matches: 4, traceOnly: true, budgets: [10, 100] }, () => '/tmp/never-written');
    expect(headsUp.pairings.map((p) => [p.key, p.players])).toEqual([['trace/100-over-10', 2]]);
  });

  it('refuses a trace table the game does not allow, naming --trace-players', async () => {
    let err: unknown;
    try {
      await planSkill({ target: 'zatre', baseDir: process.cwd(), matches: 4, tracePlayers: 9 }, () => '/tmp/never-written');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).field).toBe('--trace-players');
    expect((err as InputError).message).toMatch(/played by 2 to 6 players, found 9/);
  });
});
