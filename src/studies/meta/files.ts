import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { writeFileAtomic } from '../../io/atomic-write.js';
import type { MetaResult } from './analysis.js';
import { multinomialWeight } from './analysis.js';

/**
 * The meta-game's files: meta.csv (the matrix, one row per cell, tidy, with each row strategy's weight in
 * the mix), lineups.csv (each multiset of strategies, over its seatings: the first player's win share and advantage, and its
 * weight under the mix) and meta.json (everything, for a program). Numbers at ten significant digits, so
 * the bytes are the same on every machine.
 */

const num = (v: number) => (Number.isFinite(v) ? Number(v.toPrecision(10)) : '');

export const META_HEADER = ['row', 'column', 'win_share', 'ci_low95', 'ci_high95', 'deals', 'matches', 'distinct_plays', 'design_effect', 'row_beats_column', 'row_mix'] as const;
export const LINEUPS_HEADER = ['lineup', 'deals', 'matches', 'first_player_share', 'ci_low95', 'ci_high95', 'first_player_advantage', 'mix_weight'] as const;

export function metaCsv(r: MetaResult, names: readonly string[]): string {
  const rows = r.matrix.flatMap((row, i) =>
    row.flatMap((c, j) => (i === j ? [] : [[names[i], names[j], num(c.winShare), num(c.low), num(c.high), c.deals, c.matches, c.plays, num(c.designEffect), r.beats[i][j] ? 'yes' : 'no', num(r.mix[i])]])),
  );
  return stringify([[...META_HEADER], ...rows]);
}

export function lineupsCsv(r: MetaResult, names: readonly string[]): string {
  const rows = r.lineups.map((l) => [l.multiset.map((s) => names[s]).join(' '), l.deals, l.matches, num(l.share), num(l.low), num(l.high), num(l.advantage), num(multinomialWeight(l.multiset, r.mix))]);
  return stringify([[...LINEUPS_HEADER], ...rows]);
}

export function metaJson(r: MetaResult, names: readonly string[], words: readonly string[], about: Record<string, unknown>): string {
  const name = (i: number) => names[i];
  const out = {
    ...about,
    answer: words,
    method: r.method,
    ...(r.alphaRank ? { alpha_rank: r.alphaRank } : {}),
    population: names,
    mix: Object.fromEntries(names.map((n, i) => [n, { weight: num(r.mix[i]), bootstrap_low95: num(r.mixLow[i]), bootstrap_high95: num(r.mixHigh[i]), in_support: num(r.inSupport[i]) }])),
    ...(r.value !== undefined ? { value: num(r.value) } : {}),
    resamples: r.resamples,
    dominant: r.dominant.map(name),
    dominated: r.dominated.map((d) => ({ strategy: name(d.strategy), by: name(d.by) })),
    cycles: r.cycles.map((c) => c.map(name)),
    matrix: r.matrix.map((row) => row.map((c) => ({ win_share: num(c.winShare), ci_low95: num(c.low), ci_high95: num(c.high), deals: c.deals, matches: c.matches, distinct_plays: c.plays }))),
    first_player: {
      weighted: { advantage: num(r.weighted.advantage), ci_low95: num(r.weighted.low), ci_high95: num(r.weighted.high) },
      lineups: r.lineups.map((l) => ({ lineup: l.multiset.map(name), deals: l.deals, matches: l.matches, share: num(l.share), ci_low95: num(l.low), ci_high95: num(l.high), advantage: num(l.advantage) })),
    },
    matches: r.matches,
    faulted: r.faulted,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** Writes meta.csv, lineups.csv and meta.json through temporary names; returns their paths. */
export function writeMetaFiles(root: string, r: MetaResult, names: readonly string[], words: readonly string[], about: Record<string, unknown>): string[] {
  const files: Array<[string, string]> = [
    ['meta.csv', metaCsv(r, names)],
    ['lineups.csv', lineupsCsv(r, names)],
    ['meta.json', metaJson(r, names, words, about)],
  ];
  return files.map(([file, text]) => {
    writeFileAtomic(join(root, file), text);
    return join(root, file);
  });
}
