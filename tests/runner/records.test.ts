// The per-match record a batch keeps (runner/records.ts, Rec): every named field holds what the match
// itself gave, read back through the names, on a lineup with a misbehaving bot so that the fault fields
// are exercised too.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playMatch } from '../../src/engine/match.js';
import { FAULT_REASONS, prepare, runBatch } from '../../src/runner/batch.js';
import { matchSeed } from '../../src/engine/plan.js';
import { Rec, decodeRec, recordWidth, scoreAt, wonAt } from '../../src/runner/records.js';
import { resolveSpec } from '../../src/runner/spec.js';

const BAD = join(import.meta.dirname, '..', 'fixtures', 'misbehave.mjs');

describe('match records', () => {
  it('hold, under each field name, what the match gave', async () => {
    const spec = await resolveSpec(
      {
        name: 'records',
        game: 'stramat',
        players: 3,
        matches: 40,
        seed: 'records',
        variants: [{ name: 'base' }],
        bots: [{ bot: 'random' }, { bot: 'greedy' }, { bot: BAD, name: 'bad', params: { mode: 'illegal', rate: 0.3, at: 3 } }],
      },
      process.cwd(),
    );
    const n = 3;
    const p = prepare(spec.game, n, spec.seed, spec.variants, spec.lineup);
    const res = runBatch(p, 0, 0, 40);
    const rec = decodeRec(res.recKind, res.payload.subarray(res.csvBytes, res.csvBytes + res.recBytes));
    const w = recordWidth(n);
    expect(rec.length).toBe(40 * w);
    let faults = 0;
    let annulled = 0;
    for (let i = 0; i < 40; i++) {
      const out = playMatch(spec.game, spec.variants[0].options, p.seatBots[i % n], matchSeed(spec.seed, i));
      const r = out.result;
      const o = i * w;
      expect(rec[o + Rec.FIRST_PLAYER], `match ${i}: first player`).toBe(r.firstPlayer);
      expect(rec[o + Rec.TURNS], `match ${i}: turns`).toBe(r.turns);
      expect(rec[o + Rec.DECISIONS], `match ${i}: decisions`).toBe(out.decisions);
      expect(rec[o + Rec.FAULT_SEAT], `match ${i}: fault seat`).toBe(out.fault ? out.fault.seat : -1);
      expect(rec[o + Rec.ANNULLED], `match ${i}: annulled`).toBe(r.annulled ? 1 : 0);
      expect(rec[o + Rec.FAULT_REASON], `match ${i}: fault reason`).toBe(out.fault ? FAULT_REASONS.indexOf(out.fault.reason) : -1);
      for (let s = 0; s < n; s++) {
        expect(rec[o + scoreAt(s)], `match ${i}: score of seat ${s}`).toBe(r.scores[s]);
        expect(rec[o + wonAt(n, s)], `match ${i}: seat ${s} won`).toBe(r.winners.includes(s) ? 1 : 0);
      }
      if (out.fault) faults++;
      if (r.annulled) annulled++;
    }
    // The fault fields were exercised, and so was an annulled match without a fault.
    expect(faults).toBeGreaterThan(0);
    expect(annulled).toBeGreaterThan(faults);
  });
});
