import { stringify } from 'csv-stringify/sync';
import { describe, expect, it, vi } from 'vitest';
import { csvCell, csvLine, matchesHeader } from '../../src/io/csv.js';
import { loadGame } from '../../src/plugins/loader.js';
import { FIXTURES } from '../fixtures/cli.js';

// These tests start processes and load modules; on a busy machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe('csvCell', () => {
  it.each([
    'plain',
    'demo/match/17',
    '',
    'with space',
    'comma,inside',
    'quote"inside',
    'line\nbreak',
    'carriage\rreturn',
    ' leading',
    'ünïcödé',
    '=formula',
    '-5',
  ])('writes %j exactly as csv-stringify does', (text) => {
    expect(csvCell(text)).toBe(stringify([[text]]).replace(/\n$/, ''));
  });

  it('csvLine ends with a newline and quotes what needs quoting', () => {
    expect(csvLine(['a', 1, 'b,c'])).toBe('a,1,"b,c"\n');
  });
});

describe('matches.csv header', () => {
  it('has the fixed columns, per-seat columns and the game metrics, in order', async () => {
    const { game } = await loadGame('./highcard.mjs', FIXTURES);
    expect(matchesHeader(game, 3)).toEqual([
      'variant',
      'match',
      'seed',
      'seat0_bot',
      'seat1_bot',
      'seat2_bot',
      'winners',
      'annulled',
      'seat0_score',
      'seat1_score',
      'seat2_score',
      'seat0_rank',
      'seat1_rank',
      'seat2_rank',
      'first_player',
      'turns',
      'decisions',
      'end_reason',
      'fault_seat',
      'play_hash',
      ...game.measures.names,
    ]);
    expect(game.measures.names.length).toBeGreaterThan(0);
  });
});
