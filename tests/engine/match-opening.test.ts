// The random opening (MatchHooks.opening, a spec's `opening`): the first moves of a match drawn from the
// match seed, not asked of the bots, the same whichever bots sit; an opening of 0 is no opening.
import { describe, expect, it } from 'vitest';
import { bots } from '../../bots/index.js';
import type { Bot, BotFactory } from '../../src/engine/bot.js';
import { playMatch, type SeatBot } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';
import { scala } from '../../src/games/scala/index.js';

const OPTS = resolveOptions(scala.options, {}, 'option');
const seat = (factory: BotFactory, params: Record<string, unknown> = {}): SeatBot => ({ factory, params: resolveOptions(factory.params, params, 'param') });
const GREEDY = seat(bots.greedy);
const ALPHABETA = seat(bots.alphabeta, { nodes: 50 });

/** The actions of one match, in order. */
function actions(seats: SeatBot[], seed: string, opening?: number): number[] {
  const played: number[] = [];
  playMatch(scala, OPTS, seats, seed, { opening, onAction: (_s, _p, a) => played.push(a) });
  return played;
}

/** A bot that counts the decisions it is asked and plays the first legal action. */
function counting(): { factory: BotFactory; asked: () => number } {
  let asked = 0;
  const factory: BotFactory = {
    name: 'counting',
    description: 'counts its decisions',
    params: [],
    create: (): Bot => ({
      choose: (d) => {
        asked++;
        return d.legal[0];
      },
    }),
  };
  return { factory, asked: () => asked };
}

describe('a random opening', () => {
  it('plays the same first moves whichever bots sit, and other moves under another seed', () => {
    const a = actions([GREEDY, ALPHABETA], 'opening/1', 6);
    const b = actions([ALPHABETA, GREEDY], 'opening/1', 6);
    expect(a.slice(0, 6)).toEqual(b.slice(0, 6));
    expect(actions([GREEDY, GREEDY], 'opening/2', 6).slice(0, 6)).not.toEqual(a.slice(0, 6));
  });

  it('varies the matches of deterministic bots in a game that deals nothing but the first player', () => {
    // Without an opening, alphabeta against itself plays one match per first player: at most two distinct.
    const plain = new Set<string>();
    const opened = new Set<string>();
    for (let i = 0; i < 8; i++) {
      plain.add(actions([ALPHABETA, ALPHABETA], `opening/deal/${i}`).join(','));
      opened.add(actions([ALPHABETA, ALPHABETA], `opening/deal/${i}`, 4).join(','));
    }
    expect(plain.size).toBeLessThanOrEqual(2);
    expect(opened.size).toBe(8);
  });

  it('asks no bot during the opening, and counts only the bots decisions', () => {
    const c = counting();
    const moves: number[] = [];
    const out = playMatch(scala, OPTS, [seat(c.factory), seat(c.factory)], 'opening/3', { opening: 10, onAction: (_s, _p, a) => moves.push(a) });
    expect(c.asked()).toBe(moves.length - 10);
    expect(out.decisions).toBe(moves.length - 10);
  });

  it('of 0 (or none) plays the match as before, and past the match end ends it with no bot asked', () => {
    expect(actions([GREEDY, ALPHABETA], 'opening/4', 0)).toEqual(actions([GREEDY, ALPHABETA], 'opening/4'));
    const c = counting();
    const out = playMatch(scala, OPTS, [seat(c.factory), seat(c.factory)], 'opening/5', { opening: 100_000 });
    expect(c.asked()).toBe(0);
    expect(out.decisions).toBe(0);
    expect(out.result.ranks.length).toBe(2);
  });
});
