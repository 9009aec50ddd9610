import type { Decision } from '../engine/bot.js';
import type { MatchResult } from '../engine/game.js';

/**
 * The line protocol between tavolo and a bot in another language (docs/protocol.md): one JSON object per
 * line, each with a `type`. The version is in `hello` and `ready`; a change that a version-1 bot could
 * misread gets a new number.
 */
export const PROTOCOL_VERSION = 1;

/** One offered action in the stable form the human seat's page also gets: the number, its code, its sentence. */
export interface OfferedAction {
  action: number;
  code: string;
  text: string;
}

/** The lines tavolo writes to a bot. */
export type ToBot =
  | { type: 'hello'; protocol: number; game: string; params: unknown }
  | { type: 'start'; game: string; seat: number; players: number; seed: string }
  | { type: 'decide'; seat: number; decision: number; observation: unknown; actions: OfferedAction[] }
  | { type: 'end'; result: MatchResult };

/** JSON text of any message: typed arrays (an observation's hands and counts) as plain arrays. */
export function lineOf(message: unknown): string {
  return JSON.stringify(message, (_key, value: unknown) => (ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value));
}

/** The offered actions of a decision, each with its code and sentence (as the human seat's page shows them). */
export function offeredActions(d: Decision): OfferedAction[] {
  const out: OfferedAction[] = [];
  for (let i = 0; i < d.count; i++) {
    const action = d.legal[i];
    out.push({ action, code: d.game.actionCode(action), text: d.describe(action) });
  }
  return out;
}

/** The `decide` line of a decision: the seat's observation and its offered actions. */
export function decideMessage(d: Decision, decision: number): ToBot {
  return { type: 'decide', seat: d.player, decision, observation: d.observation, actions: offeredActions(d) };
}

/** What a reply line says: an action, a bot's own error, or a fault of the line itself (malformed). */
export type Reply = { kind: 'action'; action: number } | { kind: 'ready'; protocol: unknown } | { kind: 'error'; message: string } | { kind: 'malformed'; message: string };

const SHOWN = 120;
const shown = (line: string) => (line.length > SHOWN ? `${line.slice(0, SHOWN)}...` : line);

/** Reads one reply line of a bot; never throws. */
export function readReply(line: string): Reply {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'malformed', message: `sent a line that is not JSON: ${shown(line)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'malformed', message: `sent a line that is not a JSON object: ${shown(line)}` };
  const m = value as Record<string, unknown>;
  if (m.type === 'action') {
    if (typeof m.action !== 'number' || !Number.isInteger(m.action)) return { kind: 'malformed', message: `sent an action that is not an integer: ${shown(line)}` };
    return { kind: 'action', action: m.action };
  }
  if (m.type === 'ready') return { kind: 'ready', protocol: m.protocol };
  if (m.type === 'error') return { kind: 'error', message: typeof m.message === 'string' ? m.message : shown(line) };
  return { kind: 'malformed', message: `sent a line whose type is not action, ready or error: ${shown(line)}` };
}
