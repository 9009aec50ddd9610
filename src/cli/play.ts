import { playMatch } from '../engine/match.js';
import { InputError } from '../runner/errors.js';
import { lineupIndex, matchSeed, rotations } from '../runner/plan.js';
import { resolveSpec, loadSpec, type ResolvedSpec, type RawSpec } from '../runner/spec.js';
import type { OptionValue } from '../engine/game.js';

/**
 * `tavolo play`: one match, move by move. It uses the tournament's own seed derivation and seat
 * rotation (runner/plan.ts), so `--seed 7 --match i` is exactly match i of a tournament whose master
 * seed is 7 and whose lineup is the --bots list.
 */
export function narrateMatch(spec: ResolvedSpec, variantIndex: number, match: number, print: (line: string) => void): void {
  const { game, players } = spec;
  const variant = spec.variants[variantIndex];
  const seats = rotations(spec.lineup)[match % players];
  const seed = matchSeed(spec.seed, match);
  print(`${game.title}: match ${match} of master seed ${JSON.stringify(spec.seed)} (match seed ${JSON.stringify(seed)}), variant ${variant.name}`);
  const defaults = new Map(game.options.map((o) => [o.name, JSON.stringify(o.default)]));
  const changed = Object.entries(variant.options)
    .filter(([k, v]) => defaults.get(k) !== JSON.stringify(v))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  print(`Options: ${changed.length > 0 ? `${changed.join(' ')} (others at their defaults)` : 'all at their defaults'}`);
  print(
    `Seats: ${seats.map((e, s) => `${s} ${e.name}`).join(', ')}` +
      ` (seat s is lineup entry (s + ${match}) mod ${players}: ${seats.map((_, s) => lineupIndex(s, match, players)).join(',')})`,
  );
  print('');

  let step = 0;
  let last: unknown = null;
  const outcome = playMatch(game, variant.options, seats, seed, {
    onAction(state, player, action) {
      if (step === 0) {
        print(game.describe(state));
        print('');
      }
      last = state;
      step++;
      print(`${String(step).padStart(4)}. seat ${player} (${seats[player].name}): ${game.actionText(state, action)} [${game.actionCode(action)}]`);
    },
  });
  const r = outcome.result;
  print('');
  if (last !== null) {
    print(game.describe(last));
    print('');
  }
  if (outcome.fault) {
    print(`Fault: seat ${outcome.fault.seat} (${seats[outcome.fault.seat].name}) ${outcome.fault.reason}: ${outcome.fault.message}`);
  }
  const winners = r.winners.map((s) => `seat ${s} (${seats[s].name})`).join(', ');
  print(r.annulled ? `Annulled (${r.endReason}).` : `Winner${r.winners.length > 1 ? 's (shared)' : ''}: ${winners}. Ended by ${r.endReason}.`);
  print(`Scores: ${r.scores.map((v, s) => `seat ${s} ${v}`).join(', ')}`);
  print(
    `result: winners=${r.winners.join(';')} scores=${r.scores.join(',')} ranks=${r.ranks.join(',')} ` +
      `first_player=${r.firstPlayer} turns=${r.turns} decisions=${outcome.decisions} end_reason=${r.endReason}` +
      (outcome.fault ? ` fault_seat=${outcome.fault.seat}` : ''),
  );
}

export interface PlayArgs {
  spec?: string;
  variant?: string;
  game?: string;
  players?: number;
  bots?: string[];
  seed?: string;
  options: Record<string, OptionValue>;
  match: number;
}

/** Spec fields as the play command's flags, for error messages. */
function toFlag(field: string | undefined): string | undefined {
  if (field === undefined) return undefined;
  if (field === 'game') return '--game';
  if (field === 'players') return '--players';
  if (field.startsWith('bots')) return `--bots (${field})`;
  const opt = /^variants\[0\]\.options\.(.+)$/.exec(field);
  if (opt) return `--option ${opt[1]}`;
  if (field === 'seed') return '--seed';
  return field;
}

export async function playSpec(a: PlayArgs, cwd: string): Promise<{ spec: ResolvedSpec; variant: number }> {
  if (a.spec !== undefined) {
    for (const [flag, v] of [['--game', a.game], ['--players', a.players], ['--bots', a.bots]] as const) {
      if (v !== undefined) throw new InputError('cannot be combined with --spec (the spec names the game, players and bots)', flag);
    }
    if (Object.keys(a.options).length > 0) throw new InputError('cannot be combined with --spec (choose a variant with --variant)', '--option');
    const spec = await loadSpec(a.spec, { seed: a.seed, matches: Math.max(1, a.match + 1) });
    let variant = 0;
    if (a.variant !== undefined) {
      variant = spec.variants.findIndex((v) => v.name === a.variant);
      if (variant < 0) {
        throw new InputError(`unknown variant "${a.variant}"; the spec's variants are: ${spec.variants.map((v) => v.name).join(', ')}`, '--variant');
      }
    }
    return { spec, variant };
  }
  if (a.variant !== undefined) throw new InputError('only makes sense with --spec', '--variant');
  if (a.game === undefined) throw new InputError('required (or give --spec to replay a match of a tournament)', '--game');
  if (a.bots === undefined) throw new InputError('required: a comma-separated lineup such as greedy,random,random,random', '--bots');
  const raw: RawSpec = {
    name: 'play',
    game: a.game,
    players: a.players ?? a.bots.length,
    matches: a.match + 1,
    seed: a.seed ?? '0',
    variants: [{ name: 'cli', options: a.options }],
    bots: a.bots.map((bot) => ({ bot })),
  };
  try {
    return { spec: await resolveSpec(raw, cwd), variant: 0 };
  } catch (err) {
    if (err instanceof InputError) {
      const flag = toFlag(err.field);
      const head = `${err.field}: `;
      throw new InputError(err.message.startsWith(head) ? err.message.slice(head.length) : err.message, flag);
    }
    throw err;
  }
}
