import type { OptionSpec, OptionValue, Options } from '../../engine/game.js';
import type { Finding } from './finding.js';
import { count, finding } from './holes-words.js';
import { completeOptions, playAuditMatch, replayOf, type AuditSample } from './sample.js';

/**
 * Options whose values change nothing: each declared option is played at the ends of its range (or its
 * other values) on the same seeds as the sample's own value, with the casual lineup; an option for
 * which every match of every value is the same game (the same play hash) changes nothing at all in
 * these matches. An option that changes anything gets no finding.
 */
export function optionFindings(ctx: AuditSample): Finding[] {
  const matches = ctx.optionMatches ?? Math.min(ctx.matches, 12);
  const base = completeOptions(ctx.game, ctx.options, ctx.players);
  const baseHashes = hashesAt(ctx, base, matches);
  const out: Finding[] = [];
  for (const spec of ctx.game.options) {
    const values = otherValues(spec, base[spec.name])
      .map((v) => nearestPlayable(ctx, base, spec, v))
      .filter((v): v is OptionValue => v !== null);
    if (values.length === 0) continue;
    const inert = values.every((v) => sameGames(hashesAt(ctx, { ...base, [spec.name]: v }, matches), baseHashes));
    if (!inert) continue;
    const shown = values.map((v) => `${spec.name}=${JSON.stringify(v)}`).join(', ');
    out.push(
      finding(ctx, 'holes', {
        id: 'option_changes_nothing',
        severity: 'amber',
        words:
          `The option \`${spec.name}\` changes nothing in ${count(matches, 'match', 'matches')} between casual players: at ${shown} every match ` +
          `was move for move the game it was at ${spec.name}=${JSON.stringify(base[spec.name])}. It matters only in positions these matches never reached, or not at all.`,
        figure: `${matches} of ${matches}`,
        evidence: new Set(baseHashes).size,
        reference: 'every option changes some match',
        replay: replayOf(ctx, ctx.casual, 0, { ...ctx.options, [spec.name]: values[0] }),
      }),
    );
  }
  return out;
}

/** The play hashes of the first `matches` casual matches at `opts`. */
function hashesAt(ctx: AuditSample, opts: Options, matches: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < matches; i++) out.push(playAuditMatch(ctx, opts, ctx.casual, i).hash);
  return out;
}

function sameGames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((h, i) => h === b[i]);
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
 * Values to try beside `current`: the ends of a numeric range (the most an option can change), the
 * other truth value, every other enum value, a list with its first element moved to an end. A string
 * option, or one without bounds, gets a step either way.
 */
export function otherValues(spec: OptionSpec, current: OptionValue): OptionValue[] {
  switch (spec.type) {
    case 'boolean':
      return [!current];
    case 'enum':
      return (spec.values ?? []).filter((v) => v !== current);
    case 'int':
    case 'number':
      return rangeEnds(spec, current as number);
    case 'intList': {
      const list = current as number[];
      if (list.length === 0) return [];
      return rangeEnds(spec, list[0]).map((v) => [v, ...list.slice(1)]);
    }
    case 'string':
      return [];
  }
}

function rangeEnds(spec: OptionSpec, current: number): number[] {
  const step = spec.type === 'number' ? Math.max(Math.abs(current) / 2, 0.5) : Math.max(1, Math.round(Math.abs(current) / 2));
  const low = spec.min ?? current - step;
  const high = spec.max ?? current + step;
  return [low, high].filter((v, i, all) => v !== current && all.indexOf(v) === i);
}
