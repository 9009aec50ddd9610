import type { MetricInfo } from '../engine/game.js';
import { isMargin } from '../analysis/quantities.js';
import { metricName, quantityLabel } from '../analysis/verdict.js';
import type { ChartSpec } from './charts-client.js';
import type { ReportData, Row } from './data.js';

/** What the charts need beyond the folder's files: the game's words for its metrics, when it declares them. */
export interface ChartWords {
  metricInfo?: readonly MetricInfo[];
  /**
   * Each variant's first-player advantage as the verdict has it (variants.csv, or the matches of a
   * single-variant run): the delta-method interval, so the chart and the sentence above it agree.
   */
  advantage?: ReadonlyMap<string, { value: number; low: number; high: number }>;
  /** An end reason in the game's words (GameWords.endReasons); absent, the code name as matches.csv has it. */
  endReason?: (reason: string) => string;
}

/** A chart with what the page shows around it: a note under the title and its numbers as a table. */
export interface ReportChart {
  spec: ChartSpec;
  note: string;
  table: { columns: string[]; rows: (string | number)[][] };
  /** A second table behind its own toggle (the head-to-head shares beside the leaderboard). */
  extra?: { summary: string; columns: string[]; rows: (string | number)[][] };
  /** A chart of one quantity (a sweep's): its code in the CSV, put on the page for readers and tests. */
  quantity?: string;
}

const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : '');
const num = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : '');
const n = (s: string | undefined) => (s === undefined || s === '' ? NaN : Number(s));

/** The variants in spec order (run.json), the baseline (compare.csv's reference) first: every chart shows them so. */
export function variantOrder(d: ReportData): string[] {
  const names = (Array.isArray(d.run.variants) ? d.run.variants : []).map((v) => String((v as { name?: unknown }).name));
  const baseline = d.compare?.[0]?.reference;
  return baseline !== undefined && names.includes(baseline) ? [baseline, ...names.filter((v) => v !== baseline)] : names;
}

/**
 * The variants a sweep generated (sweep.csv's values in ascending order, or grid.csv's cells): their
 * differences from the baseline are drawn against the option instead of in forest panels.
 */
export function sweptVariants(d: ReportData): string[] {
  const rows = d.sweep?.length ? d.sweep : (d.grid ?? []);
  const first = rows[0]?.quantity;
  return rows.filter((r) => r.quantity === first).map((r) => r.variant);
}

function players(d: ReportData): number {
  return Number(d.run.players) || d.seats.filter((r) => r.variant === d.seats[0]?.variant).length;
}

function winShares(d: ReportData): ReportChart {
  return {
    spec: {
      id: 'win-share',
      kind: 'intervals',
      title: 'Win share per bot and variant',
      x: 'Win share (% of the matches it played) →',
      y: 'Variant',
      percent: true,
      facetLabel: 'Bot',
      yOrder: variantOrder(d),
      data: d.summary.map((r) => ({
        fy: r.bot,
        y: r.variant,
        x: n(r.win_rate),
        lo: n(r.win_rate_low95),
        hi: n(r.win_rate_high95),
        tip: `${r.bot}, ${r.variant}: ${pct(n(r.win_rate))} [${pct(n(r.win_rate_low95))} to ${pct(n(r.win_rate_high95))}]`,
      })),
    },
    note: 'Dots are win shares (a shared win counts as a fraction, annulled matches count as played and not won, as in summary.csv); whiskers are the 95% Wilson intervals of summary.csv.',
    table: {
      columns: ['variant', 'bot', 'matches', 'wins', 'win share', '95% low', '95% high', 'annulled'],
      rows: d.summary.map((r) => [r.variant, r.bot, r.matches, r.wins, pct(n(r.win_rate)), pct(n(r.win_rate_low95)), pct(n(r.win_rate_high95)), r.annulled ?? '']),
    },
  };
}

function seatShares(d: ReportData): ReportChart {
  const fair = 1 / players(d);
  return {
    spec: {
      id: 'seat-share',
      kind: 'intervals',
      title: 'Win share by turn-order position',
      x: 'Win share (% of matches) →',
      y: 'Position (0 plays first)',
      percent: true,
      reference: fair,
      facetLabel: 'Variant',
      fyOrder: variantOrder(d),
      data: d.seats.map((r) => ({
        fy: r.variant,
        y: `position ${r.position}`,
        x: n(r.win_rate),
        lo: n(r.win_rate_low95),
        hi: n(r.win_rate_high95),
        tip: `${r.variant}, position ${r.position}: ${pct(n(r.win_rate))}`,
      })),
    },
    note: `Position k is the k-th seat to play (from seats.csv); the dashed line is the fair share 1/players = ${pct(fair)}.`,
    table: {
      columns: ['variant', 'position', 'matches', 'wins', 'win share', '95% low', '95% high'],
      rows: d.seats.map((r) => [r.variant, r.position, r.matches, r.wins, pct(n(r.win_rate)), pct(n(r.win_rate_low95)), pct(n(r.win_rate_high95))]),
    },
  };
}

function firstPlayer(d: ReportData, words: ChartWords): ReportChart {
  // The fair share is that of the matches someone won: the positions' win shares add up to it, and an
  // annulled match (won by nobody) then counts for no position (as compare.csv's first_player_advantage).
  const fairOf = (variant: string) => d.seats.filter((r) => r.variant === variant).reduce((a, r) => a + n(r.win_rate), 0) / players(d);
  const rows = d.seats.filter((r) => r.position === '0');
  const own = words.advantage;
  const delta = own !== undefined && rows.every((r) => own.has(r.variant));
  const data = rows.map((r) => {
    const a = delta ? own.get(r.variant)! : undefined;
    if (a) return { y: r.variant, x: a.value, lo: a.low, hi: a.high, tip: `${r.variant}: ${num(100 * a.value, 1)} points` };
    const fair = fairOf(r.variant);
    return {
      y: r.variant,
      x: n(r.win_rate) - fair,
      lo: n(r.win_rate_low95) - fair,
      hi: n(r.win_rate_high95) - fair,
      tip: `${r.variant}: ${num(100 * (n(r.win_rate) - fair), 1)} points`,
    };
  });
  return {
    spec: {
      id: 'first-player',
      kind: 'intervals',
      title: 'First-player advantage',
      x: 'Win share of the first player minus the fair share (percentage points) →',
      y: 'Variant',
      percent: true,
      reference: 0,
      yOrder: variantOrder(d),
      data,
    },
    note:
      "Position 0's win share minus the fair share (the share of matches someone won, divided by the players: annulled matches count for nobody); " +
      (delta
        ? "the whisker is its 95% delta-method interval, the same figures as the answer above and variants.csv (docs/statistics.md). "
        : 'the whisker is its 95% Wilson interval shifted by the same amount. ') +
      'Right of the dashed line, playing first helps.' +
      wonEveryNote(d),
    table: {
      columns: ['variant', 'advantage (points)', '95% low', '95% high'],
      rows: data.map((r) => [r.y, num(100 * r.x, 1), num(100 * r.lo, 1), num(100 * r.hi, 1)]),
    },
  };
}

/**
 * The variants where one bot won every match (summary.csv: its wins equal its matches): there the first
 * player's share of the wins only records how often that bot moved first (saturation.ts).
 */
function wonEveryNote(d: ReportData): string {
  const all = d.summary.filter((r) => n(r.matches) > 0 && n(r.wins) === n(r.matches));
  if (all.length === 0) return '';
  const where = all.length === new Set(d.summary.map((r) => r.variant)).size ? `in every variant ${[...new Set(all.map((r) => r.bot))].join(' and ')} won every match` : `one bot won every match in ${all.map((r) => `${r.variant} (${r.bot})`).join(', ')}`;
  return ` Not a finding about the seats: ${where}, so there the first player's share of the wins only records how often that bot moved first.`;
}

/** Each variant's share of matches that lasted at most x turns: readable for 3 or 950 distinct lengths and for many variants. */
function cumulativeLengths(d: ReportData): ChartSpec['data'] {
  const out: ChartSpec['data'] = [];
  const seen = new Map<string, number>();
  for (const r of d.lengths) {
    const share = (seen.get(r.variant) ?? 0) + r.share;
    seen.set(r.variant, share);
    out.push({ series: r.variant, x: r.turns, y: Math.min(1, share), tip: `${r.variant}: ${pct(share)} of the matches lasted ${r.turns} turns or fewer` });
  }
  return out;
}

function lengths(d: ReportData): ReportChart {
  return {
    spec: {
      id: 'length',
      kind: 'lines',
      title: 'Game length per variant',
      x: 'Turns per match →',
      y: '↑ Matches that lasted at most this many turns (% of the variant\'s matches)',
      percent: true,
      ...lengthSeries(d),
      data: cumulativeLengths(d),
    },
    note:
      'One line per variant: the share of its matches that lasted at most each number of turns (the game\'s own definition of a turn). A line further right means longer games; where it crosses 50% is the median.' +
      (d.sweep?.length ? ' The colours follow the swept values in order, dark to light; the mean length against the option is in its own chart above.' : ''),
    table: {
      columns: ['variant', 'matches', 'mean turns', 'median turns', 'shortest', 'longest'],
      rows: d.lengthStats.map((r) => [r.variant, r.matches, num(r.mean), num(r.median, 1), r.min, r.max]),
    },
  };
}

/** A one-option sweep's curves are coloured along a ramp in the order of its values, the other variants after them. */
function lengthSeries(d: ReportData): Pick<ChartSpec, 'seriesOrder' | 'sequentialColors'> {
  const swept = d.sweep?.length ? sweptVariants(d) : [];
  if (swept.length === 0) return { seriesOrder: variantOrder(d) };
  return { seriesOrder: [...swept, ...variantOrder(d).filter((v) => !swept.includes(v))], sequentialColors: true };
}

function endReasons(d: ReportData, words: ChartWords): ReportChart {
  const said = (reason: string) => (words.endReason ? words.endReason(reason) : reason);
  return {
    spec: {
      id: 'end-reason',
      kind: 'stacked',
      title: 'How matches ended, per variant',
      x: 'Matches (% of the variant\'s matches) →',
      y: 'Variant',
      percent: true,
      yOrder: variantOrder(d),
      data: d.endReasons.map((r) => ({ y: r.variant, series: said(r.reason), x: r.share, tip: `${r.variant}, ${said(r.reason)}: ${r.matches} (${pct(r.share)})` })),
    },
    note: 'end_reason of matches.csv, as a share of each variant\'s matches.',
    table: {
      columns: ['variant', 'end reason', 'matches', 'share'],
      rows: d.endReasons.map((r) => [r.variant, said(r.reason), r.matches, pct(r.share)]),
    },
  };
}

/** Metrics with the same value in every match of every variant (a zero-width interval at one mean): nothing to show. */
function constantMetrics(d: ReportData): Set<string> {
  const byMetric = new Map<string, ReportData['metrics']>();
  for (const r of d.metrics) byMetric.set(r.metric, [...(byMetric.get(r.metric) ?? []), r]);
  const out = new Set<string>();
  for (const [metric, rows] of byMetric) if (rows.every((r) => r.low95 === r.high95 && r.mean === rows[0].mean)) out.add(metric);
  return out;
}

function metrics(d: ReportData, words: ChartWords): ReportChart | null {
  // Every variant a sweep's: each metric is drawn against the option, with the same means and intervals.
  const swept = sweptVariants(d);
  if (swept.length > 0 && variantOrder(d).every((v) => swept.includes(v))) return null;
  const constant = constantMetrics(d);
  const shown = d.metrics.filter((r) => !constant.has(r.metric));
  if (shown.length === 0) return null;
  const label = (m: string) => metricName(m, words.metricInfo).name;
  const left = [...constant].map(label);
  return {
    spec: {
      id: 'metrics',
      kind: 'multiples',
      title: 'Game metrics per variant',
      x: 'Mean per match →',
      y: 'Variant',
      facetLabel: 'Metric',
      yOrder: variantOrder(d),
      fyOrder: [...new Set(shown.map((r) => label(r.metric)))],
      data: shown.map((r) => ({ fy: label(r.metric), y: r.variant, x: r.mean, lo: r.low95, hi: r.high95, tip: `${label(r.metric)}, ${r.variant}: ${num(r.mean, 3)}` })),
    },
    note:
      'The mean of each of the game\'s metric columns of matches.csv, each on its own scale; whiskers are 95% t intervals of the mean, treating the matches as independent draws.' +
      (left.length > 0 ? ` Left out, the same in every match: ${left.join(', ')}.` : ''),
    table: {
      columns: ['metric', 'column', 'variant', 'matches', 'mean', '95% low', '95% high'],
      rows: d.metrics.map((r) => [label(r.metric), r.metric, r.variant, r.matches, num(r.mean, 3), num(r.low95, 3), num(r.high95, 3)]),
    },
  };
}

/** Quantities measured in shares (plotted as percentage points); every other one is plotted relative to its reference. */
export function isShareQuantity(q: string): boolean {
  return /^(win_share:|seat_win_share:|end_reason:)/.test(q) || q === 'first_player_advantage' || q === 'annulled_rate';
}

function significant(r: Row): boolean {
  return n(r.p_holm) < 0.05;
}

function compareTable(rows: Row[]) {
  return {
    columns: ['variant', 'reference', 'quantity', 'reference value', 'value', 'difference', '95% low', '95% high', 'p', 'p (Holm)', 'test', 'pairs'],
    rows: rows.map((r) => [r.variant, r.reference, r.quantity, r.reference_value, r.value, r.difference, r.ci_low95, r.ci_high95, r.p_value, r.p_holm, r.test, r.pairs]),
  };
}

/** A forest of differences against the baseline, one panel per variant (the swept ones are left to their own charts). */
function forestSpec(d: ReportData, swept: ReadonlySet<string>, part: { id: string; title: string; x: string; percent?: boolean; data: ChartSpec['data'] }): ChartSpec {
  return {
    id: part.id,
    kind: 'intervals',
    title: part.title,
    x: part.x,
    y: 'Quantity',
    ...(part.percent ? { percent: true } : {}),
    reference: 0,
    facetLabel: 'Variant',
    fyOrder: variantOrder(d).slice(1).filter((v) => !swept.has(v)),
    data: part.data,
  };
}

/** The margins' paired differences in score points (margins change sign: a relative difference would mislead). */
function marginsForest(margins: Row[], d: ReportData, swept: ReadonlySet<string>, point: (r: Row, scale: number) => ChartSpec['data'][number]): ReportChart {
  return {
    spec: forestSpec(d, swept, { id: 'forest-margins', title: 'Variant against baseline: score margins', x: 'Difference from the reference variant (score points) →', data: margins.map((r) => point(r, 1)) }),
    note: "From compare.csv: each bot's margin over the best other seat and the winner's over the runner-up, in the game's points with ahead positive (a lower score is ahead where the game counts that way); each dot a paired difference with its 95% interval, red diamonds significant after Holm.",
    table: compareTable(margins),
  };
}

function forest(d: ReportData, words: ChartWords): ReportChart[] {
  // A swept variant's differences from the baseline are read off its charts against the option (one
  // panel per value could not be followed across nine values); compare.csv keeps them.
  const swept = new Set(sweptVariants(d));
  const compare = (d.compare ?? []).filter((r) => !swept.has(r.variant));
  if (compare.length === 0) return [];
  const shares = compare.filter((r) => isShareQuantity(r.quantity));
  // Margins are in the game's points and change sign: plotted as differences in points, not relative ones.
  const margins = compare.filter((r) => isMargin(r.quantity) && !r.same_as);
  const others = compare.filter((r) => !isShareQuantity(r.quantity) && !isMargin(r.quantity) && n(r.reference_value) !== 0 && Number.isFinite(n(r.reference_value)));
  const lineup = (Array.isArray(d.run.lineup) ? d.run.lineup : []).map((e) => String((e as { name?: unknown }).name));
  const label = (q: string) => quantityLabel(q, { lineup, metricInfo: words.metricInfo });
  const point = (r: Row, scale: number) => ({
    fy: r.variant,
    y: label(r.quantity),
    x: n(r.difference) / scale,
    lo: n(r.ci_low95) / scale,
    hi: n(r.ci_high95) / scale,
    marked: significant(r),
    tip: `${r.variant} - ${r.reference}, ${r.quantity}: ${r.difference} [${r.ci_low95}, ${r.ci_high95}], p (Holm) ${r.p_holm}`,
  });
  const out: ReportChart[] = [];
  if (shares.length > 0) {
    out.push({
      spec: forestSpec(d, swept, { id: 'forest-shares', title: 'Variant against baseline: shares and rates', x: 'Difference from the reference variant (percentage points) →', percent: true, data: shares.map((r) => point(r, 1)) }),
      note: 'From compare.csv: each dot is a difference with its 95% interval; red diamonds are significant after Holm\'s correction (p_holm < 0.05).',
      table: compareTable(shares),
    });
  }
  if (margins.length > 0) out.push(marginsForest(margins, d, swept, point));
  if (others.length > 0) {
    out.push({
      spec: forestSpec(d, swept, {
        id: 'forest-relative',
        title: 'Variant against baseline: lengths and metrics',
        x: 'Difference relative to the reference value (%) →',
        percent: true,
        data: others.map((r) => point(r, Math.abs(n(r.reference_value)))),
      }),
      note: 'From compare.csv: differences (and their 95% intervals) divided by the reference variant\'s value, so quantities in different units share one axis; red diamonds are significant after Holm. Quantities whose reference value is 0 are in the table only.',
      table: compareTable(compare.filter((r) => !isShareQuantity(r.quantity) && !isMargin(r.quantity))),
    });
  }
  return out;
}

function leaderboard(d: ReportData): ReportChart | null {
  if (!d.ratings || d.ratings.length === 0) return null;
  // Every seat the same bot: a one-bot leaderboard says nothing (the seats' balance is the question).
  if (new Set(d.ratings.map((r) => r.bot)).size === 1) return null;
  return {
    spec: {
      id: 'ratings',
      kind: 'intervals',
      title: 'Leaderboard: ratings per variant',
      x: 'Rating (Elo-like points) →',
      y: 'Bot',
      facetLabel: 'Variant',
      fyOrder: variantOrder(d),
      sortByX: true,
      data: d.ratings.map((r) => ({ fy: r.variant, y: r.bot, x: n(r.rating), lo: n(r.rating_low95), hi: n(r.rating_high95), tip: `${r.variant}, ${r.bot}: ${r.rating} (rank ${r.rank})` })),
    },
    note: 'From ratings.csv: each bot\'s rating with its 95% interval, highest first; the table says whether each bot is separated from the next one down (their difference significant after Holm).',
    table: {
      columns: ['variant', 'rank', 'bot', 'rating', '95% low', '95% high', 'matches', 'gap to next', 'gap p (Holm)', 'separated from next'],
      rows: d.ratings.map((r) => [r.variant, r.rank, r.bot, r.rating, r.rating_low95, r.rating_high95, r.matches, r.gap_to_next ?? '', r.gap_p_holm ?? '', r.separated_from_next ?? '']),
    },
    extra: d.headToHead?.length
      ? {
          summary: 'Head-to-head (head-to-head.csv): how often each bot finished ahead of each other bot at the same table',
          columns: ['variant', 'bot', 'opponent', 'shared matches', 'ahead share', '95% low', '95% high'],
          rows: d.headToHead.map((r) => [r.variant, r.bot, r.opponent, r.shared_matches, pct(n(r.ahead_share)), pct(n(r.ahead_low95)), pct(n(r.ahead_high95))]),
        }
      : undefined,
  };
}

/** The sequential test's verdict in words, from run.json's account of it (placed beside its chart). */
export function sequentialWords(d: ReportData): string {
  const q = d.run.sequential as Record<string, unknown> | undefined;
  if (!q || typeof q.verdict !== 'string') return '';
  // run.json's verdict_text is the terminal's sentences, one per line (an array; a single string is read too).
  if (Array.isArray(q.verdict_text) && q.verdict_text.every((l) => typeof l === 'string')) return `${q.verdict_text.join(' ')} `;
  if (typeof q.verdict_text === 'string') return `${q.verdict_text} `;
  const ci = Number.isFinite(Number(q.low95)) ? ` (estimate ${String(q.estimate)}, 95% CI ${String(q.low95)} to ${String(q.high95)})` : '';
  return `Verdict: ${q.verdict} after ${String(q.matches)} of at most ${String(q.max_matches)} matches per variant, for ${String(q.question)}${ci}. `;
}

function sequential(d: ReportData): ReportChart | null {
  if (!d.sequential || d.sequential.length === 0) return null;
  return {
    spec: {
      id: 'sequential',
      kind: 'sequential',
      title: 'Sequential test: log-likelihood ratio at each checkpoint',
      x: 'Matches played →',
      y: '↑ Log-likelihood ratio (nats)',
      data: d.sequential.map((r) => ({ x: n(r.matches), y: n(r.llr), lower: n(r.lower), upper: n(r.upper), tip: `${r.matches} matches: LLR ${r.llr} ${r.decision ?? ''}` })),
    },
    note: `${sequentialWords(d)}From sequential.csv: the test stops when the statistic leaves the band between its bounds (above: H1 accepted, below: H0 accepted).`,
    table: {
      columns: ['checkpoint', 'matches', 'estimate', '95% low', '95% high', 'LLR', 'lower', 'upper', 'decision'],
      rows: d.sequential.map((r) => [r.checkpoint, r.matches, r.estimate, r.low95, r.high95, r.llr, r.lower, r.upper, r.decision]),
    },
  };
}

/** The report's charts, in page order; those whose file is absent are left out. */
export function reportCharts(d: ReportData, words: ChartWords = {}): ReportChart[] {
  const all = [winShares(d), seatShares(d), firstPlayer(d, words), lengths(d), endReasons(d, words), metrics(d, words), ...forest(d, words), leaderboard(d), sequential(d)];
  return all.filter((c): c is ReportChart => c !== null);
}
