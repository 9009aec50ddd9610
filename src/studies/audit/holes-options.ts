import type { OptionSpec, OptionValue, Options } from '../../engine/game.js';
import type { Finding } from './finding.js';
import { PlayHash } from '../../engine/play-hash.js';
import { count, finding } from './holes-words.js';
import { completeOptions, playAuditMatch, replayOf, type AuditSample } from './sample.js';

/**
 * Matches from which an option that changed none of them is worth a look (amber); below, information:
 * a rule for a rare situation (a variant's special card, a seating of four) often changes none of a
 * handful of matches.
 */
export const OPTION_MATCHES_FOR_AMBER = 12;

/**
 * Options whose values change nothing: each declared option is played at other values (otherValues: its
 * neighbours, then the ends of its range) on the same seeds as the sample's own value, with the casual lineup; an option for
 * which every match of every value is the same game (the same play hash at every step) changes nothing
 * at all in these matches. An option that changes anything gets no finding.
 */
export function optionFindings(ctx: AuditSample): Finding[] {
  const matches = ctx.optionMatches ?? Math.min(ctx.matches, 12);
  const base = completeOptions(ctx.game, ctx.options, ctx.players);
  const baseTraces = tracesAt(ctx, base, matches, null) ?? [];
  const out: Finding[] = [];
  for (const spec of ctx.game.options) {
    const values: OptionValue[] = [];
    let inert = true;
    for (const round of otherValues(spec, base[spec.name])) {
      const tried = round.map((v) => nearestPlayable(ctx, base, spec, v)).filter((v): v is OptionValue => v !== null);
      values.push(...tried);
      inert = tried.every((v) => tracesAt(ctx, { ...base, [spec.name]: v }, matches, baseTraces) !== null);
      if (!inert) break;
    }
    if (!inert || values.length === 0) continue;
    const shown = values.map((v) => `${spec.name}=${JSON.stringify(v)}`).join(', ');
    out.push(
      finding(ctx, 'holes', {
        id: 'option_changes_nothing',
        severity: matches >= OPTION_MATCHES_FOR_AMBER ? 'amber' : 'info',
        words:
          `The option \`${spec.name}\` changes nothing in ${count(matches, 'match', 'matches')} between casual players: at ${shown} every match ` +
          `was move for move the game it was at ${spec.name}=${JSON.stringify(base[spec.name])}. It matters only in positions these matches never reached, or not at all.`,
        figure: `${matches} of ${matches}`,
        evidence: new Set(baseTraces.map((t) => t[t.length - 1])).size,
        reference: 'every option changes some match',
        replay: replayOf(ctx, ctx.casual, 0, { ...ctx.options, [spec.name]: values[0] }),
      }),
    );
  }
  return out;
}

/** A match stopped as soon as it left the game it was compared with. */
class Diverged extends Error {}

/**
 * The play hash of each of the first `matches` casual matches at `opts`, taken before every action and
 * at the end (the match's trace). Given the traces of the same matches at other options, each match is
 * stopped at its first difference from its counterpart and null is returned: an option value at the end
 * of its range (a hundred games in a match, a deck of sixty copies) then costs a few moves, not a match.
 */
function tracesAt(ctx: AuditSample, opts: Options, matches: number, like: readonly string[][] | null): string[][] | null {
  const out: string[][] = [];
  for (let i = 0; i < matches; i++) {
    const hash = new PlayHash();
    const trace: string[] = [];
    const onAction = (): void => {
      trace.push(hash.hex());
      if (like !== null && like[i][trace.length - 1] !== trace[trace.length - 1]) throw new Diverged();
    };
    try {
      trace.push(playAuditMatch(ctx, opts, ctx.casual, i, { hash, onAction }).hash);
    } catch (err) {
      if (err instanceof Diverged) return null;
      throw err;
    }
    if (like !== null && (like[i].length !== trace.length || like[i][trace.length - 1] !== trace[trace.length - 1])) return null;
    out.push(trace);
  }
  return out;
}

/**
 * `value` if the game accepts it with the other options as they are, else a number halfway back toward
 * the current value, a few times (a deck too small for the players refuses the end of its range); null
 * when nothing is accepted.
 */
function nearestPlayable(ctx: AuditSample, base: Options, spec: OptionSpec, value: OptionValue): OptionValue | null {
  const current = base[spec.name];
  let v = value;
  for (let tries = 0; tries < 8; tries++) {
    if (playable(ctx, base, spec.name, v)) return v;
    if (typeof v !== 'number' || typeof current !== 'number') return null;
    const half = (v + current) / 2;
    v = spec.type === 'int' ? (v > current ? Math.ceil(half) : Math.floor(half)) : half;
    if (v === current) return null;
  }
  return null;
}

/** Whether the game accepts `value` for `name` with the other options as they are (its checkOptions). */
function playable(ctx: AuditSample, base: Options, name: string, value: OptionValue): boolean {
  try {
    completeOptions(ctx.game, { ...base, [name]: value }, ctx.players);
    return true;
  } catch {
    return false;
  }
}

/**
 * Values to try beside `current`, in two rounds: first the neighbours (one step either way, the other
 * truth value, every other enum value, a list's first element one step either way), then, only for an
 * option the neighbours did not change, the ends of its range (the most it can change: a safety cap
 * the sample never reaches moves at its end). A string option is not tried. Trying the neighbours first
 * keeps the ends, which can make a game's set-up very long, for the options that seem to change nothing.
 */
export function otherValues(spec: OptionSpec, current: OptionValue): OptionValue[][] {
  switch (spec.type) {
    case 'boolean':
      return [[!current]];
    case 'enum':
      return [(spec.values ?? []).filter((v) => v !== current)];
    case 'int':
    case 'number':
      return numericRounds(spec, current as number);
    case 'intList': {
      const list = current as number[];
      if (list.length === 0) return [];
      return numericRounds(spec, list[0]).map((round) => round.map((v) => [v, ...list.slice(1)]));
    }
    case 'string':
    case 'rules':
      // A free text or a bot's rule list (a bot parameter, never a game option) is not tried.
      return [];
  }
}

function numericRounds(spec: OptionSpec, current: number): number[][] {
  const step = spec.type === 'number' ? Math.max(Math.abs(current) / 10, 0.1) : 1;
  const inRange = (v: number) => (spec.min === undefined || v >= spec.min) && (spec.max === undefined || v <= spec.max);
  const near = [current - step, current + step].filter(inRange);
  const far = [spec.min, spec.max].filter((v): v is number => v !== undefined && v !== current && !near.includes(v));
  return far.length > 0 ? [near, far] : [near];
}
