// Issue 17: a 2+ or X+ played as the last card could come back along a chain to the player who went out,
// who then drew, so the round ended with nobody at 0 cards. With lastCardAttack=victim (the default) that
// never happens; with `chain` (the earlier reading) it does, in a few percent of two-player rounds.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/game.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { stop } from '../../../src/games/stop/index.js';

/** Rounds ended by an empty hand, and those in which the player who went out drew again before the end. */
function drawsAfterOut(lastCardAttack: string, matches: number): { rounds: number; back: number } {
  const opts = resolveOptions(stop.options, { lastCardAttack, targetScore: 150 });
  const buf = new Int32Array(stop.maxActions);
  let rounds = 0;
  let back = 0;
  for (let m = 0; m < matches; m++) {
    const rng = new Rng(`last-card/${m}`);
    const pick = new Rng(`last-card/pick/${m}`);
    const events: GameEvent[] = [];
    const s = stop.setup(opts, 2, rng, undefined, events);
    while (stop.currentPlayer(s) >= 0) {
      const k = stop.legalActions(s, buf);
      stop.apply(s, buf[pick.int(k)], rng, events);
    }
    let out = -1;
    let drew = false;
    for (const e of events) {
      if (e.kind === 'out') [out, drew] = [e.seat, false];
      else if (e.kind === 'draw' && e.seat === out && (e.data?.count as number) > 0) drew = true;
      else if (e.kind === 'round_end') {
        if (out >= 0) {
          rounds++;
          if (drew) back++;
        }
        out = -1;
      }
    }
  }
  return { rounds, back };
}

describe('Stop: the round ends with the player who went out (option lastCardAttack)', () => {
  it('victim (default): the player who went out never draws again before the round ends', () => {
    const r = drawsAfterOut('victim', 150);
    expect(r.rounds).toBeGreaterThan(300);
    expect(r.back).toBe(0);
  });

  it('chain: a stacked 2+ or a passed X+ can come back to that player', () => {
    const r = drawsAfterOut('chain', 150);
    expect(r.back).toBeGreaterThan(0);
    expect(r.back / r.rounds).toBeLessThan(0.1);
  });
});
