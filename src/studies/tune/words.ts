import { isRate } from '../../analysis/quantities.js';
import { matchesToSettle, overreach, preferenceConfidence, shortfall, targetConfidence, type Target, type TargetCheck } from './race.js';
import type { CandidateOutcome } from './race-state.js';
import { formatTable } from '../../analysis/table.js';
import { eliminationText } from './files.js';
import type { TuneOutcome } from './outcome.js';
import type { TunePlan } from './spec.js';

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

/** "first_player_advantage -0.7 points (-3.5 points to +2.0 points) against ... (about 117,000 matches would settle it)" */
function unsettledText(k: TargetCheck): string {
  const need = matchesToSettle(k);
  const settle = Number.isFinite(need) ? `settled in about ${need.toLocaleString('en-US')} matches if the estimate holds` : 'the estimate sits on a bound';
  return `${checkText(k)} against ${targetText(k.target)} (${settle})`;
}

const percent = (level: number) => `${(level * 100).toPrecision(6).replace(/0+$/, '').replace(/\.$/, '')}%`;
const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function meetsSentences(out: readonly CandidateOutcome[], total: number): string[] {
  const meets = out.filter((c) => c.status === 'meets');
  const open = out.filter((c) => c.status === 'not-ruled-out');
  const lines: string[] = [];
  if (meets.length > 0) {
    lines.push(`${meets.length} of ${total} candidates ${meets.length === 1 ? 'meets' : 'meet'} every target: every interval lies inside its target.`);
    for (const c of meets) lines.push(`  ${c.name} (${c.matches} matches): ${c.checks.map(checkText).join('; ')}.`);
  }
  if (open.length > 0) {
    const head =
      meets.length > 0
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
  const lines = r.race.survivors().length > 0 ? meetsSentences(out, out.length) : noneSentences(r, names);
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
