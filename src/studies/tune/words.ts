import { isRate } from '../../analysis/quantities.js';
import { matchesToSettle, overreach, preferenceConfidence, shortfall, targetConfidence, type Preference, type Target, type TargetCheck } from './race.js';
import type { CandidateOutcome } from './race-state.js';
import { formatTable } from '../../analysis/table.js';
import { eliminationText } from './files.js';
import type { TuneOutcome } from './outcome.js';
import type { TunePlan } from './spec.js';
import type { Confirmation, ConfirmedCandidate } from './confirm.js';

/**
 * A search's answer in sentences (which candidates meet every target, with their intervals; what the
 * search spent against a full grid; how sure it is), then its table. Rates read as percentages and the
 * first-player advantage in points, as in the comparison's words.
 */

/** A value of a quantity as a reader expects it: 31.2% for a rate, +1.3 points for an advantage, 27.1 for a mean. */
export function quantityValue(quantity: string, x: number, signed = false): string {
  if (!Number.isFinite(x)) return x === Infinity ? 'no bound' : x === -Infinity ? 'no bound' : 'n/a';
  if (quantity === 'first_player_advantage') return `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} points`;
  if (isRate(quantity)) return `${(x * 100).toFixed(1)}%`;
  const text = Math.abs(x) >= 100 ? x.toFixed(0) : x.toPrecision(3);
  return signed && x >= 0 ? `+${text}` : text;
}

/** "turns_mean from 25 to 30", "win_share:greedy at least 30.0%". */
export function targetText(t: Target): string {
  const v = (x: number) => quantityValue(t.quantity, x);
  if (!Number.isFinite(t.min)) return `${t.quantity} at most ${v(t.max)}`;
  if (!Number.isFinite(t.max)) return `${t.quantity} at least ${v(t.min)}`;
  return `${t.quantity} from ${v(t.min)} to ${v(t.max)}`;
}

/** "turns_mean 27.1 (26.5 to 27.7)" */
function checkText(k: TargetCheck): string {
  const v = (x: number) => quantityValue(k.target.quantity, x);
  return `${k.target.quantity} ${v(k.estimate.estimate)} (${v(k.estimate.low)} to ${v(k.estimate.high)})`;
}

/** Where an estimate lies against its target, in words: "inside the target", "above the target's top (+1.0 points)". */
export function sideText(k: TargetCheck): string {
  const { min, max } = k.target;
  const x = k.estimate.estimate;
  const v = (y: number) => quantityValue(k.target.quantity, y);
  if (!Number.isFinite(x)) return 'unknown (no value yet)';
  if (x > max) return `above the target's top (${v(max)})`;
  if (x < min) return `below the target's bottom (${v(min)})`;
  return 'inside the target';
}

/**
 * An unsettled target: the estimate, which side of the target it lies, and what more matches would
 * likely show if the estimate and its spread hold (about how many would settle it): "first_player_advantage
 * +2.7 points (+0.0 points to +5.4 points), above the target's top (+1.0 points): more matches would likely
 * show it outside (about 9,604 if the estimate holds)".
 */
function unsettledText(k: TargetCheck): string {
  const need = matchesToSettle(k);
  const side = sideText(k);
  const likely = side === 'inside the target' ? 'inside' : 'outside';
  const settle = Number.isFinite(need)
    ? `more matches would likely show it ${likely} (settled in about ${need.toLocaleString('en-US')} matches if the estimate holds)`
    : 'the estimate sits on a bound: more matches may show it either side';
  return `${checkText(k)}, ${side}: ${settle}`;
}

const percent = (level: number) => `${(level * 100).toPrecision(6).replace(/0+$/, '').replace(/\.$/, '')}%`;
const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const meetVerb = (n: number) => (n === 1 ? 'meets' : 'meet');

/** "; prefer lowest turns_mean picks b (turns_mean 19.8)" */
function pickText(prefer: Preference, name: string, value: number): string {
  return `; prefer ${prefer.goal} ${prefer.quantity} picks ${name} (${prefer.quantity} ${quantityValue(prefer.quantity, value)})`;
}

/** A candidate that met every target at its last round: still in and shown inside, or dropped by the preference while inside. */
const metEvery = (c: CandidateOutcome) => c.checks.length > 0 && c.checks.every((k) => k.status === 'inside') && (c.status === 'meets' || c.elimination?.reason === 'preference');

function meetsSentences(r: TuneOutcome, out: readonly CandidateOutcome[], total: number): string[] {
  const meets = out.filter((c) => c.status === 'meets');
  const open = out.filter((c) => c.status === 'not-ruled-out');
  const met = out.filter(metEvery);
  const lines: string[] = [];
  if (met.length > 0) {
    const prefer = r.race.prefer;
    const single = prefer && r.race.survivors().length === 1 && meets.length === 1 ? pickText(prefer, meets[0].name, preferredMean(r, meets[0])) : '';
    lines.push(`${met.length} of ${total} candidates ${meetVerb(met.length)} every target (every interval inside its target)${single}.`);
    for (const c of meets) lines.push(`  ${c.name} (${c.matches} matches): ${c.checks.map(checkText).join('; ')}.`);
    const byPreference = met.filter((c) => c.status === 'dropped');
    if (byPreference.length > 0 && prefer) {
      lines.push(`  Also inside every target, dropped as worse on ${prefer.quantity} on the same seeds: ${byPreference.map((c) => c.name).join(', ')}.`);
    }
  }
  if (open.length > 0) {
    const head =
      met.length > 0
        ? `${open.length} more ${open.length === 1 ? 'is' : 'are'} not ruled out (no interval lies outside its target) but not shown inside every target, closest first:`
        : `No candidate was shown inside every target within its matches; ${open.length} of ${total} are not ruled out (no interval lies outside its target), closest first, with the targets still unsettled:`;
    lines.push(head);
    // Closest to meeting the targets first: estimates inside, then the least of the intervals beyond them.
    const miss = (c: CandidateOutcome) => c.checks.reduce((a, k) => a + shortfall(k), 0);
    const reach = (c: CandidateOutcome) => c.checks.reduce((a, k) => a + overreach(k), 0);
    for (const c of [...open].sort((a, b) => miss(a) - miss(b) || reach(a) - reach(b))) {
      const unsure = c.checks.filter((k) => k.status !== 'inside');
      lines.push(`  ${c.name} (${c.matches} matches): ${unsure.map(unsettledText).join('; ')}.`);
    }
  }
  return lines;
}

/** The preferred quantity's mean over a candidate's race matches. */
function preferredMean(r: TuneOutcome, c: CandidateOutcome): number {
  return r.race.preferredMean(r.race.outcomes().indexOf(c));
}

const CONFIRMED: Record<ConfirmedCandidate['status'], string> = { meets: 'meets every target', outside: 'outside a target', undecided: 'not settled' };

/** One finalist's line in the confirmation: its status, then its targets (the unsettled ones with their side). */
function finalistText(f: ConfirmedCandidate): string {
  const shown = f.checks.map((k) => (k.status === 'inside' ? checkText(k) : k.status === 'outside' ? `${checkText(k)}, ${sideText(k)}` : unsettledText(k)));
  return `  ${f.name}: ${CONFIRMED[f.status]}: ${shown.join('; ')}.`;
}

/** The answer from the confirmation: how many finalists meet every target on fresh matches, the pick, and any that collapsed. */
function confirmationSentences(c: Confirmation, plan: TunePlan): string[] {
  const n = c.finalists.length;
  const met = c.finalists.filter((f) => f.status === 'meets');
  const pick = c.pick >= 0 ? c.finalists[c.pick] : undefined;
  const picked = plan.prefer && pick ? pickText(plan.prefer, pick.name, pick.preferred) : '';
  const lines = [
    `Confirmed on fresh seeds (${JSON.stringify(c.seed)}, ${count(c.matches)} matches each for the ${plural(n, 'finalist')} of the race and the base rules): ` +
      `${met.length} of ${n} ${meetVerb(met.length)} every target${picked}.`,
    ...c.finalists.map(finalistText),
  ];
  const collapsed = c.finalists.filter((f) => f.degenerate.length > 0);
  if (collapsed.length > 0) {
    lines.push(
      `Degenerate against the base rules (${c.base}), whatever its targets say: ${collapsed.map((f) => `${f.name} (${f.degenerate.join('; ')})`).join('; ')}.` +
        (collapsed.some((f) => f.status === 'meets') ? ' It is not picked.' : ''),
    );
  } else {
    lines.push(`No finalist's play collapsed against the base rules (${c.base}): no end reason above 95% of its matches, no fall by half in decisions per turn or measured choices.`);
  }
  const fell = c.finalists.filter((f) => f.fallen.length > 0);
  if (fell.length > 0) {
    lines.push(`Metrics per match down by more than half against the base rules (a change of play, not a collapse by itself): ${fell.map((f) => `${f.name}: ${f.fallen.join(', ')}`).join('; ')}.`);
  }
  lines.push(`Confirmation intervals are at the ${percent(c.confidence)} level, Bonferroni over ${plural(n, 'finalist')} x ${plural(plan.targets.length, 'target')}; the race that chose the finalists:`);
  return lines;
}

function noneSentences(r: TuneOutcome, names: readonly string[]): string[] {
  const c = r.race.closest();
  if (c === undefined) return ['No candidate was raced.'];
  const o = r.race.outcomes()[c];
  const why = o.elimination ? eliminationText(o.elimination, names, o.elimination.reason === 'preference' ? preferenceConfidence(r.race.size) : targetConfidence(r.race.size)) : '';
  return [
    `No candidate meets every target: each was shown outside one of them.`,
    `The closest is ${o.name}, dropped after round ${o.droppedRound} (${o.matches} matches): ${why}; ${o.checks.map(checkText).join('; ')}.`,
  ];
}

/** With a preference and several left: which is best on it, and how far the others are, paired. */
function standingSentences(r: TuneOutcome, names: readonly string[]): string[] {
  const s = r.race.standing();
  const prefer = r.race.prefer;
  if (!s || !prefer) return [];
  const level = percent(preferenceConfidence(r.race.size));
  const v = (x: number) => quantityValue(prefer.quantity, x, true);
  const gaps = s.others.map((o) => `${names[o.candidate]} ${v(o.estimate.estimate)} (${v(o.estimate.low)} to ${v(o.estimate.high)})`);
  return [
    `Of those left, ${names[s.best]} has the ${prefer.goal} ${prefer.quantity}; the paired comparison on the same seeds has not shown the others worse yet ` +
      `(each one's difference from it, ${level} CI: ${gaps.join('; ')}).`,
  ];
}

const STOPPED: Record<string, string> = {
  decided: 'every candidate left was shown to meet every target',
  'none-left': 'no candidate was left',
  rounds: 'the candidates reached the spec\'s matches (its last round)',
  budget: 'the next round would have passed the match budget',
};

/** The answer, in sentences, before any table. */
export function tuneAnswer(r: TuneOutcome, plan: TunePlan, names: readonly string[]): string {
  const out = r.race.outcomes();
  const s = r.race.size;
  const lines = [...(r.before ? [r.before] : []), ...(r.confirmation ? confirmationSentences(r.confirmation, plan) : [])];
  lines.push(...(r.race.survivors().length > 0 ? meetsSentences(r, out, out.length) : noneSentences(r, names)));
  lines.push(...standingSentences(r, names));
  const share = r.gridMatches > 0 ? ` (${((100 * r.spent) / r.gridMatches).toFixed(0)}% of it)` : '';
  const most = r.gridMatches / Math.max(out.length, 1);
  lines.push(
    `The search spent ${count(r.spent)} matches in ${plural(r.rounds.length, 'round')} and stopped because ${STOPPED[r.stopped]}; ` +
      `a full grid of the ${out.length} candidates at the same precision (${count(most)} matches each) would have needed ${count(r.gridMatches)}${share}.`,
  );
  lines.push(
    `Intervals are at the ${percent(targetConfidence(s))} level, Bonferroni over ${s.candidates} candidates x ${s.targets} targets x ${s.rounds} rounds: ` +
      `a candidate that meets every target is dropped with probability at most ${percent(plan.errorRate)}` +
      (plan.prefer ? `; candidates were also dropped when worse than the best on ${plan.prefer.quantity} (${plan.prefer.goal} preferred), paired on the same seeds at the ${percent(preferenceConfidence(s))} level.` : '.'),
  );
  return `${lines.join('\n')}\n`;
}

/** One row per candidate: its status, matches, round dropped and each target's estimate with its interval. */
export function tuneTable(r: TuneOutcome, plan: TunePlan): string {
  const header = ['candidate', 'status', 'matches', 'dropped', ...plan.targets.map((t) => t.quantity)];
  const rows = r.race.outcomes().map((c) => [
    c.name,
    c.status,
    String(c.matches),
    c.droppedRound === undefined ? '' : `round ${c.droppedRound} (${c.elimination!.reason === 'preference' ? 'prefer' : c.elimination!.quantity})`,
    ...c.checks.map((k) => `${quantityValue(k.target.quantity, k.estimate.estimate)} [${quantityValue(k.target.quantity, k.estimate.low)}, ${quantityValue(k.target.quantity, k.estimate.high)}]${k.status === 'outside' ? ' x' : k.status === 'inside' ? ' ok' : ''}`),
  ]);
  return formatTable(header, rows);
}
