import { describe, expect, it } from 'vitest';
import { playMatch } from '../../../src/engine/match.js';
import { auditHoles } from '../../../src/studies/audit/holes.js';
import { completeOptions, seatsOf } from '../../../src/studies/audit/sample.js';
import { alarms, sampleOf, withId } from './holes-fixture.js';

/**
 * The toy games with known holes (tests/fixtures/toy-games/) give the known verdicts, and a sound toy
 * gives none.
 */
describe('holes in the toy games', () => {
  it('dominant-action: the Crown card is flagged as dominating, and the match to replay shows its taker winning', async () => {
    const ctx = await sampleOf('dominant-action.mjs', { players: 2 });
    const findings = await auditHoles(ctx);
    const dominant = withId(findings, 'dominant_action');
    expect(dominant.map((f) => [f.severity, f.words.includes('`crown`')])).toEqual([['red', true]]);
    const replay = dominant[0].replay!;
    const match = Number(/--match (\d+)/.exec(replay.command)![1]);
    const seats = seatsOf(ctx.strong, match).map((e) => ({ factory: e.factory, params: e.params }));
    const crowned: number[] = [];
    const out = playMatch(ctx.game, completeOptions(ctx.game, {}, 2), seats, replay.seed, { onAction: (_s, p, a) => void (a === 4 && crowned.push(p)) });
    expect(crowned).toHaveLength(1);
    expect(out.result.winners).toEqual(crowned);
  });

  it('dominant-action without Crown cards: nothing dominates, and the Crown kind is named as never available', async () => {
    const ctx = await sampleOf('dominant-action.mjs', { players: 2, options: { crowns: 0 } });
    const findings = await auditHoles(ctx);
    expect(withId(findings, 'dominant_action')).toEqual([]);
    expect(withId(findings, 'action_kind_never_available').map((f) => f.words.includes('`crown`'))).toEqual([true]);
  });

  it('unreachable-end: the declared end that cannot happen, the kind never legal and the option that changes nothing, each alone', async () => {
    const ctx = await sampleOf('unreachable-end.mjs', { players: 2 });
    const findings = await auditHoles(ctx);
    const ends = withId(findings, 'end_reason_never_seen');
    expect(ends.map((f) => [f.severity, f.words.includes('`overshoot`'), f.words.includes('`target`')])).toEqual([['amber', true, false]]);
    // 0 of 80 finished matches: the Clopper-Pearson upper bound 1 - 0.025^(1/80).
    expect(ends[0].interval).toBe(`0% to ${(100 * (1 - 0.025 ** (1 / 80))).toFixed(1)}%`);
    expect(withId(findings, 'action_kind_never_available').map((f) => f.words.includes('`wild`'))).toEqual([true]);
    const inert = withId(findings, 'option_changes_nothing');
    expect(inert.map((f) => [f.severity, f.words.includes('`colour`')])).toEqual([['amber', true]]);
    expect(inert[0].replay!.command).toContain('--option colour=blue');
    expect(withId(findings, 'stall_action_limit').map((f) => f.severity)).toEqual(['green']);
  });

  it('kingmaker: a toy without holes raises no alarm', async () => {
    const ctx = await sampleOf('kingmaker.mjs', { players: 3 });
    const findings = await auditHoles(ctx);
    expect(alarms(findings)).toEqual([]);
    expect(withId(findings, 'end_reason_never_seen').map((f) => f.severity)).toEqual(['green']);
  });

  it('gives the same findings from the same sample, byte for byte', async () => {
    const ctx = await sampleOf('dominant-action.mjs', { players: 3, matches: 12 });
    expect(JSON.stringify(await auditHoles(ctx))).toBe(JSON.stringify(await auditHoles(ctx)));
  });
});
