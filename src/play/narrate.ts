import { OPENING_MOVER, playMatch, type MatchOutcome } from '../engine/match.js';
import { didYouMean } from '../did-you-mean.js';
import { InputError } from '../errors.js';
import { lineupIndex, matchSeed, rotations } from '../engine/plan.js';
import { resolveSpec, loadSpec, type LineupEntry, type ResolvedSpec, type RawSpec } from '../runner/spec.js';
import type { GameEvent, OptionValue, TableView } from '../engine/game.js';
import { endWords } from '../engine/words.js';
import { winsByText } from './words.js';

/** How to narrate a match: the full table (every card), or as one seat saw it. */
export interface NarrateOptions {
  /** Print the match as this seat saw it: its observed views, its share of the events. */
  as?: number;
}

/** What narrateMatch found out, for the exit code. */
export interface Narrated {
  fault: boolean;
}

/** Text of one event for a viewer (-1: the full table). */
export function eventText(e: GameEvent, viewer: number): string {
  if (e.secret !== undefined && (viewer < 0 || e.secret.seats.includes(viewer))) return e.secret.text;
  return e.text;
}

/** Round and game boundaries stand out; a turn's start opens its block; the rest sits under the decision. */
function eventLine(e: GameEvent, viewer: number): string {
  const text = eventText(e, viewer);
  if (e.kind === 'turn') return `  -- ${text}`;
  if (MARKS.has(e.kind)) return `  == ${text} ==`;
  return `        · ${text}`;
}
const MARKS = new Set(['round_start', 'round_end', 'game_start', 'game_end', 'match_end']);

/** A TableView as text (for `--as`): header lines, then one line per zone. */
export function viewText(v: TableView, indent = ''): string {
  const lines = v.header.map((h) => indent + h);
  for (const z of v.zones) {
    if (z.kind === 'count') lines.push(`${indent}  ${z.label}: ${z.value}`);
    else if (z.kind === 'cards') {
      const down = z.hidden ? `${z.cards.length ? ' ' : ''}+${z.hidden} face down` : '';
      lines.push(`${indent}  ${z.label}: ${z.cards.join(' ')}${down}${z.cards.length || z.hidden ? '' : '(none)'}`);
    } else {
      lines.push(`${indent}  ${z.label}:`);
      for (let r = 0; r < z.rows; r++) {
        const row = z.cells.slice(r * z.cols, (r + 1) * z.cols).map((c) => (c === null ? ' ' : c === '' ? '.' : c));
        lines.push(`${indent}    ${row.join(' ')}`);
      }
    }
  }
  return lines.join('\n');
}

/**
 * `tavolo play`: one match, move by move, with what each move caused (the game's events) under it. It
 * uses the tournament's own seed derivation and seat rotation (engine/plan.ts), so `--seed 7 --match i`
 * is exactly match i of a tournament whose master seed is 7 and whose lineup is the --bots list.
 * Decisions are numbered 1, 2, ... in the order they were taken (with `as`, those the seat saw); turns,
 * rounds and games are numbered by the game's own events.
 */
export function narrateMatch(
  spec: ResolvedSpec,
  variantIndex: number,
  match: number,
  print: (line: string) => void,
  how: NarrateOptions = {},
): Narrated {
  const { game, players } = spec;
  const variant = spec.variants[variantIndex];
  const seats = rotations(spec.lineup)[match % players];
  const viewer = checkedViewer(game, players, how.as ?? -1);
  printHeader(spec, variantIndex, match, seats, viewer, print);
  const events: GameEvent[] = [];
  const moves = moveNarrator(game, seats, viewer, events, print, spec.opening);
  const outcome = playMatch(game, variant.options, seats, matchSeed(spec.seed, match), {
    opening: spec.opening,
    events,
    onAction: moves.onAction,
    afterAction: moves.flush,
  });
  moves.flush();
  print('');
  if (moves.lastState() !== null) {
    moves.showTable(moves.lastState(), '');
    print('');
  }
  printEnding(game, outcome, seats, print);
  return { fault: outcome.fault !== undefined };
}

/** The seat asked for with `--as` (-1: the whole table), refused when it does not exist or cannot be shown. */
function checkedViewer(game: ResolvedSpec['game'], players: number, viewer: number): number {
  if (viewer >= players) throw new InputError(`seat ${viewer} does not exist: the seats are 0 to ${players - 1}`, '--as');
  if (viewer >= 0 && typeof game.view.observedView !== 'function') {
    throw new InputError(`the game ${game.name} does not describe a seat's view of the table (observedView), so it cannot be shown as one seat saw it`, '--as');
  }
  return viewer;
}

/** Which match this is (seeds, variant options that differ from the defaults, seats) before the first move. */
function printHeader(spec: ResolvedSpec, variantIndex: number, match: number, seats: LineupEntry[], viewer: number, print: (line: string) => void): void {
  const { game, players } = spec;
  const variant = spec.variants[variantIndex];
  print(`${game.title}: match ${match} of master seed ${JSON.stringify(spec.seed)} (match seed ${JSON.stringify(matchSeed(spec.seed, match))}), variant ${variant.name}`);
  const defaults = new Map(game.options.map((o) => [o.name, JSON.stringify(o.default)]));
  const changed = Object.entries(variant.options)
    .filter(([k, v]) => defaults.get(k) !== JSON.stringify(v))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  print(`Options: ${changed.length > 0 ? `${changed.join(' ')} (others at their defaults)` : 'all at their defaults'}`);
  print(
    `Seats: ${seats.map((e, s) => `${s} ${e.name}`).join(', ')}` +
      ` (seat s is lineup entry (s + ${match}) mod ${players}: ${seats.map((_, s) => lineupIndex(s, match, players)).join(',')})`,
  );
  if (spec.opening > 0) print(`Opening: the first ${spec.opening} moves are drawn at random from the match seed (the spec's opening), not chosen by the bots.`);
  if (viewer >= 0) print(`As seat ${viewer} saw it: its own view of the table, the events it may see, the decisions it saw (numbered as it saw them).`);
  print('');
}

/**
 * Prints each move as it is taken (as the viewer saw it, when there is one), the events it caused under
 * it, and the table before the first move; remembers the last state for the table at the end.
 */
function moveNarrator(game: ResolvedSpec['game'], seats: LineupEntry[], viewer: number, events: GameEvent[], print: (line: string) => void, opening: number) {
  let shown = 0;
  let step = 0;
  let actions = 0;
  let last: unknown = null;
  const flush = () => {
    for (; shown < events.length; shown++) print(eventLine(events[shown], viewer));
  };
  const showTable = (state: unknown, indent: string) => {
    if (viewer < 0) print(game.view.describe(state));
    else print(viewText(game.view.observedView(game.observe(state, viewer), viewer), indent));
  };
  const onAction = (state: unknown, player: number, action: number) => {
    if (last === null) {
      flush();
      print('');
      showTable(state, '');
      print('');
    }
    last = state;
    const who = actions++ < opening ? OPENING_MOVER : seats[player].name;
    const full = game.view.actionText(state, action);
    let text: string | null = full;
    if (viewer >= 0 && player !== viewer && typeof game.view.actionSeen === 'function') text = game.view.actionSeen(state, action, viewer);
    if (text === null) return;
    if (viewer === player) {
      print('      seat ' + viewer + ' sees:');
      print(viewText(game.view.observedView(game.observe(state, viewer), viewer), '        '));
    }
    step++;
    const code = text === full ? ` [${game.actionCode(action)}]` : '';
    print(`${String(step).padStart(4)}. seat ${player} (${who}): ${text}${code}`);
  };
  return { flush, showTable, onAction, lastState: () => last };
}

/** The fault if a bot made one, the winners, the scores and the machine-readable result line. */
function printEnding(game: ResolvedSpec['game'], outcome: MatchOutcome, seats: LineupEntry[], print: (line: string) => void): void {
  const r = outcome.result;
  if (outcome.fault) {
    print(`Fault: seat ${outcome.fault.seat} (${seats[outcome.fault.seat].name}) ${outcome.fault.reason}: ${outcome.fault.message}`);
  }
  const winners = r.winners.map((s) => `seat ${s} (${seats[s].name})`).join(', ');
  const why = endWords(game.view.words, r.endReason);
  print(r.annulled ? `Annulled: ${why}.` : `Winner${r.winners.length > 1 ? 's (shared)' : ''}: ${winners}. The match is over: ${why}.`);
  print(`Scores (${winsByText(game)}): ${r.scores.map((v, s) => `seat ${s} ${v}`).join(', ')}`);
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
        const names = spec.variants.map((v) => v.name);
        throw new InputError(`unknown variant "${a.variant}"${didYouMean(a.variant, names)}; the spec's variants are: ${names.join(', ')}`, '--variant');
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
