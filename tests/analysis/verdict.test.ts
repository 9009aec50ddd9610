import { describe, expect, it } from 'vitest';
import type { MetricInfo } from '../../src/engine/game.js';
import { MEASURE_TABLE } from '../../src/engine/measures.js';
import { rowFromCsv } from '../../src/analysis/verdict-input.js';
import { metricName, quantityLabel, verdictLines, type Figure, type VerdictInput, type VerdictRow } from '../../src/analysis/verdict.js';

/** A comparison row; `p`/`pHolm` small means "moved". Intervals are difference ± 1.96 se, written out. */
function row(quantity: string, ref: number, value: number, se: number, pHolm: number, variant = 'deal-3'): VerdictRow {
  const difference = value - ref;
  return { variant, reference: 'deal-7', quantity, referenceValue: ref, value, difference, low: difference - 1.96 * se, high: difference + 1.96 * se, p: pHolm / 10, pHolm, se };
}

const STOP_INFO: MetricInfo[] = [
  { name: 'rounds', label: 'rounds played', unit: 'round', per: 'match', kind: 'count' },
  { name: 'turns_per_round', label: 'turns per round', unit: 'turn', per: 'round', kind: 'mean' },
];

function stopInput(rows: VerdictRow[], extra: Partial<VerdictInput> = {}): VerdictInput {
  return {
    question: 'Does the number of cards dealt change Stop?',
    players: 4,
    lineup: ['greedy', 'random', 'random', 'random'],
    metricInfo: STOP_INFO,
    variants: ['deal-7', 'deal-3'],
    reference: 'deal-7',
    matches: new Map([['deal-3', 2000]]),
    figures: new Map(),
    rows,
    paired: true,
    ...extra,
  };
}

// The Stop hand-size question of issue 21: greedy's fall in win share hid behind metric rows.
const STOP_ROWS = [
  row('win_share:greedy', 0.662, 0.472, 0.0108, 2e-31),
  row('win_share:random', 0.1127, 0.176, 0.0036, 2e-31),
  row('first_player_advantage', 0.002, 0.012, 0.01, 1),
  row('turns_mean', 375.4, 233.8, 4.4, 1e-100),
  row('end_reason:score_limit', 1, 1, 0.001, 1),
  row('metric:turns_per_round', 45.6, 20.68, 0.32, 1e-200),
  row('metric:rounds', 8.24, 11.44, 0.1, 1e-50),
];

describe('the verdict of a comparison', () => {
  const lines = verdictLines(stopInput(STOP_ROWS));

  it('opens with the question, then says who wins before any other measure', () => {
    expect(lines[0]).toBe('Question: Does the number of cards dealt change Stop?');
    const greedy = lines.findIndex((l) => l.includes("greedy's win share fell from 66.2% to 47.2%"));
    expect(greedy).toBeGreaterThan(0);
    expect(greedy).toBeLessThan(5);
    expect(lines[greedy]).toContain('Who wins:');
    // -19.0 points, interval -19.0 ± 1.96 x 1.08.
    expect(lines[greedy]).toContain('-19.0 points, 95% CI -21.1 to -16.9');
    const metric = lines.findIndex((l) => l.includes('turns per round'));
    expect(metric).toBeGreaterThan(greedy);
  });

  it("says nothing of the median's difference row, which has no levels to go from and to (a sweep's blocks once read 'rose from  to ')", () => {
    const median: VerdictRow = { ...row('turns_median_difference', NaN, NaN, 6, 1e-8), difference: -140, low: -152, high: -128 };
    const withMedian = verdictLines(stopInput([...STOP_ROWS, median]));
    expect(withMedian.join('\n')).not.toMatch(/median difference|from {2}to/);
    // It still counts in the family of tests (compare.csv tests it): only that count and what it changes differ.
    expect(withMedian.length).toBe(lines.length);
    expect(withMedian[1]).toContain('over the 8 quantities compared');
  });

  it('orders the sections as a designer reads them', () => {
    const at = (s: string) => lines.findIndex((l) => l.includes(s));
    const order = ['Who wins:', 'Balance:', 'Length:', 'How matches end:', 'Other measures'].map(at);
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("says 'each random seat' for a bot that plays several seats", () => {
    expect(lines.join('\n')).toContain("each random seat's win share rose from 11.27% to 17.60%");
  });

  it('gives the length change with its interval in turns', () => {
    // 141.6 ± 1.96 x 4.4 = 133.0 to 150.2
    expect(lines.join('\n')).toContain('games are 141.6 turns shorter on average, from 375.4 to 233.8 turns (95% CI 133.0 to 150.2)');
  });

  it('says what a quantity with no detectable change could have detected, at the Holm level of the family', () => {
    // Family of 7 rows: (z(1 - 0.05/14) + z(0.8)) x 0.01 = (2.6901 + 0.8416) x 0.01 = 3.53 points
    // (Python: statistics.NormalDist().inv_cdf(1 - 0.05/14) + NormalDist().inv_cdf(0.8)).
    const balance = lines.find((l) => l.includes('Balance:'))!;
    expect(balance).toContain('the first-player advantage shows no detectable change: from +0.2 to +1.2 points');
    expect(balance).toContain('±3.5 points would have been detected');
  });

  it("puts metrics in the game's words, never code names nor 'per game' for a per-round quantity", () => {
    const text = lines.join('\n');
    expect(text).toContain('turns per round fell from 45.60 to 20.68');
    expect(text).toContain('rounds played per match rose');
    expect(text).not.toMatch(/turns_per_round|per game|turns per round per round/);
  });

  it('orders the other measures by size of effect', () => {
    // turns per round: 24.9 / 0.32 = 78 se; rounds: 3.2 / 0.1 = 32 se.
    const text = lines.join('\n');
    expect(text.indexOf('turns per round')).toBeLessThan(text.indexOf('rounds played'));
  });

  it('says once that every match ends the same way instead of listing a constant column', () => {
    expect(lines.join('\n')).toContain('every match ends by score limit in both.');
    expect(lines.join('\n')).not.toContain('matches ended by score limit');
  });
});

describe('a sequential run', () => {
  it('says its decision right under the question, before the figures', () => {
    const decision = 'greedy is weaker than ismcts (95%): decided after 240 of at most 2,000 matches.';
    const lines = verdictLines(stopInput(STOP_ROWS, { sequential: decision }));
    expect(lines[0]).toMatch(/^Question: /);
    expect(lines[1]).toBe(`Sequential test: ${decision}`);
    expect(lines.findIndex((l) => l.includes('Who wins:'))).toBeGreaterThan(1);
    expect(verdictLines(stopInput(STOP_ROWS)).some((l) => l.startsWith('Sequential test'))).toBe(false);
  });
});

describe('quiet and degenerate rows', () => {
  it('never prints ±0: identical pairs are said in words', () => {
    const lines = verdictLines(stopInput([row('win_share:greedy', 0.5, 0.5, 0, 1), row('first_player_advantage', 0.01, 0.01, 0, 1)]));
    const text = lines.join('\n');
    expect(text).not.toContain('±0');
    expect(text).toContain('every pair of matches gave the same value');
  });

  it("leaves the median pair's row to the tables: it has no levels to say 'from ... to' with", () => {
    // compare.csv's turns_median_difference row has no reference or candidate value (NaN), only the
    // median of the paired differences and the sign test's p; the verdict's length is the mean's.
    const median: VerdictRow = { ...row('turns_median_difference', NaN, NaN, 0.5, 1), difference: 0, low: -1, high: 1 };
    const text = verdictLines(stopInput([row('turns_mean', 375.4, 376.0, 4.4, 1), median])).join('\n');
    expect(text).not.toMatch(/from {1,2}to |NaN|median difference/);
    expect(text).toContain('game length shows no detectable change');
  });

  it('leaves out constant columns and folds columns with the same figures into one', () => {
    const rows = [
      row('annulled_rate', 0.395, 0.415, 0.0073, 1e-5),
      row('end_reason:stramat', 0.395, 0.415, 0.0073, 1e-5),
      row('metric:annulled_games', 0.395, 0.415, 0.0073, 1e-5),
      row('metric:games', 1, 1, 0, 1),
      row('metric:eliminated', 0, 0, 0.0002, 1),
    ];
    const text = verdictLines(stopInput(rows, { metricInfo: undefined })).join('\n');
    expect(text).toContain('more matches are annulled: from 39.5% to 41.5%');
    expect(text).toContain('the same figures as matches ended by stramat, annulled games');
    expect(text).not.toMatch(/\bgames (rose|fell|shows no detectable change)|eliminated/);
  });

  it('names the match measures in words, a share without a "per match" that would repeat it', () => {
    expect(metricName('decided_at', MEASURE_TABLE).name).toBe('share of the match played before the winner led for good');
    expect(metricName('leader_changes', MEASURE_TABLE).name).toBe('lead changes per match');
    expect(metricName('leader_changes_per_turn', MEASURE_TABLE).name).toBe('lead changes per turn');
    expect(metricName('branching_mean', MEASURE_TABLE).name).toBe('legal options per decision');
    const text = verdictLines(stopInput([row('metric:decided_at', 0.86, 0.62, 0.03, 1e-9)], { metricInfo: [...STOP_INFO, ...MEASURE_TABLE] })).join('\n');
    expect(text).toContain('share of the match played before the winner led for good fell from 0.860 to 0.620');
  });

  it('falls back to a readable column name when the game gives no words', () => {
    expect(metricName('played_dado').name).toBe('played dado');
    const text = verdictLines(stopInput([row('metric:played_dado', 1.42, 1.17, 0.013, 1e-70)], { metricInfo: undefined })).join('\n');
    expect(text).toContain('played dado fell from 1.420 to 1.170');
    expect(text).not.toContain('played_dado');
  });
});

describe('a lineup of one bot', () => {
  it('gives no per-bot win share sentence: the seats are the question', () => {
    const rows = [row('win_share:greedy', 0.2, 0.23, 0.001, 1e-9), row('first_player_advantage', 0.01, 0.02, 0.01, 1)];
    const text = verdictLines(stopInput(rows, { lineup: ['greedy', 'greedy', 'greedy', 'greedy'] })).join('\n');
    expect(text).toContain("Who wins: all seats are greedy: the seats' balance is the question.");
    expect(text).not.toContain('win share rose');
  });
});

describe('a single-variant run', () => {
  const figures: Figure[] = [
    { quantity: 'win_share:greedy', value: 0.685, low: 0.655, high: 0.713 },
    { quantity: 'win_share:random', value: 0.105, low: 0.095, high: 0.117 },
    { quantity: 'first_player_advantage', value: -0.005, low: -0.032, high: 0.022 },
    { quantity: 'turns_mean', value: 375.4, low: 367.9, high: 382.9 },
    { quantity: 'turns_median', value: 363, low: NaN, high: NaN },
    { quantity: 'annulled_rate', value: 0, low: 0, high: 0.004 },
    { quantity: 'end_reason:score_limit', value: 1, low: 0.996, high: 1 },
  ];
  const input = stopInput([], { variants: ['deal-7'], reference: undefined, figures: new Map([['deal-7', figures]]), matches: new Map([['deal-7', 1000]]) });
  const text = verdictLines(input).join('\n');

  it('says in words how each bot did', () => {
    expect(text).toContain('greedy won 68.5% of its matches (95% CI 65.5 to 71.3%); each random seat won 10.5% of its matches');
    expect(text).toContain('an even share would be 25.0%');
  });

  it('says whether the seats are balanced', () => {
    expect(text).toContain('no sign of a first-player advantage');
    const unfair = verdictLines({ ...input, figures: new Map([['deal-7', [{ quantity: 'first_player_advantage', value: 0.05, low: 0.03, high: 0.07 }]]]) });
    expect(unfair.join('\n')).toContain('the first player has an advantage');
  });

  it('gives the length and how matches end', () => {
    expect(text).toContain('games last 375.4 turns on average (median 363.0)');
    expect(text).toContain('0.0% of the matches are annulled; they end by score limit 100.0%');
  });
});

describe('compare.csv rows', () => {
  it("a McNemar row of identical pairs (no discordant pair) reads as identical, not as '±0.99 points would have been detected'", () => {
    // compare.csv's McNemar interval is Agresti-Min's: with b = c discordant pairs each way it is
    // ±z sqrt(2b + 1) / (n + 2), so b = 0 gives ±1.959964 / 402 = ±0.004876 at n = 400 (stramat-aa's annulled_rate).
    const mcnemar = (half: string, pairs = '400') => rowFromCsv({
      variant: 'b', reference: 'a', quantity: 'annulled_rate', reference_value: '0.3425', value: '0.3425', difference: '0.000000',
      ci_low95: `-${half}`, ci_high95: half, p_value: '1', p_holm: '1', test: 'mcnemar-exact', pairs,
    });
    expect(mcnemar('0.004876').se).toBe(0);
    // b = c = 1: the same estimate and p, but two pairs differed: not identical.
    expect(mcnemar((1.959964 * Math.sqrt(3) / 402).toFixed(6)).se).toBeGreaterThan(0);
    // Too many pairs for six decimals to tell b = 0 from b = 1: not claimed.
    expect(mcnemar((1.959964 / 2_000_002).toFixed(6), '2000000').se).toBeGreaterThan(0);
    const text = verdictLines(stopInput([{ ...mcnemar('0.004876'), variant: 'deal-3', reference: 'deal-7' }])).join('\n');
    expect(text).toContain('every pair of matches gave the same value');
    expect(text).not.toMatch(/±[\d.]+ points would have been detected/);
  });

  it('recover the standard error from the interval (paired t with pairs - 1 degrees of freedom)', () => {
    // t(0.975, 999) = 1.962341 (SciPy: stats.t.ppf(0.975, 999)); half width 0.019623 -> se 0.0100.
    const r = rowFromCsv({
      variant: 'b', reference: 'a', quantity: 'turns_mean', reference_value: '1', value: '1.1', difference: '0.1',
      ci_low95: '0.080377', ci_high95: '0.119623', p_value: '0.001', p_holm: '0.01', test: 'paired-t', pairs: '1000',
    });
    expect(r.se).toBeCloseTo(0.01, 5);
    expect(r.pHolm).toBe(0.01);
  });
});

describe('the positions in turn order', () => {
  it('says once that every position fell when all four did (fewer winners), not four sentences', () => {
    const seats = [0.005, 0.0052, 0.0072, 0.0058].map((drop, k) => row(`seat_win_share:${k}`, 0.15, 0.15 - drop, 0.0012, 1e-5));
    const text = verdictLines(stopInput([row('first_player_advantage', -0.0008, 0, 0.0012, 1), ...seats])).join('\n');
    expect(text).toContain("every position's win share fell, by 0.50 to 0.72 points: fewer matches have a winner");
    expect(text).not.toContain('position 2 in turn order');
  });

  it('names a single position that moved', () => {
    const text = verdictLines(stopInput([row('first_player_advantage', 0, 0.03, 0.005, 1e-4), row('seat_win_share:0', 0.25, 0.28, 0.005, 1e-4)])).join('\n');
    expect(text).toContain('the win share of position 1 in turn order rose from 25.00% to 28.00%');
    expect(text).toContain('the first-player advantage rose from 0.00 to +3.00 points');
  });
});

describe('labels for the report', () => {
  it('puts compare.csv quantities in words', () => {
    const words = { lineup: ['greedy', 'random', 'random'], metricInfo: STOP_INFO };
    expect(quantityLabel('metric:turns_per_round', words)).toBe('turns per round');
    expect(quantityLabel('win_share:random', words)).toBe("each random seat's win share");
    expect(quantityLabel('end_reason:deck_empty', words)).toBe('matches ended by deck empty');
  });
});

describe('the findings list below the tables', () => {
  it("names a metric in the game's words, without 'per game'", async () => {
    const { findingText } = await import('../../src/analysis/comparison-text.js');
    const r = { ...row('metric:turns_per_round', 45.6, 20.68, 0.32, 1e-200), test: 'paired-t', pairs: 2000, df: 1999, sd: 14, refMatches: 2000, matches: 2000, family: 27, sameAs: '' };
    expect(findingText(r, STOP_INFO)).toBe('turns per round 24.92 lower (95% CI 24.29 to 25.55)');
    expect(findingText(r)).toMatch(/^turns per round 24\.92 lower/);
  });
});

describe('the match measures in the verdict', () => {
  const info = [...STOP_INFO, ...MEASURE_TABLE];
  const measureRows = [
    row('metric:forced_turn_share', 0.104, 0.106, 0.0002, 1e-20),
    row('metric:leader_changes', 6.16, 6.4, 0.011, 1e-60),
    row('metric:decided_at', 0.776, 0.78, 0.0013, 0.4),
    row('metric:winner_behind_share', 0.453, 0.448, 0.0016, 0.2),
  ];
  const lines = verdictLines(stopInput([...STOP_ROWS, ...measureRows], { metricInfo: info }));
  const at = lines.findIndex((l) => l.includes('Match measures'));

  it('get a section of their own after the other measures, opening with which questions the variant changes', () => {
    expect(at).toBeGreaterThan(lines.findIndex((l) => l.includes('Other measures')));
    expect(lines[at]).toBe(
      '  Match measures (docs/measures.md): deal-3 changes the lead changes and the turns a player could not act in; ' +
        'no detectable change in the drama (how long and how far the eventual winner was behind) or the decisiveness (when the winner took the lead for good).',
    );
    // Not significant is not "did not move": the words never claim more than the run could see.
    expect(lines.join('\n')).not.toMatch(/did not move|nothing moved|; not the /);
    expect(lines.slice(0, at).join('\n')).not.toMatch(/lead changes|led for good/);
  });

  it('say each measure in the order of the columns, with its interval, and what the run could have seen when no change was detected', () => {
    const said = lines.slice(at + 1, at + 5);
    expect(said.map((l) => l.trim().split(' ').slice(0, 3).join(' '))).toEqual([
      'lead changes per',
      'share of the',
      'share of the',
      'share of turns',
    ]);
    expect(said[0]).toContain('lead changes per match rose from 6.160 to 6.400 (+0.240, 95% CI +0.218 to +0.262)');
    expect(said[1]).toMatch(/eventual winner spent behind shows no detectable change: .*95% CI .*would have been detected/);
    expect(said[2]).toMatch(/^ {4}share of the match played before the winner led for good shows no detectable change/);
    expect(said[3]).toContain('share of turns a player could not act in rose');
  });

  it('say "no detectable change" when no measure changed detectably, and stay out of a verdict without measure columns', () => {
    const quiet = verdictLines(stopInput([...STOP_ROWS, row('metric:decided_at', 0.776, 0.78, 0.0013, 0.4)], { metricInfo: info }));
    expect(quiet.find((l) => l.includes('Match measures'))).toContain('deal-3 shows no detectable change in the decisiveness (when the winner took the lead for good).');
    expect(verdictLines(stopInput(STOP_ROWS)).join('\n')).not.toContain('Match measures');
  });

  it("of a single variant: each measure's mean with its interval, in a section of its own", () => {
    const figures: Figure[] = [
      { quantity: 'metric:rounds', value: 8.2, low: 8.0, high: 8.4 },
      { quantity: 'metric:decided_at', value: 0.78, low: 0.77, high: 0.79 },
      { quantity: 'metric:leader_changes', value: 6.2, low: 6.1, high: 6.3 },
    ];
    const single = verdictLines(stopInput([], { variants: ['deal-7'], reference: undefined, figures: new Map([['deal-7', figures]]), matches: new Map([['deal-7', 1000]]), metricInfo: info }));
    const m = single.findIndex((l) => l.includes('Match measures'));
    expect(single[m]).toBe('  Match measures (docs/measures.md): lead changes per match: 6.200 (95% CI 6.10 to 6.30).');
    expect(single[m + 1]).toContain('share of the match played before the winner led for good: 0.7800 (95% CI 0.770 to 0.790)');
    expect(single.slice(0, m).join('\n')).toContain('rounds played per match: 8.2');
  });
});

describe('a row over fewer pairs than matches', () => {
  it('says the population its levels and difference are over, and none for a row over every pair', () => {
    const rows: VerdictRow[] = [
      { ...row('metric:decided_at', 0.7763, 0.7796, 0.0013, 0.4), pairs: 1955 },
      { ...row('metric:rounds', 8, 8.1, 0.1, 0.9), pairs: 4000 },
    ];
    const text = verdictLines(stopInput(rows, { matches: new Map([['deal-3', 4000]]) })).join('\n');
    expect(text).toMatch(/from 0\.7763 to 0\.7796 over the 1,955 of 4,000 pairs where both matches have a value \(/);
    expect(text).not.toMatch(/rounds[^\n]*pairs where both/);
  });
});

describe('a quiet row whose own interval leaves out 0', () => {
  it('says that Holm\'s correction is why it shows "no detectable change", and says nothing of the kind for an interval across 0', () => {
    // rounds: +0.25 ± 1.96 x 0.1 leaves out 0, but its Holm-adjusted p (0.08) is not below 0.05.
    const rows = [row('win_share:greedy', 0.5, 0.5, 0.01, 1), row('metric:rounds', 8, 8.25, 0.1, 0.08), row('metric:turns_per_round', 45, 45.1, 0.1, 0.9)];
    const text = verdictLines(stopInput(rows)).join('\n');
    expect(text).toContain('rounds played per match from 8.00 to 8.25 (±0.32 would have been detected; its own interval leaves out 0, but not once corrected for the 3 quantities compared (Holm))');
    // +0.1 ± 1.96 x 0.1 includes 0: no note.
    expect(text).toContain('turns per round from 45.00 to 45.10 (±0.32 would have been detected)');
  });
});
