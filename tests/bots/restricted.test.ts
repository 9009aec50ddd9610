import { describe, expect, it } from 'vitest';
import { restricted, withoutKinds } from '../../bots/restricted.js';
import { bots } from '../../bots/index.js';
import type { Bot, BotFactory, Decision } from '../../src/engine/bot.js';
import type { AnyGame } from '../../src/engine/game.js';
import { resolveOptions } from '../../src/engine/options.js';
import { playMatch } from '../../src/engine/match.js';
import { stramat } from '../../src/games/stramat/index.js';
import { stop } from '../../src/games/stop/index.js';
import { resolveSpec } from '../../src/runner/spec.js';
import { InputError } from '../../src/errors.js';

/** A base bot that takes an action of `kind` whenever it is offered one: the worst case for a restriction. */
/** What a bot was shown at one decision, copied when it was shown (games may reuse their observation objects). */
interface Shown {
  legal: number[];
  kinds: Array<string | null>;
  obs: string;
}

function shown(game: AnyGame, d: Decision): Shown {
  const legal = Array.from(d.legal.subarray(0, d.count));
  return { legal, kinds: legal.map((a) => game.importance!.actionKind(a, d.observation)), obs: JSON.stringify(d.observation) };
}

function eager(kind: string, seen: Shown[]): BotFactory {
  return {
    name: 'eager',
    description: 'takes the kind when offered',
    params: [],
    create(ctx): Bot {
      return {
        choose(d) {
          seen.push(shown(ctx.game, d));
          for (let i = 0; i < d.count; i++) if (ctx.game.importance!.actionKind(d.legal[i], d.observation) === kind) return d.legal[i];
          return d.legal[0];
        },
      };
    },
  };
}

/** Records every decision the restricted bot is given (before it narrows it) and what it chose. */
function recorded(inner: BotFactory, log: Array<Shown & { chosen: number }>): BotFactory {
  return {
    ...inner,
    create(ctx) {
      const bot = inner.create(ctx);
      return {
        choose(d) {
          const before = shown(ctx.game, d);
          const chosen = bot.choose(d);
          log.push({ ...before, chosen });
          return chosen;
        },
      };
    },
  };
}

function play(game: AnyGame, kind: string, matches: number) {
  const log: Array<Shown & { chosen: number }> = [];
  const seen: Shown[] = [];
  const focal = recorded(restricted(eager(kind, seen)), log);
  const opts = resolveOptions(game.options, {});
  for (let m = 0; m < matches; m++) {
    const other = { factory: bots.greedy, params: { epsilon: 0 } };
    playMatch(game, opts, [{ factory: focal, params: { without: kind } }, other], `restricted/${m}`);
  }
  return { log, seen };
}

describe('restricted bots (restricted play)', () => {
  for (const [game, kind] of [
    [stramat, 'colpo'],
    [stramat, 'alt'],
    [stop, 'x_plus'],
  ] as const) {
    it(`${game.name} without ${kind}: never takes it while another action is legal, and the restriction bites`, () => {
      const { log, seen } = play(game, kind, 60);
      let avoided = 0;
      for (const d of log) {
        const offered = d.kinds.filter((k) => k === kind).length;
        if (d.kinds[d.legal.indexOf(d.chosen)] === kind) expect(offered).toBe(d.legal.length);
        else if (offered > 0) avoided++;
      }
      // The eager base would have taken the kind every time it was offered: the wrapper stopped it.
      expect(avoided).toBeGreaterThan(10);
      // One base decision per decision: the base saw exactly the observation the wrapper was given
      // (nothing more), and the legal actions less the avoided ones when others remained.
      expect(seen.length).toBe(log.length);
      seen.forEach((d, i) => {
        expect(d.obs).toBe(log[i].obs);
        const others = log[i].legal.filter((_, j) => log[i].kinds[j] !== kind);
        expect(d.legal).toEqual(others.length > 0 ? others : log[i].legal);
      });
    });
  }

  it('passes decisions through unchanged when nothing is avoided: the same matches as the base bot', () => {
    const opts = resolveOptions(stramat.options, {});
    for (let m = 0; m < 30; m++) {
      const other = { factory: bots.random, params: {} };
      const plain = playMatch(stramat, opts, [{ factory: bots.greedy, params: { epsilon: 0.1 } }, other], `same/${m}`);
      const wrapped = playMatch(stramat, opts, [{ factory: bots['restricted-greedy'], params: { epsilon: 0.1, without: '' } }, other], `same/${m}`);
      expect(wrapped.result).toEqual(plain.result);
      expect(wrapped.metrics).toEqual(plain.metrics);
    }
  });

  it('plays differently from the base when kept from a card it uses', () => {
    const opts = resolveOptions(stramat.options, {});
    let differ = 0;
    for (let m = 0; m < 40; m++) {
      const other = { factory: bots.greedy, params: { epsilon: 0 } };
      const plain = playMatch(stramat, opts, [{ factory: bots.greedy, params: { epsilon: 0 } }, other], `differ/${m}`);
      const kept = playMatch(stramat, opts, [{ factory: bots['restricted-greedy'], params: { epsilon: 0, without: 'colpo,alt' } }, other], `differ/${m}`);
      if (JSON.stringify(plain.metrics) !== JSON.stringify(kept.metrics)) differ++;
    }
    expect(differ).toBeGreaterThan(10);
  });

  it('reads several kinds from `without`', () => {
    expect(withoutKinds(' colpo, alt ,,')).toEqual(['colpo', 'alt']);
    expect(withoutKinds('')).toEqual([]);
  });

  it('has a restricted version of every built-in bot, with its parameters and `without`', () => {
    for (const name of ['random', 'greedy', 'pimc', 'ismcts', 'memory']) {
      const r = bots[`restricted-${name}`];
      expect(r.params.map((p) => p.name)).toEqual([...bots[name].params.map((p) => p.name), 'without']);
    }
  });

  it('refuses a kind the game does not declare when the spec is resolved, naming the field and the kinds (exit 2)', async () => {
    const raw = { name: 'x', game: 'stramat', players: 2, matches: 1, seed: 1, bots: [{ bot: 'restricted-greedy', params: { without: 'colp' } }, { bot: 'greedy' }] };
    const err = await resolveSpec(raw, process.cwd()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/bots\[0\]\.params\.without/);
    expect((err as InputError).message).toMatch(/"colp" is not an action kind of stramat; its kinds are: dado, colpo, aggiungo, alt, giro, jolly, stramat/);
    const noKinds = { ...raw, game: 'tests/fixtures/no-kinds-game.mjs', bots: [{ bot: 'restricted-greedy', params: { without: 'x' } }, { bot: 'greedy' }] };
    const err2 = await resolveSpec(noKinds, process.cwd()).catch((e: unknown) => e);
    expect((err2 as Error).message).toMatch(/nokinds declares no action kinds/);
  });
});
