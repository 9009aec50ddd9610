import { describe, expect, it } from 'vitest';
import { auditKingmaking, examineMatch, judgeDecision } from '../../../src/studies/audit/kingmaking.js';
import { completeOptions, seatsOf } from '../../../src/studies/audit/sample.js';
import { playMatch } from '../../../src/engine/match.js';
import { tavolo } from '../../fixtures/cli.js';
import { TOYS, sampleOf } from './holes-fixture.js';

const CROWN_0 = 11;
const CROWN_1 = 12;

describe('kingmaking in the toy games', () => {
  it('kingmaker: the last seat, which cannot win, picks the winner in every match', async () => {
    const ctx = await sampleOf('kingmaker.mjs', { players: 3, kingmakingMatches: 30 });
    const [f] = await auditKingmaking(ctx);
    expect(f.id).toBe('kingmaking');
    expect(f.area).toBe('kingmaking');
    expect(f.severity).toBe('red');
    // 30 of 30: Wilson's interval computed apart, (n + z²/2 ± ...)/(n + z²) at p = 1.
    const z = 1.959963984540054;
    const low = 30 / (30 + z * z);
    expect(f.figure).toBe('100.0%');
    expect(f.interval).toBe(`${(100 * low).toFixed(1)}% to 100.0%`);
    expect(f.words).toContain('seat 2');
    expect(f.replay?.command).toMatch(/^tavolo play --game \.\/kingmaker\.mjs --bots greedy,greedy,greedy --seed audit-test --match \d+$/);
  });

  it('names a match that `tavolo play` replays as the audit played it', async () => {
    const ctx = await sampleOf('kingmaker.mjs', { players: 3, kingmakingMatches: 4, seed: 'replay 1' });
    const [f] = await auditKingmaking(ctx);
    const { match } = examineMatch(ctx, Number(/--match (\d+)/.exec(f.replay!.command)![1]));
    const args = f.replay!.command.replace(/'replay 1'/, 'replay-1').split(' ').slice(1);
    expect(args.join(' ')).toContain('--seed replay-1');
    const out = tavolo(args.map((a) => (a === 'replay-1' ? 'replay 1' : a)), TOYS);
    expect(out.code).toBe(0);
    const r = match.outcome!.result;
    expect(out.stdout).toContain(`result: winners=${r.winners.join(',')} scores=${r.scores.join(',')} `);
  });

  it('judges the crowning decision by the definition: no branch makes seat 2 win, and the two branches crown different seats', async () => {
    const ctx = await sampleOf('kingmaker.mjs', { players: 3 });
    const { kingmaker } = examineMatch(ctx, 5);
    expect(kingmaker).not.toBeNull();
    expect(kingmaker!.seat).toBe(2);
    expect(kingmaker!.couldNotWin).toBe(true);
    const byAction = new Map(kingmaker!.branches.map((b) => [b.action, b.winners]));
    expect(byAction.get(CROWN_0)).toEqual([0]);
    expect(byAction.get(CROWN_1)).toEqual([1]);
  });

  it('a seat that can still win is no kingmaker: seat 0 choosing its card, one of whose branches it wins', async () => {
    const ctx = await sampleOf('kingmaker.mjs', { players: 3, options: { cards: 2 } });
    const opts = completeOptions(ctx.game, ctx.options, 3);
    const seats = seatsOf(ctx.strong, 0).map((e) => ({ factory: e.factory, params: e.params }));
    // Seat 0's first decision, two different cards in hand (a seed where they differ is looked for).
    for (let i = 0; i < 20; i++) {
      let snap: { decision: number; state: unknown; action: number } | null = null;
      let decision = 0;
      playMatch(ctx.game, opts, seats, `probe/${i}`, {
        onAction: (state, player, action) => {
          if (player === 0 && snap === null && (state as { hands: number[][] }).hands[0].some((c, _k, h) => c !== h[0])) snap = { decision, state: ctx.game.clone(state), action };
          decision++;
        },
      });
      if (snap === null) continue;
      const v = judgeDecision(ctx.game, seats, 0, snap, `probe/${i}`, 1000);
      // The seat-2 bot crowns the seat behind: some card choice leaves seat 0 behind and crowned.
      if (v.branches.some((b) => b.winners?.includes(0))) {
        expect(v.couldNotWin).toBe(false);
        expect(v.kingmaker).toBe(false);
        return;
      }
    }
    throw new Error('no seed gave seat 0 a winning branch');
  });

  it('dominant-action with three players: no seat that could not win decides the winner', async () => {
    const ctx = await sampleOf('dominant-action.mjs', { players: 3, kingmakingMatches: 30 });
    const [f] = await auditKingmaking(ctx);
    expect(f.figure).toBe('0.0%');
    expect(f.severity).toBe('green');
    expect(f.replay).toBeUndefined();
  });

  it('says nothing for two players', async () => {
    const ctx = await sampleOf('dominant-action.mjs', { players: 2 });
    expect(await auditKingmaking(ctx)).toEqual([]);
  });
});
