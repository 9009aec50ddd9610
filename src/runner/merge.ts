import { existsSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { VariantStats } from './aggregate.js';
import { readRunJson, runJsonHead, runJsonTail, type MergedShard, type RunJson } from '../io/run-json.js';
import { assemble, faultTotals, finishedFiles, outputFiles, placeRecords, removeStaleTemps, type OutputFiles } from './assemble.js';
import { InputError, Interrupted } from '../errors.js';
import { checkManifest } from '../io/manifest.js';
import { identityDiff } from './identity.js';
import { Journal, hasJournal, journalLog, readMeta, type JournalMeta, type RecordDamage } from './journal.js';
import { setAsideResults } from './result-guard.js';
import { checkOutDir, makeOutDir, refuseFinished } from './run.js';

/**
 * `tavolo merge <dirs...>`: the outputs of shards `0/n .. n-1/n` of one tournament, combined into
 * exactly the matches.csv, summary.csv and seats.csv that a single run would have written (run.json
 * differs: it lists the shards). The shards must be of the same tournament (equal identity hashes),
 * complete, and all there, once each. Merging needs neither the spec nor the game: the journals hold
 * everything.
 */
export interface MergeOutcome {
  stats: VariantStats[];
  outDir: string;
  files: OutputFiles;
  meta: JournalMeta;
  faults: Record<string, number>;
  totalMatches: number;
  /** Whether matches.parquet was written. */
  parquet: boolean;
}

/** A shard's output directory and its journal's meta. */
interface ShardDir {
  dir: string;
  meta: JournalMeta;
}

/**
 * `force` replaces finished results of another tournament in the output directory; the merged files of
 * these very shards (the same identity) are replaced without it, as merging again writes the same bytes.
 */
export async function mergeShards(
  dirs: readonly string[],
  outArg: string | undefined,
  signal?: AbortSignal,
  force = false,
  /** Write matches.parquet (`--parquet`); also written when the shards were run asking for it. */
  parquetFlag = false,
): Promise<MergeOutcome> {
  const shards = readShards(dirs);
  const n = checkShardsFit(shards);
  const meta = shards[0].meta;
  const parquet = parquetFlag || shards.some((s) => s.meta.parquet === true);
  const outDir = mergeOutDir(shards, outArg, force);
  // Whatever result is there (another tournament's with --force, or these shards' merged before) is
  // replaced whole: set aside first, so that no file of it outlives the merge (see setAsideResults).
  let replaced: string | undefined;

  const journals: Journal[] = [];
  try {
    shards.sort((a, b) => a.meta.shard!.index - b.meta.shard!.index);
    for (const s of shards) journals.push(openCompleteShard(s, n));
    const { order, problems } = placeRecords(journals, meta.variants.length, meta.identity.matches);
    if (problems.length > 0) {
      throw new InputError(`the shards do not fit together: ${problems.map((p) => p.replace(/^variant (\d+)/, (_, v) => `variant ${meta.variants[Number(v)]}`)).join('; ')}`, 'merge');
    }

    if (finishedFiles(outDir).length > 0) replaced = setAsideResults(outDir);
    makeOutDir(outDir);
    removeStaleTemps(outDir);
    const total = meta.variants.length * meta.identity.matches;
    const t0 = performance.now();
    const runJson = mergedRunJson(meta, mergedShards(shards, n), total, t0);
    const { stats } = await assemble(order, meta, outDir, runJson, signal, () => new Interrupted((signal?.reason as Interrupted | undefined)?.signal), { parquet });
    if (replaced) rmSync(replaced, { recursive: true, force: true });
    return { stats, outDir, files: outputFiles(outDir), meta, faults: faultTotals(stats), totalMatches: total, parquet };
  } finally {
    for (const j of journals) j.close();
  }
}

/** Each directory's journal meta, refused by name when the directory is not a shard's output. */
function readShards(dirs: readonly string[]): ShardDir[] {
  if (dirs.length === 0) throw new InputError('give the output directories of the shards to merge', 'merge');
  const shards: ShardDir[] = [];
  for (const d of dirs) {
    const dir = resolve(d);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(`${d} does not exist or is not a directory`, 'merge');
    if (!hasJournal(dir)) {
      throw new InputError(
        `${d} is not the output of a shard: it has no journal/meta.json (shards are run with \`tavolo run <spec> --shard i/n --out ${d}\`)`,
        'merge',
      );
    }
    const meta = readMeta(dir, 'merge');
    if (!meta.shard) {
      throw new InputError(`${d} holds the journal of an unfinished whole run, not a shard; finish it with \`tavolo run ... --resume\``, 'merge');
    }
    // A finished shard's run.json is checked against its manifest (the journal has checksums of its own).
    if (existsSync(join(dir, 'run.json'))) checkManifest(d);
    shards.push({ dir, meta });
  }
  return shards;
}

/**
 * Checks that the shards are of one tournament, split the same way, each given once and none missing;
 * returns the number of shards the tournament was split into.
 */
function checkShardsFit(shards: readonly ShardDir[]): number {
  const first = shards[0];
  for (const s of shards.slice(1)) {
    if (s.meta.spec_hash !== first.meta.spec_hash) {
      const diff = identityDiff(s.meta.identity, first.meta.identity, `in ${rel(s.dir)}`, `in ${rel(first.dir)}`);
      throw new InputError(
        `${rel(s.dir)} and ${rel(first.dir)} are shards of different tournaments:\n  ${(diff.length > 0 ? diff : ['(their identity hashes differ)']).join('\n  ')}`,
        'merge',
      );
    }
  }
  const counts = [...new Set(shards.map((s) => s.meta.shard!.count))];
  if (counts.length > 1) {
    throw new InputError(
      `the shards split the tournament differently: ${shards.map((s) => `${rel(s.dir)} is ${s.meta.shard!.index}/${s.meta.shard!.count}`).join(', ')}`,
      'merge',
    );
  }
  const n = counts[0];
  const byIndex = new Map<number, string>();
  for (const s of shards) {
    const i = s.meta.shard!.index;
    const other = byIndex.get(i);
    if (other !== undefined) throw new InputError(`shard ${i}/${n} is given twice: ${rel(other)} and ${rel(s.dir)}`, 'merge');
    byIndex.set(i, s.dir);
  }
  const missing = Array.from({ length: n }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    throw new InputError(
      `missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${n}`).join(', ')} (given: ${[...byIndex.keys()]
        .sort((a, b) => a - b)
        .map((i) => `${i}/${n}`)
        .join(', ')})`,
      'merge',
    );
  }
  return n;
}

/**
 * The directory the merged files go to (--out, or results/<tournament>), checked: not a shard's own, and
 * not holding another tournament's finished results unless `force`. Writes nothing.
 */
function mergeOutDir(shards: readonly ShardDir[], outArg: string | undefined, force: boolean): string {
  const meta = shards[0].meta;
  const outDir = resolve(outArg ?? join('results', meta.identity.tournament));
  for (const s of shards) {
    if (s.dir === outDir) throw new InputError(`the merged files cannot go into a shard's directory (${rel(s.dir)}); choose another --out`, '--out');
  }
  checkOutDir(outDir);
  if (finishedFiles(outDir).length > 0 && mergedHash(outDir) !== meta.spec_hash) refuseFinished(rel(outDir), force);
  return outDir;
}

/** A shard's journal, opened; refused (and closed) when it holds damaged records or lacks matches. */
function openCompleteShard(s: ShardDir, n: number): Journal {
  const j = Journal.open(s.dir, false, s.meta);
  try {
    const resume = `\`tavolo run <spec> --shard ${s.meta.shard!.index}/${n} --out ${rel(s.dir)} --resume\``;
    if (j.damaged.length > 0) throw damagedShard(rel(journalLog(s.dir)), j.damaged, resume);
    const gaps = j.missing();
    if (gaps.length > 0) {
      const want = s.meta.ranges.reduce((a, [lo, hi]) => a + (hi - lo), 0);
      throw new InputError(
        `shard ${s.meta.shard!.index}/${n} in ${rel(s.dir)} is incomplete: ${j.matchesDone()} of ${want} matches; finish it with ` +
          `\`tavolo run <spec> --shard ${s.meta.shard!.index}/${n} --out ${rel(s.dir)} --resume\``,
        'merge',
      );
    }
    return j;
  } catch (err) {
    j.close();
    throw err;
  }
}

/** What run.json says of each shard, from its own run.json when it has one. */
function mergedShards(shards: readonly ShardDir[], n: number): MergedShard[] {
  return shards.map((s): MergedShard => {
    // A shard killed after its last batch and never resumed has no run.json; its journal is complete.
    const run: Partial<RunJson> = readRunJson(join(s.dir, 'run.json')) ?? {};
    return {
      shard: `${s.meta.shard!.index}/${n}`,
      dir: s.dir,
      matches: s.meta.ranges.map(([lo, hi]) => `${lo}-${hi - 1}`)[0],
      threads: run.threads ?? null,
      wall_seconds: run.wall_seconds ?? null,
      matches_per_second: run.matches_per_second ?? null,
      started_at: run.started_at ?? null,
      worker_restarts: run.worker_restarts ?? null,
    };
  });
}

/** The merged run.json, given the merged statistics; `t0` is when the merge started writing (performance.now()). */
function mergedRunJson(meta: JournalMeta, shardInfo: MergedShard[], total: number, t0: number): (st: VariantStats[]) => RunJson {
  return (st) => ({
    ...runJsonHead(
      {
        tournament: meta.identity.tournament,
        spec: meta.spec_path,
        spec_hash: meta.spec_hash,
        game: meta.identity.game,
        players: meta.players,
        seed: meta.identity.seed,
        matches_per_variant: meta.identity.matches,
        variants: meta.identity.variants,
        lineup: meta.identity.lineup,
      },
      { merged_from: shardInfo },
    ),
    decision_timeout_ms: meta.identity.decision_timeout_ms,
    ...(meta.identity.opening !== undefined ? { opening: meta.identity.opening } : {}),
    matches_total: total,
    merge_seconds: Number(((performance.now() - t0) / 1000).toFixed(3)),
    faults: faultTotals(st),
    ...runJsonTail(),
  });
}

/** The tournament identity recorded in outDir's run.json, if there is one. */
function mergedHash(outDir: string): unknown {
  return readRunJson(join(outDir, 'run.json'))?.spec_hash;
}

/** The refusal of a shard whose journal holds damaged records: each by name, and the way out. */
function damagedShard(file: string, damaged: readonly RecordDamage[], resume: string): InputError {
  const list = damaged.slice(0, 5).map((d) => `record ${d.index} (at byte ${d.at}): ${d.field}: ${d.problem}`);
  if (damaged.length > 5) list.push(`and ${damaged.length - 5} more`);
  return new InputError(
    `${file} holds ${damaged.length} damaged record${damaged.length > 1 ? 's' : ''}:\n  ${list.join('\n  ')}\n` +
      `Nothing was merged. ${resume} removes ${damaged.length > 1 ? 'them' : 'it'} and plays ${damaged.length > 1 ? 'their batches' : 'its batch'} again.`,
    'merge',
  );
}

function rel(p: string): string {
  const r = relative(process.cwd(), p);
  return r === '' ? '.' : r.startsWith('..') ? p : r;
}
