import { createHash } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { moduleGraphHash } from '../plugins/module-graph.js';
import { versions } from '../io/runinfo.js';
import type { ResolvedSpec } from './spec.js';
import { isProcessRef } from '../protocol/process-bot.js';
import { processIdentity } from '../protocol/spec-entry.js';

/**
 * The identity of a tournament: everything that decides the content of its result files, as canonical
 * JSON, and its SHA-256. A journal (for --resume) and every shard (for merge) record it; results are only
 * combined when the identities are equal.
 *
 * - Registered games and bots are named; a game or bot *file* is identified by the SHA-256 of its
 *   module graph (every file it loads through relative imports: plugins/module-graph.ts), not by its
 *   path, so shards on machines that mount the files elsewhere still agree, and a bot or a helper
 *   module of it edited between a run and its resume is caught.
 * - The tavolo version is included: the built-in games and bots are part of it.
 * - Threads, batch size, the output directory and the shard are not: they never change the files.
 */
export interface SpecIdentity {
  format: 1;
  tavolo: string;
  tournament: string;
  game: string | { sha256: string };
  players: number;
  matches: number;
  seed: string;
  decision_timeout_ms: number;
  variants: Array<{ name: string; options: unknown }>;
  lineup: Array<{ name: string; bot: string | { sha256: string }; params: unknown }>;
  /** Only for a sequential spec (so other tournaments keep their identity). */
  sequential?: unknown;
  /** Only when the spec asks for match measures (so other tournaments keep their identity). */
  measures?: string[];
  /** Only when the spec asks for a random opening (so other tournaments keep their identity). */
  opening?: number;
}

/** A registered name as it is; a file (an absolute path) as the hash of its module graph, read afresh each time; a process bot as the hash of its command and script. */
function fileRef(ref: string): string | { sha256: string } {
  if (isProcessRef(ref)) return processIdentity(ref);
  return isAbsolute(ref) ? { sha256: moduleGraphHash(ref) } : ref;
}

export function specIdentity(spec: ResolvedSpec): SpecIdentity {
  return {
    format: 1,
    tavolo: versions().tavolo,
    tournament: spec.name,
    game: fileRef(spec.gameRef),
    players: spec.players,
    matches: spec.matches,
    seed: spec.seed,
    decision_timeout_ms: spec.decisionTimeoutMs,
    variants: spec.variants.map((v) => ({ name: v.name, options: v.options })),
    lineup: spec.lineup.map((e) => ({ name: e.name, bot: fileRef(e.ref), params: e.params })),
    ...(spec.sequential ? { sequential: spec.sequential } : {}),
    ...(spec.measures.length > 0 ? { measures: spec.measures } : {}),
    ...(spec.opening > 0 ? { opening: spec.opening } : {}),
  };
}

/** JSON with object keys sorted at every level: the same data always gives the same text. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export function identityHash(id: SpecIdentity): string {
  return createHash('sha256').update(canonicalJson(id)).digest('hex');
}

const isFileRef = (v: unknown): v is { sha256: string } =>
  typeof v === 'object' && v !== null && typeof (v as { sha256?: unknown }).sha256 === 'string';

/**
 * The differences between two identities, for error messages: `matches: 1000 here, 2000 there`.
 * Nested values are compared as canonical JSON, field by field.
 */
export function identityDiff(here: SpecIdentity, there: SpecIdentity, hereName = 'now', thereName = 'journal'): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (canonicalJson(a) === canonicalJson(b)) return;
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      a.forEach((x, i) => walk(x, b[i], `${path}[${i}]`));
      return;
    }
    if (isFileRef(a) && isFileRef(b)) {
      const short = (h: string) => `${h.slice(0, 12)}...`;
      out.push(`${path}: the file or a module it imports differs (module graph SHA-256 ${short(a.sha256)} ${hereName}, ${short(b.sha256)} ${thereName})`);
      return;
    }
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      for (const k of keys) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      return;
    }
    const show = (v: unknown) => {
      if (v === undefined) return '(none)';
      if (v && typeof v === 'object' && 'sha256' in v) return `a file with SHA-256 ${String((v as { sha256: string }).sha256).slice(0, 12)}...`;
      const s = canonicalJson(v);
      return s.length > 80 ? `${s.slice(0, 77)}...` : s;
    };
    out.push(`${path}: ${show(a)} ${hereName}, ${show(b)} ${thereName}`);
  };
  walk(here, there, '');
  return out;
}
