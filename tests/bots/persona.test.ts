// The persona bot (bots/persona.ts): the first rule that holds and has a legal action of its kind picks among
// those by the heuristic; otherwise greedy. Its presets replay from their seed; a persona that prefers a losing
// action loses to greedy in a seeded run, with its interval.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bots } from '../../bots/index.js';
import { persona } from '../../bots/persona.js';
import type { Decision } from '../../src/engine/bot.js';
import type { AnyGame, RuleList } from '../../src/engine/game.js';
import { ruleText } from '../../src/engine/prefer-rules.js';
import { listText } from '../../src/cli/list.js';
import { playMatch } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { wilson } from '../../src/analysis/intervals.js';
import { games } from '../../src/games/index.js';
import { zatre } from '../../src/games/zatre/index.js';
import { resolveSpec } from '../../src/runner/spec.js';
import { duel } from '../helpers/duel.js';

/**
 * A one-decision game: actions 0..4 rated 1, 5, 2, 9, 4; kinds x, x, y, null, z; one feature `n`, read from
 * the observation `{ n }`.
 */
const RATING = [1, 5, 2, 9, 4];
const KIND = ['x', 'x', 'y', null, 'z'];
const toy = {
  name: 'toy',
  maxActions: 5,
  search: { heuristic: (_obs: unknown, a: number) => RATING[a] },
  importance: { actionKinds: ['x', 'y', 'z'].map((name) => ({ name, label: name })), actionKind: (a: number) => KIND[a] },
  features: [{ name: 'n', label: 'a number', value: (o: { n: number }) => o.n }],
} as unknown as AnyGame;

function choice(rules: unknown, n: number, legal = [0, 1, 2, 3, 4]): number {
  const params = resolveOptions(persona.params, { rules }, 'bot parameter');
  persona.checkParams!(params, toy, 2);
  const bot = persona.create({ game: toy, seat: 0, players: 2, rng: new Rng('toy'), params });
  const d: Decision = { game: toy, player: 0, legal: Int32Array.from(legal), count: legal.length, observation: { n }, describe: String };
  return bot.choose(d);
}

describe('the persona bot', () => {
  it('without rules, or when none holds, plays greedy (the best rated action)', () => {
    expect(choice([], 0)).toBe(3);
    expect(choice([{ when: 'n > 5', prefer: 'x' }], 5)).toBe(3);
  });

  it('the first rule that holds picks its kind, the best rated among them', () => {
    expect(choice([{ when: 'n > 5', prefer: 'x' }], 6)).toBe(1);
    expect(choice([{ when: 'n >= 0', prefer: 'y' }, { when: 'n >= 0', prefer: 'x' }], 0)).toBe(2);
  });

  it('skips a rule whose kind has no legal action, and one whose conditions do not all hold', () => {
    expect(choice([{ when: 'n >= 0', prefer: 'y' }, { when: 'n >= 0', prefer: 'z' }], 0, [0, 1, 3, 4])).toBe(4);
    expect(choice([{ when: ['n >= 0', 'n < 3'], prefer: 'y' }, { when: 'n == 7', prefer: 'x' }], 7)).toBe(1);
    expect(choice([{ when: 'n >= 0', prefer: 'y' }], 0, [0, 1, 3])).toBe(3);
  });

  it('a bad rule in a spec is refused with its field before anything runs', async () => {
    const spec = { name: 'p', game: 'stramat', players: 2, matches: 2, seed: 1, bots: [{ bot: 'persona', params: { rules: [{ when: 'hand_sise < 2', prefer: 'alt' }] } }, { bot: 'greedy' }] };
    await expect(resolveSpec(spec, join(import.meta.dirname, '..', '..'))).rejects.toThrow(/bots\[0\]\.params\.rules\[0\]\.when: "hand_sise" is not a feature of stramat \(did you mean "hand_size"\?\)/);
  });
});

describe('every casual and persona preset replays from its seed', () => {
  for (const [name, game] of Object.entries(games)) {
    for (const [preset, p] of Object.entries(game.presets ?? {})) {
      if (p.bot !== 'persona' && preset !== 'casual') continue;
      it(`${name} ${preset}: the same seed gives the same match, action for action`, () => {
        const opts = resolveOptions(game.options, { ...game.testing?.quickOptions });
        const factory = bots[p.bot];
        const seat = { factory, params: resolveOptions(factory.params, { ...p.params }, 'bot parameter') };
        const seats = [seat, { factory: bots.greedy, params: resolveOptions(bots.greedy.params, {}, 'bot parameter') }];
        const play = (seed: string) => {
          const actions: string[] = [];
          const out = playMatch(game, opts, seats, seed, { onAction: (_s, seatNo, a) => void actions.push(`${seatNo}:${a}`) });
          return { result: out.result, decisions: out.decisions, actions };
        };
        const first = play(`replay/${preset}/1`);
        expect(play(`replay/${preset}/1`)).toEqual(first);
        expect(play(`replay/${preset}/2`).actions).not.toEqual(first.actions);
      });
    }
  }
});

describe('a persona that prefers a losing action is ranked below greedy', () => {
  // Zatre: holding tiles back (ending the turn with tiles kept) whenever it may, so they end as minus points.
  const holder = { factory: persona, params: { rules: [{ when: 'bag >= 0', prefer: 'hold' }] } };
  const greedy = { factory: bots.greedy, params: {} };
  const quick = { ...zatre.testing?.quickOptions };

  it('Zatre, 20 deals with the seats swapped: its win share against greedy has a 95% Wilson interval below 1/2', () => {
    const { wins, matches } = duel(zatre, holder, greedy, 20, 'persona-loses', quick);
    expect(matches).toBe(40);
    const [, hi] = wilson(wins, matches);
    expect(hi, `${wins} wins of ${matches}`).toBeLessThan(0.5);
  });

  it('control: the same persona with a rule that never holds plays greedy, and its interval holds 1/2', () => {
    const never = { factory: persona, params: { rules: [{ when: 'bag < 0', prefer: 'hold' }] } };
    const { wins, matches } = duel(zatre, never, greedy, 20, 'persona-loses', quick);
    const [lo, hi] = wilson(wins, matches);
    expect(lo).toBeLessThan(0.5);
    expect(hi).toBeGreaterThan(0.5);
  });
});

describe('docs/personas.md and tavolo list keep up with the games', () => {
  const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'personas.md'), 'utf8');
  const featureTable = page.slice(page.indexOf("### Each game's features"), page.indexOf('### An example persona per game'));
  for (const [name, game] of Object.entries(games)) {
    it(`${name}: every feature and every persona preset is in the page, with its rules, and in tavolo list`, async () => {
      const row = featureTable.split('\n').find((l) => l.startsWith(`| ${name} | `));
      expect(row, `${name}'s row of features`).toBeDefined();
      for (const f of game.features ?? []) expect(row).toContain(`\`${f.name}\``);
      const listed = await listText(name);
      for (const f of game.features ?? []) expect(listed).toContain(`      ${f.name}: ${f.label}`);
      for (const [preset, p] of Object.entries(game.presets ?? {})) {
        if (p.bot !== 'persona') continue;
        const rules = (p.params.rules as RuleList).map(ruleText).map((t) => t.slice('when '.length)).join('; when ');
        expect(page).toContain(`| ${name} | \`${preset}\` | when ${rules} |`);
        expect(listed).toContain(`${preset}: persona rules=[when ${rules}]`);
      }
    });
  }
});
