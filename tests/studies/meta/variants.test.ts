// `tavolo meta` with variants: each lineup played in every variant on the same deals, and each variant
// compared with the first over the first one's equilibrium mix. On a toy game whose variant adds a known
// bonus to the first player, the mix (the dominant action alone) weighs only the lineup of that action
// against itself, so the weighted change of the first player's share must cover the exact one from the
// dice, and the game's length (one turn always) shows no change.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURES, readCsvObjects, tavolo, tempDir } from '../../fixtures/cli.js';

vi.setConfig({ testTimeout: 180_000 });

const GAME = join(FIXTURES, 'toy-games', 'meta-first-bonus.mjs');
const PURE = join(FIXTURES, 'toy-bots', 'meta-pure.mjs');

/** The chance that the first of two die rolls, plus `bonus`, beats the second, ties as half. */
function firstShare(bonus: number): number {
  let s = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) s += a + bonus > b ? 1 : a + bonus === b ? 0.5 : 0;
  return s / 36;
}

function spec(extra: object): string {
  const dir = tempDir();
  const file = join(dir, 'meta.json');
  const population = ['low', 'mid', 'high'].map((name, action) => ({ name, bot: PURE, params: { action } }));
  writeFileSync(file, JSON.stringify({ name: 'toy', game: GAME, players: 2, matches: 600, seed: 'toy', population, ...extra }));
  return file;
}

describe('tavolo meta with variants', () => {
  const out = tempDir();
  const r = tavolo(['meta', spec({ variants: [{ name: 'base', options: {} }, { name: 'bonus', options: { firstBonus: 2 } }] }), '--threads', '1', '--out', out]);

  it("compares the variant over the base's mix: the first player's gain covers the exact one, and no change in length", () => {
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Variants against base, over base's equilibrium mix/);
    const rows = readCsvObjects(join(out, 'variants.csv'));
    const fp = rows.find((x) => x.lineup === 'mix' && x.quantity === 'first_player_advantage')!;
    // Deals repeat few plays here (the dice alone decide): the interval is over the deals, so it is checked to cover the exact value.
    const exact = firstShare(2) - firstShare(0);
    expect(Number(fp.ci_low95)).toBeLessThanOrEqual(exact);
    expect(Number(fp.ci_high95)).toBeGreaterThanOrEqual(exact);
    expect(Number(fp.p_holm)).toBeLessThan(0.05);
    expect(r.stdout).toMatch(/bonus: the first player's advantage \+\d+\.\d points \(95% interval .*; a change\)/);
    const turns = rows.find((x) => x.lineup === 'mix' && x.quantity === 'turns_mean')!;
    expect(Number(turns.difference)).toBe(0);
    expect(r.stdout).toMatch(/game length \+?0\.00 turns .*no detectable change/);
  });

  it("weighs the lineups by the mix: only high against high, the mix's support", () => {
    const rows = readCsvObjects(join(out, 'variants.csv')).filter((x) => x.lineup !== 'mix' && x.quantity === 'first_player_advantage');
    expect(rows.filter((x) => Number(x.mix_weight) > 0).map((x) => x.lineup)).toEqual(['high high']);
  });

  it('keeps the files of a spec without variants as they were: no variants.csv, and options named as before', () => {
    const plain = tempDir();
    expect(tavolo(['meta', spec({}), '--threads', '1', '--out', plain]).code).toBe(0);
    expect(() => readFileSync(join(plain, 'variants.csv'))).toThrow();
    const bad = tavolo(['meta', spec({ options: { firstBonus: 9 } }), '--out', tempDir()]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/options\.firstBonus/);
    const both = tavolo(['meta', spec({ options: {}, variants: [{ name: 'base' }] }), '--out', tempDir()]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/options: expected either "options" .* or "variants"/);
  });
});
