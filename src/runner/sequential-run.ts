import { join } from 'node:path';
import { fixedSampleBlocks } from '../analysis/sequential.js';
import { sequentialVerdictLines as verdictLines, type SequentialReport } from '../analysis/sequential-words.js';
import { csvLines } from '../io/csv.js';
import { fixed } from '../analysis/intervals.js';
import { Assembler, type AssembleOptions } from './assemble.js';
import { InputError } from '../errors.js';
import type { Journal, JournalMeta, Shard } from './journal.js';
import { SequentialMonitor, sequentialHeader, sequentialRows, type Checkpoint } from './sequential-monitor.js';
import { questionText } from './sequential-spec.js';
import type { ResolvedSpec } from './spec.js';
import { writeFileAtomic } from '../io/atomic-write.js';

/**
 * The runner's side of a sequential spec, kept apart from run.ts: the monitor fed from the journal (on
 * resume), the batches handed out until the test decides, and the files cut at its stopping point.
 */

/** A sequential test stops where the matches before it decide, which one shard cannot know. */
export function refuseShard(spec: ResolvedSpec, shard: Shard | null): void {
  if (spec.sequential && shard) {
    throw new InputError(
      'a sequential spec cannot be sharded: where it stops depends on every match before each checkpoint; ' +
        'run it whole (it plays only the matches it needs), or remove its "sequential" block to shard a fixed number of matches',
      '--shard',
    );
  }
}

/** The monitor of a sequential spec, fed (in match order) with what the journal already holds. */
export function monitorFromJournal(spec: ResolvedSpec, journal: Journal, onCheckpoint?: (c: Checkpoint) => void): SequentialMonitor | undefined {
  if (!spec.sequential) return undefined;
  const monitor = new SequentialMonitor(spec.sequential, spec.players, spec.matches, spec.lineup.map((e) => e.name));
  const records = [...journal.records].sort((a, b) => a.start - b.start || a.variant - b.variant);
  for (const r of records) {
    for (const c of monitor.offer(r.variant, r.start, journal.read(r, { csv: false, notes: false }).rec)) onCheckpoint?.(c);
  }
  return monitor;
}

/** The batches of `items` for as long as `stopped()` is false. */
export function* until<T>(items: Iterable<T>, stopped: () => boolean): Generator<T> {
  for (const item of items) {
    if (stopped()) return;
    yield item;
  }
}

/** An Assembler over matches [0, stopAt) of every variant, offered the journal's records that lie there. */
export function assembleUpTo(monitor: SequentialMonitor, journal: Journal, meta: JournalMeta, outDir: string, options: AssembleOptions = {}): Assembler {
  if (monitor.stopAt === null) throw new Error('the sequential test was not evaluated up to its last checkpoint');
  const stop = monitor.stopAt;
  const assembler = new Assembler(meta, outDir, meta.variants.map((): [number, number] => [0, stop]), options);
  const records = journal.records.filter((r) => r.end <= stop).sort((a, b) => a.variant - b.variant || a.start - b.start);
  for (const record of records) assembler.offer({ journal, record });
  return assembler;
}

/** sequential.csv, the test at every checkpoint (written before the other files are put in place). */
export function writeSequentialCsv(outDir: string, monitor: SequentialMonitor): void {
  const file = join(outDir, 'sequential.csv');
  const within = monitor.spec.within;
  writeFileAtomic(file, csvLines([sequentialHeader(within !== null), ...sequentialRows(monitor.checkpoints, fixed, within)]));
}

function questionFields(spec: ResolvedSpec): Record<string, string> {
  const q = spec.sequential!.question;
  const name = (v: number) => spec.variants[v].name;
  return q.kind === 'bots'
    ? { kind: 'bot against bot', variant: name(q.variant), bot: q.bot, opponent: q.opponent, quantity: 'win share difference' }
    : { kind: 'variant against baseline', variant: name(q.variant), baseline: name(q.baseline), quantity: q.quantity };
}

/** The test's account in plain data, for the sentences (src/analysis/sequential-words.ts). */
export function sequentialReport(spec: ResolvedSpec, monitor: SequentialMonitor): SequentialReport {
  const s = monitor.spec;
  const q = s.question;
  const name = (v: number) => spec.variants[v].name;
  const final = monitor.checkpoints[monitor.checkpoints.length - 1];
  return {
    subject:
      q.kind === 'bots'
        ? { kind: 'bots', bot: q.bot, opponent: q.opponent, variant: name(q.variant) }
        : { kind: 'variant', variant: name(q.variant), baseline: name(q.baseline), quantity: q.quantity },
    alpha: s.alpha,
    beta: s.beta,
    d0: s.d0,
    d1: s.d1,
    within: s.within,
    verdict: monitor.verdict,
    matches: monitor.stopAt!,
    maxMatches: spec.matches,
    checkpoints: monitor.checkpoints.length,
    final,
    fixedSampleMatches: fixedSampleBlocks(s, final.sd) * spec.players,
  };
}

/**
 * The verdict in sentences, one a line, for the terminal and the report: the claim first ("ismcts is
 * stronger than greedy by at least 5 points of win share (95%): decided after 60 of at most 2,000
 * matches."), then what the hypotheses meant, the estimate and the test's details.
 */
export function sequentialVerdictLines(spec: ResolvedSpec, monitor: SequentialMonitor): string[] {
  return verdictLines(sequentialReport(spec, monitor));
}

/** The verdict for the terminal: its lines under a heading. */
export function verdictText(spec: ResolvedSpec, monitor: SequentialMonitor): string {
  return ['Sequential test:', ...sequentialVerdictLines(spec, monitor).map((l) => `  ${l}`)].join('\n');
}

/** run.json's verdict code: the three-outcome test's bot question says stronger and weaker. */
function verdictCode(spec: ResolvedSpec, monitor: SequentialMonitor): string {
  const v = monitor.verdict;
  if (spec.sequential!.question.kind !== 'bots') return v;
  return v === 'higher' ? 'stronger' : v === 'lower' ? 'weaker' : v;
}

/** run.json's account of the test. */
export function sequentialInfo(spec: ResolvedSpec, monitor: SequentialMonitor): Record<string, unknown> {
  const s = monitor.spec;
  const last = monitor.checkpoints[monitor.checkpoints.length - 1];
  const fixedBlocks = fixedSampleBlocks(s, last.sd);
  return {
    matches_per_variant: monitor.stopAt,
    sequential: {
      question: questionText(s, spec.variants),
      test:
        s.within !== null
          ? 'Sobel-Wald three-outcome test (two Wald SPRTs), paired normal approximation on seat-rotation blocks (docs/sequential.md)'
          : 'Wald SPRT, paired normal approximation on seat-rotation blocks (docs/sequential.md)',
      ...questionFields(spec),
      ...(s.within !== null ? { equal_within: s.within } : { d0: s.d0, d1: s.d1 }),
      alpha: s.alpha,
      beta: s.beta,
      check_every: s.checkEvery,
      max_matches: spec.matches,
      verdict: verdictCode(spec, monitor),
      verdict_text: sequentialVerdictLines(spec, monitor),
      matches: monitor.stopAt,
      checkpoints: monitor.checkpoints.length,
      llr: Number(last.llr.toFixed(4)),
      ...(last.halves ? { llr_below: Number(last.halves.llrBelow.toFixed(4)) } : {}),
      lower: Number(last.lower.toFixed(4)),
      upper: Number(last.upper.toFixed(4)),
      estimate: Number(last.estimate.toFixed(6)),
      low95: Number(last.low95.toFixed(6)),
      high95: Number(last.high95.toFixed(6)),
      fixed_sample_matches: fixedBlocks * spec.players,
    },
  };
}

/** The test at a checkpoint, for the progress bar: the statistic between its bounds. */
export function checkpointText(c: Checkpoint): string {
  const llr = c.halves ? `LLRs ${c.llr.toFixed(2)}, ${c.halves.llrBelow.toFixed(2)}` : `LLR ${c.llr.toFixed(2)}`;
  return ` | ${llr} in [${c.lower.toFixed(2)}, ${c.upper.toFixed(2)}] at ${c.matches}`;
}
