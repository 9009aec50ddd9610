import { join } from 'node:path';
import { InputError } from '../errors.js';
import { identityDiff, identityHash, specIdentity } from './identity.js';
import { hasJournal, readMeta } from './journal.js';
import { readRunJson } from '../io/run-json.js';
import type { ResolvedSpec } from './spec.js';

/** What differs from a finished run, from its run.json: the match count, the seed, else the spec. */
function finishedDiff(spec: ResolvedSpec, info: Record<string, unknown>): string {
  if (info.matches_per_variant !== spec.matches) return `matches: ${spec.matches} now, ${String(info.matches_per_variant)} there`;
  if (info.seed !== spec.seed) return `seed: ${JSON.stringify(spec.seed)} now, ${JSON.stringify(info.seed)} there`;
  return 'another lineup, game or options';
}

/**
 * Refuses, before any match, a folder of the plan that holds another run (another match count, seed,
 * lineup or options): the same command with other flags would otherwise stop at that run, after playing
 * the ones before it. `--force` plays them all again instead.
 */
export function checkReusable(plan: { runs: ReadonlyArray<{ dir: string; spec: ResolvedSpec }> }): void {
  for (const run of plan.runs) {
    const identity = specIdentity(run.spec);
    const hash = identityHash(identity);
    const finished = readRunJson(join(run.dir, 'run.json'));
    const journal = hasJournal(run.dir) ? readMeta(run.dir) : undefined;
    const other = journal !== undefined ? journal.spec_hash !== hash : finished !== undefined && finished.spec_hash !== hash;
    if (!other) continue;
    const diff = journal ? identityDiff(identity, journal.identity, 'now', 'there').slice(0, 3).join('; ') : finishedDiff(run.spec, finished!);
    throw new InputError(
      `${run.dir} holds another run than this command plays (${diff}); add --force to play every run again, or give another --out`,
      '--out',
    );
  }
}

/**
 * Matches a run of a study still has to play, for the study's cost estimate: none when its folder holds
 * the same run finished (it is reused), else all of them (a journaled part is not subtracted: the estimate
 * errs long).
 */
export function matchesToPlay(run: { dir: string; spec: ResolvedSpec }, force: boolean): number {
  const all = run.spec.matches * run.spec.variants.length;
  if (force || hasJournal(run.dir)) return all;
  const finished = readRunJson(join(run.dir, 'run.json'));
  return finished !== undefined && finished.spec_hash === identityHash(specIdentity(run.spec)) ? 0 : all;
}
